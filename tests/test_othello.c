/*
 * Othello: perft against the published figures (tests/data/othello-perft.txt)
 * and an independent naive counter, make/unmake along random games, passes
 * and game over, position text, and endgames solved by pab_search and by a
 * naive negamax written here.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../examples/games/othello.h"

static const char start_text[] =
    "---------------------------OX------XO--------------------------- X";

/* ---- An independent reference: a 64-cell array walked ray by ray. ---- */

enum { EMPTY = 0, BLACK = 1, WHITE = 2 };

typedef struct naive {
    unsigned char sq[64]; /* a1 = 0, h1 = 7, a2 = 8, ... */
    int to_move;          /* BLACK or WHITE */
} naive;

static naive naive_from(const oth_pos *pos)
{
    naive b;
    uint64_t black = oth_black(pos), white = oth_white(pos);
    for (int i = 0; i < 64; i++)
        b.sq[i] = (black >> i & 1) ? BLACK : (white >> i & 1) ? WHITE : EMPTY;
    b.to_move = pos->black_to_move ? BLACK : WHITE;
    return b;
}

/* Put a disc of the side to move on `at`, turning what it outflanks, and
 * give the move to the other side.  False (and b untouched) if nothing
 * would turn. */
static bool naive_place(naive *b, int at)
{
    if (b->sq[at] != EMPTY)
        return false;
    int me = b->to_move, them = 3 - me, turned = 0;
    for (int df = -1; df <= 1; df++) {
        for (int dr = -1; dr <= 1; dr++) {
            if (!df && !dr)
                continue;
            int f = at % 8 + df, r = at / 8 + dr, run = 0;
            while (f >= 0 && f < 8 && r >= 0 && r < 8 &&
                   b->sq[r * 8 + f] == them) {
                f += df;
                r += dr;
                run++;
            }
            if (!run || f < 0 || f > 7 || r < 0 || r > 7 ||
                b->sq[r * 8 + f] != me)
                continue;
            for (int k = 1; k <= run; k++)
                b->sq[(at / 8 + k * dr) * 8 + at % 8 + k * df] =
                    (unsigned char)me;
            turned += run;
        }
    }
    if (!turned)
        return false;
    b->sq[at] = (unsigned char)me;
    b->to_move = them;
    return true;
}

static bool naive_can_move(const naive *b)
{
    for (int i = 0; i < 64; i++) {
        naive t = *b;
        if (naive_place(&t, i))
            return true;
    }
    return false;
}

static int naive_disc_difference(const naive *b)
{
    int d = 0;
    for (int i = 0; i < 64; i++)
        d += b->sq[i] == b->to_move ? 1 : b->sq[i] == EMPTY ? 0 : -1;
    return d;
}

/* Perft with passes taking a ply and a finished game counting as a leaf. */
static uint64_t naive_perft(const naive *b, int depth)
{
    if (depth == 0)
        return 1;
    uint64_t count = 0;
    bool moved = false;
    for (int i = 0; i < 64; i++) {
        naive t = *b;
        if (naive_place(&t, i)) {
            moved = true;
            count += naive_perft(&t, depth - 1);
        }
    }
    if (moved)
        return count;
    naive passed = *b;
    passed.to_move = 3 - b->to_move;
    return naive_can_move(&passed) ? naive_perft(&passed, depth - 1) : 1;
}

/* Exact value (disc difference, side to move) by plain alpha-beta. */
static int naive_solve(const naive *b, int alpha, int beta)
{
    bool moved = false;
    for (int i = 0; i < 64 && alpha < beta; i++) {
        naive t = *b;
        if (!naive_place(&t, i))
            continue;
        moved = true;
        int v = -naive_solve(&t, -beta, -alpha);
        if (v > alpha)
            alpha = v;
    }
    if (moved)
        return alpha;
    naive passed = *b;
    passed.to_move = 3 - b->to_move;
    if (naive_can_move(&passed))
        return -naive_solve(&passed, -beta, -alpha);
    int final = naive_disc_difference(b);
    return final < alpha ? alpha : final > beta ? beta : final;
}

/* ---- Helpers over the module under test. ---- */

static pab_game game(void)
{
    pab_game g;
    oth_game_init(&g);
    return g;
}

static oth_pos parsed(const char *text)
{
    oth_pos pos;
    char err[160] = "";
    int rc = oth_parse(&pos, text, err, sizeof err);
    cr_assert_eq(rc, 0, "oth_parse(\"%s\"): %s", text, err);
    return pos;
}

static int empties(const oth_pos *pos)
{
    return 64 - __builtin_popcountll(pos->own | pos->opp);
}

static uint64_t library_perft(const oth_pos *pos, int depth, unsigned flags)
{
    pab_game g = game();
    uint64_t count = 0;
    int rc = pab_perft(&g, pos, depth, flags, &count);
    cr_assert_eq(rc, 0, "pab_perft: %s", pab_strerror(rc));
    return count;
}

/* ---- Perft. ---- */

#define PERFT_TEST_DEPTH 9

static const char *data_path(void)
{
    static char path[4096];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/data/othello-perft.txt",
             top && *top ? top : ".");
    return path;
}

Test(othello, perft_matches_published_figures, .timeout = 60)
{
    FILE *f = fopen(data_path(), "r");
    cr_assert_not_null(f, "cannot open %s", data_path());
    uint64_t expect[PERFT_TEST_DEPTH + 1] = {0};
    char line[256];
    while (fgets(line, sizeof line, f)) {
        int d;
        unsigned long long n;
        if (line[0] != '#' && sscanf(line, "%d %llu", &d, &n) == 2 && d >= 1 &&
            d <= PERFT_TEST_DEPTH)
            expect[d] = n;
    }
    fclose(f);

    oth_pos start;
    oth_init(&start);
    unsigned flags = ex_othello.perft_flags;
    for (int d = 1; d <= PERFT_TEST_DEPTH; d++) {
        cr_assert_neq(expect[d], 0, "no figure for depth %d in the file", d);
        uint64_t got = library_perft(&start, d, flags);
        cr_expect_eq(got, expect[d], "perft(%d) = %llu, expected %llu", d,
                     (unsigned long long)got, (unsigned long long)expect[d]);
        got = library_perft(&start, d, flags | PAB_PERFT_BULK);
        cr_expect_eq(got, expect[d], "bulk perft(%d) = %llu, expected %llu", d,
                     (unsigned long long)got, (unsigned long long)expect[d]);
    }
}

Test(othello, perft_matches_naive_counter, .timeout = 60)
{
    /* Near the end, where passes and finished games are common. */
    static const char *const positions[] = {
        start_text,
        "XXXXXXX--XOXXXO-X-XXXOXOOOOOOOOXOOOXXOOXXXOOOOOX-XXOOOOO-X-XO--- X",
        "-XOOOOOOOOOOOOX-OOOXOOXOOXOOOXOOO-XOOOXOOOOXOO-XOOX-X-X-OXXX-X-- X",
    };
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        oth_pos pos = parsed(positions[i]);
        naive b = naive_from(&pos);
        for (int d = 1; d <= 6; d++) {
            uint64_t expect = naive_perft(&b, d);
            uint64_t got = library_perft(&pos, d, PAB_PERFT_COUNT_TERMINAL);
            cr_expect_eq(got, expect,
                         "position %zu perft(%d) = %llu, naive %llu", i, d,
                         (unsigned long long)got, (unsigned long long)expect);
        }
    }
}

/* ---- Make/unmake, passes, game over. ---- */

Test(othello, make_unmake_restores_position_and_hash, .timeout = 30)
{
    pab_game g = game();
    srand(2024);
    int passes = 0;
    for (int game_no = 0; game_no < 500; game_no++) {
        enum { MAX_PLIES = 130 };
        oth_pos pos, before[MAX_PLIES];
        uint64_t hashes[MAX_PLIES];
        pab_move_t played[MAX_PLIES];
        oth_init(&pos);
        int ply = 0;
        for (;;) {
            pab_move_t moves[64];
            pab_score_t terminal;
            int n = g.generate(&pos, moves, 64, &terminal, NULL);
            cr_assert_geq(n, 0);
            if (n == 0) {
                cr_assert_eq(g.evaluate(&pos, NULL), terminal,
                             "evaluate disagrees with generate's terminal");
                break;
            }
            cr_assert_lt(ply, MAX_PLIES);
            before[ply] = pos;
            hashes[ply] = g.hash(&pos, NULL);
            played[ply] = moves[rand() % n];
            passes += played[ply] == OTH_PASS;

            /* The bitboard move agrees with the naive board. */
            naive b = naive_from(&pos);
            cr_assert(g.make(&pos, played[ply], NULL));
            if (played[ply] == OTH_PASS) {
                b.to_move = 3 - b.to_move;
            } else {
                cr_assert(naive_place(&b, (int)played[ply]));
            }
            naive after = naive_from(&pos);
            cr_assert_eq(memcmp(&after, &b, sizeof b), 0,
                         "game %d ply %d: boards differ", game_no, ply);
            ply++;
        }
        while (ply > 0) {
            ply--;
            g.unmake(&pos, played[ply], NULL);
            cr_assert_eq(pos.own, before[ply].own, "unmake at ply %d", ply);
            cr_assert_eq(pos.opp, before[ply].opp, "unmake at ply %d", ply);
            cr_assert_eq(pos.black_to_move, before[ply].black_to_move);
            cr_assert_eq(pos.undo_count, before[ply].undo_count);
            cr_assert_eq(g.hash(&pos, NULL), hashes[ply]);
        }
    }
    cr_expect_gt(passes, 0, "random games should meet some passes");
}

Test(othello, pass_and_plain_disc_difference)
{
    pab_game g = game();
    pab_move_t moves[64];
    pab_score_t terminal = 99;
    /* Black a1, white b1, white to move: white has nothing, black has c1. */
    char text[OTH_TEXT_LEN + 1];
    memset(text, '-', 64);
    memcpy(text, "XO", 2);
    memcpy(text + 64, " O", 3);
    oth_pos pos = parsed(text);
    cr_assert_eq(g.generate(&pos, moves, 64, &terminal, NULL), 1);
    cr_assert_eq(moves[0], OTH_PASS);
    cr_expect_neq(g.hash(&pos, NULL), 0);
    cr_assert(g.make(&pos, OTH_PASS, NULL));
    cr_assert(pos.black_to_move);
    cr_assert_eq(g.generate(&pos, moves, 64, &terminal, NULL), 1);
    cr_assert_eq(moves[0], 2u, "c1");
    cr_assert(g.make(&pos, moves[0], NULL));
    /* Three black discs, 61 empty squares, white to move: plain -3. */
    cr_assert_eq(g.generate(&pos, moves, 64, &terminal, NULL), 0);
    cr_expect_eq(terminal, -3);
    cr_expect_eq(g.evaluate(&pos, NULL), -3);

    /* A full board: 33 black, 31 white, black to move. */
    memset(text, 'X', 33);
    memset(text + 33, 'O', 31);
    memcpy(text + 64, " X", 3);
    pos = parsed(text);
    cr_assert_eq(g.generate(&pos, moves, 64, &terminal, NULL), 0);
    cr_expect_eq(terminal, 2);
    cr_expect_eq(g.evaluate(&pos, NULL), 2);
}

Test(othello, start_position)
{
    pab_game g = game();
    oth_pos pos, text_pos = parsed(start_text);
    oth_init(&pos);
    cr_expect_eq(pos.own, text_pos.own);
    cr_expect_eq(pos.opp, text_pos.opp);
    cr_expect(text_pos.black_to_move);
    char buf[OTH_TEXT_LEN + 1];
    oth_format(&pos, buf, sizeof buf);
    cr_expect_str_eq(buf, start_text);

    /* Black's four openings: d3, c4, f5, e6. */
    pab_move_t moves[64];
    pab_score_t terminal;
    int n = g.generate(&pos, moves, 64, &terminal, NULL);
    cr_assert_eq(n, 4);
    uint64_t set = 0;
    for (int i = 0; i < n; i++)
        set |= UINT64_C(1) << moves[i];
    uint64_t expect = UINT64_C(1) << (2 * 8 + 3) | UINT64_C(1) << (3 * 8 + 2) |
                      UINT64_C(1) << (4 * 8 + 5) | UINT64_C(1) << (5 * 8 + 4);
    cr_expect_eq(set, expect);
}

/* ---- Position text and the descriptor. ---- */

Test(othello, parse_rejects_bad_strings)
{
    static const char *const bad[] = {
        "",
        "---------------------------OX------XO---------------------------",
        "---------------------------OX------XO---------------------------X",
        "---------------------------OX------XO--------------------------- B",
        "---------------------------OX------XO--------------------------- X x",
        "---------------------------OX------XO-------------------------- X",
        "---------------------------OX------XO----------------------------- X",
        "---------------------------Ox------XO--------------------------- X",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        oth_pos pos;
        char err[160] = "";
        cr_expect_eq(oth_parse(&pos, bad[i], err, sizeof err), PAB_EINVAL,
                     "\"%s\" accepted", bad[i]);
        cr_expect(strncmp(err, "othello: ", 9) == 0, "message \"%s\"", err);
    }
    oth_pos pos;
    cr_expect_eq(oth_parse(&pos, start_text, NULL, 0), 0);
    cr_expect_eq(oth_parse(&pos,
                           "...........................OX......XO..........."
                           "................ O\n",
                           NULL, 0),
                 0, "'.' for empty and a trailing newline are fine");
    cr_expect(!pos.black_to_move);
}

Test(othello, descriptor)
{
    const ex_game *ex = &ex_othello;
    cr_assert_str_eq(ex->name, "othello");
    cr_expect_eq(ex->perft_flags, PAB_PERFT_COUNT_TERMINAL);
    pab_game g;
    _Alignas(max_align_t) unsigned char state[EX_STATE_MAX];
    char err[160] = "";
    cr_assert_eq(ex->setup(&g, state, NULL, NULL, err, sizeof err), 0, "%s",
                 err);
    cr_expect_lt(ex->setup(&g, state, NULL, "junk", err, sizeof err), 0);
    cr_expect_neq(err[0], '\0');
    cr_assert_eq(ex->setup(&g, state, NULL, start_text, err, sizeof err), 0);
    cr_assert_not_null(ex->solve_depth);
    cr_expect_eq(ex->solve_depth(&g, state), 120, "60 empties, 60 passes");

    char name[8];
    ex->move_name(&g, state, 2 * 8 + 3, name, sizeof name);
    cr_expect_str_eq(name, "d3");
    ex->move_name(&g, state, OTH_PASS, name, sizeof name);
    cr_expect_str_eq(name, "pass");
    cr_expect_eq(ex->parse_move(&g, state, "d3"), 2u * 8 + 3);
    cr_expect_eq(ex->parse_move(&g, state, "f5"), 4u * 8 + 5);
    cr_expect_eq(ex->parse_move(&g, state, "a1"), PAB_MOVE_NONE, "illegal");
    cr_expect_eq(ex->parse_move(&g, state, "pass"), PAB_MOVE_NONE,
                 "black can move, so it cannot pass");
    cr_expect_eq(ex->parse_move(&g, state, "z9"), PAB_MOVE_NONE);
    cr_expect_eq(ex->natural_score(&g, state, -12), -12L);
    if (ex->teardown)
        ex->teardown(&g);
}

/* ---- Endgames solved exactly. ---- */

/* Reached by random play from the start; the values are the naive
 * solver's. */
static const struct endgame {
    const char *text;
    int score;
} endgames[] = {
    {"XXXXXXX--XOXXXO-X-XXXOXOOOOOOOOXOOOXXOOXXXOOOOOX-XXOOOOO-X-XO--- X", 4},
    {"-XOOOOOOOOOOOOX-OOOXOOXOOXOOOXOOO-OXOOXOOOXOOO-XOXX-O-O--XXX---- X", -42},
    {"--XXOOOO---XOXXXXOOOXXXXXXOOOXXXOXXOXOXX-OOOOO-X--OOOXXX---OOOOO X", -8},
    {"--OOO---XXXXXOX-OOOOXXOXOOOXOOXXOOOXOXXXOOOXXXX-OOO-OX--OOOOOO-- O", 56},
};

Test(othello, endgames_naive_values, .timeout = 60)
{
    for (size_t i = 0; i < sizeof endgames / sizeof endgames[0]; i++) {
        oth_pos pos = parsed(endgames[i].text);
        naive b = naive_from(&pos);
        cr_expect_eq(naive_solve(&b, -64, 64), endgames[i].score,
                     "endgame %zu (%d empties)", i, empties(&pos));
    }
}

Test(othello, endgames_solved_by_search, .timeout = 60)
{
    pab_game g = game();
    for (size_t i = 0; i < sizeof endgames / sizeof endgames[0]; i++) {
        oth_pos pos = parsed(endgames[i].text);
        pab_searcher *s = NULL;
        int rc = pab_searcher_create(&s, &g, (size_t)16 << 20);
        cr_assert_eq(rc, 0, "pab_searcher_create: %s", pab_strerror(rc));
        pab_config cfg;
        pab_config_init(&cfg);
        cfg.algorithm = PAB_ALGO_SERIAL;
        /* Every disc move fills a square and at most one pass comes
         * between two of them, so the game ends within 2 * empties plies. */
        cfg.max_depth = 2 * empties(&pos);
        pab_result res;
        rc = pab_search(s, &pos, &cfg, &res);
        cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
        cr_expect_eq(res.score, endgames[i].score,
                     "endgame %zu: score %d, expected %d", i, (int)res.score,
                     endgames[i].score);
        cr_expect_eq(res.bound, PAB_BOUND_EXACT);
        pab_searcher_destroy(s);
    }
}

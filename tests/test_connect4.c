/*
 * Connect Four: perft against an independent naive counter, distinct
 * positions per ply, make/unmake, parsing, scores, and exact solutions of
 * Pons' test positions (tests/data/connect4.txt).
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../examples/games/connect4.h"

/* ---- An independent reference: a plain 7x6 array, no bitboards. ---- */

typedef struct naive {
    signed char cell[C4_WIDTH][C4_HEIGHT]; /* 0 empty, 1 first, 2 second */
    int height[C4_WIDTH];
    int moves;
} naive;

static int naive_run(const naive *b, int c, int r, int dc, int dr)
{
    int who = b->cell[c][r], n = 0;
    for (c += dc, r += dr; c >= 0 && c < C4_WIDTH && r >= 0 && r < C4_HEIGHT &&
                           b->cell[c][r] == who;
         c += dc, r += dr)
        n++;
    return n;
}

/* Whether the stone at (c, r) is part of four in a row. */
static bool naive_four_at(const naive *b, int c, int r)
{
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int i = 0; i < 4; i++) {
        int n = 1 + naive_run(b, c, r, dirs[i][0], dirs[i][1]) +
                naive_run(b, c, r, -dirs[i][0], -dirs[i][1]);
        if (n >= 4)
            return true;
    }
    return false;
}

static void naive_drop(naive *b, int c)
{
    b->cell[c][b->height[c]++] = (signed char)(1 + b->moves % 2);
    b->moves++;
}

static void naive_lift(naive *b, int c)
{
    b->cell[c][--b->height[c]] = 0;
    b->moves--;
}

/* Sequences of exactly `depth` moves that never pass through a won game. */
static uint64_t naive_perft(naive *b, int depth)
{
    if (depth == 0)
        return 1;
    uint64_t count = 0;
    for (int c = 0; c < C4_WIDTH; c++) {
        if (b->height[c] == C4_HEIGHT)
            continue;
        naive_drop(b, c);
        if (depth == 1)
            count++;
        else if (!naive_four_at(b, c, b->height[c] - 1))
            count += naive_perft(b, depth - 1);
        naive_lift(b, c);
    }
    return count;
}

/* 9 bits a column: the height in 3, the owners in 6. */
static uint64_t naive_key(const naive *b)
{
    uint64_t key = 0;
    for (int c = 0; c < C4_WIDTH; c++) {
        uint64_t col = (uint64_t)b->height[c];
        for (int r = 0; r < b->height[c]; r++)
            if (b->cell[c][r] == 2)
                col |= UINT64_C(8) << r;
        key = key << 9 | col;
    }
    return key;
}

/* ---- A small open-addressing set of 64-bit values. ---- */

typedef struct set64 {
    uint64_t *slot; /* 0 marks a free slot; values are stored + 1 */
    size_t cap, count;
} set64;

static void set_init(set64 *s, size_t cap)
{
    s->cap = cap;
    s->count = 0;
    s->slot = calloc(cap, sizeof *s->slot);
    cr_assert_not_null(s->slot);
}

static bool set_add(set64 *s, uint64_t v)
{
    cr_assert(s->count * 2 < s->cap, "set too small");
    v++;
    size_t i = (size_t)((v * UINT64_C(0x9e3779b97f4a7c15)) % s->cap);
    while (s->slot[i]) {
        if (s->slot[i] == v)
            return false;
        i = (i + 1) % s->cap;
    }
    s->slot[i] = v;
    s->count++;
    return true;
}

/* ---- Helpers over the module under test. ---- */

static pab_game game(void)
{
    pab_game g;
    c4_game_init(&g);
    return g;
}

static c4_pos parsed(const char *text)
{
    c4_pos pos;
    char err[128] = "";
    int rc = c4_parse(&pos, text, err, sizeof err);
    cr_assert_eq(rc, 0, "c4_parse(\"%s\"): %s", text, err);
    return pos;
}

static uint64_t library_perft(const c4_pos *pos, int depth, unsigned flags)
{
    pab_game g = game();
    uint64_t count = 0;
    int rc = pab_perft(&g, pos, depth, flags, &count);
    cr_assert_eq(rc, 0, "pab_perft: %s", pab_strerror(rc));
    return count;
}

/* ---- Perft and positions per ply. ---- */

Test(connect4, perft_matches_naive_counter, .timeout = 60)
{
    /* Computed by naive_perft, and published for this convention. */
    static const uint64_t known[] = {1,     7,      49,     343,    2401,
                                     16807, 117649, 823536, 5673234};
    c4_pos empty;
    c4_init(&empty);
    for (int d = 1; d <= 8; d++) {
        naive b = {0};
        uint64_t expect = naive_perft(&b, d);
        cr_expect_eq(expect, known[d], "naive perft(%d) = %llu", d,
                     (unsigned long long)expect);
        uint64_t got = library_perft(&empty, d, 0);
        cr_expect_eq(got, expect, "perft(%d) = %llu, naive %llu", d,
                     (unsigned long long)got, (unsigned long long)expect);
        uint64_t bulk = library_perft(&empty, d, PAB_PERFT_BULK);
        cr_expect_eq(bulk, expect, "bulk perft(%d) = %llu, naive %llu", d,
                     (unsigned long long)bulk, (unsigned long long)expect);
    }
}

Test(connect4, perft_through_finished_games, .timeout = 60)
{
    /* From a middle-game position where fours come quickly, the two
     * counters must agree on which sequences stop early. */
    const char *line = "4455443";
    c4_pos pos = parsed(line);
    naive b = {0};
    for (const char *p = line; *p; p++)
        naive_drop(&b, *p - '1');
    for (int d = 1; d <= 6; d++) {
        uint64_t expect = naive_perft(&b, d);
        cr_expect_eq(library_perft(&pos, d, 0), expect, "perft(%d)", d);
    }
}

/* The number of distinct positions reached after exactly n plies of legal
 * play (play stops at a four), both by the naive board and by the module's
 * hash, which must not collide. */
Test(connect4, distinct_positions_per_ply, .timeout = 60)
{
    static const size_t known[] = {1,    7,     49,    238,   1120,
                                   4263, 16422, 54859, 184275};
    enum { PLIES = 8, CAP = 1 << 20 };
    naive *level = malloc(sizeof *level), *next = NULL;
    c4_pos *lvl_pos = malloc(sizeof *lvl_pos), *next_pos = NULL;
    cr_assert(level && lvl_pos);
    memset(level, 0, sizeof *level);
    c4_init(lvl_pos);
    size_t n = 1;
    pab_game g = game();
    for (int ply = 1; ply <= PLIES; ply++) {
        set64 naive_seen, hash_seen;
        set_init(&naive_seen, CAP);
        set_init(&hash_seen, CAP);
        next = malloc(CAP / 2 * sizeof *next);
        next_pos = malloc(CAP / 2 * sizeof *next_pos);
        cr_assert(next && next_pos);
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            pab_move_t moves[C4_WIDTH];
            pab_score_t terminal;
            int k = g.generate(&lvl_pos[i], moves, C4_WIDTH, &terminal, NULL);
            for (int j = 0; j < k; j++) {
                naive b = level[i];
                naive_drop(&b, (int)moves[j]);
                c4_pos p = lvl_pos[i];
                g.make(&p, moves[j], NULL);
                bool fresh = set_add(&naive_seen, naive_key(&b));
                cr_assert_eq(set_add(&hash_seen, g.hash(&p, NULL)), fresh,
                             "hash and naive key disagree at ply %d", ply);
                if (fresh) {
                    next[m] = b;
                    next_pos[m++] = p;
                }
            }
        }
        cr_expect_eq(m, known[ply], "ply %d: %zu distinct positions", ply, m);
        free(naive_seen.slot);
        free(hash_seen.slot);
        free(level);
        free(lvl_pos);
        level = next;
        lvl_pos = next_pos;
        n = m;
    }
    free(level);
    free(lvl_pos);
}

/* ---- Moves, make/unmake, scores. ---- */

Test(connect4, generate_orders_and_covers_all_moves)
{
    pab_game g = game();
    pab_move_t moves[C4_WIDTH];
    pab_score_t terminal;
    c4_pos empty;
    c4_init(&empty);
    int n = g.generate(&empty, moves, C4_WIDTH, &terminal, NULL);
    cr_assert_eq(n, 7);
    static const pab_move_t centre_first[] = {3, 2, 4, 1, 5, 0, 6};
    for (int i = 0; i < n; i++)
        cr_expect_eq(moves[i], centre_first[i], "move %d is %u", i,
                     (unsigned)moves[i]);

    /* First player threatens 1-1-1 vertically in column 1; the second
     * player must block at once, and the block comes first. */
    c4_pos pos = parsed("12131");
    n = g.generate(&pos, moves, C4_WIDTH, &terminal, NULL);
    cr_assert_eq(n, 7);
    cr_expect_eq(moves[0], 0u, "the block of column 1 comes first");

    /* With a win on the board for the mover, it comes first. */
    pos = parsed("121213");
    n = g.generate(&pos, moves, C4_WIDTH, &terminal, NULL);
    cr_assert_eq(n, 7);
    cr_expect_eq(moves[0], 0u, "the winning move comes first");

    /* A full column is left out. */
    pos = parsed("444444");
    n = g.generate(&pos, moves, C4_WIDTH, &terminal, NULL);
    cr_assert_eq(n, 6);
    for (int i = 0; i < n; i++)
        cr_expect_neq(moves[i], 3u);
}

Test(connect4, make_unmake_restores_position_and_hash, .timeout = 30)
{
    pab_game g = game();
    srand(12345);
    for (int game_no = 0; game_no < 2000; game_no++) {
        c4_pos pos, before[C4_CELLS + 1];
        uint64_t hashes[C4_CELLS + 1];
        pab_move_t played[C4_CELLS];
        c4_init(&pos);
        int ply = 0;
        for (;;) {
            pab_move_t moves[C4_WIDTH];
            pab_score_t terminal;
            int n = g.generate(&pos, moves, C4_WIDTH, &terminal, NULL);
            cr_assert_geq(n, 0);
            if (n == 0) {
                cr_assert_eq(g.evaluate(&pos, NULL), terminal,
                             "evaluate disagrees with generate's terminal");
                break;
            }
            before[ply] = pos;
            hashes[ply] = g.hash(&pos, NULL);
            played[ply] = moves[rand() % n];
            cr_assert(g.make(&pos, played[ply], NULL));
            ply++;
        }
        while (ply > 0) {
            ply--;
            g.unmake(&pos, played[ply], NULL);
            cr_assert_eq(memcmp(&pos, &before[ply], sizeof pos), 0,
                         "unmake at ply %d", ply);
            cr_assert_eq(g.hash(&pos, NULL), hashes[ply]);
        }
    }
}

Test(connect4, terminal_scores)
{
    pab_game g = game();
    pab_move_t moves[C4_WIDTH];
    pab_score_t terminal = 99;

    /* The first player completes four with its fourth stone: 22 - 4. */
    c4_pos pos = parsed("1212121");
    cr_assert_eq(g.generate(&pos, moves, C4_WIDTH, &terminal, NULL), 0);
    cr_expect_eq(terminal, -18);
    cr_expect_eq(g.evaluate(&pos, NULL), -18);

    /* The second player completes four in column 2 with its fifth
     * stone: 22 - 5. */
    pos = parsed("1212325752");
    cr_assert_eq(g.generate(&pos, moves, C4_WIDTH, &terminal, NULL), 0);
    cr_expect_eq(terminal, -17);
    cr_expect_eq(g.evaluate(&pos, NULL), -17);

    /* A full board without four (found by random play, checked by the
     * naive board here) is a draw. */
    const char *draw = "235547236223456742615457773662516414113317";
    naive b = {0};
    for (const char *p = draw; *p; p++) {
        naive_drop(&b, *p - '1');
        cr_assert(!naive_four_at(&b, *p - '1', b.height[*p - '1'] - 1));
    }
    pos = parsed(draw);
    cr_assert_eq(pos.moves, C4_CELLS);
    terminal = 99;
    cr_assert_eq(g.generate(&pos, moves, C4_WIDTH, &terminal, NULL), 0);
    cr_expect_eq(terminal, 0);
    cr_expect_eq(g.evaluate(&pos, NULL), 0);
}

Test(connect4, evaluate_sees_immediate_outcomes)
{
    pab_game g = game();
    /* The mover (first player, three stones played) wins with its fourth. */
    c4_pos pos = parsed("121212");
    cr_expect_eq(g.evaluate(&pos, NULL), 18);
    pos = parsed("3747");
    cr_expect_eq(g.evaluate(&pos, NULL), 0, "nothing is settled yet");
    /* Two open threats of the first player on the bottom row: the second
     * player cannot stop the win with the first player's fourth stone. */
    pos = parsed("37475");
    cr_expect_eq(g.evaluate(&pos, NULL), -18,
                 "columns 2 and 6 both win for the first player");
    /* Same threats, but the second player's three in column 7 make it the
     * first player's turn, and it wins at once with its fourth stone. */
    pos = parsed("374757");
    cr_expect_eq(g.evaluate(&pos, NULL), 18);
    /* Nothing settled: 0. */
    pos = parsed("4");
    cr_expect_eq(g.evaluate(&pos, NULL), 0);
}

/* ---- Parsing and the descriptor. ---- */

Test(connect4, parse_rejects_bad_strings)
{
    static const char *const bad[] = {
        "8",        /* no such column */
        "0",        /* no such column */
        "44a4",     /* not a digit */
        "4 4",      /* no spaces inside */
        "4444444",  /* the seventh stone in a column */
        "12121212", /* a move after the first player's vertical four */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c4_pos pos;
        char err[128] = "";
        cr_expect_eq(c4_parse(&pos, bad[i], err, sizeof err), PAB_EINVAL,
                     "\"%s\" accepted", bad[i]);
        cr_expect(strncmp(err, "connect4: ", 10) == 0, "message \"%s\"", err);
    }
    c4_pos pos;
    cr_expect_eq(c4_parse(&pos, "", NULL, 0), 0);
    cr_expect_eq(pos.moves, 0);
    cr_expect_eq(c4_parse(&pos, "1212121", NULL, 0), 0,
                 "a game ending on its last move is fine");
}

Test(connect4, descriptor)
{
    const ex_game *ex = &ex_connect4;
    cr_assert_str_eq(ex->name, "connect4");
    cr_expect_eq(ex->perft_flags, 0u);
    pab_game g;
    _Alignas(max_align_t) unsigned char state[EX_STATE_MAX];
    char err[128] = "";
    cr_assert_eq(ex->setup(&g, state, NULL, "4453", err, sizeof err), 0, "%s",
                 err);
    cr_expect_eq(((c4_pos *)state)->moves, 4);
    cr_assert_not_null(ex->solve_depth);
    cr_expect_eq(ex->solve_depth(&g, state), C4_CELLS - 4);
    cr_expect_lt(ex->setup(&g, state, NULL, "449", err, sizeof err), 0);
    cr_expect_neq(err[0], '\0');
    cr_assert_eq(ex->setup(&g, state, NULL, NULL, err, sizeof err), 0);

    char name[8];
    ex->move_name(&g, state, 3, name, sizeof name);
    cr_expect_str_eq(name, "4");
    cr_expect_eq(ex->parse_move(&g, state, "4"), 3u);
    cr_expect_eq(ex->parse_move(&g, state, "8"), PAB_MOVE_NONE);
    cr_expect_eq(ex->parse_move(&g, state, "44"), PAB_MOVE_NONE);
    cr_expect_eq(ex->natural_score(&g, state, -7), -7L);
    if (ex->teardown)
        ex->teardown(&g);
}

/* ---- Exact solutions of tests/data/connect4.txt. ---- */

#define MAX_LINES 256

typedef struct c4_case {
    char moves[C4_CELLS + 1];
    int score;
} c4_case;

static const char *data_path(void)
{
    static char path[4096];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/data/connect4.txt",
             top && *top ? top : ".");
    return path;
}

/* The position lines: "<moves> <score>"; '#' starts a comment. */
static int load_cases(c4_case *cases, int max)
{
    FILE *f = fopen(data_path(), "r");
    if (!f)
        return -1;
    char line[256];
    int n = 0;
    while (fgets(line, sizeof line, f) && n < max) {
        char moves[64];
        int score;
        if (line[0] == '#' || sscanf(line, "%63s %d", moves, &score) != 2)
            continue;
        if (strlen(moves) > C4_CELLS)
            continue;
        strcpy(cases[n].moves, moves);
        cases[n].score = score;
        n++;
    }
    fclose(f);
    return n;
}

Test(connect4, data_file_has_positions)
{
    static c4_case cases[MAX_LINES];
    int n = load_cases(cases, MAX_LINES);
    cr_assert_gt(n, 0, "no positions in %s", data_path());
    for (int i = 0; i < n; i++) {
        c4_pos pos;
        char err[128] = "";
        cr_expect_eq(c4_parse(&pos, cases[i].moves, err, sizeof err), 0,
                     "line %d: %s", i + 1, err);
    }
}

ParameterizedTestParameters(connect4, solve)
{
    static int index[MAX_LINES];
    static c4_case cases[MAX_LINES];
    int n = load_cases(cases, MAX_LINES);
    if (n < 0)
        n = 0;
    for (int i = 0; i < n; i++)
        index[i] = i;
    return cr_make_param_array(int, index, (size_t)n);
}

ParameterizedTest(int *which, connect4, solve, .timeout = 60)
{
    static c4_case cases[MAX_LINES];
    int n = load_cases(cases, MAX_LINES);
    cr_assert_gt(n, *which);
    const c4_case *tc = &cases[*which];

    c4_pos pos = parsed(tc->moves);
    pab_game g = game();
    pab_searcher *s = NULL;
    int rc = pab_searcher_create(&s, &g, (size_t)64 << 20);
    cr_assert_eq(rc, 0, "pab_searcher_create: %s", pab_strerror(rc));
    pab_config cfg;
    pab_config_init(&cfg);
    cfg.algorithm = PAB_ALGO_SERIAL;
    cfg.max_depth = C4_CELLS - pos.moves;
    cfg.iterative_deepening = true;
    cfg.use_tt = true;
    pab_result res;
    rc = pab_search(s, &pos, &cfg, &res);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    cr_expect_eq(res.score, tc->score, "%s: score %d, expected %d", tc->moves,
                 (int)res.score, tc->score);
    cr_expect_eq(res.bound, PAB_BOUND_EXACT);
    cr_expect(!res.stopped);
    pab_searcher_destroy(s);
}

/*
 * Chess: perft against the published counts (tests/data/perft.txt and
 * perftsuite.epd), FEN reading and writing with every class of bad input,
 * make/unmake with the incremental key and network sums along random
 * games, checks given, notation, the draw rules, mates found by pab_search, and
 * Bratko-Kopec positions (tests/data/bk.epd) searched to a small depth.
 *
 * PAB_CHESS_PERFT_DEPTH (default 4) sets the depth of the perftsuite run;
 * 5 or 6 checks the whole published table (minutes at 6).
 */
#include <criterion/criterion.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../examples/games/chess.h"
#include "../examples/games/chess_net.h"

/* ---- helpers ------------------------------------------------------------ */

/* Positions are 25 KiB: the tests keep them off the stack. */
static chess_pos *new_pos(const char *fen)
{
    chess_pos *pos = malloc(sizeof *pos);
    cr_assert_not_null(pos);
    char err[160] = "";
    int rc = chess_from_fen(pos, fen, err, sizeof err);
    cr_assert_eq(rc, 0, "chess_from_fen(\"%s\"): %s", fen, err);
    return pos;
}

static pab_game chess_game(void)
{
    pab_game g;
    chess_game_init(&g);
    return g;
}

static uint64_t perft(chess_pos *pos, int depth)
{
    pab_game g = chess_game();
    uint64_t count = 0;
    bool was = pos->perft;
    pos->perft = true;
    int rc = pab_perft(&g, pos, depth, PAB_PERFT_BULK, &count);
    pos->perft = was;
    cr_assert_eq(rc, 0, "pab_perft: %s", pab_strerror(rc));
    return count;
}

static const char *data_path(const char *name)
{
    static char path[1024];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/data/%s", top ? top : ".", name);
    return path;
}

static FILE *open_data(const char *name)
{
    FILE *f = fopen(data_path(name), "r");
    cr_assert_not_null(f, "cannot open %s (set top_srcdir)", data_path(name));
    return f;
}

static void fen_of(const chess_pos *pos, char *buf)
{
    chess_to_fen(pos, buf, CHESS_FEN_MAX);
}

static pab_move_t uci(const chess_pos *pos, const char *text)
{
    pab_move_t m = chess_move_from_uci(pos, text);
    cr_assert_neq(m, PAB_MOVE_NONE, "%s is not legal here", text);
    return m;
}

static void make_uci(chess_pos *pos, const char *text)
{
    cr_assert(chess_make(pos, uci(pos, text)));
}

static int generate(const chess_pos *pos, pab_move_t *moves,
                    pab_score_t *terminal)
{
    pab_game g = chess_game();
    *terminal = 0;
    return g.generate(pos, moves, CHESS_MAX_MOVES, terminal, g.user);
}

static pab_result search(const chess_pos *pos, int depth)
{
    pab_game g = chess_game();
    pab_searcher *s = NULL;
    int rc = pab_searcher_create(&s, &g, (size_t)4 << 20);
    cr_assert_eq(rc, 0, "pab_searcher_create: %s", pab_strerror(rc));
    pab_config cfg;
    pab_config_init(&cfg);
    cfg.max_depth = depth;
    pab_result r;
    rc = pab_search(s, pos, &cfg, &r);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    pab_searcher_destroy(s);
    return r;
}

/* A small deterministic generator for the random games. */
static uint32_t lcg_next(uint64_t *s)
{
    *s = *s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return (uint32_t)(*s >> 33);
}

/* ---- perft --------------------------------------------------------------- */

/* perft.txt: "name | FEN | d:n d:n ..."; every count up to this many
 * leaves is checked (depth 4 or 5 for each position). */
#define PERFT_TXT_MAX_NODES 12000000u

Test(chess, perft_reference_positions, .timeout = 120)
{
    FILE *f = open_data("perft.txt");
    char line[1024];
    int checked = 0, positions = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *bar1 = strchr(line, '|'),
             *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
        cr_assert(bar1 && bar2, "bad line: %s", line);
        *bar2 = '\0';
        chess_pos *pos = new_pos(bar1 + 1);
        positions++;
        int depth;
        unsigned long long nodes;
        int used;
        for (char *p = bar2 + 1;
             sscanf(p, " %d:%llu%n", &depth, &nodes, &used) == 2; p += used) {
            if (nodes > PERFT_TXT_MAX_NODES)
                break;
            uint64_t got = perft(pos, depth);
            cr_expect_eq(got, nodes, "%.*s depth %d: %" PRIu64 ", want %llu",
                         (int)(bar1 - line), line, depth, got, nodes);
            checked++;
        }
        free(pos);
    }
    fclose(f);
    cr_assert_eq(positions, 9);
    cr_assert_geq(checked, 30);
}

Test(chess, perftsuite, .timeout = 600)
{
    const char *env = getenv("PAB_CHESS_PERFT_DEPTH");
    int max_depth = env ? atoi(env) : 4;
    FILE *f = open_data("perftsuite.epd");
    char line[1024];
    int positions = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *semi = strchr(line, ';');
        cr_assert_not_null(semi);
        *semi = '\0';
        chess_pos *pos = new_pos(line);
        *semi = ';';
        int depth;
        unsigned long long nodes;
        for (char *p = semi; (p = strstr(p, ";D")) != NULL; p += 2) {
            cr_assert_eq(sscanf(p, ";D%d %llu", &depth, &nodes), 2);
            if (depth > max_depth)
                break;
            uint64_t got = perft(pos, depth);
            cr_expect_eq(got, nodes, "%s depth %d: %" PRIu64 ", want %llu",
                         line, depth, got, nodes);
        }
        free(pos);
        positions++;
    }
    fclose(f);
    cr_assert_eq(positions, 126);
}

/* Perft through the descriptor, as pab-bench runs it: perft mode by
 * default, so a repetition inside the tree (Nf3 Nf6 Ng1 Ng8) is no leaf. */
Test(chess, descriptor_perft_and_moves, .timeout = 60)
{
    pab_game g;
    chess_pos *pos = malloc(EX_STATE_MAX);
    char err[160] = "";
    cr_assert_leq(sizeof(chess_pos), EX_STATE_MAX / 2);
    cr_assert_eq(ex_chess.setup(&g, pos, NULL, NULL, err, sizeof err), 0, "%s",
                 err);
    uint64_t count = 0;
    cr_assert_eq(pab_perft(&g, pos, 5, ex_chess.perft_flags, &count), 0);
    cr_assert_eq(count, 4865609);

    cr_assert_eq(ex_chess.setup(&g, pos, "rules",
                                "startpos moves e2e4 e7e5 g1f3", err,
                                sizeof err),
                 0, "%s", err);
    cr_assert(!pos->perft);
    char fen[CHESS_FEN_MAX];
    fen_of(pos, fen);
    cr_assert_str_eq(
        fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    pab_move_t m = ex_chess.parse_move(&g, pos, "b8c6");
    char name[16];
    ex_chess.move_name(&g, pos, m, name, sizeof name);
    cr_assert_str_eq(name, "b8c6");
    cr_assert_eq(ex_chess.parse_move(&g, pos, "e1g1"), PAB_MOVE_NONE);
    cr_assert_eq(ex_chess.natural_score(&g, pos, PAB_SCORE_WIN_IN(3)), 99997);
    cr_assert_eq(ex_chess.natural_score(&g, pos, PAB_SCORE_LOSS_IN(2)), -99998);
    cr_assert_eq(ex_chess.natural_score(&g, pos, -35), -35);

    cr_assert_lt(ex_chess.setup(&g, pos, "bogus", NULL, err, sizeof err), 0);
    cr_assert_lt(
        ex_chess.setup(&g, pos, NULL, "startpos moves e2e5", err, sizeof err),
        0);
    cr_assert(strstr(err, "e2e5") != NULL, "%s", err);
    free(pos);
}

/* ---- FEN ----------------------------------------------------------------- */

Test(chess, fen_round_trip)
{
    static const char *const fens[] = {
        CHESS_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
        "r3k3/8/8/8/8/8/8/4K2R b Kq - 37 120",
        "8/8/8/8/8/8/8/K6k w - - 150 9999",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        chess_pos *pos = new_pos(fens[i]);
        char out[CHESS_FEN_MAX];
        fen_of(pos, out);
        cr_expect_str_eq(out, fens[i]);
        cr_expect_eq(pos->key, chess_compute_key(pos));
        free(pos);
    }
}

/* Looser input that still means a position: extra blanks, EPD's four
 * fields, and an en-passant square no pawn can use (written back as '-',
 * as the key ignores it). */
Test(chess, fen_accepted_variants)
{
    static const char *const in[][2] = {
        {"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  0 1 \n",
         CHESS_START_FEN},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
         CHESS_START_FEN},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1",
         CHESS_START_FEN},
    };
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        chess_pos *pos = new_pos(in[i][0]);
        char out[CHESS_FEN_MAX];
        fen_of(pos, out);
        cr_expect_str_eq(out, in[i][1]);
        free(pos);
    }
}

Test(chess, fen_rejected_with_reason_and_position_kept)
{
    /* Each bad FEN and a word its message must contain. */
    static const char *const bad[][2] = {
        {"", "fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
         "fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "ranks"},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece"},
        {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
        {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "squares"},
        {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "digits"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
         "unknown piece"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "kings"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "kings"},
        {"Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQk - 0 1",
         "pawn on a8"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PNBQKBNR w Kkq - 0 1", "pawns"},
        {"QQQQQQQQ/QQk5/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "promotions"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
         "side to move"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
         "castling"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", "twice"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
         "castling"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
         "rook on h1"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBK1BNR w Q - 0 1", "king on e1"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
         "en-passant"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "rank 6"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i6 0 1",
         "en-passant"},
        {"rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 3 2",
         "halfmove"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
         "halfmove"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
         "halfmove"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 151 1",
         "halfmove"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
         "move number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x",
         "move number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999",
         "move number"},
        {"4k3/8/8/8/8/8/8/4R2K w - - 0 1", "is in check but white"},
        {"4k3/8/8/8/1b6/8/8/R3K2r b - - 0 1", "is in check but black"},
        {"3qk3/8/8/8/7b/5n2/8/4K2r w - - 0 1", "pieces give check"},
        {"4k3/8/8/8/8/8/8/3Kk3 w - - 0 1", "kings"},
        {"3k4/8/8/8/8/8/8/3K4\x01 w - - 0 1", "0x01"},
    };
    chess_pos *pos = new_pos(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    chess_pos *before = malloc(sizeof *before);
    memcpy(before, pos, sizeof *pos);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[160] = "";
        int rc = chess_from_fen(pos, bad[i][0], err, sizeof err);
        cr_expect_eq(rc, PAB_EINVAL, "accepted: \"%s\"", bad[i][0]);
        cr_expect(strstr(err, bad[i][1]) != NULL,
                  "\"%s\": message \"%s\" lacks \"%s\"", bad[i][0], err,
                  bad[i][1]);
        cr_expect(strchr(err, '\n') == NULL);
        cr_expect_eq(memcmp(pos, before, sizeof *pos), 0,
                     "position changed by \"%s\"", bad[i][0]);
    }
    cr_expect_eq(chess_from_fen(pos, NULL, NULL, 0), PAB_EINVAL);
    free(before);
    free(pos);
}

/* ---- make, unmake and keys -------------------------------------------- */

/* Everything but the undo records above the stack pointer. */
static void expect_same_position(const chess_pos *a, const chess_pos *b,
                                 const char *when)
{
    cr_expect_eq(memcmp(a, b, offsetof(chess_pos, undo)), 0, "%s", when);
    cr_expect_eq(memcmp(a->undo, b->undo, a->ply * sizeof a->undo[0]), 0, "%s",
                 when);
}

static void random_game(const char *fen, uint64_t seed, int plies)
{
    chess_pos *pos = new_pos(fen);
    chess_pos *start = malloc(sizeof *start);
    memcpy(start, pos, sizeof *pos);
    pab_move_t played[400];
    int n_played = 0;
    for (int ply = 0; ply < plies; ply++) {
        pab_move_t moves[CHESS_MAX_MOVES];
        int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
        cr_assert_geq(n, 0);
        if (n == 0)
            break;
        /* Every move taken back restores the position exactly. */
        for (int i = 0; i < n; i++) {
            char before[CHESS_FEN_MAX], after[CHESS_FEN_MAX];
            fen_of(pos, before);
            uint64_t key = pos->key;
            cr_assert(chess_make(pos, moves[i]));
            cr_expect_eq(pos->key, chess_compute_key(pos),
                         "key after a move from %s", before);
            /* So are the network's sums, added up from the pieces. */
            chess_net_sums kept = pos->net;
            chess_net_refresh(pos);
            cr_expect_eq(memcmp(&kept, &pos->net, sizeof kept), 0,
                         "network sums after a move from %s", before);
            chess_unmake(pos, moves[i]);
            fen_of(pos, after);
            cr_expect_str_eq(after, before);
            cr_expect_eq(pos->key, key);
        }
        pab_move_t m = moves[lcg_next(&seed) % (unsigned)n];
        cr_assert(chess_make(pos, m));
        played[n_played++] = m;
        if (chess_status(pos) != CHESS_ONGOING &&
            chess_status(pos) != CHESS_DRAW_REPETITION)
            break;
    }
    while (n_played > 0)
        chess_unmake(pos, played[--n_played]);
    expect_same_position(pos, start, fen);
    free(start);
    free(pos);
}

Test(chess, make_unmake_random_games, .timeout = 60)
{
    static const char *const fens[] = {
        CHESS_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        for (uint64_t seed = 1; seed <= 6; seed++)
            random_game(fens[i], seed * 7919 + i, 300);
}

/* chess_gives_check agrees with making the move and looking, for every
 * move along random games (discovered checks, castling, en passant and
 * promotions included). */
Test(chess, gives_check_matches_make, .timeout = 60)
{
    static const char *const fens[] = {
        CHESS_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        "8/8/8/1k6/2pP4/8/8/3KQ3 b - d3 0 1",
    };
    long checks = 0;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        chess_pos *pos = new_pos(fens[i]);
        uint64_t seed = 99 + i;
        for (int ply = 0; ply < 120; ply++) {
            pab_move_t moves[CHESS_MAX_MOVES];
            int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
            if (n == 0)
                break;
            for (int k = 0; k < n; k++) {
                bool predicted = chess_gives_check(pos, moves[k]);
                chess_make(pos, moves[k]);
                bool actual = chess_in_check(pos);
                chess_unmake(pos, moves[k]);
                cr_expect_eq(predicted, actual, "move %d of %s", k, fens[i]);
                checks += actual;
            }
            chess_make(pos, moves[lcg_next(&seed) % (unsigned)n]);
        }
        free(pos);
    }
    cr_expect_gt(checks, 100);
}

static bool is_noisy(const chess_pos *pos, pab_move_t m)
{
    return pos->board[CHESS_MOVE_TO(m)] || (m & CHESS_MOVE_EN_PASSANT) ||
           CHESS_MOVE_PROMO(m);
}

static int sort_moves(const void *a, const void *b)
{
    pab_move_t x = *(const pab_move_t *)a, y = *(const pab_move_t *)b;
    return x < y ? -1 : x > y;
}

/* The search's generator (ordered, in two passes) and quiescence's give
 * the same moves as perft's single pass: captures first, then promotions,
 * then the rest; quiescence gets exactly the captures and queen
 * promotions. */
Test(chess, ordered_and_noisy_generation_agree_with_perft, .timeout = 60)
{
    static const char *const fens[] = {
        CHESS_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "bk6/1P6/8/8/8/8/8/7K w - - 0 1", /* b7 pinned, takes a8 */
    };
    pab_game g = chess_game();
    pab_game plain; /* the staged table leaves quiescence to its stage */
    chess_game_init_plain(&plain);
    long compared = 0;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        chess_pos *pos = new_pos(fens[i]);
        uint64_t seed = 7 + i;
        for (int ply = 0; ply < 80; ply++) {
            pab_move_t all[CHESS_MAX_MOVES], ordered[CHESS_MAX_MOVES];
            pab_move_t noisy[CHESS_MAX_MOVES];
            pab_score_t terminal = 0;
            int n = chess_legal_moves(pos, all, CHESS_MAX_MOVES);
            if (n == 0)
                break;
            pos->root = pos->ply; /* no draw may hide the moves */
            int k =
                g.generate(pos, ordered, CHESS_MAX_MOVES, &terminal, g.user);
            int q =
                plain.generate_noisy(pos, noisy, CHESS_MAX_MOVES, plain.user);
            cr_assert_eq(k, n, "%s ply %d", fens[i], ply);
            int phase = 0; /* 0 captures, 1 promotions, 2 quiet */
            for (int j = 0; j < k; j++) {
                pab_move_t m = ordered[j];
                bool capture =
                    pos->board[CHESS_MOVE_TO(m)] || (m & CHESS_MOVE_EN_PASSANT);
                int now = capture ? 0 : CHESS_MOVE_PROMO(m) ? 1 : 2;
                cr_expect_geq(now, phase, "%s: move %d out of order", fens[i],
                              j);
                phase = now;
            }
            int want_noisy = 0;
            for (int j = 0; j < n; j++)
                want_noisy += is_noisy(pos, all[j]) &&
                              (!CHESS_MOVE_PROMO(all[j]) ||
                               CHESS_MOVE_PROMO(all[j]) == CHESS_QUEEN);
            cr_expect_eq(q, want_noisy, "%s ply %d", fens[i], ply);
            for (int j = 0; j < q; j++)
                cr_expect(is_noisy(pos, noisy[j]) &&
                          chess_is_legal(pos, noisy[j]));
            qsort(all, (size_t)n, sizeof all[0], sort_moves);
            qsort(ordered, (size_t)k, sizeof ordered[0], sort_moves);
            cr_expect_eq(memcmp(all, ordered, (size_t)n * sizeof all[0]), 0);
            compared += n;
            chess_make(pos, all[lcg_next(&seed) % (unsigned)n]);
        }
        free(pos);
    }
    cr_expect_gt(compared, 5000);
}

Test(chess, null_move)
{
    pab_game g = chess_game();
    chess_pos *pos = new_pos(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    char before[CHESS_FEN_MAX], after[CHESS_FEN_MAX];
    fen_of(pos, before);
    uint64_t key = pos->key;
    cr_assert(g.make_null(pos, g.user));
    cr_expect_eq(pos->side, CHESS_BLACK);
    cr_expect_eq(pos->ep, CHESS_NO_SQUARE);
    cr_expect_eq(pos->key, chess_compute_key(pos));
    g.unmake_null(pos, g.user);
    fen_of(pos, after);
    cr_expect_str_eq(after, before);
    cr_expect_eq(pos->key, key);
    free(pos);
    /* In check, and with only king and pawns: refused, nothing changes. */
    static const char *const refused[] = {
        "4k3/8/8/8/8/8/8/4K2r w - - 0 1",
        "4k3/pppp4/8/8/8/8/PPPP4/4K2R b - - 0 1"};
    for (int i = 0; i < 2; i++) {
        pos = new_pos(refused[i]);
        fen_of(pos, before);
        cr_expect_not(g.make_null(pos, g.user), "%s", refused[i]);
        fen_of(pos, after);
        cr_expect_str_eq(after, before);
        free(pos);
    }
}

/* ---- notation ------------------------------------------------------------ */

Test(chess, uci_and_san_round_trip)
{
    static const char *const fens[] = {
        CHESS_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "1k6/8/8/R7/8/8/4K3/R6R w - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        chess_pos *pos = new_pos(fens[i]);
        pab_move_t moves[CHESS_MAX_MOVES];
        int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
        for (int k = 0; k < n; k++) {
            char text[16];
            chess_move_to_uci(moves[k], text, sizeof text);
            cr_expect_eq(chess_move_from_uci(pos, text), moves[k], "%s in %s",
                         text, fens[i]);
            chess_move_to_san(pos, moves[k], text, sizeof text);
            cr_expect_eq(chess_move_from_san(pos, text), moves[k], "%s in %s",
                         text, fens[i]);
        }
        free(pos);
    }
}

static void expect_san(const char *fen, const char *uci_text, const char *san)
{
    chess_pos *pos = new_pos(fen);
    char text[16];
    chess_move_to_san(pos, uci(pos, uci_text), text, sizeof text);
    cr_expect_str_eq(text, san, "%s in %s", uci_text, fen);
    free(pos);
}

Test(chess, san_examples)
{
    const char *kiwi =
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const char *rooks = "1k6/8/8/R7/8/8/4K3/R6R w - - 0 1";
    expect_san(CHESS_START_FEN, "g1f3", "Nf3");
    expect_san(CHESS_START_FEN, "e2e4", "e4");
    expect_san(kiwi, "e1g1", "O-O");
    expect_san(kiwi, "e1c1", "O-O-O");
    expect_san(kiwi, "e5f7", "Nxf7");
    expect_san(kiwi, "d5e6", "dxe6");
    expect_san(kiwi, "f3f6", "Qxf6");
    expect_san(rooks, "a1d1", "Rad1");
    expect_san(rooks, "h1d1", "Rhd1");
    expect_san(rooks, "a1a3", "R1a3");
    expect_san(rooks, "a5a3", "R5a3");
    expect_san(rooks, "a5a8", "Ra8+");
    expect_san("1k6/8/8/8/8/8/8/Q3R1RK w - - 0 1", "e1e4", "Re4");
    expect_san("4k3/8/8/8/8/Q7/8/Q2Q3K w - - 0 1", "a1b2", "Q1b2");
    expect_san("4k3/8/8/8/8/Q7/8/Q2Q3K w - - 0 1", "a3b2", "Q3b2");
    const char *queens = "6k1/8/8/8/8/Q3Q3/8/Q6K w - - 0 1";
    expect_san(queens, "a3c3", "Qa3c3");
    expect_san(queens, "a1c3", "Q1c3");
    expect_san(queens, "e3c3", "Qec3");
    expect_san("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
               "e5f6", "exf6");
    expect_san("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q", "a8=Q");
    expect_san("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8n", "a8=N");
    expect_san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#");

    chess_pos *pos = new_pos(kiwi);
    cr_expect_eq(chess_move_from_san(pos, "0-0"), uci(pos, "e1g1"));
    cr_expect_eq(chess_move_from_san(pos, "Nxf7!?"), uci(pos, "e5f7"));
    cr_expect_eq(chess_move_from_san(pos, "Nf7"), uci(pos, "e5f7"));
    cr_expect_eq(chess_move_from_san(pos, "N4f7"),
                 PAB_MOVE_NONE); /* no knight there */
    cr_expect_eq(chess_move_from_san(pos, "Nd3"), uci(pos, "e5d3"));
    cr_expect_eq(chess_move_from_san(pos, "Qe2"), PAB_MOVE_NONE);
    cr_expect_eq(chess_move_from_san(pos, "a3"), uci(pos, "a2a3"));
    cr_expect_eq(chess_move_from_san(pos, "xyz"), PAB_MOVE_NONE);
    cr_expect_eq(chess_move_from_san(pos, ""), PAB_MOVE_NONE);
    cr_expect_eq(chess_move_from_uci(pos, "e1g2"), PAB_MOVE_NONE);
    cr_expect_eq(chess_move_from_uci(pos, "e2e4x"), PAB_MOVE_NONE);
    free(pos);
    pos = new_pos("1k6/8/8/8/8/8/4K3/R6R w - - 0 1");
    cr_expect_eq(chess_move_from_san(pos, "Rd1"),
                 PAB_MOVE_NONE); /* ambiguous */
    free(pos);
}

/* ---- draws, mates and searches ------------------------------------------- */

Test(chess, checkmate_and_stalemate_terminal, .timeout = 60)
{
    pab_move_t moves[CHESS_MAX_MOVES];
    pab_score_t terminal;
    pab_game g = chess_game();
    chess_pos *pos = new_pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
    cr_expect_eq(generate(pos, moves, &terminal), 0);
    cr_expect_eq(terminal, PAB_SCORE_LOSS_IN(0));
    cr_expect_eq(g.evaluate(pos, g.user), PAB_SCORE_LOSS_IN(0));
    cr_expect_eq(chess_status(pos), CHESS_CHECKMATE);
    free(pos);
    pos = new_pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    cr_expect_eq(generate(pos, moves, &terminal), 0);
    cr_expect_eq(terminal, 0);
    cr_expect_eq(chess_status(pos), CHESS_STALEMATE);
    pab_result r = search(pos, 3);
    cr_expect_eq(r.best_move, PAB_MOVE_NONE);
    cr_expect_eq(r.score, 0);
    free(pos);
}

Test(chess, mate_in_one_and_two, .timeout = 60)
{
    static const struct {
        const char *fen, *best;
        int plies, depth;
    } mates[] = {
        {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1a8", 1, 3},
        {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
         "h5f7", 1, 3},
        {"7k/8/8/8/8/8/R7/1R5K w - - 0 1", NULL, 3, 5}, /* a7 or b7 first */
        {"6k1/pp3ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1, 4},
        {"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
         "d5f6", 3, 5},
    };
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        chess_pos *pos = new_pos(mates[i].fen);
        pab_result r = search(pos, mates[i].depth);
        char name[8];
        chess_move_to_uci(r.best_move, name, sizeof name);
        cr_expect_eq(r.score, PAB_SCORE_WIN_IN(mates[i].plies), "%s: score %d",
                     mates[i].fen, (int)r.score);
        if (mates[i].best)
            cr_expect_str_eq(name, mates[i].best, "%s", mates[i].fen);
        free(pos);
    }
    /* The side to move is mated in one whatever it does. */
    chess_pos *pos = new_pos("k7/8/1K6/8/8/8/8/7R b - - 0 1");
    pab_result r = search(pos, 4);
    cr_expect_eq(r.score, PAB_SCORE_LOSS_IN(2), "score %d", (int)r.score);
    free(pos);
}

/* One search of `pos` over `count` root moves (none: all), with `multipv`
 * lines. */
static pab_result search_root(pab_searcher *s, const chess_pos *pos,
                              pab_move_t *moves, unsigned count,
                              unsigned multipv)
{
    pab_config cfg;
    pab_config_init(&cfg);
    cfg.max_depth = 5;
    cfg.root_moves = moves;
    cfg.root_move_count = count;
    cfg.multipv = multipv;
    pab_result r;
    cr_assert_eq(pab_search(s, pos, &cfg, &r), 0);
    cr_assert_eq(r.lines, multipv);
    return r;
}

/* Root moves and MultiPV in a staged game, where the noisy moves lead the
 * generated list: the search keeps the ones asked for, with their count
 * of noisy ones (once left as generated, the ordering moved entries past
 * the end of the shorter list).  Here Qxf7 mates; a2a3 lets Nxh5 take the
 * queen; Bxf7+, Qxe5+ and Qxh7 are the other captures, ahead in the list. */
Test(chess, root_moves_and_multipv_in_a_staged_game, .timeout = 60)
{
    chess_pos *pos = new_pos(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    pab_game g = chess_game();
    pab_searcher *s = NULL;
    cr_assert_eq(pab_searcher_create(&s, &g, (size_t)4 << 20), 0);
    const pab_move_t mate = uci(pos, "h5f7"), quiet = uci(pos, "a2a3");
    const pab_move_t check = uci(pos, "c4f7");
    pab_move_t only[] = {quiet}, two[] = {quiet, check};
    pab_result r = search_root(s, pos, only, 1, 1);
    cr_expect_eq(r.best_move, quiet);
    cr_expect_lt(r.score, -500, "a2a3 loses the queen: %d", (int)r.score);
    r = search_root(s, pos, two, 2, 2);
    cr_expect_eq(r.line[0].move, check);
    cr_expect_eq(r.line[1].move, quiet);
    cr_expect_gt(r.line[0].score, r.line[1].score);
    r = search_root(s, pos, NULL, 0, 3);
    cr_expect_eq(r.line[0].move, mate);
    cr_expect_eq(r.line[0].score, PAB_SCORE_WIN_IN(1));
    cr_expect_lt(r.line[1].score, PAB_SCORE_WIN_IN(5));
    pab_searcher_destroy(s);
    free(pos);
}

Test(chess, insufficient_material_is_a_draw, .timeout = 60)
{
    static const char *const dead[] = {
        "8/8/8/4k3/8/8/4K3/8 w - - 0 1", "8/8/8/4k3/8/8/3BK3/8 w - - 0 1",
        "8/8/2n5/4k3/8/8/4K3/8 w - - 0 1",
        "8/8/3b4/4k3/8/8/3BK3/8 w - - 0 1", /* both bishops on dark squares */
    };
    static const char *const alive[] = {
        "8/8/2b5/4k3/8/8/3BK3/8 w - - 0 1", /* bishops on both colours */
        "8/8/2n5/4k3/8/8/3NK3/8 w - - 0 1",
        "8/8/8/4k3/8/8/3NK1N1/8 w - - 0 1",
        "8/8/8/4k3/8/8/3PK3/8 w - - 0 1",
    };
    pab_move_t moves[CHESS_MAX_MOVES];
    pab_score_t terminal;
    for (int i = 0; i < 4; i++) {
        chess_pos *pos = new_pos(dead[i]);
        cr_expect(chess_insufficient_material(pos), "%s", dead[i]);
        cr_expect_eq(chess_status(pos), CHESS_DRAW_MATERIAL);
        /* The root keeps its moves; one move later the game is over. */
        cr_expect_gt(generate(pos, moves, &terminal), 0);
        pab_move_t first = moves[0];
        chess_make(pos, first);
        terminal = 1;
        cr_expect_eq(generate(pos, moves, &terminal), 0, "%s", dead[i]);
        cr_expect_eq(terminal, 0);
        chess_unmake(pos, first);
        pab_result r = search(pos, 4);
        cr_expect_eq(r.score, 0, "%s: %d", dead[i], (int)r.score);
        free(pos);
        pos = new_pos(alive[i]);
        cr_expect_not(chess_insufficient_material(pos), "%s", alive[i]);
        free(pos);
    }
}

Test(chess, fifty_move_rule, .timeout = 60)
{
    /* Queen against king, but the clock runs out with the next move. */
    chess_pos *pos = new_pos("7k/8/8/8/8/8/8/1Q2K3 w - - 99 80");
    pab_result r = search(pos, 4);
    cr_expect_eq(r.score, 0, "score %d", (int)r.score);
    free(pos);
    /* A mate on the hundredth ply still counts. */
    pos = new_pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    r = search(pos, 3);
    cr_expect_eq(r.score, PAB_SCORE_WIN_IN(1), "score %d", (int)r.score);
    free(pos);
    /* The same position earlier in the game: a real advantage. */
    pos = new_pos("7k/8/8/8/8/8/8/1Q2K3 w - - 20 80");
    r = search(pos, 4);
    cr_expect_gt(r.score, 500);
    free(pos);
}

Test(chess, repetition)
{
    pab_move_t moves[CHESS_MAX_MOVES];
    pab_score_t terminal;
    chess_pos *pos = new_pos(CHESS_START_FEN);
    make_uci(pos, "g1f3");
    make_uci(pos, "g8f6");
    make_uci(pos, "f3g1");
    cr_expect_gt(generate(pos, moves, &terminal), 0);
    make_uci(pos, "f6g8");
    terminal = 1;
    cr_expect_eq(generate(pos, moves, &terminal), 0);
    cr_expect_eq(terminal, 0);
    pab_game g = chess_game();
    cr_expect_eq(g.evaluate(pos, g.user), 0);
    free(pos);

    /* In the game: threefold for the referee, never a drawn root. */
    pos = new_pos(CHESS_START_FEN);
    const char *cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 4; i++) {
            cr_expect_eq(chess_status(pos), CHESS_ONGOING);
            cr_assert_eq(chess_play(pos, uci(pos, cycle[i])), 0);
        }
    }
    cr_expect_eq(chess_status(pos), CHESS_DRAW_REPETITION);
    cr_expect_gt(generate(pos, moves, &terminal), 0);
    free(pos);
}

/* A bare king against a queen can reach only one drawn position: back to
 * one the game has already seen. */
Test(chess, search_takes_the_repetition, .timeout = 60)
{
    chess_pos *pos = new_pos("6k1/8/8/8/8/8/8/1Q4K1 b - - 0 1");
    pab_result lost = search(pos, 4);
    cr_expect_lt(lost.score, -500);
    const char *cycle[] = {"g8h8", "g1h1", "h8g8", "h1g1"};
    for (int i = 0; i < 4; i++)
        cr_assert_eq(chess_play(pos, uci(pos, cycle[i])), 0);
    pab_result r = search(pos, 4);
    char name[8];
    chess_move_to_uci(r.best_move, name, sizeof name);
    cr_expect_eq(r.score, 0, "score %d", (int)r.score);
    cr_expect_str_eq(name, "g8h8");
    free(pos);
}

/* Chess history is bounded: a long game through chess_play() never fills
 * the undo stack, and make() beyond it refuses instead of overflowing. */
Test(chess, long_games_fit)
{
    chess_pos *pos = new_pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    const char *cycle[] = {"a1a2", "e8d8", "a2a1", "d8e8"};
    for (int i = 0; i < 4000; i++) {
        cr_assert_eq(chess_play(pos, uci(pos, cycle[i % 4])), 0);
        cr_assert_leq(pos->ply, CHESS_KEEP_PLIES);
    }
    pab_move_t m = uci(pos, "a1a2");
    pos->ply = CHESS_HISTORY_MAX;
    chess_pos *copy = malloc(sizeof *copy);
    memcpy(copy, pos, sizeof *pos);
    cr_expect_not(chess_make(pos, m));
    chess_unmake(pos, m);
    cr_expect_eq(memcmp(copy, pos, sizeof *pos), 0);
    free(copy);
    free(pos);
}

/* ---- evaluation ---------------------------------------------------------- */

/* The position with colours swapped and the board turned upside down. */
static void mirror_fen(const char *fen, char *out)
{
    char ranks[8][16], side[4], castle[8], ep[4];
    int half, full;
    char board[80];
    cr_assert_eq(sscanf(fen, "%79s %3s %7s %3s %d %d", board, side, castle, ep,
                        &half, &full),
                 6);
    int r = 0, k = 0;
    for (const char *p = board;; p++) {
        if (*p == '/' || *p == '\0') {
            ranks[r++][k] = '\0';
            k = 0;
            if (!*p)
                break;
            continue;
        }
        char c = *p;
        ranks[r][k++] = (c >= 'a' && c <= 'z')   ? (char)(c - 32)
                        : (c >= 'A' && c <= 'Z') ? (char)(c + 32)
                                                 : c;
    }
    out[0] = '\0';
    for (int i = 7; i >= 0; i--) {
        strcat(out, ranks[i]);
        strcat(out, i ? "/" : " ");
    }
    strcat(out, side[0] == 'w' ? "b " : "w ");
    char c2[8] = "";
    int n = 0;
    for (const char *p = "KQkq"; *p; p++) {
        char want = (*p >= 'a') ? (char)(*p - 32) : (char)(*p + 32);
        if (strchr(castle, want))
            c2[n++] = *p;
    }
    strcat(out, c2[0] ? c2 : "-");
    char tail[32];
    snprintf(tail, sizeof tail, " %c%c %d %d", ep[0],
             ep[0] == '-' ? ' ' : (char)('9' - (ep[1] - '0')), half, full);
    strcat(out, tail);
}

Test(chess, evaluation_is_colour_symmetric)
{
    static const char *const fens[] = {
        CHESS_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        char mirrored[CHESS_FEN_MAX];
        mirror_fen(fens[i], mirrored);
        chess_pos *a = new_pos(fens[i]), *b = new_pos(mirrored);
        pab_score_t ea = chess_evaluate(a), eb = chess_evaluate(b);
        cr_expect_eq(ea, eb, "%s: %d, mirrored %s: %d", fens[i], (int)ea,
                     mirrored, (int)eb);
        cr_expect_lt(ea < 0 ? -ea : ea, 5000);
        free(a);
        free(b);
    }
    chess_pos *start = new_pos(CHESS_START_FEN);
    cr_expect_lt(chess_evaluate(start), 50);
    cr_expect_gt(chess_evaluate(start), -50);
    free(start);
    /* A queen up is worth about a queen. */
    chess_pos *up =
        new_pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    cr_expect_gt(chess_evaluate(up), 800);
    free(up);
}

/* Every algorithm on two threads: each thread copies the position (the
 * state is plain memory) and finds the same mate. */
Test(chess, parallel_searches_find_the_mate, .timeout = 120)
{
    chess_pos *pos = new_pos("7k/8/8/8/8/8/R7/1R5K w - - 0 1");
    pab_game g = chess_game();
    for (int algo = 0; algo < PAB_ALGO_COUNT; algo++) {
        pab_searcher *s = NULL;
        cr_assert_eq(pab_searcher_create(&s, &g, (size_t)4 << 20), 0);
        pab_config cfg;
        pab_config_init(&cfg);
        cfg.algorithm = (pab_algorithm)algo;
        cfg.threads = algo == PAB_ALGO_SERIAL ? 1 : 2;
        cfg.max_depth = 6;
        pab_result r;
        int rc = pab_search(s, pos, &cfg, &r);
        cr_expect_eq(rc, 0, "%s: %s", pab_algorithm_name(algo),
                     pab_strerror(rc));
        cr_expect_eq(r.score, PAB_SCORE_WIN_IN(3), "%s: score %d",
                     pab_algorithm_name(algo), (int)r.score);
        cr_expect(chess_is_legal(pos, r.best_move));
        pab_searcher_destroy(s);
    }
    free(pos);
}

/* ---- Bratko-Kopec -------------------------------------------------------- */

Test(chess, bratko_kopec_positions_give_legal_moves, .timeout = 120)
{
    FILE *f = open_data("bk.epd");
    char line[512];
    int searched = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        /* EPD: four FEN fields, then operations. */
        char fen[160] = "";
        char *p = line;
        for (int field = 0; field < 4; field++) {
            size_t len = strcspn(p, " ");
            strncat(fen, p, len);
            strcat(fen, field < 3 ? " " : "");
            p += len + 1;
        }
        if (searched % 4 == 0) { /* every fourth position, to stay quick */
            chess_pos *pos = new_pos(fen);
            pab_result r = search(pos, 4);
            cr_expect(chess_is_legal(pos, r.best_move), "%s", fen);
            cr_expect_eq(r.depth, 4);
            free(pos);
        }
        searched++;
    }
    fclose(f);
    cr_assert_eq(searched, 24);
}

/* ---- the staged, scored table (libpab 0.4) ---------------------------------
 */

/* move_valid() says yes exactly to the moves the generator writes: every
 * code a from, to, promotion and flags can make is asked, in positions
 * from the perft table and along random games from them. */
Test(chess, move_valid_agrees_with_the_generator, .timeout = 120)
{
    static const char *const fens[] = {
        CHESS_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    };
    const unsigned flags[] = {0, CHESS_MOVE_CASTLE, CHESS_MOVE_EN_PASSANT,
                              CHESS_MOVE_DOUBLE_PUSH};
    uint64_t seed = 7;
    unsigned checked = 0;
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        chess_pos *pos = new_pos(fens[f]);
        for (int ply = 0; ply < 12; ply++) {
            pab_move_t legal[CHESS_MAX_MOVES];
            int n = chess_legal_moves(pos, legal, CHESS_MAX_MOVES);
            if (n <= 0)
                break;
            for (int from = 0; from < 64; from++)
                for (int to = 0; to < 64; to++)
                    for (int promo = 0; promo <= CHESS_QUEEN; promo++)
                        for (size_t k = 0; k < 4; k++) {
                            pab_move_t m = CHESS_MOVE(
                                from, to, promo == 1 ? 0 : promo, flags[k]);
                            bool in = false;
                            for (int i = 0; i < n; i++)
                                in |= legal[i] == m;
                            cr_assert_eq(chess_move_valid(pos, m), in,
                                         "%s ply %d: move %#x", fens[f], ply,
                                         m);
                            checked++;
                        }
            cr_assert(chess_make(pos, legal[lcg_next(&seed) % (unsigned)n]));
        }
        free(pos);
    }
    cr_assert_gt(checked, 1000000);
}

/* Static exchanges worked out by hand. */
Test(chess, static_exchange_values)
{
    static const struct {
        const char *fen, *move;
        int see;
    } cases[] = {
        /* exd5, cxd5: a knight for a pawn */
        {"4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320 - 100},
        /* Rxd5, exd5: a rook for a pawn */
        {"4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500},
        /* an undefended pawn */
        {"4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100},
        /* the second rook behind the first (x-ray) still loses a rook for
         * two pawns */
        {"4k3/8/4p3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100 - 500 + 100},
        /* en passant, undefended */
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
        /* a promotion to a queen nobody can take */
        {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", 900 - 100},
        /* the king may not take back on a defended square: it stops */
        {"8/8/4k3/3p4/2P5/8/8/3RK3 w - - 0 1", "d1d5", 100},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        chess_pos *pos = new_pos(cases[i].fen);
        pab_move_t m = uci(pos, cases[i].move);
        cr_expect_eq(chess_see(pos, m), cases[i].see, "%s %s: %d", cases[i].fen,
                     cases[i].move, chess_see(pos, m));
        free(pos);
    }
}

/* chess_noisy_score() as chess_see.c defines it, the exchange always
 * worked out. */
static int32_t noisy_score_by_see(const chess_pos *pos, pab_move_t m)
{
    int promo = CHESS_MOVE_PROMO(m);
    if (promo && promo != CHESS_QUEEN)
        return -1000 + promo;
    int see = chess_see(pos, m);
    if (see < 0)
        return see;
    int victim = (m & CHESS_MOVE_EN_PASSANT)
                     ? CHESS_PAWN
                     : CHESS_TYPE(pos->board[CHESS_MOVE_TO(m)]);
    int attacker = CHESS_TYPE(pos->board[CHESS_MOVE_FROM(m)]);
    return 1000000 + 64 * victim + 8 * promo - attacker;
}

/* Every noisy move of `pos` scored as the exchange says; counts them in
 * counted[0] and those that lose material in counted[1]. */
static void expect_noisy_scores(const chess_pos *pos, int counted[2])
{
    pab_move_t moves[CHESS_MAX_MOVES];
    int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        pab_move_t m = moves[i];
        if (!pos->board[CHESS_MOVE_TO(m)] && !CHESS_MOVE_PROMO(m) &&
            !(m & CHESS_MOVE_EN_PASSANT))
            continue;
        int32_t want = noisy_score_by_see(pos, m);
        cr_expect_eq(chess_noisy_score(pos, m), want,
                     "move %d of a position: %d, by the exchange %d", i,
                     (int)chess_noisy_score(pos, m), (int)want);
        counted[0]++;
        counted[1] += want < 0 && want > -1000;
    }
}

/* Captures of a piece worth at least the taker's skip the exchange; their
 * score is still the exchange's: every noisy move of the perft suite's
 * positions and of the positions one move after them. */
Test(chess, noisy_scores_skip_only_exchanges_that_cannot_lose)
{
    FILE *f = open_data("perftsuite.epd");
    char line[512];
    int counted[2] = {0, 0};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, ";\n")] = '\0';
        chess_pos *pos = new_pos(line);
        expect_noisy_scores(pos, counted);
        pab_move_t moves[CHESS_MAX_MOVES];
        int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
        for (int i = 0; i < n; i++) {
            cr_assert(chess_make(pos, moves[i]));
            expect_noisy_scores(pos, counted);
            chess_unmake(pos, moves[i]);
        }
        free(pos);
    }
    fclose(f);
    /* Both kinds, many times: 2738 noisy moves, 1220 of them losing. */
    cr_expect_eq(counted[0], 2738);
    cr_expect_eq(counted[1], 1220);
}

/* The old table and the staged one count the same perft, and search the
 * same minimax value where nothing is pruned (plain mode). */
Test(chess, staged_and_plain_tables_agree, .timeout = 120)
{
    pab_game staged, plain;
    chess_game_init(&staged);
    chess_game_init_plain(&plain);
    cr_assert(staged.flags & PAB_GAME_STAGED);
    cr_assert_null(plain.generate_scored);
    for (int k = 0; k < 4; k++) {
        const char *fen = chess_bk_positions[k].fen;
        chess_pos *pos = new_pos(fen);
        uint64_t a = 0, b = 0;
        pos->perft = true;
        cr_assert_eq(pab_perft(&staged, pos, 3, PAB_PERFT_BULK, &a), 0);
        cr_assert_eq(pab_perft(&plain, pos, 3, PAB_PERFT_BULK, &b), 0);
        cr_assert_eq(a, b, "%s", fen);
        pos->perft = false;
        pab_config c;
        pab_config_init(&c);
        c.plain = true;
        c.max_depth = 3;
        pab_result r[2];
        const pab_game *games[2] = {&staged, &plain};
        for (int t = 0; t < 2; t++) {
            pab_searcher *s;
            cr_assert_eq(pab_searcher_create(&s, games[t], 1 << 20), 0);
            cr_assert_eq(pab_search(s, pos, &c, &r[t]), 0);
            pab_searcher_destroy(s);
        }
        cr_assert_eq(r[0].score, r[1].score, "%s", fen);
        free(pos);
    }
}

/* ---- the evaluation's terms (issue 13) ----------------------------------- */

#include "../examples/games/chess_eval.h"

static pab_score_t eval_of(const char *fen)
{
    chess_pos *pos = new_pos(fen);
    pab_score_t e = chess_evaluate(pos);
    free(pos);
    return e;
}

/* The hand-written evaluation alone, the learned correction off. */
static pab_score_t hand_evaluate(const chess_pos *pos)
{
    const chess_net *net = chess_net_active;
    chess_net_active = NULL;
    pab_score_t e = chess_evaluate(pos);
    chess_net_active = net;
    return e;
}

static void expect_mirror_equal(const char *fen)
{
    char mirrored[CHESS_FEN_MAX];
    mirror_fen(fen, mirrored);
    pab_score_t a = eval_of(fen), b = eval_of(mirrored);
    cr_expect_eq(a, b, "%s: %d, mirrored %s: %d", fen, (int)a, mirrored,
                 (int)b);
}

/* Every term is computed for both colours alike: the 126 positions of the
 * perft suite and the 24 of Bratko-Kopec score as their mirrors do. */
Test(chess, evaluation_is_symmetric_over_the_test_suites)
{
    FILE *f = open_data("perftsuite.epd");
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, ";\n")] = '\0';
        expect_mirror_equal(line);
        n++;
    }
    fclose(f);
    cr_expect_eq(n, 126);
    for (int i = 0; i < CHESS_BK_COUNT; i++) {
        char fen[CHESS_FEN_MAX];
        snprintf(fen, sizeof fen, "%s 0 1", chess_bk_positions[i].fen);
        expect_mirror_equal(fen);
    }
}

/* The difference the weights [first, last] make to eval(a) - eval(b):
 * the same difference with those weights at zero, subtracted. */
static int terms_difference(const char *a, const char *b, int first, int last)
{
    int with = eval_of(a) - eval_of(b);
    int saved[CW_COUNT];
    memcpy(saved, chess_weights, sizeof saved);
    for (int w = first; w <= last; w++)
        chess_weights[w] = 0;
    int without = eval_of(a) - eval_of(b);
    memcpy(chess_weights, saved, sizeof saved);
    return with - without;
}

/* A passed pawn on the sixth rank is worth more than on the third, and
 * more than its table entries alone say: the passed-pawn terms add to the
 * difference. */
Test(chess, passed_pawn_on_the_sixth_beats_the_third)
{
    const char *sixth = "6k1/7p/P7/8/8/8/7P/6K1 w - - 0 1";
    const char *third = "6k1/7p/8/8/8/P7/7P/6K1 w - - 0 1";
    int e6 = eval_of(sixth), e3 = eval_of(third);
    cr_expect_gt(e6 - e3, 80, "sixth %d, third %d", e6, e3);
    int passed =
        terms_difference(sixth, third, CW_PASSED_R2_MG, CW_PASSED_OWN_KING_EG);
    cr_expect_gt(passed, 40, "passed-pawn terms: %d", passed);
    /* Not passed (a black pawn on b7 stops it): the table's difference
     * only, and smaller. */
    int blocked = eval_of("6k1/1p5p/P7/8/8/8/7P/6K1 w - - 0 1") -
                  eval_of("6k1/1p5p/8/8/8/P7/7P/6K1 w - - 0 1");
    cr_expect_lt(blocked, e6 - e3, "blocked %d, passed %d", blocked, e6 - e3);
}

/* A castled king behind f2, g2 and h2 against one whose g- and h-pawns
 * are gone: the shelter terms alone are worth more than a third of a pawn
 * with all the pieces on the board. */
Test(chess, king_shield_intact_beats_shield_gone)
{
    const char *intact =
        "r1bq1rk1/ppp2ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1";
    const char *gone =
        "r1bq1rk1/ppp2ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2P2/R1BQ1RK1 w - - 0 1";
    int shelter =
        terms_difference(intact, gone, CW_SHIELD_NEAR_MG, CW_KING_OPEN_EG);
    cr_expect_gt(shelter, 30, "shelter terms: %d", shelter);
    /* Two pawns and the shelter: more than the two pawns' material. */
    int e_intact = eval_of(intact), e_gone = eval_of(gone);
    cr_expect_gt(e_intact - e_gone, 2 * chess_weights[CW_PAWN_MG],
                 "intact %d, gone %d", e_intact, e_gone);
}

/* A queen and a knight next to the king cost its side more than the same
 * pieces a few squares away, and the king-attack terms are why: by more
 * than a tenth of a pawn in this ending, where the middle game's square
 * of the attack counts for less than half. */
Test(chess, attacks_on_the_king_zone_cost)
{
    const char *near = "6k1/5ppp/8/8/6nq/8/5PPP/R5K1 w - - 0 1";
    const char *away = "6k1/5ppp/8/nq6/8/8/5PPP/R5K1 w - - 0 1";
    int attack = terms_difference(away, near, CW_KA_KNIGHT, CW_KING_DANGER_EG);
    cr_expect_gt(attack, 10, "king-attack terms: %d", attack);
}

/* One pair of positions for one term: `better` and `worse` differ where
 * the term looks, and its weights alone (first..last, MG and EG) make
 * `better` more than `by` centipawns better. */
typedef struct term_case {
    const char *what, *better, *worse;
    int first, last, by;
} term_case;

static void expect_term(const term_case *c)
{
    int d = terms_difference(c->better, c->worse, c->first, c->last);
    cr_expect_gt(d, c->by, "%s terms: %d", c->what, d);
}

/* A rook a knight attacks and a knight the enemy attacks and nobody
 * guards cost their side (queens and pawns on, so that no drawish ending
 * scales them down); a knight on e5 behind a pawn no black pawn can ever
 * chase away is worth more than the same knight that d7-d6 would attack;
 * two pawns side by side more than two apart. */
Test(chess, threats_outposts_and_connected_pawns_count)
{
    static const term_case cases[] = {
        {"minor-threat", "3q2k1/5ppp/3n4/8/R7/8/5PPP/3Q2K1 w - - 0 1",
         "3q2k1/5ppp/3n4/8/4R3/8/5PPP/3Q2K1 w - - 0 1", CW_THREAT_MINOR_MG,
         CW_THREAT_MINOR_EG, 10},
        {"hanging", "3q2k1/5ppp/8/8/3N4/4P3/5PPP/1Q4K1 w - - 0 1",
         "3q2k1/5ppp/8/8/3N4/8/4PPPP/1Q4K1 w - - 0 1", CW_HANGING_MG,
         CW_HANGING_EG, 10},
        {"outpost", "q3k3/8/p7/4N3/3P4/8/8/Q3K3 w - - 0 1",
         "q3k3/3p4/8/4N3/3P4/8/8/Q3K3 w - - 0 1", CW_OUTPOST_MG, CW_OUTPOST_EG,
         10},
        {"connected", "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1",
         "4k3/8/8/8/3P2P1/8/8/4K3 w - - 0 1", CW_CONNECTED_MG, CW_CONNECTED_EG,
         5},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_term(&cases[i]);
}

/* The king's other dangers and the bishops' pawns (queens and rooks on,
 * so that the middle game counts): an attack on the king without the
 * enemy queen against the same attack beside a queen; enemy pawns kept
 * home against the same pawns two ranks in front of the king; a bishop
 * whose pawns stand on the other colour. */
Test(chess, queenless_attacks_storms_and_bishop_pawns_count)
{
    static const term_case cases[] = {
        {"no-queen", "6k1/5ppp/8/8/6n1/7r/5PPP/Q5K1 w - - 0 1",
         "q5k1/5ppp/8/8/6n1/7r/5PPP/Q5K1 w - - 0 1", CW_KA_NO_QUEEN,
         CW_KA_NO_QUEEN, 0},
        {"storm", "r2q1rk1/5ppp/8/8/8/8/5PPP/R2Q1RK1 w - - 0 1",
         "r2q1rk1/5p2/8/8/8/6pp/5PPP/R2Q1RK1 w - - 0 1", CW_STORM_2_MG,
         CW_STORM_3_MG, 10},
        {"bishop-pawns", "3qk3/pppp4/8/8/2B5/P1P1P3/8/3QK3 w - - 0 1",
         "3qk3/pppp4/8/8/2B5/8/P1P1P3/3QK3 w - - 0 1", CW_BISHOP_PAWNS_MG,
         CW_BISHOP_PAWNS_EG, 5},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_term(&cases[i]);
}

/* Isolated and doubled pawns are weaknesses: a2-d2 and g2-h2 against
 * the d-pawn on c3 (doubled) or on e2 (isolated). */
Test(chess, isolated_and_doubled_pawns_cost)
{
    const char *sound = "4k3/pppppppp/8/8/8/8/PPPP2PP/4K3 w - - 0 1";
    const char *doubled = "4k3/pppppppp/8/8/8/2P5/PPP3PP/4K3 w - - 0 1";
    const char *isolated = "4k3/pppppppp/8/8/8/8/PPP1P1PP/4K3 w - - 0 1";
    int d = terms_difference(sound, doubled, CW_DOUBLED_MG, CW_DOUBLED_EG);
    int i = terms_difference(sound, isolated, CW_ISOLATED_MG, CW_ISOLATED_EG);
    cr_expect_gt(d, 5, "doubled term: %d", d);
    cr_expect_gt(i, 5, "isolated term: %d", i);
    /* The hand-written evaluation agrees as a whole.  The learned
     * correction may not on made-up positions two pawns down (0.10.2's
     * weights put the doubled one 10 centipawns ahead), so it is off. */
    chess_pos *a = new_pos(sound), *b = new_pos(doubled);
    cr_expect_gt(hand_evaluate(a), hand_evaluate(b));
    free(a);
    free(b);
}

/* Each weight has its header's value and name. */
Test(chess, weights_table_names_its_entries)
{
    char buf[32];
    cr_expect_str_eq(chess_weight_name(CW_PAWN_MG, buf), "PAWN_MG");
    cr_expect_str_eq(chess_weight_name(CW_THREAT_PAWN_EG, buf),
                     "THREAT_PAWN_EG");
    cr_expect_str_eq(chess_weight_name(CW_CONNECTED_EG, buf), "CONNECTED_EG");
    cr_expect_str_eq(chess_weight_name(CW_BISHOP_PAWNS_EG, buf),
                     "BISHOP_PAWNS_EG");
    cr_expect_str_eq(chess_weight_name(CW_PST_OF(CHESS_KING, 1) + 63, buf),
                     "PST_KING_EG[63]");
    cr_expect_eq(CW_COUNT, CW_PST + 768);
}

/* ---- the evaluation's learned correction (chess_net.h) ------------------ */

/* Each view has one input on per piece, and white's view of a position
 * is black's view of its mirror. */
Test(chess, network_inputs_are_the_pieces_seen_from_each_side)
{
    const char *fen =
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    char mirrored[CHESS_FEN_MAX];
    mirror_fen(fen, mirrored);
    chess_pos *a = new_pos(fen), *b = new_pos(mirrored);
    uint16_t wa[CHESS_NET_PIECES], bb[CHESS_NET_PIECES];
    int n = chess_net_inputs(a, CHESS_WHITE, wa);
    cr_assert_eq(n, 32);
    cr_assert_eq(chess_net_inputs(b, CHESS_BLACK, bb), n);
    bool seen[CHESS_NET_INPUTS] = {false};
    for (int i = 0; i < n; i++)
        seen[wa[i]] = true;
    for (int i = 0; i < n; i++)
        cr_expect(seen[bb[i]], "input %d of the mirror's black view", bb[i]);
    /* White's knight on e5 (square 36): input (0 * 6 + 1) * 64 + 36. */
    cr_expect(seen[64 + 36]);
    free(a);
    free(b);
}

/* One hidden unit that opens halfway for a white knight on f3: the
 * correction is 100 * (QA / 2) * w2 / (QA * QB) centipawns for white, the
 * opposite on the mirrored board, nothing when both sides have it. */
Test(chess, network_correction_is_its_arithmetic)
{
    static chess_net net;                  /* zero but for the one unit */
    net.w1[64 + 21][0] = CHESS_NET_QA / 2; /* white knight, f3 */
    net.w2[0] = CHESS_NET_QB * 3 / 4;
    chess_pos *one = new_pos("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1");
    chess_pos *mirror = new_pos("4k3/8/5n2/8/8/8/8/4K3 b - - 0 1");
    chess_pos *both = new_pos("4k3/8/5n2/8/8/5N2/8/4K3 w - - 0 1");
    cr_expect_eq(chess_net_correction(&net, one), 37); /* 37.5, truncated */
    cr_expect_eq(chess_net_correction(&net, mirror), -37);
    cr_expect_eq(chess_net_correction(&net, both), 0);
    /* A unit open past QA is clipped there. */
    net.w1[64 + 21][0] = 3 * CHESS_NET_QA;
    cr_expect_eq(chess_net_correction(&net, one), 75);
    free(one);
    free(mirror);
    free(both);
}

/* Weights out past 16 bits, together the largest the engine allows, and
 * pulling the two views apart: half the units open fully for white's
 * knight on f3 (white's view) with an even share of it, positive, half
 * for black's knight on a6 (black's view) with a negative one.  The
 * views' difference is then as large as it can be, just under 2^31, and
 * the correction is still its arithmetic. */
Test(chess, network_wide_weights_out_do_not_overflow)
{
    static chess_net net;
    const int half = CHESS_NET_HIDDEN / 2;
    for (int j = 0; j < CHESS_NET_HIDDEN; j++) {
        net.w1[j < half ? 64 + 21 : 64 + (40 ^ 56)][j] = CHESS_NET_QA;
        net.w2[j] =
            (j < half ? 1 : -1) * (CHESS_NET_OUT_MAX / CHESS_NET_HIDDEN);
    }
    chess_pos *pos = new_pos("4k3/8/n7/8/8/5N2/8/4K3 w - - 0 1");
    int64_t apart = (int64_t)CHESS_NET_QA * CHESS_NET_HIDDEN *
                    (CHESS_NET_OUT_MAX / CHESS_NET_HIDDEN);
    cr_expect_eq(chess_net_correction(&net, pos),
                 (int)(apart * 100 / (CHESS_NET_QA * CHESS_NET_QB)));
    free(pos);
}

/* The evaluation adds the active network's correction for white. */
Test(chess, evaluation_adds_the_network)
{
    chess_pos *pos = new_pos(
        "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 b - - 0 1");
    const chess_net *shipped = chess_net_active;
    cr_assert_eq(shipped, &chess_net_trained);
    pab_score_t alone = hand_evaluate(pos);
    /* Black to move: white's correction counts against it. */
    cr_expect_eq(chess_evaluate(pos),
                 alone - chess_net_correction(shipped, pos));
    free(pos);
}

/* ---- correction history (libpab 0.11) ------------------------------------ */

static uint64_t nodes_of(pab_searcher *s, const chess_pos *pos,
                         const pab_config *c)
{
    pab_result r;
    pab_tt_clear(pab_searcher_tt(s));
    int rc = pab_search(s, pos, c, &r);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    return r.stats.nodes;
}

static int forget_rc;

static int forget_in_search(pab_searcher *s, const void *root, pab_config *c,
                            void *user)
{
    (void)root;
    (void)c;
    (void)user;
    forget_rc = pab_searcher_forget(s);
    return 0;
}

static int keep_result(pab_searcher *s, const pab_config *c, int rc,
                       pab_result *r, void *user)
{
    (void)s;
    (void)c;
    (void)r;
    (void)user;
    return rc;
}

/* What one search learnt of the evaluation steers the next one (the same
 * position from an empty table searches another tree) until
 * pab_searcher_forget(), after which it searches the first tree again; with
 * correction_bits 0 the correction key changes nothing at all. */
Test(chess, correction_history_is_kept_until_forgotten, .timeout = 120)
{
    chess_pos *pos = new_pos(chess_bk_positions[1].fen);
    pab_game g = chess_game();
    pab_searcher *s;
    cr_assert_eq(pab_searcher_create(&s, &g, (size_t)4 << 20), 0);
    pab_config c;
    pab_config_init(&c);
    c.max_depth = 7;
    cr_assert_eq(c.correction_bits, 14);
    c.correction_bits = 21;
    cr_assert_eq(pab_config_validate(&c), PAB_EINVAL);
    cr_assert_eq(pab_search(s, pos, &c, &(pab_result){0}), PAB_EINVAL);
    c.correction_bits = 14;
    const uint64_t first = nodes_of(s, pos, &c);
    const uint64_t again = nodes_of(s, pos, &c);
    cr_assert_neq(again, first, "the second search learnt nothing");
    cr_assert_eq(pab_searcher_forget(s), 0);
    cr_assert_eq(nodes_of(s, pos, &c), first);
    cr_assert_eq(pab_searcher_forget(NULL), PAB_EINVAL);

    /* Without the table the key is never asked: the game without it. */
    c.correction_bits = 0;
    const uint64_t off = nodes_of(s, pos, &c);
    cr_assert_eq(nodes_of(s, pos, &c), off);
    pab_game keyless = chess_game();
    keyless.correction_key = NULL;
    pab_searcher *k;
    cr_assert_eq(pab_searcher_create(&k, &keyless, (size_t)4 << 20), 0);
    cr_assert_eq(nodes_of(k, pos, &c), off);
    c.correction_bits = 14; /* asked for, but the game has no key */
    cr_assert_eq(nodes_of(k, pos, &c), off);
    cr_assert_eq(pab_searcher_forget(k), 0);
    pab_searcher_destroy(k);

    /* Not while a search runs on the searcher. */
    pab_searcher_hooks h = {
        .size = sizeof h, .start = forget_in_search, .finish = keep_result};
    cr_assert_eq(pab_searcher_set_hooks(s, &h), 0);
    forget_rc = 1;
    nodes_of(s, pos, &c);
    cr_assert_eq(forget_rc, PAB_EBUSY);
    pab_searcher_destroy(s);
    free(pos);
}

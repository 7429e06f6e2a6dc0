/*
 * pab-chess bench and bk: the 24 Bratko-Kopec positions, searched to a
 * fixed depth (a speed figure and, at one thread, a determinism check) or
 * for a fixed time each (how many best moves the engine finds).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "pab-chess.h"
#include "uci.h"

#define BENCH_DEPTH_DEFAULT 8
#define BENCH_HASH_MB       16
#define BK_MOVETIME_DEFAULT 10000
#define BK_HASH_MB          64

/* What both commands take: [limit] [threads] [algorithm] [table], the
 * table "staged" (the default, chess_game_init) or "plain" (the table of
 * libpab 0.1-0.3, chess_game_init_plain). */
typedef struct run_args {
    long limit;
    unsigned threads;
    int algorithm;
    bool plain;
} run_args;

static void read_args(int argc, char **argv, const char *what, long lo, long hi,
                      run_args *a)
{
    if (argc > 5) {
        fprintf(stderr, "%s %s: too many arguments\n", pc_prog, argv[0]);
        exit(2);
    }
    if (argc > 1)
        a->limit = pc_number(what, argv[1], lo, hi);
    a->threads =
        argc > 2 ? (unsigned)pc_number("threads", argv[2], 1, PAB_THREADS_MAX)
                 : 1;
    int chosen = argc > 3 ? pc_algorithm(argv[3]) : UCI_ALGORITHM_DEFAULT;
    if (argc <= 3 && a->threads == 1)
        chosen = PAB_ALGO_SERIAL;
    a->algorithm = uci_algorithm(chosen, a->threads);
    a->threads = uci_threads(a->algorithm, a->threads);
    a->plain = false;
    if (argc > 4 && strcmp(argv[4], "staged") != 0) {
        if (strcmp(argv[4], "plain") != 0) {
            fprintf(stderr, "%s %s: table '%s' is neither staged nor plain\n",
                    pc_prog, argv[0], argv[4]);
            exit(2);
        }
        a->plain = true;
    }
}

/* One search from a clear table, so that every position's count depends
 * on that position alone. */
static int search_one(pab_searcher *s, const chess_epd *epd, chess_pos *pos,
                      const pab_config *cfg, pab_result *r)
{
    char err[160];
    if (chess_from_fen(pos, epd->fen, err, sizeof err) < 0) {
        fprintf(stderr, "%s: %s: %s\n", pc_prog, epd->id, err);
        return PAB_EINVAL;
    }
    pab_tt_clear(pab_searcher_tt(s));
    pab_searcher_forget(s);
    int rc = pab_search(s, pos, cfg, r);
    if (rc < 0)
        fprintf(stderr, "%s: %s: %s search: %s\n", pc_prog, epd->id,
                pab_algorithm_name(cfg->algorithm), pab_strerror(rc));
    return rc;
}

/* Set up a searcher and a position, run `each` on every position. */
typedef int (*each_fn)(pab_searcher *s, unsigned index, chess_pos *pos,
                       const pab_config *cfg, void *acc);

static int over_positions(const run_args *a, unsigned hash_mb, pab_config *cfg,
                          each_fn each, void *acc)
{
    pab_game game;
    pab_searcher *s;
    chess_init();
    if (a->plain)
        chess_game_init_plain(&game);
    else
        chess_game_init(&game);
    chess_pos *pos = malloc(sizeof *pos);
    if (pos == NULL || pc_searcher_new(&game, hash_mb, &s) < 0) {
        free(pos);
        return 1;
    }
    cfg->algorithm = a->algorithm;
    cfg->threads = a->threads;
    int status = 0;
    for (unsigned i = 0; i < CHESS_BK_COUNT && status == 0; i++)
        if (each(s, i, pos, cfg, acc) < 0)
            status = 1;
    pab_searcher_destroy(s);
    free(pos);
    return status;
}

/* ---- bench --------------------------------------------------------------- */

typedef struct bench_sum {
    uint64_t nodes, ms;
} bench_sum;

static int bench_one(pab_searcher *s, unsigned i, chess_pos *pos,
                     const pab_config *cfg, void *acc)
{
    bench_sum *sum = acc;
    pab_result r;
    char move[8], score[32];
    int rc = search_one(s, &chess_bk_positions[i], pos, cfg, &r);
    if (rc < 0)
        return rc;
    chess_move_to_uci(r.best_move, move, sizeof move);
    uci_score_text(r.score, score, sizeof score);
    printf("%2u %-5s score %-9s nodes %10" PRIu64 " time %6" PRIu64 " ms\n",
           i + 1, move, score, r.stats.nodes, r.time_ms);
    fflush(stdout);
    sum->nodes += r.stats.nodes;
    sum->ms += r.time_ms;
    return 0;
}

int pc_bench(int argc, char **argv)
{
    run_args a = {.limit = BENCH_DEPTH_DEFAULT};
    read_args(argc, argv, "depth", 1, PAB_DEPTH_MAX, &a);
    pab_config cfg;
    pab_config_init(&cfg);
    cfg.max_depth = (int)a.limit;
    bench_sum sum = {0, 0};
    printf("bench: depth %ld, %u thread%s, %s, %u MB table\n", a.limit,
           a.threads, a.threads == 1 ? "" : "s",
           pab_algorithm_name(a.algorithm), BENCH_HASH_MB);
    int status = over_positions(&a, BENCH_HASH_MB, &cfg, bench_one, &sum);
    if (status != 0)
        return status;
    uint64_t ms = sum.ms ? sum.ms : 1;
    printf("Total time (ms): %" PRIu64 "\n", sum.ms);
    printf("Nodes searched: %" PRIu64 "\n", sum.nodes);
    printf("Nodes/second: %" PRIu64 "\n", sum.nodes * 1000 / ms);
    return 0;
}

/* ---- bk ------------------------------------------------------------------ */

/* Whether `move` is one of the position's best moves (SAN, spaces). */
static bool is_best(const chess_pos *pos, const char *bm, pab_move_t move)
{
    char san[16];
    while (*bm != '\0') {
        size_t n = strcspn(bm, " ");
        if (n < sizeof san) {
            memcpy(san, bm, n);
            san[n] = '\0';
            if (chess_move_from_san(pos, san) == move)
                return true;
        }
        bm += n;
        bm += strspn(bm, " ");
    }
    return false;
}

static int bk_one(pab_searcher *s, unsigned i, chess_pos *pos,
                  const pab_config *cfg, void *acc)
{
    unsigned *solved = acc;
    const chess_epd *epd = &chess_bk_positions[i];
    pab_result r;
    char san[16], score[32];
    int rc = search_one(s, epd, pos, cfg, &r);
    if (rc < 0)
        return rc;
    bool ok =
        r.best_move != PAB_MOVE_NONE && is_best(pos, epd->bm, r.best_move);
    chess_move_to_san(pos, r.best_move, san, sizeof san);
    uci_score_text(r.score, score, sizeof score);
    printf("%s %-7s %-7s bm %-8s depth %2d score %-9s nodes %10" PRIu64
           " time %6" PRIu64 " ms\n",
           epd->id, ok ? "solved" : "missed", san, epd->bm, r.depth, score,
           r.stats.nodes, r.time_ms);
    fflush(stdout);
    *solved += ok;
    return 0;
}

int pc_bk(int argc, char **argv)
{
    run_args a = {.limit = BK_MOVETIME_DEFAULT};
    read_args(argc, argv, "movetime", 1, 24L * 3600 * 1000, &a);
    pab_config cfg;
    pab_config_init(&cfg);
    cfg.time_limit_ms = (uint64_t)a.limit;
    unsigned solved = 0;
    printf("bk: %ld ms a position, %u thread%s, %s, %u MB table\n", a.limit,
           a.threads, a.threads == 1 ? "" : "s",
           pab_algorithm_name(a.algorithm), BK_HASH_MB);
    int status = over_positions(&a, BK_HASH_MB, &cfg, bk_one, &solved);
    if (status == 0)
        printf("solved: %u of %d\n", solved, CHESS_BK_COUNT);
    return status;
}

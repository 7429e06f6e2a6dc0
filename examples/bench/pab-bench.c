/*
 * pab-bench: one driver for every example game -- perft, search, solve and
 * the thesis' ordering experiment.  See pab-bench(1).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pab/pab.h>

#include "args.h"

#include "../common/ranks.h"
#include "../games/games.h"
#include "bench.h"
#include "classify.h"
#include "compare.h"
#include "ordering.h"
#include "train.h"

typedef struct options {
    const char *command;
    const char *game;
    const char *position;
    const char *params;
    int depth; /* -1: the game's default */
    const char *algo;
    unsigned threads;
    unsigned hash_mb;
    int plain;            /* -1: the game's default */
    const char *opts[64]; /* --opt NAME=VALUE, in order */
    unsigned nopts;
} options;

static const char *prog = "pab-bench";

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: %s perft  --game=G [--position=P] [--params=X] --depth=D\n"
        "       %s search --game=G [--position=P] [--params=X] [--depth=D]\n"
        "                 [--algo=A] [--threads=N] [--hash-mb=M] "
        "[--plain|--no-plain]\n"
        "                 [--opt NAME=VALUE ...]\n"
        "       %s solve  --game=G [--position=P] [--algo=A] "
        "[--threads=N] [--hash-mb=M]\n"
        "                 [--opt NAME=VALUE ...]\n"
        "       %s compare [--game=G] [--positions=FILE] [--algos=LIST] "
        "[--threads=LIST | --simulate=LIST]\n"
        "                 [--depth=D] [--repeat=K] [--opt NAME=VALUE ...] "
        "[--csv=FILE]\n"
        "                 [--json=FILE] [--plot=FILE.png] "
        "[--stockfish=PATH|none]\n"
        "                 [--sim-seeds=K] [--sim-calibrate] "
        "(with --simulate)\n"
        "       %s ordering --tree=b,wa,wb --seeds=tg1|tg2 --depth=D\n"
        "       %s classify [--tree=b,wa,wb] [--depth=D] [--n=N]  (tables 5.2, "
        "5.3, 5.4)\n"
        "       %s train [--tree=b,wa,wb] [--epochs=N] [--out=DIR]  (table "
        "5.1)\n"
        "       %s options    (every --opt NAME, what it takes, its default)\n"
        "games:",
        prog, prog, prog, prog, prog, prog, prog, prog);
    for (int i = 0; ex_games[i] != NULL; i++)
        fprintf(f, " %s", ex_games[i]->name);
    fprintf(f, "\n");
}

static void parse_options(int argc, char **argv, options *o)
{
    const char *v;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if ((v = bench_arg_value(a, "--game")))
            o->game = v;
        else if ((v = bench_arg_value(a, "--position")))
            o->position = v;
        else if ((v = bench_arg_value(a, "--params")) ||
                 (v = bench_arg_value(a, "--tree")))
            o->params = v;
        else if ((v = bench_arg_value(a, "--depth")))
            o->depth = (int)bench_number("--depth", v, 0, PAB_DEPTH_MAX);
        else if ((v = bench_arg_value(a, "--algo")))
            o->algo = v;
        else if ((v = bench_arg_value(a, "--threads")))
            o->threads =
                (unsigned)bench_number("--threads", v, 1, PAB_THREADS_MAX);
        else if ((v = bench_arg_value(a, "--hash-mb")))
            o->hash_mb = (unsigned)bench_number("--hash-mb", v, 1, 1 << 20);
        else if ((v = bench_arg_value(a, "--opt")) ||
                 (strcmp(a, "--opt") == 0 && i + 1 < argc && (v = argv[++i]))) {
            if (o->nopts == sizeof o->opts / sizeof o->opts[0])
                bench_fail("%s", "too many --opt");
            o->opts[o->nopts++] = v;
        } else if (strcmp(a, "--plain") == 0)
            o->plain = 1;
        else if (strcmp(a, "--no-plain") == 0)
            o->plain = 0;
        else
            bench_fail("unknown option '%s' (see --help)", a);
    }
}

/* ---- perft -------------------------------------------------------------- */

/* Per-move counts at the root, as Stockfish prints them, then the total. */
static int cmd_perft(const options *o)
{
    bench_loaded l;
    bench_load(o->game, o->params, o->position, &l);
    if (o->depth < 1)
        bench_fail("%s", "perft needs --depth=D with D >= 1");
    const pab_game *g = &l.game;
    pab_move_t moves[PAB_MAX_MOVES * 4];
    unsigned cap = g->max_moves ? g->max_moves : PAB_MAX_MOVES;
    if (cap > sizeof moves / sizeof moves[0])
        bench_fail("%s", "game has too many moves for pab-bench");
    pab_score_t terminal = 0;
    int n = g->generate(l.state, moves, cap, &terminal, g->user);
    uint64_t total = 0, t0 = bench_now_ms();
    if (n == 0 && (l.ex->perft_flags & PAB_PERFT_COUNT_TERMINAL))
        total = 1;
    for (int i = 0; i < n; i++) {
        uint64_t count = 0;
        if (g->make(l.state, moves[i], g->user)) {
            int rc =
                pab_perft(g, l.state, o->depth - 1, l.ex->perft_flags, &count);
            if (rc < 0)
                bench_fail("perft: %s", pab_strerror(rc));
            char name[32];
            g->unmake(l.state, moves[i], g->user);
            l.ex->move_name(g, l.state, moves[i], name, sizeof name);
            printf("%s: %" PRIu64 "\n", name, count);
            fflush(stdout);
            total += count;
            if (bench_now_ms() - t0 > 1000) /* progress, after a second */
                fprintf(stderr,
                        "perft: %d of %d root moves, %" PRIu64 " leaves\n",
                        i + 1, n, total);
        } else {
            g->unmake(l.state, moves[i], g->user);
        }
    }
    printf("\ntime_ms %" PRIu64 "\nNodes searched: %" PRIu64 "\n",
           bench_now_ms() - t0, total);
    bench_unload(&l);
    return 0;
}

/* ---- search and solve ---------------------------------------------------- */

typedef struct progress {
    const bench_loaded *l;
    uint64_t t0;
    bool shown;
} progress;

/* A progress line on stderr once a search has run for a second. */
static void on_iteration(const pab_result *r, void *user)
{
    progress *p = user;
    if (ex_ranks_rank() != 0 || bench_now_ms() - p->t0 < 1000)
        return;
    fprintf(stderr,
            "\rdepth %d score %d nodes %" PRIu64 " time_ms %" PRIu64 "   ",
            r->depth, (int)r->score, r->stats.nodes, r->time_ms);
    p->shown = true;
}

static int run_search(const options *o, bench_loaded *l, pab_config *cfg,
                      pab_result *res)
{
    pab_searcher *s;
    size_t bytes = (size_t)(o->hash_mb ? o->hash_mb : 64) << 20;
    int rc = ex_ranks_searcher_create(&s, &l->game, bytes);
    if (rc < 0)
        bench_fail("cannot create searcher: %s", pab_strerror(rc));
    if (o->algo != NULL) {
        int a = pab_algorithm_from_name(o->algo);
        if (a < 0)
            bench_fail("unknown algorithm '%s'", o->algo);
        cfg->algorithm = (pab_algorithm)a;
    }
    cfg->threads = o->threads ? o->threads : 1;
    for (unsigned i = 0; i < o->nopts; i++)
        bench_apply_opt(cfg, o->opts[i]);
    progress p = {.l = l, .t0 = bench_now_ms()};
    cfg->info = on_iteration;
    cfg->info_user = &p;
    rc = pab_search(s, l->state, cfg, res);
    if (p.shown)
        fprintf(stderr, "\n");
    char line[256];
    ex_ranks_describe(s, line, sizeof line);
    if (rc == 0 && line[0] != '\0')
        printf("%s\n", line);
    pab_searcher_destroy(s);
    if (rc < 0)
        bench_fail("search failed: %s", pab_strerror(rc));
    return rc;
}

static void print_stats(const pab_result *res)
{
    const pab_stats *st = &res->stats;
    printf("stats nodes %" PRIu64 " qnodes %" PRIu64 " tt_probes %" PRIu64
           " tt_hits %" PRIu64 " tt_cutoffs %" PRIu64 " re_searches %" PRIu64
           " on_evaluation %" PRIu64 " deferrals %" PRIu64 " splits %" PRIu64
           " aborts %" PRIu64 " idle_ms %" PRIu64 " split_wait_ms %" PRIu64
           "\n",
           st->nodes, st->qnodes, st->tt_probes, st->tt_hits, st->tt_cutoffs,
           st->re_searches, st->on_evaluation, st->deferrals, st->splits,
           st->aborts, st->idle_ns / 1000000u, res->split_wait_ns / 1000000u);
}

static int cmd_search(const options *o)
{
    bench_loaded l;
    bench_load(o->game, o->params, o->position, &l);
    pab_config cfg;
    pab_result res;
    char name[32] = "none";
    pab_config_init(&cfg);
    cfg.max_depth = o->depth >= 0 ? o->depth : l.ex->default_depth;
    cfg.plain = o->plain >= 0 ? o->plain != 0 : l.ex->plain_default;
    run_search(o, &l, &cfg, &res);
    if (res.best_move != PAB_MOVE_NONE)
        l.ex->move_name(&l.game, l.state, res.best_move, name, sizeof name);
    print_stats(&res);
    printf("bestmove %s score %d depth %d nodes %" PRIu64 " time_ms %" PRIu64,
           name, (int)res.score, res.depth, res.stats.nodes, res.time_ms);
    if (cfg.simulate)
        printf(" ticks %" PRIu64, res.ticks);
    printf("\n");
    bench_unload(&l);
    return 0;
}

/* Search to the end of the game with everything inexact switched off. */
static int cmd_solve(const options *o)
{
    bench_loaded l;
    bench_load(o->game, o->params, o->position, &l);
    pab_config cfg;
    pab_result res;
    pab_config_init(&cfg);
    cfg.null_move = false;
    cfg.late_move_reductions = false;
    cfg.futility_pruning = false;
    if (l.ex->solve_depth != NULL) {
        cfg.max_depth = l.ex->solve_depth(&l.game, l.state);
        if (cfg.max_depth > PAB_DEPTH_MAX)
            cfg.max_depth = PAB_DEPTH_MAX;
    }
    run_search(o, &l, &cfg, &res);
    if (res.stopped)
        printf("stopped by a limit after depth %d of %d: the score below is "
               "that depth's value, not the game's\n",
               res.depth, cfg.max_depth);
    printf("time_ms %" PRIu64 " nodes %" PRIu64 "\nscore %ld\n", res.time_ms,
           res.stats.nodes, l.ex->natural_score(&l.game, l.state, res.score));
    bench_unload(&l);
    return 0;
}

int main(int argc, char **argv)
{
    /* With no --game, the built-in demo: tic-tac-toe's empty board. */
    options o = {.game = "tictactoe", .depth = -1, .plain = -1};
    ex_ranks_init(&argc, &argv);
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    o.command = argv[1];
    if (strcmp(o.command, "--help") == 0 || strcmp(o.command, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(o.command, "ordering") == 0)
        return bench_ordering(argc - 1, argv + 1);
    if (strcmp(o.command, "train") == 0)
        return bench_train(argc - 1, argv + 1);
    if (strcmp(o.command, "classify") == 0)
        return bench_classify(argc - 1, argv + 1);
    if (strcmp(o.command, "compare") == 0)
        return bench_compare(argc - 1, argv + 1);
    if (strcmp(o.command, "options") == 0)
        return bench_list_options();
    parse_options(argc, argv, &o);
    if (strcmp(o.command, "perft") == 0)
        return cmd_perft(&o);
    if (strcmp(o.command, "search") == 0)
        return cmd_search(&o);
    if (strcmp(o.command, "solve") == 0)
        return cmd_solve(&o);
    bench_fail("unknown command '%s' (perft, search, solve, compare, ordering, "
               "classify, train, options)",
               o.command);
    return 2;
}

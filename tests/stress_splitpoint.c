/*
 * Stress of the split-point algorithms, ybwc (strong and weak, the three
 * split policies, and scheme C splitting before the eldest is done),
 * jamboree, pvsplit and dts (scheme B, and scheme C splitting early),
 * under real threads: the ThreadSanitizer suite
 * runs it (Criterion aborts there), the other suites too.
 *
 * Each round picks a variant and a position -- an artificial tree (plain
 * or normal mode), a tic-tac-toe position, a Connect Four line, or Connect
 * Four behind a pointer whose positions own memory (clone and destroy)
 * and which allows null moves, reductions and futility pruning -- and
 * runs one search of it with many threads:
 *   - unlimited: the root value must be the serial search's (not for the
 *     boxed game, whose pruning is inexact: there only a legal move);
 *   - a random node limit, a random time limit, or a stop from a second
 *     thread after a random delay: a legal move must come back, promptly.
 * Split points, aborts (cutoffs elsewhere) and restarts happen all the
 * time at these sizes.
 *
 * Knobs (environment):
 *   PAB_STRESS_SEARCHES  rounds, default 40
 *   PAB_STRESS_THREADS   threads per search, default 8
 *   PAB_STRESS_SEED      seed of the round generator, default 1
 * Prints one summary line; on failure one line on stderr and exit 1.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pab/pab.h>

#include "stress.h"

#include "../examples/games/connect4.h"
#include "../examples/games/tictactoe.h"
#include "../examples/games/tree.h"

#define STOP_LATE_MS 2000 /* a limited search must be back by then */

static const char *prog = "stress_splitpoint";

static void fail(const char *what, unsigned round)
{
    fprintf(stderr, "%s: round %u: %s\n", prog, round, what);
    exit(1);
}

static uint64_t rng_state;

static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)((rng_state >> 16) % n);
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* ---- Connect Four behind a pointer ------------------------------------- */

typedef struct boxed {
    c4_pos *pos;
} boxed;

static pab_game c4;

static int box_clone(void *dst, const void *src, void *user)
{
    boxed *d = dst;
    d->pos = malloc(sizeof *d->pos);
    if (d->pos == NULL)
        return PAB_ENOMEM;
    *d->pos = *((const boxed *)src)->pos;
    return 0;
}

static void box_destroy(void *state, void *user)
{
    boxed *b = state;
    free(b->pos);
    b->pos = NULL;
}

static int box_generate(const void *st, pab_move_t *m, unsigned cap,
                        pab_score_t *terminal, void *user)
{
    return c4.generate(((const boxed *)st)->pos, m, cap, terminal, c4.user);
}

static bool box_make(void *st, pab_move_t m, void *user)
{
    return c4.make(((boxed *)st)->pos, m, c4.user);
}

static void box_unmake(void *st, pab_move_t m, void *user)
{
    c4.unmake(((boxed *)st)->pos, m, c4.user);
}

static pab_score_t box_evaluate(const void *st, void *user)
{
    return c4.evaluate(((const boxed *)st)->pos, c4.user);
}

static uint64_t box_hash(const void *st, void *user)
{
    return c4.hash(((const boxed *)st)->pos, c4.user);
}

/* The null move hands the turn over: the stones swap owners. */
static bool box_make_null(void *st, void *user)
{
    c4_pos *p = ((boxed *)st)->pos;
    p->current ^= p->mask;
    return true;
}

static void box_unmake_null(void *st, void *user)
{
    box_make_null(st, user);
}

static unsigned box_move_flags(const void *st, pab_move_t m, void *user)
{
    return 0; /* every move quiet: reduced and pruned freely */
}

static void boxed_game(pab_game *g)
{
    pab_game_init(g);
    g->state_size = sizeof(boxed);
    g->max_moves = C4_WIDTH;
    g->generate = box_generate;
    g->make = box_make;
    g->unmake = box_unmake;
    g->evaluate = box_evaluate;
    g->hash = box_hash;
    g->clone = box_clone;
    g->destroy = box_destroy;
    g->make_null = box_make_null;
    g->unmake_null = box_unmake_null;
    g->move_flags = box_move_flags;
}

/* ---- the rounds ---------------------------------------------------------- */

typedef struct stopper {
    pab_searcher *s;
    unsigned ms;
} stopper;

static void *stop_later(void *arg)
{
    stopper *st = arg;
    struct timespec ts = {(time_t)(st->ms / 1000),
                          (long)(st->ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    pab_searcher_stop(st->s);
    return NULL;
}

typedef struct totals {
    unsigned exact, limited, stopped;
    uint64_t splits, aborts, nodes;
} totals;

typedef enum { UNLIMITED, NODES, TIME, STOP } limit;

/* One search of `root` with `c`; checks what the limit allows. */
static void one(unsigned round, const pab_game *g, const void *root,
                pab_config c, bool exact,
                bool (*legal)(const void *, pab_move_t), totals *sum)
{
    pab_searcher *s;
    pab_result want, got;
    if (pab_searcher_create(&s, g, 1 << 20) != 0)
        fail("pab_searcher_create", round);
    const limit lim = (limit)rnd(4);
    if (lim == UNLIMITED && exact) {
        pab_config serial = c;
        serial.algorithm = PAB_ALGO_SERIAL;
        serial.threads = 1;
        if (pab_search(s, root, &serial, &want) != 0)
            fail("serial search", round);
        pab_tt_clear(pab_searcher_tt(s));
        pab_searcher_forget(s);
    }
    if (lim == NODES)
        c.node_limit = 1 + rnd(20000);
    if (lim == TIME)
        c.time_limit_ms = 1 + rnd(30);
    stopper st = {s, 1 + rnd(25)};
    pthread_t t;
    if (lim == STOP && pthread_create(&t, NULL, stop_later, &st) != 0)
        fail("pthread_create", round);
    const uint64_t t0 = now_ms();
    const int rc = pab_search(s, root, &c, &got);
    const uint64_t took = now_ms() - t0;
    if (lim == STOP)
        pthread_join(t, NULL);
    if (rc != 0)
        fail(pab_strerror(rc), round);
    if (!legal(root, got.best_move))
        fail("no legal move", round);
    if (lim != UNLIMITED && took > STOP_LATE_MS + (lim == STOP ? st.ms : 0)) {
        char msg[96];
        snprintf(msg, sizeof msg, "a limited search took %" PRIu64 " ms", took);
        fail(msg, round);
    }
    if (lim == UNLIMITED && got.stopped)
        fail("an unlimited search stopped", round);
    if (lim == UNLIMITED && exact && got.score != want.score) {
        char msg[128];
        snprintf(msg, sizeof msg, "%s %u threads: value %d, serial %d",
                 pab_algorithm_name(c.algorithm), c.threads, (int)got.score,
                 (int)want.score);
        fail(msg, round);
    }
    sum->exact += lim == UNLIMITED;
    sum->limited += lim == NODES || lim == TIME;
    sum->stopped += lim == STOP;
    sum->splits += got.stats.splits;
    sum->aborts += got.stats.aborts;
    sum->nodes += got.stats.nodes;
    pab_searcher_destroy(s);
}

static const tree_params *tree_shape;

static bool tree_legal(const void *root, pab_move_t m)
{
    return m < tree_shape->b;
}

static bool ttt_legal(const void *root, pab_move_t m)
{
    const ttt_state *s = root;
    return m < 9 && s->cell[m] == 0;
}

static bool c4_legal(const void *root, pab_move_t m)
{
    return m < C4_WIDTH && c4_can_play(root, (int)m);
}

static bool boxed_legal(const void *root, pab_move_t m)
{
    return c4_legal(((const boxed *)root)->pos, m);
}

static void round_tree(unsigned round, pab_config c, totals *sum)
{
    /* Well ordered to random: the badly ordered ones cut off late, after
     * their nodes split, so helpers are aborted often. */
    static const tree_params shapes[] = {
        {8, 79, 5, TREE_HEIGHT_MAX},  {12, 60, 20, TREE_HEIGHT_MAX},
        {5, 30, 10, TREE_HEIGHT_MAX}, {16, 90, 30, TREE_HEIGHT_MAX},
        {8, 0, 0, TREE_HEIGHT_MAX},   {16, 20, 5, TREE_HEIGHT_MAX}};
    static const int depths[] = {5, 4, 6, 4, 5, 4};
    const unsigned k = rnd(6);
    pab_game g;
    tree_shape = &shapes[k];
    if (tree_game_init(&g, &shapes[k]) != 0)
        fail("tree_game_init", round);
    void *root = malloc(g.state_size);
    if (root == NULL || tree_root(&g, root, 1 + rnd(2000000000)) != 0)
        fail("tree_root", round);
    c.max_depth = depths[k];
    c.plain = rnd(2);
    one(round, &g, root, c, true, tree_legal, sum);
    free(root);
    tree_game_free(&g);
}

static void round_ttt(unsigned round, pab_config c, totals *sum)
{
    static const char *const positions[] = {".........", "X...O....",
                                            "XO.......", "X.O.X...."};
    pab_game g;
    ttt_state s;
    ttt_game(&g, (ttt_scoring)rnd(3));
    if (ttt_parse(&s, positions[rnd(4)]) != 0)
        fail("ttt_parse", round);
    c.max_depth = 1 + (int)rnd(9 - s.stones);
    c.split_min_depth = 1;
    one(round, &g, &s, c, true, ttt_legal, sum);
}

static const char *const c4_lines[] = {
    "67152117737262713366376314254",
    "52677675164321472411331752454",
    "427566236745127177115664464254",
    "2762751722231276466633475674533",
    "4453",
    "44444",
};

static void round_c4(unsigned round, pab_config c, totals *sum)
{
    c4_pos pos;
    char err[128];
    const unsigned k = rnd(6);
    if (c4_parse(&pos, c4_lines[k], err, sizeof err) != 0)
        fail(err, round);
    /* The long lines are solved; the openings searched to a depth. */
    c4_solve_config(&c, &pos);
    if (k >= 4)
        c.max_depth = 11;
    one(round, &c4, &pos, c, true, c4_legal, sum);
}

static void round_boxed(unsigned round, pab_config c, totals *sum)
{
    pab_game g;
    c4_pos pos;
    char err[128];
    boxed root = {&pos};
    boxed_game(&g);
    if (c4_parse(&pos, c4_lines[4 + rnd(2)], err, sizeof err) != 0)
        fail(err, round);
    c.max_depth = 11;
    one(round, &g, &root, c, false, boxed_legal, sum);
}

/* Every node may split at once (wait 0 with m_Ca -1). */
static void eager_classify(const pab_classify_input *in,
                           pab_classify_output *out, void *user)
{
    (void)user;
    out->type = in->index == 0 ? 100 : 50;
    out->wait = 0;
}

int main(void)
{
    const unsigned searches =
        (unsigned)stress_knob(prog, "PAB_STRESS_SEARCHES", 40, 1, 1000000);
    const unsigned threads =
        (unsigned)stress_knob(prog, "PAB_STRESS_THREADS", 8, 1, 256);
    rng_state = 0x9E3779B97F4A7C15ull *
                    (unsigned)stress_knob(prog, "PAB_STRESS_SEED", 1, 0, ~0u) |
                1;
    c4_game_init(&c4);
    totals sum = {0};
    for (unsigned round = 0; round < searches; round++) {
        pab_config c;
        pab_config_init(&c);
        const unsigned variant = rnd(9);
        c.algorithm = variant == 4   ? PAB_ALGO_JAMBOREE
                      : variant == 5 ? PAB_ALGO_PVSPLIT
                      : variant >= 7 ? PAB_ALGO_DTS
                                     : PAB_ALGO_YBWC;
        if (variant == 6 || variant == 8) { /* scheme C, splits before the
                                             * eldest is done */
            c.split_scheme = PAB_SPLIT_SCHEME_C;
            c.classify = eager_classify;
            c.split_m_ca = -1;
            c.split_m_cc = 0;
        }
        c.ybwc_strong = variant & 1;
        c.split_policy = variant & 2   ? PAB_SPLIT_HIGHEST
                         : variant & 1 ? PAB_SPLIT_SELECT
                                       : PAB_SPLIT_RANDOM_OWNER;
        c.split_min_depth = 1 + (int)rnd(3);
        c.ybwc_cut_moves = rnd(4);
        c.threads = threads;
        switch (rnd(4)) {
        case 0: round_tree(round, c, &sum); break;
        case 1: round_ttt(round, c, &sum); break;
        case 2: round_c4(round, c, &sum); break;
        default: round_boxed(round, c, &sum); break;
        }
    }
    printf("%s: %u searches at %u threads (%u exact, %u limited, %u stopped): "
           "%" PRIu64 " nodes, %" PRIu64 " splits, %" PRIu64 " aborts: ok\n",
           prog, searches, threads, sum.exact, sum.limited, sum.stopped,
           sum.nodes, sum.splits, sum.aborts);
    return 0;
}

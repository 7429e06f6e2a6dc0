/*
 * Every parallel algorithm -- lazy-smp (helpers at the main thread's
 * depth), abdada (and its three variants), simplified-abdada, ybwc,
 * jamboree, pvsplit and dts (their split-point variants are in
 * test_ybwc_jamboree.c)
 * -- returns exactly the serial search's root value at the same fixed depth, at
 * 1, 2, 3, 4 and 8 threads: on artificial trees (no transpositions; plain and
 * normal mode; several orderings), on every tic-tac-toe position with a few
 * stones, and on Connect Four lines solved to the end.  Lazy SMP's default
 * (deeper helpers) is checked for sanity.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pab/pab.h>

#include "../examples/games/connect4.h"
#include "../examples/games/tictactoe.h"
#include "../examples/games/tree.h"

typedef struct variant {
    const char *name;
    pab_algorithm algo;
    void (*tweak)(pab_config *c);
} variant;

static void same_depth(pab_config *c)
{
    c->lazy_same_depth = true;
}

static void exclusive_research(pab_config *c)
{
    c->abdada_exclusive_research = true;
}

static void parent_check(pab_config *c)
{
    c->abdada_parent_check = true;
}

static void share_cutoffs(pab_config *c)
{
    c->abdada_share_cutoffs = true;
}

static void defer_early(pab_config *c)
{
    c->defer_depth = 1;
    c->cs_size = 64; /* small: collisions and overwrites happen */
    c->cs_ways = 2;
}

static const variant variants[] = {
    {"lazy-smp same depth", PAB_ALGO_LAZY_SMP, same_depth},
    {"abdada", PAB_ALGO_ABDADA, NULL},
    {"abdada exclusive re-search", PAB_ALGO_ABDADA, exclusive_research},
    {"abdada parent check", PAB_ALGO_ABDADA, parent_check},
    {"abdada cutoffs shared", PAB_ALGO_ABDADA, share_cutoffs},
    {"simplified-abdada", PAB_ALGO_SIMPLIFIED_ABDADA, NULL},
    {"simplified-abdada defer 1", PAB_ALGO_SIMPLIFIED_ABDADA, defer_early},
    {"ybwc", PAB_ALGO_YBWC, NULL},
    {"jamboree", PAB_ALGO_JAMBOREE, NULL},
    {"pvsplit", PAB_ALGO_PVSPLIT, NULL},
    {"dts", PAB_ALGO_DTS, NULL},
};
#define N_VARIANTS (sizeof variants / sizeof variants[0])
static const unsigned thread_counts[] = {1, 2, 3, 4, 8};
#define N_THREADS (sizeof thread_counts / sizeof thread_counts[0])

static pab_result run(pab_searcher *s, const void *root, pab_config *c)
{
    pab_result r;
    pab_tt_clear(pab_searcher_tt(s)); /* each search starts from nothing */
    pab_searcher_forget(s);
    int rc = pab_search(s, root, c, &r);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    cr_assert(!r.stopped);
    return r;
}

/* Every variant at every thread count against serial on one position. */
static void compare_with_serial(const pab_game *g, const void *root,
                                const pab_config *base, const char *what)
{
    pab_searcher *s;
    pab_config c = *base;
    cr_assert_eq(pab_searcher_create(&s, g, 1 << 20), 0);
    c.algorithm = PAB_ALGO_SERIAL;
    c.threads = 1;
    pab_result want = run(s, root, &c);
    for (size_t v = 0; v < N_VARIANTS; v++) {
        for (size_t t = 0; t < N_THREADS; t++) {
            c = *base;
            c.algorithm = variants[v].algo;
            c.threads = thread_counts[t];
            if (variants[v].tweak)
                variants[v].tweak(&c);
            pab_result got = run(s, root, &c);
            cr_assert_eq(got.score, want.score,
                         "%s: %s at %u threads: %d, serial %d", what,
                         variants[v].name, c.threads, (int)got.score,
                         (int)want.score);
            cr_assert_eq(got.depth, want.depth);
            cr_assert_neq(got.best_move, PAB_MOVE_NONE);
            cr_assert_geq(got.stats.nodes, 1);
        }
    }
    pab_searcher_destroy(s);
}

static void trees(bool plain)
{
    static const tree_params shapes[] = {
        {8, 79, 5, TREE_HEIGHT_MAX},   {6, 60, 20, TREE_HEIGHT_MAX},
        {12, 90, 30, TREE_HEIGHT_MAX}, {5, 30, 10, TREE_HEIGHT_MAX},
        {10, 69, 19, TREE_HEIGHT_MAX},
    };
    static const int depths[] = {5, 5, 4, 6, 4};
    uint32_t seeds[TREE_TG1_COUNT];
    cr_assert_eq(tree_seed_set("tg1", seeds, TREE_TG1_COUNT), TREE_TG1_COUNT);
    for (unsigned i = 0; i < 50; i++) {
        unsigned k = i % 5;
        pab_game g;
        cr_assert_eq(tree_game_init(&g, &shapes[k]), 0);
        void *root = malloc(g.state_size);
        cr_assert_eq(tree_root(&g, root, seeds[i]), 0);
        pab_config c;
        pab_config_init(&c);
        c.max_depth = depths[k];
        c.plain = plain;
        char what[64];
        snprintf(what, sizeof what, "tree %u (b=%u) %s", i, shapes[k].b,
                 plain ? "plain" : "normal");
        compare_with_serial(&g, root, &c, what);
        free(root);
        tree_game_free(&g);
    }
}

Test(parallel, trees_plain_mode, .timeout = 240)
{
    trees(true);
}

Test(parallel, trees_normal_mode, .timeout = 240)
{
    trees(false);
}

/* Tic-tac-toe: a position's stone count fixes its distance from the root,
 * so table entries never graft another depth's result. */
Test(parallel, tictactoe_positions, .timeout = 240)
{
    pab_game g;
    ttt_game(&g, TTT_SCORE_MATE);
    static const char *const positions[] = {
        ".........", "X........", "....X....", "X...O....", "XO.......",
        "X.O.X....", "XX.OO....", "X...O...X", ".X..O..X.", "O.X.X.O..",
    };
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        ttt_state s;
        cr_assert_eq(ttt_parse(&s, positions[i]), 0);
        for (int depth = 2; depth <= 9 - s.stones; depth += 3) {
            pab_config c;
            pab_config_init(&c);
            c.max_depth = depth;
            compare_with_serial(&g, &s, &c, positions[i]);
        }
    }
}

/* Lines of connect4.txt solved to the end by every variant at 2 and 4
 * threads: exact scores in Pons' convention. */
Test(parallel, connect4_lines_solved, .timeout = 240)
{
    static const struct {
        const char *line;
        int score;
    } lines[] = {
        {"67152117737262713366376314254", 6},
        {"52677675164321472411331752454", 0},
        {"655651721435342216255374674123", 4},
        {"12156756715535615116237724723", -2},
    };
    pab_game g;
    c4_game_init(&g);
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        c4_pos pos;
        char err[128];
        cr_assert_eq(c4_parse(&pos, lines[i].line, err, sizeof err), 0);
        for (size_t v = 0; v < N_VARIANTS; v++) {
            for (unsigned threads = 2; threads <= 4; threads += 2) {
                pab_searcher *s;
                pab_config c;
                pab_result r;
                cr_assert_eq(pab_searcher_create(&s, &g, 4 << 20), 0);
                pab_config_init(&c);
                c.algorithm = variants[v].algo;
                c.threads = threads;
                c4_solve_config(&c, &pos);
                if (variants[v].tweak)
                    variants[v].tweak(&c);
                cr_assert_eq(pab_search(s, &pos, &c, &r), 0);
                cr_assert_eq(r.score, lines[i].score, "%s %s %u threads: %d",
                             lines[i].line, variants[v].name, threads,
                             (int)r.score);
                pab_searcher_destroy(s);
            }
        }
    }
}

/* Lazy SMP's own mode lets helpers search a ply deeper and graft their
 * results: the answer is a legal move and a value between the serial
 * values of depths D and D+1 on trees, where deeper is just more exact. */
Test(parallel, lazy_smp_deeper_helpers_are_sane, .timeout = 120)
{
    tree_params shape = {8, 79, 5, TREE_HEIGHT_MAX};
    uint32_t seeds[TREE_TG1_COUNT];
    cr_assert_eq(tree_seed_set("tg1", seeds, TREE_TG1_COUNT), TREE_TG1_COUNT);
    for (unsigned i = 0; i < 20; i++) {
        pab_game g;
        pab_searcher *s;
        cr_assert_eq(tree_game_init(&g, &shape), 0);
        void *root = malloc(g.state_size);
        cr_assert_eq(tree_root(&g, root, seeds[i]), 0);
        cr_assert_eq(pab_searcher_create(&s, &g, 1 << 20), 0);
        pab_config c;
        pab_config_init(&c);
        c.max_depth = 4;
        pab_score_t d4 = run(s, root, &c).score;
        c.max_depth = 5;
        pab_score_t d5 = run(s, root, &c).score;
        c.max_depth = 4;
        c.algorithm = PAB_ALGO_LAZY_SMP;
        c.threads = 4;
        c.seed = i;
        pab_result r = run(s, root, &c);
        pab_score_t lo = d4 < d5 ? d4 : d5, hi = d4 < d5 ? d5 : d4;
        cr_assert(r.best_move < shape.b);
        cr_assert(r.score >= lo && r.score <= hi, "tree %u: %d not in [%d, %d]",
                  i, (int)r.score, (int)lo, (int)hi);
        pab_searcher_destroy(s);
        free(root);
        tree_game_free(&g);
    }
}

typedef struct stopper {
    pab_searcher *s;
} stopper;

static void *stop_soon(void *arg)
{
    stopper *st = arg;
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
    pab_searcher_stop(st->s);
    return NULL;
}

/* Limits and a stop from another thread end every algorithm's search with
 * a legal move. */
Test(parallel, limits_and_stop_return_a_legal_move, .timeout = 120)
{
    pab_game g;
    c4_pos pos;
    c4_game_init(&g);
    c4_init(&pos);
    for (size_t v = 0; v < N_VARIANTS; v++) {
        pab_searcher *s;
        pab_config c;
        pab_result r;
        cr_assert_eq(pab_searcher_create(&s, &g, 4 << 20), 0);
        pab_config_init(&c);
        c.algorithm = variants[v].algo;
        c.threads = 3;
        c.node_limit = 20000;
        cr_assert_eq(pab_search(s, &pos, &c, &r), 0);
        cr_assert(r.stopped);
        cr_assert(c4_can_play(&pos, (int)r.best_move));
        pab_config_init(&c);
        c.algorithm = variants[v].algo;
        c.threads = 3;
        c.time_limit_ms = 30;
        cr_assert_eq(pab_search(s, &pos, &c, &r), 0);
        cr_assert(c4_can_play(&pos, (int)r.best_move));
        pab_config_init(&c);
        c.algorithm = variants[v].algo;
        c.threads = 4;
        stopper st = {s};
        pthread_t t;
        cr_assert_eq(pthread_create(&t, NULL, stop_soon, &st), 0);
        cr_assert_eq(pab_search(s, &pos, &c, &r), 0);
        pthread_join(t, NULL);
        cr_assert(r.stopped);
        cr_assert(c4_can_play(&pos, (int)r.best_move));
        pab_searcher_destroy(s);
    }
}

/* An algorithm added to the registry without a variant here would go
 * unchecked against serial: every one of them must have one. */
Test(parallel, every_algorithm_has_a_variant)
{
    for (int a = 0; pab_algorithm_name(a) != NULL; a++) {
        bool found = a == PAB_ALGO_SERIAL; /* the reference itself */
        for (size_t v = 0; v < N_VARIANTS; v++)
            found |= variants[v].algo == (pab_algorithm)a;
        cr_assert(found, "%s has no variant in test_parallel.c",
                  pab_algorithm_name(a));
    }
}

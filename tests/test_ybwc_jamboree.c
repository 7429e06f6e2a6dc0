/*
 * The algorithms on split points -- YBWC (weak and strong, both split
 * policies), Jamboree and PVSplit (both policies) -- against the serial
 * search: the same root value at the same fixed depth, at 1, 2, 3, 4 and
 * 8 threads, with iterative deepening and the table as normal -- on
 * artificial trees (no transpositions; plain and normal mode; several
 * orderings and depths), on tic-tac-toe positions (a position's stone
 * count fixes its distance from the root, so table entries never graft
 * another depth's result), on a game whose positions own memory, and on
 * Connect Four lines solved to the end.  Then: limits and a stop from
 * another thread end every variant promptly with a legal move, one thread
 * searches exactly the serial tree, and several threads really split.
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
#include "tree_fixture.h"

typedef struct variant {
    const char *name;
    pab_algorithm algo;
    bool strong;
    pab_split_policy policy;
    pab_split_scheme scheme;
    pab_classify_fn classify;
    int m_ca, m_cc;
} variant;

/* A classifier that lets every node split before its eldest is done
 * (wait 0, m_Ca -1): the earliest splits scheme C can make. */
static void eager_classify(const pab_classify_input *in,
                           pab_classify_output *out, void *user)
{
    (void)user;
    out->type = in->index == 0 ? 100 : 50;
    out->wait = in->parent_type == 50 ? 1 : 0;
}

static const variant variants[] = {
    {.name = "ybwc strong, random owner",
     .algo = PAB_ALGO_YBWC,
     .strong = true,
     .policy = PAB_SPLIT_RANDOM_OWNER},
    {.name = "ybwc strong, highest",
     .algo = PAB_ALGO_YBWC,
     .strong = true,
     .policy = PAB_SPLIT_HIGHEST},
    {.name = "ybwc weak, random owner",
     .algo = PAB_ALGO_YBWC,
     .strong = false,
     .policy = PAB_SPLIT_RANDOM_OWNER},
    {.name = "ybwc weak, highest",
     .algo = PAB_ALGO_YBWC,
     .strong = false,
     .policy = PAB_SPLIT_HIGHEST},
    {.name = "ybwc scheme c, generic",
     .algo = PAB_ALGO_YBWC,
     .strong = true,
     .policy = PAB_SPLIT_HIGHEST,
     .scheme = PAB_SPLIT_SCHEME_C,
     .classify = NULL,
     .m_ca = -1,
     .m_cc = 3},
    {.name = "ybwc scheme c, eager",
     .algo = PAB_ALGO_YBWC,
     .strong = true,
     .policy = PAB_SPLIT_RANDOM_OWNER,
     .scheme = PAB_SPLIT_SCHEME_C,
     .classify = eager_classify,
     .m_ca = -1,
     .m_cc = 0},
    {.name = "ybwc strong, select",
     .algo = PAB_ALGO_YBWC,
     .strong = true,
     .policy = PAB_SPLIT_SELECT},
    {.name = "dts",
     .algo = PAB_ALGO_DTS,
     .strong = true,
     .policy = PAB_SPLIT_RANDOM_OWNER, /* dts selects whatever this says */
     .scheme = PAB_SPLIT_SCHEME_AUTO},
    {.name = "dts scheme c, eager",
     .algo = PAB_ALGO_DTS,
     .strong = true,
     .policy = PAB_SPLIT_SELECT,
     .scheme = PAB_SPLIT_SCHEME_C,
     .classify = eager_classify,
     .m_ca = -1,
     .m_cc = 0},
    {.name = "jamboree",
     .algo = PAB_ALGO_JAMBOREE,
     .strong = false,
     .policy = PAB_SPLIT_RANDOM_OWNER},
    {.name = "pvsplit",
     .algo = PAB_ALGO_PVSPLIT,
     .strong = false,
     .policy = PAB_SPLIT_RANDOM_OWNER},
    {.name = "pvsplit, highest",
     .algo = PAB_ALGO_PVSPLIT,
     .strong = false,
     .policy = PAB_SPLIT_HIGHEST},
};
#define N_VARIANTS (sizeof variants / sizeof variants[0])
static const unsigned thread_counts[] = {1, 2, 3, 4, 8};
#define N_THREADS (sizeof thread_counts / sizeof thread_counts[0])

static void apply(pab_config *c, const variant *v, unsigned threads)
{
    c->algorithm = v->algo;
    c->threads = threads;
    c->ybwc_strong = v->strong;
    c->split_policy = v->policy;
    c->split_scheme = v->scheme;
    c->classify = v->classify;
    c->split_m_ca = v->m_ca;
    c->split_m_cc = v->m_cc;
}

static pab_result run(pab_searcher *s, const void *root, const pab_config *c)
{
    pab_result r;
    pab_tt_clear(pab_searcher_tt(s)); /* every search starts from nothing */
    pab_searcher_forget(s);
    int rc = pab_search(s, root, c, &r);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    cr_assert(!r.stopped);
    return r;
}

/* Split points opened by the parallel searches of compare_with_serial. */
static uint64_t splits_seen;

/* Every variant at every thread count gives the serial root value. */
static void compare_with_serial(const pab_game *g, const void *root,
                                const pab_config *base, const char *what)
{
    pab_searcher *s;
    cr_assert_eq(pab_searcher_create(&s, g, 1 << 20), 0);
    pab_config c = *base;
    c.algorithm = PAB_ALGO_SERIAL;
    c.threads = 1;
    const pab_result want = run(s, root, &c);
    for (size_t v = 0; v < N_VARIANTS; v++) {
        for (size_t t = 0; t < N_THREADS; t++) {
            c = *base;
            apply(&c, &variants[v], thread_counts[t]);
            const pab_result got = run(s, root, &c);
            splits_seen += got.stats.splits;
            cr_assert_eq(got.score, want.score,
                         "%s: %s at %u threads: %d, serial %d", what,
                         variants[v].name, c.threads, (int)got.score,
                         (int)want.score);
            cr_assert_eq(got.depth, want.depth, "%s: %s depth", what,
                         variants[v].name);
            cr_assert_neq(got.best_move, PAB_MOVE_NONE);
            cr_assert_geq(got.pv_length, 1);
            cr_assert_eq(got.pv[0], got.best_move);
        }
    }
    pab_searcher_destroy(s);
}

/* ---- artificial trees ---------------------------------------------------- */

static void trees(bool plain)
{
    /* (b, w_a, w_b) from well ordered to nearly random, depths 4-6. */
    static const tree_params shapes[] = {
        {8, 79, 5, TREE_HEIGHT_MAX},   {6, 60, 20, TREE_HEIGHT_MAX},
        {12, 90, 30, TREE_HEIGHT_MAX}, {5, 30, 10, TREE_HEIGHT_MAX},
        {10, 69, 19, TREE_HEIGHT_MAX}, {4, 0, 0, TREE_HEIGHT_MAX},
        {24, 79, 5, TREE_HEIGHT_MAX},  {16, 40, 10, TREE_HEIGHT_MAX},
    };
    static const int depths[] = {5, 5, 4, 6, 4, 6, 5, 5};
    const unsigned n_shapes = sizeof shapes / sizeof shapes[0];
    uint32_t seeds[TREE_TG2_COUNT];
    cr_assert_eq(tree_seed_set("tg2", seeds, TREE_TG2_COUNT), TREE_TG2_COUNT);
    splits_seen = 0;
    for (unsigned i = 0; i < 56; i++) {
        const unsigned k = i % n_shapes;
        pab_game g;
        cr_assert_eq(tree_game_init(&g, &shapes[k]), 0);
        void *root = malloc(g.state_size);
        cr_assert_not_null(root);
        cr_assert_eq(tree_root(&g, root, seeds[i]), 0);
        pab_config c;
        pab_config_init(&c);
        c.max_depth = depths[k];
        c.plain = plain;
        /* Split at the frontier too, and vary m_A, now and then. */
        c.split_min_depth = 1 + (int)(i % 3 == 0);
        c.ybwc_cut_moves = 1 + i % 3;
        char what[80];
        snprintf(what, sizeof what, "tree %u (b=%u, %u/%u, d=%d) %s", i,
                 shapes[k].b, shapes[k].wa, shapes[k].wb, depths[k],
                 plain ? "plain" : "normal");
        compare_with_serial(&g, root, &c, what);
        free(root);
        tree_game_free(&g);
    }
    cr_assert_gt(splits_seen, 0, "the parallel searches never split");
}

Test(ybwc_jamboree, trees_plain_mode, .timeout = 120)
{
    trees(true);
}

Test(ybwc_jamboree, trees_normal_mode, .timeout = 120)
{
    trees(false);
}

/* ---- tic-tac-toe ------------------------------------------------------- */

Test(ybwc_jamboree, tictactoe_positions, .timeout = 120)
{
    static const char *const positions[] = {
        ".........", "X........", "....X....", "X...O....", "XO.......",
        "X.O.X....", "XX.OO....", "X...O...X", ".X..O..X.", "O.X.X.O..",
    };
    for (int scoring = 0; scoring < 3; scoring++) {
        pab_game g;
        ttt_game(&g, (ttt_scoring)scoring);
        for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
            ttt_state s;
            cr_assert_eq(ttt_parse(&s, positions[i]), 0);
            for (int depth = 2 + scoring; depth <= 9 - s.stones; depth += 3) {
                pab_config c;
                pab_config_init(&c);
                c.max_depth = depth;
                c.split_min_depth = 1;
                /* Helpers that adopt the owner's history at every join,
                 * at some, and never. */
                c.split_adopt_depth = (int)(i % 3);
                char what[64];
                snprintf(what, sizeof what, "%s scoring %d depth %d",
                         positions[i], scoring, depth);
                compare_with_serial(&g, &s, &c, what);
            }
        }
    }
}

/* ---- a game whose positions own memory -------------------------------- */

/* Tic-tac-toe behind a pointer: clone() allocates, destroy() frees, so
 * a split point that copied a position with memcpy would share a board
 * (and the sanitizers would see the double free). */
typedef struct boxed {
    ttt_state *board;
} boxed;

static pab_game inner;

static int box_clone(void *dst, const void *src, void *user)
{
    boxed *d = dst;
    const boxed *s = src;
    d->board = malloc(sizeof *d->board);
    if (d->board == NULL)
        return PAB_ENOMEM;
    *d->board = *s->board;
    return 0;
}

static void box_destroy(void *state, void *user)
{
    boxed *b = state;
    free(b->board);
    b->board = NULL;
}

static int box_generate(const void *st, pab_move_t *m, unsigned cap,
                        pab_score_t *terminal, void *user)
{
    return inner.generate(((const boxed *)st)->board, m, cap, terminal,
                          inner.user);
}

static bool box_make(void *st, pab_move_t m, void *user)
{
    return inner.make(((boxed *)st)->board, m, inner.user);
}

static void box_unmake(void *st, pab_move_t m, void *user)
{
    inner.unmake(((boxed *)st)->board, m, inner.user);
}

static pab_score_t box_evaluate(const void *st, void *user)
{
    return inner.evaluate(((const boxed *)st)->board, inner.user);
}

static uint64_t box_hash(const void *st, void *user)
{
    return inner.hash(((const boxed *)st)->board, inner.user);
}

static pab_game boxed_game(void)
{
    pab_game g;
    ttt_game(&inner, TTT_SCORE_PLAIN);
    pab_game_init(&g);
    g.state_size = sizeof(boxed);
    g.max_moves = 9;
    g.flags = inner.flags;
    g.generate = box_generate;
    g.make = box_make;
    g.unmake = box_unmake;
    g.evaluate = box_evaluate;
    g.hash = box_hash;
    g.clone = box_clone;
    g.destroy = box_destroy;
    return g;
}

Test(ybwc_jamboree, positions_that_own_memory, .timeout = 60)
{
    static const char *const positions[] = {".........", "X...O....",
                                            "XO.......", "X.O.X...."};
    pab_game g = boxed_game();
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        ttt_state board;
        cr_assert_eq(ttt_parse(&board, positions[i]), 0);
        boxed root = {&board};
        for (int plain = 0; plain < 2; plain++) {
            pab_config c;
            pab_config_init(&c);
            c.max_depth = 9 - board.stones;
            c.plain = plain;
            c.split_min_depth = 1;
            compare_with_serial(&g, &root, &c, positions[i]);
        }
    }
}

/* ---- Connect Four, solved ------------------------------------------------ */

/* Lines of tests/data/connect4.txt with their exact values, solved with
 * everything inexact off. */
Test(ybwc_jamboree, connect4_lines_solved, .timeout = 120)
{
    static const struct {
        const char *line;
        int score;
    } lines[] = {
        {"67152117737262713366376314254", 6},
        {"52677675164321472411331752454", 0},
        {"7422341735647741166133573473242566", 1},
        {"2762751722231276466633475674533", 5},
        {"427566236745127177115664464254", 2},
    };
    pab_game g;
    c4_game_init(&g);
    pab_searcher *s;
    cr_assert_eq(pab_searcher_create(&s, &g, 4 << 20), 0);
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        c4_pos pos;
        char err[128];
        cr_assert_eq(c4_parse(&pos, lines[i].line, err, sizeof err), 0);
        for (size_t v = 0; v < N_VARIANTS; v++) {
            for (unsigned threads = 2; threads <= 4; threads += 2) {
                pab_config c;
                pab_config_init(&c);
                apply(&c, &variants[v], threads);
                c4_solve_config(&c, &pos);
                const pab_result r = run(s, &pos, &c);
                cr_assert_eq(r.score, lines[i].score, "%s %s %u threads: %d",
                             lines[i].line, variants[v].name, threads,
                             (int)r.score);
                cr_assert(c4_can_play(&pos, (int)r.best_move));
            }
        }
    }
    pab_searcher_destroy(s);
}

/* Searches cut short by node limits leave only true bounds in the table:
 * a full search through the same table still finds the exact value. */
Test(ybwc_jamboree, limited_searches_leave_a_sound_table, .timeout = 120)
{
    static const struct {
        const char *line;
        int score;
    } lines[] = {
        {"52677675164321472411331752454", 0},
        {"427566236745127177115664464254", 2},
    };
    pab_game g;
    c4_game_init(&g);
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        c4_pos pos;
        char err[128];
        cr_assert_eq(c4_parse(&pos, lines[i].line, err, sizeof err), 0);
        for (size_t v = 0; v < N_VARIANTS; v++) {
            pab_searcher *s;
            cr_assert_eq(pab_searcher_create(&s, &g, 1 << 20), 0);
            pab_config c;
            pab_result r;
            pab_config_init(&c);
            apply(&c, &variants[v], 4);
            c4_solve_config(&c, &pos);
            for (uint64_t limit = 500; limit < 20000; limit = limit * 3 / 2) {
                c.node_limit = limit;
                cr_assert_eq(pab_search(s, &pos, &c, &r), 0);
            }
            c.node_limit = 0;
            cr_assert_eq(pab_search(s, &pos, &c, &r), 0);
            cr_assert(!r.stopped);
            cr_assert_eq(r.score, lines[i].score, "%s %s: %d", lines[i].line,
                         variants[v].name, (int)r.score);
            pab_searcher_destroy(s);
        }
    }
}

/* ---- one thread is the serial search ------------------------------------- */

/* Outside plain mode a single thread runs exactly NegaScout's tree: the
 * same nodes, the same re-searches, no split. */
Test(ybwc_jamboree, one_thread_searches_the_serial_tree, .timeout = 60)
{
    tree_params shape = {10, 69, 19, TREE_HEIGHT_MAX};
    uint32_t seeds[TREE_TG1_COUNT];
    cr_assert_eq(tree_seed_set("tg1", seeds, TREE_TG1_COUNT), TREE_TG1_COUNT);
    pab_game g;
    cr_assert_eq(tree_game_init(&g, &shape), 0);
    void *root = malloc(g.state_size);
    pab_searcher *s;
    cr_assert_eq(pab_searcher_create(&s, &g, 1 << 20), 0);
    for (unsigned i = 0; i < 10; i++) {
        cr_assert_eq(tree_root(&g, root, seeds[i]), 0);
        pab_config c;
        pab_config_init(&c);
        c.max_depth = 5;
        const pab_result want = run(s, root, &c);
        for (size_t v = 0; v < N_VARIANTS; v++) {
            apply(&c, &variants[v], 1);
            const pab_result got = run(s, root, &c);
            cr_assert_eq(got.stats.nodes, want.stats.nodes,
                         "%s: %lu nodes, "
                         "serial %lu",
                         variants[v].name, (unsigned long)got.stats.nodes,
                         (unsigned long)want.stats.nodes);
            cr_assert_eq(got.stats.re_searches, want.stats.re_searches);
            cr_assert_eq(got.stats.splits, 0);
            cr_assert_eq(got.best_move, want.best_move);
            cr_assert_eq(got.pv_length, want.pv_length);
        }
    }
    pab_searcher_destroy(s);
    free(root);
    tree_game_free(&g);
}

/* ---- several threads really share the work ------------------------------ */

Test(ybwc_jamboree, threads_split_and_count_their_nodes, .timeout = 60)
{
    pab_game g;
    c4_pos pos;
    char err[128];
    c4_game_init(&g);
    cr_assert_eq(c4_parse(&pos, "4453", err, sizeof err), 0);
    pab_searcher *s;
    cr_assert_eq(pab_searcher_create(&s, &g, 8 << 20), 0);
    for (size_t v = 0; v < N_VARIANTS; v++) {
        pab_config c;
        pab_config_init(&c);
        /* Deep enough that the helpers, even on a loaded machine, ask for
         * work before the search ends (depth 12 was not always, with
         * 0.12's internal iterative reduction). */
        c.max_depth = 13;
        const pab_result one = run(s, &pos, &c);
        apply(&c, &variants[v], 4);
        const pab_result four = run(s, &pos, &c);
        cr_assert_eq(four.score, one.score, "%s", variants[v].name);
        cr_assert_gt(four.stats.splits, 0, "%s never split", variants[v].name);
        /* Every thread's nodes are counted: a parallel search is no
         * smaller than a third of the serial one. */
        cr_assert_gt(four.stats.nodes, one.stats.nodes / 3, "%s: %lu nodes",
                     variants[v].name, (unsigned long)four.stats.nodes);
        cr_assert_eq(four.depth, 13);
    }
    pab_searcher_destroy(s);
}

/* ---- limits and stop ----------------------------------------------------- */

typedef struct stopper {
    pab_searcher *s;
    unsigned ms;
} stopper;

static void *stop_later(void *arg)
{
    stopper *st = arg;
    struct timespec ts = {0, (long)st->ms * 1000000L};
    nanosleep(&ts, NULL);
    pab_searcher_stop(st->s);
    return NULL;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

Test(ybwc_jamboree, limits_and_stop_return_a_legal_move, .timeout = 120)
{
    pab_game g;
    c4_pos pos;
    c4_game_init(&g);
    c4_init(&pos);
    for (size_t v = 0; v < N_VARIANTS; v++) {
        for (unsigned threads = 3; threads <= 8; threads += 5) {
            pab_searcher *s;
            pab_config c;
            pab_result r;
            cr_assert_eq(pab_searcher_create(&s, &g, 4 << 20), 0);

            pab_config_init(&c);
            apply(&c, &variants[v], threads);
            c.node_limit = 30000;
            cr_assert_eq(pab_search(s, &pos, &c, &r), 0);
            cr_assert(r.stopped);
            cr_assert(c4_can_play(&pos, (int)r.best_move));
            cr_assert_lt(r.stats.nodes, 30000 + 2048 * threads,
                         "%s: %lu nodes past a limit of 30000",
                         variants[v].name, (unsigned long)r.stats.nodes);

            pab_config_init(&c);
            apply(&c, &variants[v], threads);
            c.time_limit_ms = 40;
            uint64_t t0 = now_ms();
            cr_assert_eq(pab_search(s, &pos, &c, &r), 0);
            cr_assert_lt(now_ms() - t0, 2000, "%s: time limit",
                         variants[v].name);
            cr_assert(c4_can_play(&pos, (int)r.best_move));

            pab_config_init(&c);
            apply(&c, &variants[v], threads);
            stopper st = {s, 30};
            pthread_t t;
            t0 = now_ms();
            cr_assert_eq(pthread_create(&t, NULL, stop_later, &st), 0);
            cr_assert_eq(pab_search(s, &pos, &c, &r), 0);
            pthread_join(t, NULL);
            cr_assert_lt(now_ms() - t0, 2000, "%s: stop", variants[v].name);
            cr_assert(r.stopped);
            cr_assert(c4_can_play(&pos, (int)r.best_move));
            pab_searcher_destroy(s);
        }
    }
}

/* ---- scheme B (DTS's types) ---------------------------------------------- */

/* YBWC with scheme B, and DTS, equal serial search on real threads and on
 * virtual processors: in plain mode (figure 4.3's alpha-beta, types from
 * the windows) and in normal mode (NegaScout, types from the path). */
Test(ybwc_jamboree, scheme_b_equals_serial, .timeout = 120)
{
    static const tree_params shapes[] = {{8, 79, 5, TREE_HEIGHT_MAX},
                                         {6, 33, 33, TREE_HEIGHT_MAX},
                                         {12, 0, 0, TREE_HEIGHT_MAX},
                                         {10, 66, 66, TREE_HEIGHT_MAX}};
    static const struct {
        unsigned threads;
        bool simulate;
    } runs[] = {{1, false}, {2, false}, {3, false},
                {8, false}, {16, true}, {64, true}};
    uint32_t seeds[TREE_TG2_COUNT];
    tree_seed_set("tg2", seeds, TREE_TG2_COUNT);
    uint64_t splits = 0;
    for (unsigned i = 0; i < 12; i++) {
        pab_game g;
        cr_assert_eq(tree_game_init(&g, &shapes[i % 4]), 0);
        void *root = malloc(g.state_size);
        cr_assert_eq(tree_root(&g, root, seeds[i + 60]), 0);
        pab_searcher *s;
        cr_assert_eq(pab_searcher_create(&s, &g, 1 << 20), 0);
        pab_config c;
        pab_config_init(&c);
        c.max_depth = 5;
        for (int plain = 1; plain >= 0; plain--) {
            c.algorithm = PAB_ALGO_SERIAL;
            c.threads = 1;
            c.simulate = false;
            c.plain = plain;
            const pab_result want = run(s, root, &c);
            c.split_scheme = PAB_SPLIT_SCHEME_B;
            c.split_m_b = i % 4;
            c.split_min_depth = 1 + (int)(i % 2);
            c.split_policy = i % 3 == 0   ? PAB_SPLIT_HIGHEST
                             : i % 3 == 1 ? PAB_SPLIT_SELECT
                                          : PAB_SPLIT_RANDOM_OWNER;
            for (size_t r = 0; r < 2 * sizeof runs / sizeof runs[0]; r++) {
                const size_t k = r / 2;
                c.algorithm = r % 2 == 0 ? PAB_ALGO_YBWC : PAB_ALGO_DTS;
                c.threads = runs[k].threads;
                c.simulate = runs[k].simulate;
                const pab_result got = run(s, root, &c);
                splits += got.stats.splits;
                cr_assert_eq(
                    got.score, want.score, "tree %u, %s %s, %u %s: %d != %d", i,
                    pab_algorithm_name(c.algorithm), plain ? "plain" : "normal",
                    c.threads, c.simulate ? "processors" : "threads",
                    (int)got.score, (int)want.score);
                cr_assert_eq(got.pv[0], got.best_move);
            }
        }
        pab_searcher_destroy(s);
        free(root);
        tree_game_free(&g);
    }
    cr_assert_gt(splits, 0);
}

/* ---- DTS's selection and the owners' wait ------------------------------ */

/* split_scheme auto is the algorithm's own scheme: on the simulator, which
 * is deterministic without noise, ybwc with auto searches exactly as with
 * a, and dts with auto exactly as with b; dts is ybwc with scheme b whose
 * idle processors select among every path. */
Test(ybwc_jamboree, auto_scheme_is_the_algorithms_own, .timeout = 120)
{
    tree_pos t;
    tree_open(&t, 16, 79, 5, 4242u);
    pab_searcher *s;
    cr_assert_eq(pab_searcher_create(&s, &t.game, 1 << 20), 0);
    const void *root = t.root;
    pab_config c;
    pab_config_init(&c);
    cr_assert_eq(c.split_scheme, PAB_SPLIT_SCHEME_AUTO);
    c.max_depth = 6;
    c.simulate = true;
    c.threads = 16;
    static const struct {
        pab_algorithm algo;
        pab_split_policy policy;
        pab_split_scheme scheme;
    } same[][2] = {
        {{PAB_ALGO_YBWC, PAB_SPLIT_HIGHEST, PAB_SPLIT_SCHEME_AUTO},
         {PAB_ALGO_YBWC, PAB_SPLIT_HIGHEST, PAB_SPLIT_SCHEME_A}},
        {{PAB_ALGO_DTS, PAB_SPLIT_RANDOM_OWNER, PAB_SPLIT_SCHEME_AUTO},
         {PAB_ALGO_DTS, PAB_SPLIT_HIGHEST, PAB_SPLIT_SCHEME_B}},
        {{PAB_ALGO_DTS, PAB_SPLIT_RANDOM_OWNER, PAB_SPLIT_SCHEME_AUTO},
         {PAB_ALGO_YBWC, PAB_SPLIT_SELECT, PAB_SPLIT_SCHEME_B}},
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        pab_result r[2];
        for (int k = 0; k < 2; k++) {
            c.algorithm = same[i][k].algo;
            c.split_policy = same[i][k].policy;
            c.split_scheme = same[i][k].scheme;
            r[k] = run(s, root, &c);
        }
        cr_assert_gt(r[0].stats.splits, 0, "pair %zu never split", i);
        cr_assert_eq(r[0].ticks, r[1].ticks, "pair %zu: ticks", i);
        cr_assert_eq(r[0].stats.nodes, r[1].stats.nodes, "pair %zu: nodes", i);
        cr_assert_eq(r[0].split_wait_ns, r[1].split_wait_ns, "pair %zu", i);
    }
    /* And select is not highest: the choice among paths changes the
     * search. */
    c.algorithm = PAB_ALGO_YBWC;
    c.split_scheme = PAB_SPLIT_SCHEME_B;
    c.split_policy = PAB_SPLIT_HIGHEST;
    const pab_result highest = run(s, root, &c);
    c.split_policy = PAB_SPLIT_SELECT;
    const pab_result select = run(s, root, &c);
    cr_assert(highest.ticks != select.ticks ||
              highest.stats.nodes != select.stats.nodes);
    pab_searcher_destroy(s);
    tree_close(&t);
}

/* split_wait_ns is part of the idle time, of the owners only: 0 for a
 * search that never splits, within idle_ns and N x ticks for one that
 * does; a config of layout V5 gets the V3 result, without the field. */
Test(ybwc_jamboree, owners_wait, .timeout = 120)
{
    tree_pos t;
    tree_open(&t, 24, 69, 19, 777u);
    pab_searcher *s;
    cr_assert_eq(pab_searcher_create(&s, &t.game, 1 << 20), 0);
    const void *root = t.root;
    pab_config c;
    pab_config_init(&c);
    c.plain = true;
    c.max_depth = 5;
    const pab_result serial = run(s, root, &c);
    cr_assert_eq(serial.split_wait_ns, 0);
    c.simulate = true;
    c.threads = 48;
    static const pab_algorithm algos[] = {PAB_ALGO_DTS, PAB_ALGO_YBWC,
                                          PAB_ALGO_PVSPLIT};
    for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
        c.algorithm = algos[a];
        const pab_result r = run(s, root, &c);
        cr_assert_eq(r.score, serial.score);
        cr_assert_gt(r.stats.splits, 0);
        cr_assert_gt(r.split_wait_ns, 0, "%s: owners never waited",
                     pab_algorithm_name(c.algorithm));
        cr_assert_leq(r.split_wait_ns, r.stats.idle_ns);
        cr_assert_leq(r.split_wait_ns, r.ticks * c.threads);
    }
    pab_config old;
    pab_config_init_size(&old, PAB_CONFIG_SIZE_V5);
    old.algorithm = PAB_ALGO_DTS;
    old.threads = 16;
    old.simulate = true;
    old.plain = true;
    old.max_depth = 5;
    _Alignas(pab_result) unsigned char buf[sizeof(pab_result)];
    memset(buf, 0x5A, sizeof buf);
    pab_tt_clear(pab_searcher_tt(s));
    pab_searcher_forget(s);
    cr_assert_eq(pab_search(s, root, &old, (pab_result *)(void *)buf), 0);
    for (size_t i = PAB_RESULT_SIZE_V3; i < sizeof buf; i++)
        cr_assert_eq(buf[i], 0x5A, "byte %zu of the result written", i);
    pab_searcher_destroy(s);
    tree_close(&t);
}

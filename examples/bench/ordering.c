/*
 * The move-ordering experiment of chapter 4 of the thesis (see ordering.h).
 *
 * f_best(n) counts the interior nodes whose cut-off move, or (without a
 * cut-off) last improving move, was the n-th searched; p_best(n) divides it
 * by the number of nodes that counted at all.  The library keeps that
 * histogram in pab_stats.best_index; plain mode is the fail-hard alpha-beta
 * of figure 4.3 the thesis counted with.
 *
 * Equations 4.1 and 4.2 are about something else: where BRANCHORDER puts
 * the best child.  The model mode measures that directly on generated
 * nodes (the best child is the one BRANCHGENERATE made first).
 */
#include "ordering.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pab/pab.h>

#include "args.h"

#include "../games/tree.h"

#define ORDER_ROWS       10        /* rows of table 4.4 */
#define MODEL_FREE_NODES 1000000ul /* default --samples */
#define PROGRESS_SECONDS 2.0

/* Table 4.4: tg1, b = 32, w_a = 79, w_b = 5, depth 7, 100 trees. */
static const uint64_t thesis_fbest[ORDER_ROWS] = {
    14732328, 893225, 416419, 249527, 154453, 86787, 60687, 48289, 29638, 26563,
};
static const double thesis_pbest[ORDER_ROWS] = {
    0.873821, 0.052980, 0.024699, 0.014800, 0.009161,
    0.005148, 0.003600, 0.002864, 0.001758, 0.001576,
};

/* Table 4.5: equations 4.1/4.2 for b = 20, w_a = 69, w_b = 19. */
#define MODEL_ROWS 20
static const double thesis_pn[MODEL_ROWS] = {
    0.705500, 0.068510, 0.053108, 0.041085, 0.031714, 0.024420, 0.018754,
    0.014359, 0.010957, 0.008329, 0.006305, 0.004749, 0.003557, 0.002646,
    0.001953, 0.001428, 0.001032, 0.000734, 0.000513, 0.000349,
};
static const double thesis_cumulative[MODEL_ROWS] = {
    0.705500, 0.774010, 0.827118, 0.868203, 0.899916, 0.924337, 0.943090,
    0.957449, 0.968406, 0.976735, 0.983040, 0.987789, 0.991345, 0.993991,
    0.995944, 0.997372, 0.998403, 0.999138, 0.999651, 1.000000,
};

typedef struct order_options {
    bench_tree_args t; /* depth -1: the mode's default */
    int algorithm;
    unsigned threads;
    bool model;
    unsigned long samples; /* model: independent nodes */
    bool quiet;
} order_options;

/* ---- arguments ---------------------------------------------------------- */

static void usage(void)
{
    printf("usage: pab-bench ordering [--tree=b,wa,wb] [--seeds=tg1|tg2] "
           "[--depth=D] [--trees=N]\n"
           "                          [--algo=NAME] [--threads=T] [--quiet]\n"
           "       pab-bench ordering --model [--tree=b,wa,wb] "
           "[--seeds=tg1|tg2] [--depth=D] [--trees=N]\n"
           "                          [--samples=N]\n"
           "Search: f_best/p_best of plain alpha-beta (thesis table 4.4; "
           "default 32,79,5, tg1, depth 7).\n"
           "Model: where BRANCHORDER puts the best child, over N independent "
           "nodes (default\n"
           "1000000) and over every node of the first D plies of the trees "
           "(equations 4.1/4.2,\n"
           "table 4.5; default 20,69,19, depth 4).\n");
}

/* One argument; 0, 1 for --help, or 2 after reporting the error. */
static int parse_one(const char *arg, order_options *o)
{
    const char *v;
    long n;
    int rc;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
        return 1;
    if (strcmp(arg, "--model") == 0)
        o->model = true;
    else if (strcmp(arg, "--quiet") == 0)
        o->quiet = true;
    else if ((rc = bench_tree_arg("ordering", arg, &o->t, 1,
                                  TREE_HEIGHT_MAX)) >= 0)
        return rc;
    else if ((v = bench_arg_value(arg, "--samples")) != NULL) {
        if (!bench_arg_long(v, 1, 1000000000L, &n))
            return bench_usage_error("ordering",
                                     "--samples must be 1 .. 1000000000", v);
        o->samples = (unsigned long)n;
    } else if ((v = bench_arg_value(arg, "--algo")) != NULL) {
        o->algorithm = pab_algorithm_from_name(v);
        if (o->algorithm < 0)
            return bench_usage_error("ordering", "unknown algorithm", v);
    } else if ((v = bench_arg_value(arg, "--threads")) != NULL) {
        if (!bench_arg_long(v, 1, PAB_THREADS_MAX, &n))
            return bench_usage_error("ordering", "--threads must be 1 .. 1024",
                                     v);
        o->threads = (unsigned)n;
    } else
        return bench_usage_error("ordering", "unknown argument", arg);
    return 0;
}

static int parse_options(int argc, char **argv, order_options *o)
{
    memset(o, 0, sizeof *o);
    o->t.seeds = "tg1";
    o->t.depth = -1;
    o->algorithm = PAB_ALGO_SERIAL;
    o->threads = 1;
    o->samples = MODEL_FREE_NODES;
    for (int i = 1; i < argc; i++) {
        int rc = parse_one(argv[i], o);
        if (rc != 0)
            return rc;
    }
    if (!o->t.tree_given) {
        tree_params thesis = o->model ? (tree_params){20, 69, 19, 0}
                                      : (tree_params){32, 79, 5, 0};
        o->t.tree = thesis;
    }
    if (o->t.depth < 0)
        o->t.depth = o->model ? 4 : 7;
    o->t.tree.height = o->t.depth;
    if (bench_tree_args_finish("ordering", &o->t) != 0)
        return 2;
    return 0;
}

/* ---- helpers ------------------------------------------------------------ */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One line on stderr now and then, so a long run shows it is alive. */
static void progress(const order_options *o, unsigned done, double start,
                     double *last)
{
    double t = now_seconds();
    if (o->quiet || t - *last < PROGRESS_SECONDS)
        return;
    *last = t;
    fprintf(stderr, "ordering: %u/%u trees, %.1f s\n", done, o->t.trees,
            t - start);
}

static bool same_tree(const tree_params *p, unsigned b, unsigned wa,
                      unsigned wb)
{
    return p->b == b && p->wa == wa && p->wb == wb;
}

/* ---- search mode: f_best ------------------------------------------------ */

typedef struct fbest_run {
    uint64_t fbest[PAB_STATS_ORDER_SLOTS];
    uint64_t nodes;
    unsigned wrong_roots; /* trees whose root value was not the midpoint */
    double seconds;
} fbest_run;

static void configure(const order_options *o, pab_config *config)
{
    pab_config_init(config);
    config->plain = true;
    config->iterative_deepening = false;
    config->max_depth = o->t.depth;
    config->algorithm = (pab_algorithm)o->algorithm;
    config->threads = o->threads;
}

/* Search each tree and sum the histograms. */
static int search_trees(const order_options *o, pab_game *game, void *root,
                        const uint32_t *seeds, fbest_run *run)
{
    pab_searcher *searcher;
    pab_config config;
    int rc = pab_searcher_create(&searcher, game, PAB_DEFAULT_TT_BYTES);
    if (rc < 0)
        return rc;
    configure(o, &config);
    double start = now_seconds(), last = start;
    for (unsigned t = 0; t < o->t.trees && rc >= 0; t++) {
        pab_result result;
        rc = tree_root(game, root, seeds[t]);
        if (rc >= 0)
            rc = pab_search(searcher, root, &config, &result);
        if (rc < 0)
            break;
        /* Every tree's value is the root's pscore, the midpoint. */
        run->wrong_roots += result.score != 0;
        run->nodes += result.stats.nodes;
        for (unsigned i = 0; i < PAB_STATS_ORDER_SLOTS; i++)
            run->fbest[i] += result.stats.best_index[i];
        progress(o, t + 1, start, &last);
    }
    run->seconds = now_seconds() - start;
    pab_searcher_destroy(searcher);
    return rc;
}

/* Print the table; returns whether it reproduces table 4.4 (true when the
 * thesis has no table for these settings). */
static bool print_fbest(const order_options *o, const fbest_run *run)
{
    bool thesis = same_tree(&o->t.tree, 32, 79, 5) && o->t.depth == 7 &&
                  strcmp(o->t.seeds, "tg1") == 0 &&
                  o->t.trees == TREE_TG1_COUNT;
    uint64_t total = 0;
    for (unsigned i = 0; i < PAB_STATS_ORDER_SLOTS; i++)
        total += run->fbest[i];
    printf("ordering: tree %u,%u,%u, %s (%u trees), depth %d, %s, %u "
           "thread%s, plain alpha-beta\n",
           o->t.tree.b, o->t.tree.wa, o->t.tree.wb, o->t.seeds, o->t.trees,
           o->t.depth, pab_algorithm_name(o->algorithm), o->threads,
           o->threads == 1 ? "" : "s");
    printf("%4s %12s %12s %10s %10s\n", "n", "f_best(n)",
           thesis ? "table 4.4" : "", "p_best(n)", thesis ? "table 4.4" : "");
    bool match = true;
    for (unsigned i = 0; i < ORDER_ROWS && i < o->t.tree.b; i++) {
        double p = total > 0 ? (double)run->fbest[i] / (double)total : 0.0;
        printf("%4u %12" PRIu64, i + 1, run->fbest[i]);
        if (thesis) {
            printf(" %12" PRIu64 " %10.6f %10.6f%s\n", thesis_fbest[i], p,
                   thesis_pbest[i],
                   run->fbest[i] == thesis_fbest[i] ? "" : "  *");
            match = match && run->fbest[i] == thesis_fbest[i];
        } else {
            printf(" %12s %10.6f\n", "", p);
        }
    }
    printf("contributing nodes %" PRIu64 ", nodes %" PRIu64 ", %.1f s\n", total,
           run->nodes, run->seconds);
    if (run->wrong_roots > 0)
        printf("root value wrong in %u trees (must be the midpoint)\n",
               run->wrong_roots);
    if (thesis)
        printf("table 4.4: %s\n", match ? "reproduced exactly" : "differs (*)");
    return match && run->wrong_roots == 0;
}

static int run_search(const order_options *o, const uint32_t *seeds)
{
    pab_game game;
    int rc = tree_game_init(&game, &o->t.tree);
    if (rc < 0) {
        fprintf(stderr, "pab-bench ordering: %s\n", pab_strerror(rc));
        return 1;
    }
    void *root = malloc(game.state_size);
    fbest_run run;
    memset(&run, 0, sizeof run);
    rc = root != NULL ? search_trees(o, &game, root, seeds, &run) : PAB_ENOMEM;
    free(root);
    tree_game_free(&game);
    if (rc < 0) {
        fprintf(stderr, "pab-bench ordering: search failed: %s\n",
                pab_strerror(rc));
        return 1;
    }
    return print_fbest(o, &run) ? 0 : 1;
}

/* ---- model mode: equations 4.1 / 4.2 ------------------------------------ */

/* Two samples of the position BRANCHORDER gives the best child (the child
 * BRANCHGENERATE made first):
 *  - independent nodes, whose seeds and pscores come from a generator of
 *    their own, so the binomial standard error applies;
 *  - the nodes of the trees themselves.  Those are not independent: a
 *    child's seed is a state of its parent's stream, so the streams of
 *    siblings are one sequence shifted by two draws and their orderings
 *    are alike.  Their error is estimated from the spread between trees
 *    (each tree one sample), which is honest as long as trees are
 *    independent of each other. */
typedef struct model_run {
    uint64_t tree_count[TREE_BRANCH_MAX]; /* in the current tree */
    double tree_sum[TREE_BRANCH_MAX];     /* sums of per-tree proportions */
    double tree_squares[TREE_BRANCH_MAX];
    uint64_t tree_nodes; /* over all trees */
    uint64_t free_count[TREE_BRANCH_MAX];
    uint64_t free_nodes;
} model_run;

/* Where the best child of (seed, pscore) lands; fills children in the
 * tree's order. */
static unsigned best_position(const tree_params *p, uint32_t seed,
                              uint32_t pscore, bool max_node,
                              tree_child *children)
{
    unsigned labels[TREE_BRANCH_MAX];
    tree_rnd rnd;
    tree_branch_generate(&rnd, seed, pscore, max_node, children, p->b);
    for (unsigned i = 0; i < p->b; i++)
        labels[i] = i;
    tree_branch_order(&rnd, max_node, children, p->b, p->wa, p->wb, labels);
    unsigned at = 0;
    while (labels[at] != 0)
        at++;
    return at;
}

/* Every node of the first --depth plies below (seed, pscore); the
 * recursion is at most --depth deep. */
static void model_tree_node(const tree_params *p, uint32_t seed,
                            uint32_t pscore, unsigned ply, model_run *run)
{
    tree_child children[TREE_BRANCH_MAX];
    run->tree_count[best_position(p, seed, pscore, ply % 2 == 0, children)]++;
    if ((int)ply + 1 < p->height)
        for (unsigned i = 0; i < p->b; i++)
            model_tree_node(p, children[i].seed, children[i].pscore, ply + 1,
                            run);
}

static void model_tree(const tree_params *p, uint32_t seed, model_run *run)
{
    uint64_t nodes = 0;
    memset(run->tree_count, 0, sizeof run->tree_count);
    model_tree_node(p, seed, TREE_MIDPOINT, 0, run);
    for (unsigned i = 0; i < p->b; i++)
        nodes += run->tree_count[i];
    for (unsigned i = 0; i < p->b; i++) {
        double q = (double)run->tree_count[i] / (double)nodes;
        run->tree_sum[i] += q;
        run->tree_squares[i] += q * q;
    }
    run->tree_nodes += nodes;
}

/* SplitMix64: a generator unrelated to the tree's, for independent nodes. */
static uint64_t splitmix64(uint64_t *s)
{
    return ex_mix64(*s += 0x9e3779b97f4a7c15u);
}

static void model_free_nodes(const tree_params *p, unsigned long samples,
                             model_run *run)
{
    uint64_t s = 20010101u;
    tree_child children[TREE_BRANCH_MAX];
    for (unsigned long k = 0; k < samples; k++) {
        uint32_t seed =
            (uint32_t)(1u + splitmix64(&s) % (TREE_RANDOM_LIMIT - 1u));
        uint32_t pscore = (uint32_t)(splitmix64(&s) % (TREE_SCORE_MAX + 1u));
        run->free_count[best_position(p, seed, pscore, k % 2 == 0, children)]++;
    }
    run->free_nodes = samples;
}

/* Mean and standard error of the per-tree proportions at position i. */
static void tree_estimate(const model_run *run, unsigned trees, unsigned i,
                          double *mean, double *se)
{
    *mean = run->tree_sum[i] / trees;
    double var =
        trees > 1 ? (run->tree_squares[i] - trees * *mean * *mean) / (trees - 1)
                  : 0.0;
    *se = var > 0.0 ? sqrt(var / trees) : 0.0;
}

static void print_model(const order_options *o, const model_run *run)
{
    bool thesis = same_tree(&o->t.tree, 20, 69, 19);
    const tree_params *p = &o->t.tree;
    double n = (double)run->free_nodes, free_sum = 0.0, eq_sum = 0.0;
    double worst_free = 0.0, worst_tree = 0.0;
    printf("ordering model: tree %u,%u,%u, position of the best child after "
           "BRANCHORDER\n",
           p->b, p->wa, p->wb);
    printf("  independent: %" PRIu64 " nodes, seeds and pscores from "
           "SplitMix64 (+-: binomial standard error)\n",
           run->free_nodes);
    printf("  in trees:    %s (%u trees), plies 0..%d, %" PRIu64
           " nodes (+-: standard error between trees)\n",
           o->t.seeds, o->t.trees, o->t.depth - 1, run->tree_nodes);
    printf("%4s %11s %9s %10s %9s %10s %10s %10s %10s%s\n", "n", "independent",
           "+-", "in trees", "+-", "eq 4.1/4.2", thesis ? "table 4.5" : "",
           "sum indep.", "sum eq.", thesis ? " sum t. 4.5" : "");
    for (unsigned i = 0; i < p->b; i++) {
        double q = run->free_count[i] / n, se = sqrt(q * (1.0 - q) / n);
        double tq, tse;
        tree_estimate(run, o->t.trees, i, &tq, &tse);
        double eq = tree_model_probability(p->b, p->wa, p->wb, i + 1);
        free_sum += q;
        eq_sum += eq;
        if (se > 0.0 && fabs(q - eq) / se > worst_free)
            worst_free = fabs(q - eq) / se;
        if (tse > 0.0 && fabs(tq - eq) / tse > worst_tree)
            worst_tree = fabs(tq - eq) / tse;
        printf("%4u %11.6f %9.6f %10.6f %9.6f %10.6f", i + 1, q, se, tq, tse,
               eq);
        if (thesis && i < MODEL_ROWS)
            printf(" %10.6f %10.6f %10.6f %10.6f\n", thesis_pn[i], free_sum,
                   eq_sum, thesis_cumulative[i]);
        else
            printf(" %10s %10.6f %10.6f\n", "", free_sum, eq_sum);
    }
    printf("largest deviation from eq 4.1/4.2: independent %.1f, in trees "
           "%.1f standard errors\n",
           worst_free, worst_tree);
}

static int run_model(const order_options *o, const uint32_t *seeds)
{
    model_run *run = calloc(1, sizeof *run);
    if (run == NULL) {
        fprintf(stderr, "pab-bench ordering: out of memory\n");
        return 1;
    }
    double start = now_seconds(), last = start;
    model_free_nodes(&o->t.tree, o->samples, run);
    for (unsigned t = 0; t < o->t.trees; t++) {
        model_tree(&o->t.tree, seeds[t], run);
        progress(o, t + 1, start, &last);
    }
    print_model(o, run);
    printf("%.1f s\n", now_seconds() - start);
    free(run);
    return 0;
}

int bench_ordering(int argc, char **argv)
{
    order_options o;
    uint32_t seeds[TREE_TG2_COUNT];
    int rc = parse_options(argc, argv, &o);
    if (rc == 1) {
        usage();
        return 0;
    }
    if (rc != 0)
        return rc;
    tree_seed_set(o.t.seeds, seeds, TREE_TG2_COUNT);
    return o.model ? run_model(&o, seeds) : run_search(&o, seeds);
}

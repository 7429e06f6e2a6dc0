/*
 * Training the thesis' classification networks (see train.h): the data of
 * section 5.3 from the library's node reports, the network of section 5.4
 * on FANN (network.c).
 */
#include "train.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pab/pab.h>

#include "args.h"

/* Table 5.1. */
static const struct {
    unsigned b, wa, wb;
    double e_type, e_wait;
} thesis[] = {{32, 79, 5, 37.460133, 0.633216},
              {20, 69, 19, 49.063758, 0.309434},
              {32, 66, 66, 18.992261, 0.073585},
              {32, 33, 33, 41.489635, 0.297047},
              {32, 0, 0, 28.369211, 4.095871}};
#define THESIS_ROWS (sizeof thesis / sizeof thesis[0])

/* Deepest training search: (b + 1)^(depth - 1) addresses. */
#define TRAIN_DEPTH_MAX 5

/* ---- section 5.3: the training data ------------------------------------ */

/* Sums of t and u, and visits, by node address. */
typedef struct address_table {
    unsigned b;
    int depth;
    size_t size;
    double *t, *u;
    uint32_t *visits;
} address_table;

/* An address: the thesis' p_1 .. p_(n-1), from 1, as digits in base
 * b + 1 (0: the level is not reached). */
static size_t address_of(const address_table *a, const unsigned *path, int ply)
{
    size_t addr = 0, weight = 1;
    for (int p = 0; p < ply; p++) {
        addr += (path[p] + 1) * weight;
        weight *= a->b + 1;
    }
    return addr;
}

static void on_node(const pab_node_report *r, void *user)
{
    address_table *a = user;
    if (r->ply >= a->depth)
        return;
    for (int p = 0; p < r->ply; p++)
        if (r->path[p] >= a->b)
            return;
    const size_t addr = address_of(a, r->path, r->ply);
    a->t[addr] += r->type;
    a->u[addr] += r->last + 1; /* the move, counted from 1; 0: none */
    a->visits[addr]++;
}

static int table_init(address_table *a, unsigned b, int depth)
{
    a->b = b;
    a->depth = depth;
    a->size = 1;
    for (int p = 0; p < depth - 1; p++)
        a->size *= b + 1;
    a->t = calloc(a->size, sizeof *a->t);
    a->u = calloc(a->size, sizeof *a->u);
    a->visits = calloc(a->size, sizeof *a->visits);
    return a->t && a->u && a->visits ? 0 : PAB_ENOMEM;
}

static void table_free(address_table *a)
{
    free(a->t);
    free(a->u);
    free(a->visits);
}

static int search_all(const tree_params *tree, const char *seeds,
                      unsigned trees, address_table *a)
{
    pab_game game;
    int rc = tree_game_init(&game, tree);
    if (rc < 0)
        return rc;
    uint32_t seed[TREE_TG2_COUNT];
    tree_seed_set(seeds, seed, TREE_TG2_COUNT);
    void *root = malloc(game.state_size);
    pab_searcher *s = NULL;
    rc = root == NULL ? PAB_ENOMEM
                      : pab_searcher_create(&s, &game, PAB_DEFAULT_TT_BYTES);
    pab_config cfg;
    pab_config_init(&cfg);
    cfg.plain = true;
    cfg.max_depth = a->depth;
    cfg.node_report = on_node;
    cfg.node_report_user = a;
    for (unsigned t = 0; t < trees && rc >= 0; t++) {
        pab_result r;
        rc = tree_root(&game, root, seed[t]);
        if (rc >= 0)
            rc = pab_search(s, root, &cfg, &r);
    }
    pab_searcher_destroy(s);
    free(root);
    tree_game_free(&game);
    return rc;
}

/* The ply of an address (its digits, all non-zero from the lowest), and
 * whether every one of them is 1: the first line searched. */
static int ply_of(const address_table *a, size_t addr, bool *pv)
{
    int q = 0;
    *pv = true;
    for (; addr > 0; addr /= a->b + 1, q++)
        *pv = *pv && addr % (a->b + 1) == 1;
    return q;
}

/* Steps two and three: averages, and one pattern per parent address and
 * son both visited, parents in address order. */
static size_t map_levels(const address_table *a, net_pattern *out)
{
    size_t n = 0;
    for (size_t parent = 0; parent < a->size; parent++) {
        bool pv;
        const int q = ply_of(a, parent, &pv);
        if (a->visits[parent] == 0 || q >= a->depth - 1)
            continue;
        size_t weight = 1;
        for (int p = 0; p < q; p++)
            weight *= a->b + 1;
        for (unsigned j = 1; j <= a->b; j++) {
            const size_t child = parent + j * weight;
            if (a->visits[child] == 0)
                continue;
            out[n++] = (net_pattern){
                .pv = pv,
                .type = a->t[parent] / a->visits[parent],
                .index = j,
                .out_type = a->t[child] / a->visits[child],
                .out_wait = a->u[child] / a->visits[child],
            };
        }
    }
    return n;
}

int train_patterns(const tree_params *tree, const char *seeds, unsigned trees,
                   int depth, net_pattern **patterns, size_t *count)
{
    address_table a;
    tree_params p = *tree;
    p.height = depth;
    int rc = table_init(&a, tree->b, depth);
    if (rc >= 0)
        rc = search_all(&p, seeds, trees, &a);
    *patterns = NULL;
    *count = 0;
    if (rc >= 0) {
        *patterns = malloc(a.size * sizeof **patterns);
        if (*patterns == NULL)
            rc = PAB_ENOMEM;
        else
            *count = map_levels(&a, *patterns);
    }
    table_free(&a);
    return rc;
}

/* ---- the command -------------------------------------------------------- */

typedef struct train_options {
    bench_tree_args t;
    unsigned epochs;
    double eta;
    unsigned seed;
    const char *out;
    bool quiet;
} train_options;

static void usage(void)
{
    printf("usage: pab-bench train [--tree=b,wa,wb] [--seeds=tg1|tg2] "
           "[--trees=N] [--depth=D]\n"
           "                       [--epochs=N] [--eta=X] [--seed=N] "
           "[--out=DIR] [--quiet]\n"
           "Trains the thesis' node-classification networks (sections "
           "5.3, 5.4; table 5.1;\n"
           "default: the five orderings, 200 trees of tg2, depth 4, 10000 "
           "epochs, eta 0.1).\n");
}

static bool parse_eta(const char *text, double *eta)
{
    char *end;
    double v = strtod(text, &end);
    if (*text == '\0' || *end != '\0' || !(v > 0 && v <= 10))
        return false;
    *eta = v;
    return true;
}

/* One argument; 0, 1 for --help, or 2 after reporting the error. */
static int parse_one(const char *arg, train_options *o)
{
    const char *v;
    long x;
    int rc;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
        return 1;
    if (strcmp(arg, "--quiet") == 0)
        o->quiet = true;
    else if ((rc = bench_tree_arg("train", arg, &o->t, 2, TRAIN_DEPTH_MAX)) >=
             0)
        return rc;
    else if ((v = bench_arg_value(arg, "--epochs")) != NULL) {
        if (!bench_arg_long(v, 1, 1000000, &x))
            return bench_usage_error("train", "--epochs must be 1 .. 1000000",
                                     v);
        o->epochs = (unsigned)x;
    } else if ((v = bench_arg_value(arg, "--eta")) != NULL) {
        if (!parse_eta(v, &o->eta))
            return bench_usage_error("train",
                                     "--eta must be above 0 and at most 10", v);
    } else if ((v = bench_arg_value(arg, "--seed")) != NULL) {
        if (!bench_arg_long(v, 0, 2147483647L, &x))
            return bench_usage_error("train", "--seed must be 0 .. 2147483647",
                                     v);
        o->seed = (unsigned)x;
    } else if ((v = bench_arg_value(arg, "--out")) != NULL) {
        if (*v == '\0')
            return bench_usage_error("train", "--out needs a directory", NULL);
        o->out = v;
    } else
        return bench_usage_error("train", "unknown argument", arg);
    return 0;
}

static int parse_options(int argc, char **argv, train_options *o)
{
    *o = (train_options){.t = {.seeds = "tg2", .depth = 4},
                         .epochs = 10000,
                         .eta = 0.1,
                         .seed = 1,
                         .out = "."};
    for (int i = 1; i < argc; i++) {
        int rc = parse_one(argv[i], o);
        if (rc != 0)
            return rc;
    }
    if (bench_tree_args_finish("train", &o->t) != 0)
        return 2;
    if ((size_t)o->t.tree.b > 64 && o->t.depth > 4)
        return bench_usage_error("train", "--depth above 4 takes b up to 64",
                                 NULL);
    return 0;
}

/* Train and save one ordering's network; prints its row of table 5.1. */
static int train_one(const train_options *o, const tree_params *tree,
                     const char *thesis_row)
{
    net_pattern *p;
    size_t count;
    int rc =
        train_patterns(tree, o->t.seeds, o->t.trees, o->t.depth, &p, &count);
    if (rc < 0) {
        fprintf(stderr, "pab-bench train: %s\n", pab_strerror(rc));
        return 1;
    }
    net *n = net_create(o->seed);
    if (n == NULL) {
        free(p);
        fprintf(stderr, "pab-bench train: out of memory\n");
        return 1;
    }
    net_train(n, p, count, o->epochs, o->eta);
    double et, ew;
    net_errors(n, p, count, &et, &ew);
    char name[64], path[4096], err[4200];
    net_file_name(tree->b, tree->wa, tree->wb, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", o->out, name);
    rc = net_save(n, path, err, sizeof err);
    net_destroy(n);
    free(p);
    if (rc < 0) {
        fprintf(stderr, "pab-bench train: %s\n", err);
        return 1;
    }
    printf("%3u,%3u,%3u %9zu %12.6f %12.6f%s  %s\n", tree->b, tree->wa,
           tree->wb, count, et, ew, thesis_row, path);
    fflush(stdout);
    return 0;
}

int bench_train(int argc, char **argv)
{
    train_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc == 1) {
        usage();
        return 0;
    }
    if (rc != 0)
        return rc;
    printf("train: %s (%u trees), depth %d, %u epochs, eta %g, seed %u\n",
           o.t.seeds, o.t.trees, o.t.depth, o.epochs, o.eta, o.seed);
    printf("Table 5.1\n%-11s %9s %12s %12s %12s %12s  %s\n", "b, wa, wb",
           "patterns", "E_type", "E_wait", "thesis E_t", "thesis E_w",
           "network");
    const bool thesis_setup = strcmp(o.t.seeds, "tg2") == 0 &&
                              o.t.trees == TREE_TG2_COUNT && o.t.depth == 4;
    for (size_t i = 0; i < (o.t.tree_given ? 1 : THESIS_ROWS); i++) {
        tree_params t = o.t.tree;
        if (!o.t.tree_given)
            t = (tree_params){thesis[i].b, thesis[i].wa, thesis[i].wb, 0};
        char row[64] = "";
        for (size_t k = 0; k < THESIS_ROWS && thesis_setup; k++)
            if (thesis[k].b == t.b && thesis[k].wa == t.wa &&
                thesis[k].wb == t.wb)
                snprintf(row, sizeof row, " %12.6f %12.6f", thesis[k].e_type,
                         thesis[k].e_wait);
        if (row[0] == '\0')
            snprintf(row, sizeof row, " %12s %12s", "-", "-");
        if (train_one(&o, &t, row) != 0)
            return 1;
        if (!o.quiet)
            fprintf(stderr, "train: %u,%u,%u done\n", t.b, t.wa, t.wb);
    }
    return 0;
}

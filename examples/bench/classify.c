/*
 * The node-classification experiment of the thesis, section 5.5 (see
 * classify.h).  The library reports each interior node of a plain serial
 * search with the classes schemes A and B predicted for it and what it
 * did (pab_search(3), NODE REPORTS); this file only counts.
 */
#include "classify.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pab/pab.h>

#include "args.h"

#include "../games/tree.h"
#include "network.h"

/* Counts of one scheme: [predicted ALL][the node searched all its moves]. */
typedef struct tally {
    uint64_t n[2][2];
} tally;

typedef struct thesis_row {
    unsigned b, wa, wb;
    uint64_t a[5]; /* table 5.2: true CUT, false CUT, true ALL, false ALL,
                    * error */
    unsigned n;    /* table 5.3: its n, and the same five */
    uint64_t bt[5];
    int m; /* table 5.4: its m, and the same five */
    uint64_t ct[5];
} thesis_row;

static const thesis_row thesis[] = {
    {32,
     79,
     5,
     {5224782, 96205, 384361, 38844, 135049},
     1,
     {4520268, 172402, 308164, 743358, 915760},
     10,
     {5196278, 66924, 413642, 67348, 134272}},
    {20,
     69,
     19,
     {1466634, 51794, 153707, 21592, 73386},
     1,
     {1233943, 73866, 131635, 254283, 328149},
     10,
     {1453897, 33895, 171606, 34329, 68224}},
    {32,
     66,
     66,
     {5263594, 104381, 333611, 45230, 149611},
     1,
     {4567304, 132753, 305239, 741520, 874273},
     20,
     {5270913, 43527, 394465, 37911, 81438}},
    {32,
     33,
     33,
     {8066731, 374809, 487466, 190667, 565476},
     1,
     {6464164, 393138, 472117, 1812923, 2206061},
     15,
     {8011267, 199923, 665332, 265820, 465743}},
    {32,
     0,
     0,
     {21170883, 2346414, 971304, 1256668, 3603082},
     1,
     {16010177, 2084414, 1233304, 6417374, 8501788},
     20,
     {22427551, 3317718, 0, 0, 3317718}},
};
#define THESIS_ROWS  (sizeof thesis / sizeof thesis[0])
#define THESIS_DEPTH 6

typedef struct cls_options {
    bench_tree_args t;
    unsigned n;
    bool early_cut; /* a cutoff at the last move counts as "all searched" */
    bool quiet;
    int m;            /* scheme C's m; -1: the thesis' for the ordering */
    const char *nets; /* where the networks are; NULL: installed or source */
} cls_options;

typedef struct counts {
    const cls_options *o;
    tally a, b, c;
    /* Scheme C off the first line, by the network's type value and
     * whether the node searched all its moves: every m at once. */
    uint64_t by_type[101][2];
} counts;

static void usage(void)
{
    printf("usage: pab-bench classify [--tree=b,wa,wb] [--seeds=tg1|tg2] "
           "[--depth=D] [--trees=N]\n"
           "                          [--n=N] [--early-cut] [--m=M] "
           "[--nets=DIR] [--quiet]\n"
           "Tables 5.2-5.4: how often schemes A (strong YBWC), B (DTS) and "
           "C (the network)\n"
           "predict CUT and ALL nodes right in plain alpha-beta (default: "
           "the five\n"
           "orderings, tg1, depth 6, n = 1, the thesis' m).\n");
}

/* One argument; 0, 1 for --help, or 2 after reporting the error. */
static int parse_one(const char *arg, cls_options *o)
{
    const char *v;
    long x;
    int rc;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
        return 1;
    if (strcmp(arg, "--quiet") == 0)
        o->quiet = true;
    else if (strcmp(arg, "--early-cut") == 0)
        o->early_cut = true;
    else if ((rc = bench_tree_arg("classify", arg, &o->t, 1,
                                  TREE_HEIGHT_MAX)) >= 0)
        return rc;
    else if ((v = bench_arg_value(arg, "--m")) != NULL) {
        if (!bench_arg_long(v, 0, 50, &x))
            return bench_usage_error("classify", "--m must be 0 .. 50", v);
        o->m = (int)x;
    } else if ((v = bench_arg_value(arg, "--nets")) != NULL) {
        if (*v == '\0')
            return bench_usage_error("classify", "--nets needs a directory",
                                     NULL);
        o->nets = v;
    } else if ((v = bench_arg_value(arg, "--n")) != NULL) {
        if (!bench_arg_long(v, 1, PAB_MAX_MOVES, &x))
            return bench_usage_error("classify", "--n must be 1 .. 256", v);
        o->n = (unsigned)x;
    } else
        return bench_usage_error("classify", "unknown argument", arg);
    return 0;
}

static int parse_options(int argc, char **argv, cls_options *o)
{
    *o = (cls_options){
        .t = {.seeds = "tg1", .depth = THESIS_DEPTH}, .n = 1, .m = -1};
    for (int i = 1; i < argc; i++) {
        int rc = parse_one(argv[i], o);
        if (rc != 0)
            return rc;
    }
    if (bench_tree_args_finish("classify", &o->t) != 0)
        return 2;
    return 0;
}

/* ---- counting ----------------------------------------------------------- */

static void count(tally *t, pab_node_class predicted, bool searched_all)
{
    t->n[predicted == PAB_NODE_ALL][searched_all]++;
}

/* The thesis leaves out the first line searched: every scheme calls its
 * nodes PV alike. */
static void on_node(const pab_node_report *r, void *user)
{
    counts *c = user;
    if (r->pv)
        return;
    bool cut = r->cutoff && (!c->o->early_cut || r->searched < r->moves);
    count(&c->a, r->scheme_a, !cut);
    count(&c->b, r->scheme_b, !cut);
    count(&c->c, r->scheme_c, !cut);
    c->by_type[r->predicted_type][!cut]++;
}

/* Scheme C's tally had m been `m`. */
static tally tally_for_m(const counts *c, int m)
{
    tally t = {{{0}}};
    for (int v = 0; v <= 100; v++)
        for (int all = 0; all < 2; all++)
            t.n[v < 50 - m || v > 50 + m][all] += c->by_type[v][all];
    return t;
}

/* The m with the fewest errors (the smallest of equals). */
static int best_m(const counts *c)
{
    int best = 0;
    uint64_t best_error = UINT64_MAX;
    for (int m = 0; m <= 50; m++) {
        const tally t = tally_for_m(c, m);
        const uint64_t e = t.n[0][1] + t.n[1][0];
        if (e < best_error) {
            best = m;
            best_error = e;
        }
    }
    return best;
}

/* True CUT, false CUT, true ALL, false ALL, error. */
static void columns(const tally *t, uint64_t out[5])
{
    out[0] = t->n[0][0];
    out[1] = t->n[0][1];
    out[2] = t->n[1][1];
    out[3] = t->n[1][0];
    out[4] = out[1] + out[3];
}

/* ---- scheme C: the trained networks ------------------------------------ */

/* The network for ordering `p`, or NULL after printing why. */
static net *load_net(const cls_options *o, const tree_params *p, char *used,
                     size_t usedlen)
{
    char err[4200];
    net *n = net_load_nearest(o->nets, p->b, p->wa, p->wb, used, usedlen, err,
                              sizeof err);
    if (n == NULL)
        fprintf(stderr, "pab-bench classify: %s\n", err);
    return n;
}

/* The thesis' m for the trained ordering nearest to `p`. */
static const thesis_row *nearest_trained(const tree_params *p)
{
    const unsigned *t = net_trained[net_nearest(p->b, p->wa, p->wb)];
    for (size_t i = 0; i < THESIS_ROWS; i++)
        if (thesis[i].b == t[0] && thesis[i].wa == t[1] && thesis[i].wb == t[2])
            return &thesis[i];
    return &thesis[0];
}

static int scheme_c_m(const cls_options *o, const tree_params *p)
{
    if (o->m >= 0)
        return o->m;
    return nearest_trained(p)->m;
}

static int search_trees(const cls_options *o, const tree_params *tp, counts *c,
                        net *network)
{
    pab_game game;
    int rc = tree_game_init(&game, tp);
    if (rc < 0)
        return rc;
    uint32_t seeds[TREE_TG2_COUNT];
    tree_seed_set(o->t.seeds, seeds, TREE_TG2_COUNT);
    void *root = malloc(game.state_size);
    pab_searcher *s = NULL;
    if (root == NULL)
        rc = PAB_ENOMEM;
    if (rc >= 0)
        rc = pab_searcher_create(&s, &game, PAB_DEFAULT_TT_BYTES);
    pab_config cfg;
    pab_config_init(&cfg);
    cfg.plain = true;
    cfg.max_depth = o->t.depth;
    cfg.split_n = o->n;
    cfg.node_report = on_node;
    cfg.node_report_user = c;
    cfg.classify = net_classify;
    cfg.classify_user = network;
    cfg.split_ncut_m = scheme_c_m(o, tp);
    for (unsigned t = 0; t < o->t.trees && rc >= 0; t++) {
        pab_result r;
        rc = tree_root(&game, root, seeds[t]);
        if (rc >= 0)
            rc = pab_search(s, root, &cfg, &r);
    }
    pab_searcher_destroy(s);
    free(root);
    tree_game_free(&game);
    return rc;
}

/* ---- printing ----------------------------------------------------------- */

static const thesis_row *thesis_for(const cls_options *o, const tree_params *p)
{
    if (o->t.depth != THESIS_DEPTH || strcmp(o->t.seeds, "tg1") != 0 ||
        o->t.trees != TREE_TG1_COUNT || o->early_cut)
        return NULL;
    for (size_t i = 0; i < THESIS_ROWS; i++)
        if (thesis[i].b == p->b && thesis[i].wa == p->wa &&
            thesis[i].wb == p->wb)
            return &thesis[i];
    return NULL;
}

/* A row; a `*` follows a number that differs from `other`'s. */
/* A row, with the scheme's parameter unless it is -1. */
static void print_row(const char *who, const tree_params *p, int n,
                      const uint64_t v[5], const uint64_t *other)
{
    printf("%-7s %3u,%3u,%3u", who, p->b, p->wa, p->wb);
    if (n >= 0)
        printf(" %3d", n);
    for (int k = 0; k < 5; k++)
        printf(" %10" PRIu64 "%s", v[k],
               other != NULL && other[k] != v[k] ? "*" : " ");
    printf("\n");
}

static void print_header(const char *table, const char *scheme,
                         const char *param)
{
    printf("\n%s: scheme %s\n%-7s %11s", table, scheme, "", "b, wa, wb");
    if (param != NULL)
        printf(" %3s", param);
    printf(" %10s  %10s  %10s  %10s  %10s\n", "TrueCUT", "FalseCUT", "TrueALL",
           "FalseALL", "Error");
}

/* ---- the command -------------------------------------------------------- */

int bench_classify(int argc, char **argv)
{
    cls_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc == 1) {
        usage();
        return 0;
    }
    if (rc != 0)
        return rc;
    tree_params rows[THESIS_ROWS];
    size_t nrows = 0;
    if (o.t.tree_given)
        rows[nrows++] = o.t.tree;
    else
        for (; nrows < THESIS_ROWS; nrows++)
            rows[nrows] = (tree_params){thesis[nrows].b, thesis[nrows].wa,
                                        thesis[nrows].wb, 0};
    uint64_t a[THESIS_ROWS][5], b[THESIS_ROWS][5], cc[THESIS_ROWS][5];
    uint64_t cbest[THESIS_ROWS][5];
    int mbest[THESIS_ROWS];
    char used[THESIS_ROWS][4200];
    for (size_t i = 0; i < nrows; i++) {
        counts c = {.o = &o};
        rows[i].height = o.t.depth;
        net *network = load_net(&o, &rows[i], used[i], sizeof used[i]);
        if (network == NULL)
            return 1;
        rc = search_trees(&o, &rows[i], &c, network);
        net_destroy(network);
        if (rc < 0) {
            fprintf(stderr, "pab-bench classify: %s\n", pab_strerror(rc));
            return 1;
        }
        columns(&c.a, a[i]);
        columns(&c.b, b[i]);
        columns(&c.c, cc[i]);
        mbest[i] = best_m(&c);
        const tally tb = tally_for_m(&c, mbest[i]);
        columns(&tb, cbest[i]);
        if (!o.quiet)
            fprintf(stderr, "classify: %u,%u,%u done\n", rows[i].b, rows[i].wa,
                    rows[i].wb);
    }
    printf("classify: %s (%u trees), depth %d, plain alpha-beta (figure "
           "4.3), the first line searched left out%s\n",
           o.t.seeds, o.t.trees, o.t.depth,
           o.early_cut ? "; a cutoff at the last move counts as ALL" : "");
    print_header("Table 5.2", "A (strong YBWC)", NULL);
    for (size_t i = 0; i < nrows; i++) {
        const thesis_row *t = thesis_for(&o, &rows[i]);
        print_row("libpab", &rows[i], -1, a[i], t != NULL ? t->a : NULL);
        if (t != NULL)
            print_row("thesis", &rows[i], -1, t->a, NULL);
    }
    print_header("Table 5.3", "B (DTS)", "n");
    for (size_t i = 0; i < nrows; i++) {
        const thesis_row *t = thesis_for(&o, &rows[i]);
        print_row("libpab", &rows[i], (int)o.n, b[i],
                  t != NULL && t->n == o.n ? t->bt : NULL);
        if (t != NULL)
            print_row("thesis", &rows[i], (int)t->n, t->bt, NULL);
    }
    print_header("Table 5.4", "C (the network)", "m");
    for (size_t i = 0; i < nrows; i++) {
        const thesis_row *t = thesis_for(&o, &rows[i]);
        const int m = scheme_c_m(&o, &rows[i]);
        print_row("libpab", &rows[i], m, cc[i],
                  t != NULL && t->m == m ? t->ct : NULL);
        if (mbest[i] != m)
            print_row("best m", &rows[i], mbest[i], cbest[i], NULL);
        if (t != NULL)
            print_row("thesis", &rows[i], t->m, t->ct, NULL);
    }
    printf("\nnetworks:");
    for (size_t i = 0; i < nrows; i++)
        printf(" %s", used[i]);
    printf("\n");
    return 0;
}

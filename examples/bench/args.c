/*
 * The arguments of pab-bench's tree experiments (see args.h).
 */
#include "args.h"

#include <stdio.h>

int bench_usage_error(const char *cmd, const char *what, const char *arg)
{
    fprintf(stderr, "pab-bench %s: %s%s%s (see --help)\n", cmd, what,
            arg != NULL ? ": " : "", arg != NULL ? arg : "");
    return 2;
}

static int take_tree(const char *cmd, const char *v, bench_tree_args *a)
{
    char err[160];
    const char *c1 = strchr(v, ',');
    const char *c2 = c1 != NULL ? strchr(c1 + 1, ',') : NULL;
    if (c2 == NULL || tree_params_parse(v, &a->tree, err, sizeof err) < 0)
        return bench_usage_error(cmd, "bad --tree, want b,wa,wb", v);
    /* The height is the search depth, given by --depth. */
    if (strchr(c2 + 1, ',') != NULL)
        return bench_usage_error(
            cmd, "--tree takes b,wa,wb (the height is --depth)", v);
    a->tree_given = true;
    return 0;
}

int bench_tree_arg(const char *cmd, const char *arg, bench_tree_args *a,
                   int depth_min, int depth_max)
{
    const char *v;
    long x;
    char what[64];
    if ((v = bench_arg_value(arg, "--tree")) != NULL)
        return take_tree(cmd, v, a);
    if ((v = bench_arg_value(arg, "--seeds")) != NULL) {
        if (tree_seed_set(v, NULL, 0) == 0)
            return bench_usage_error(cmd, "--seeds must be tg1 or tg2", v);
        a->seeds = v;
        return 0;
    }
    if ((v = bench_arg_value(arg, "--trees")) != NULL) {
        if (!bench_arg_long(v, 1, TREE_TG2_COUNT, &x))
            return bench_usage_error(cmd, "--trees must be 1 .. 200", v);
        a->trees = (unsigned)x;
        return 0;
    }
    if ((v = bench_arg_value(arg, "--depth")) != NULL) {
        if (!bench_arg_long(v, depth_min, depth_max, &x)) {
            snprintf(what, sizeof what, "--depth must be %d .. %d", depth_min,
                     depth_max);
            return bench_usage_error(cmd, what, v);
        }
        a->depth = (int)x;
        return 0;
    }
    return -1;
}

int bench_tree_args_finish(const char *cmd, bench_tree_args *a)
{
    const unsigned set = tree_seed_set(a->seeds, NULL, 0);
    if (a->trees == 0)
        a->trees = set;
    if (a->trees > set)
        return bench_usage_error(cmd, "--trees is larger than the seed set",
                                 NULL);
    return 0;
}

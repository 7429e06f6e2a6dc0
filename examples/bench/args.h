/*
 * What pab-bench's commands parse their arguments with: an option's value,
 * a number in a range, and the options every tree experiment (ordering,
 * classify, train) takes.
 */
#ifndef PAB_BENCH_ARGS_H
#define PAB_BENCH_ARGS_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../games/tree.h"

/* The value of "--name=value" if arg is that option, else NULL. */
static inline const char *bench_arg_value(const char *arg, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(arg, name, n) == 0 && arg[n] == '=')
        return arg + n + 1;
    return NULL;
}

/* A whole decimal number in [lo, hi]. */
static inline bool bench_arg_long(const char *text, long lo, long hi,
                                  long *value)
{
    char *end;
    if (*text == '\0')
        return false;
    long v = strtol(text, &end, 10);
    if (*end != '\0' || v < lo || v > hi)
        return false;
    *value = v;
    return true;
}

/* "pab-bench CMD: what: arg (see --help)" on stderr; returns 2. */
int bench_usage_error(const char *cmd, const char *what, const char *arg);

/* The trees of an experiment. */
typedef struct bench_tree_args {
    tree_params tree; /* --tree=b,wa,wb */
    bool tree_given;
    const char *seeds; /* --seeds=tg1|tg2 */
    unsigned trees;    /* --trees=N; 0: the whole set */
    int depth;         /* --depth=D */
} bench_tree_args;

/* If `arg` is --tree, --seeds, --trees or --depth (depth_min to
 * depth_max), take it into *a and return 0, or 2 after reporting a bad
 * value; -1 when it is none of them. */
int bench_tree_arg(const char *cmd, const char *arg, bench_tree_args *a,
                   int depth_min, int depth_max);
/* After the arguments: no --trees is the whole set; 2 when it is larger
 * than the set. */
int bench_tree_args_finish(const char *cmd, bench_tree_args *a);

#endif /* PAB_BENCH_ARGS_H */

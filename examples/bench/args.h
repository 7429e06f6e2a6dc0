/*
 * The two pieces every pab-bench command parses its arguments with.
 */
#ifndef PAB_BENCH_ARGS_H
#define PAB_BENCH_ARGS_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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

#endif /* PAB_BENCH_ARGS_H */

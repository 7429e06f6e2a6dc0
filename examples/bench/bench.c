/* Pieces every pab-bench command uses. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

void bench_fail(const char *fmt, const char *arg)
{
    fprintf(stderr, "pab-bench: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    exit(2);
}

long bench_number(const char *option, const char *text, long lo, long hi)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr,
                "pab-bench: %s must be a number from %ld to %ld, not "
                "'%s'\n",
                option, lo, hi, text);
        exit(2);
    }
    return v;
}

uint64_t bench_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void bench_load(const char *game, const char *params, const char *position,
                bench_loaded *l)
{
    char err[256] = "";
    l->ex = ex_game_find(game);
    if (l->ex == NULL)
        bench_fail("unknown game '%s'", game);
    l->state = calloc(1, EX_STATE_MAX);
    if (l->state == NULL)
        bench_fail("%s", "out of memory");
    if (l->ex->setup(&l->game, l->state, params, position, err, sizeof err) < 0)
        bench_fail("%s", err[0] ? err : "bad game parameters or position");
}

void bench_unload(bench_loaded *l)
{
    if (l->ex->teardown != NULL)
        l->ex->teardown(&l->game);
    free(l->state);
}

void bench_apply_opt(pab_config *cfg, const char *text)
{
    char name[64];
    const char *eq = strchr(text, '=');
    size_t n = eq ? (size_t)(eq - text) : 0;
    if (eq == NULL || n == 0 || n >= sizeof name)
        bench_fail("--opt wants NAME=VALUE, not '%s'", text);
    memcpy(name, text, n);
    name[n] = '\0';
    int rc = pab_config_set_option(cfg, name, eq + 1);
    if (rc == PAB_EOPTION)
        bench_fail("unknown --opt name '%s'", name);
    if (rc < 0)
        bench_fail("bad value in --opt %s", text);
}

unsigned bench_split_list(const char *text, const char **items, unsigned max,
                          char **copy)
{
    unsigned n = 0;
    *copy = strdup(text);
    if (*copy == NULL)
        bench_fail("%s", "out of memory");
    for (char *item = *copy;;) {
        char *comma = strchr(item, ',');
        if (comma != NULL)
            *comma = '\0';
        if (*item == '\0' || n == max)
            bench_fail("bad list '%s'", text);
        items[n++] = item;
        if (comma == NULL)
            return n;
        item = comma + 1;
    }
}

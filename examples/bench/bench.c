/* Pieces every pab-bench command uses. */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
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
        bench_fail("unknown --opt name '%s' (pab-bench options lists them)",
                   name);
    if (rc < 0) {
        char takes[160];
        bench_option_takes(bench_option_info(name), takes, sizeof takes);
        fprintf(stderr, "pab-bench: --opt %s: %s takes %s\n", text, name,
                takes);
        exit(2);
    }
}

const pab_option_info *bench_option_info(const char *name)
{
    const pab_option_info *o;
    for (unsigned i = 0; (o = pab_config_option(i)) != NULL; i++)
        if (strcmp(o->name, name) == 0)
            return o;
    return NULL;
}

/* What values an option takes, in words, from the library's own table. */
void bench_option_takes(const pab_option_info *o, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    if (o == NULL)
        return;
    switch (o->kind) {
    case PAB_OPTION_BOOL: snprintf(buf, len, "true or false"); return;
    case PAB_OPTION_INT:
        snprintf(buf, len, "a whole number from %lld to %lld%s%s", o->min,
                 o->max, o->unit[0] ? " " : "", o->unit);
        return;
    case PAB_OPTION_CHOICE:
    case PAB_OPTION_ALGORITHM:
        for (long long i = o->min; i <= o->max && used + 1 < len; i++) {
            const char *v = o->kind == PAB_OPTION_CHOICE
                                ? o->choices[i]
                                : pab_algorithm_name((int)i);
            int n = snprintf(buf + used, len - used, "%s%s",
                             i == o->min ? "one of " : ", ", v);
            if (n < 0)
                return;
            used += (size_t)n;
        }
        return;
    }
}

/* The default as --opt would write it. */
static void option_default(const pab_option_info *o, char *buf, size_t len)
{
    switch (o->kind) {
    case PAB_OPTION_BOOL:
        snprintf(buf, len, "%s", o->default_value ? "true" : "false");
        break;
    case PAB_OPTION_CHOICE:
        snprintf(buf, len, "%s", o->choices[o->default_value]);
        break;
    case PAB_OPTION_ALGORITHM:
        snprintf(buf, len, "%s", pab_algorithm_name((int)o->default_value));
        break;
    default: snprintf(buf, len, "%lld", o->default_value); break;
    }
}

int bench_list_options(void)
{
    const pab_option_info *o;
    char takes[160], dflt[32];
    for (unsigned i = 0; (o = pab_config_option(i)) != NULL; i++) {
        bench_option_takes(o, takes, sizeof takes);
        option_default(o, dflt, sizeof dflt);
        printf("%-26s %s\n%-26s   takes %s; default %s\n", o->name,
               o->description, "", takes, dflt);
    }
    return 0;
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

/*
 * Whether other processes took the cores a timing needed.  The run delay
 * of /proc/self/task/TID/schedstat (its second number) counts exactly what
 * spoils a time: our thread ready to run and no core for it, whoever took
 * it (a sibling thread too, now and then: compare's judge_load() allows
 * for that), on a nanosecond clock, so that even a short search tells.  The
 * alternatives, measured on two cores, quiet and beside two spinning
 * processes: the process's CPU time over N times the wall time fell from 1
 * to 0.5 under load, but was 0.82 on a quiet machine already for YBWC at
 * two threads on tic-tac-toe, as a parallel search's idle threads sleep:
 * idleness and contention look alike.  /proc/stat counts in 10 ms ticks
 * and read others' CPU as -1 ms over a loaded sub-millisecond search.
 * /proc/loadavg averages over a minute, sampled every 5 s: blind to a
 * short comparison and high long after a build has ended.  Spinning
 * calibration threads cost tens of milliseconds a probe and see only the
 * moments before and after.  This costs some 15 us for a few threads, and
 * misses a hypervisor's steal time (the guest thinks its thread ran).
 */
int64_t bench_cpu_wait_ns(void)
{
    DIR *tasks = opendir("/proc/self/task");
    int64_t sum = 0;
    bool any = false;
    if (tasks == NULL)
        return -1;
    for (struct dirent *e; (e = readdir(tasks)) != NULL;) {
        char path[300];
        unsigned long long run, wait;
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "/proc/self/task/%s/schedstat", e->d_name);
        FILE *f = fopen(path, "r");
        if (f == NULL) /* a thread that has just ended */
            continue;
        if (fscanf(f, "%llu %llu", &run, &wait) == 2) {
            sum += (int64_t)wait;
            any = true;
        }
        fclose(f);
    }
    closedir(tasks);
    return any ? sum : -1;
}

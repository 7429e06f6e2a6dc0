/*
 * What pab-bench's commands share: failing with one line, the clock,
 * loading a game and a position, and --opt.
 */
#ifndef PAB_BENCH_BENCH_H
#define PAB_BENCH_BENCH_H

#include <stdint.h>

#include <pab/pab.h>

#include "../games/games.h"

/* Print "pab-bench: " and the message on stderr, exit with status 2. */
void bench_fail(const char *fmt, const char *arg);
/* The library's description of option `name`, NULL if there is none. */
const pab_option_info *bench_option_info(const char *name);
/* "true or false", "a whole number from 1 to 1024 threads", ... */
void bench_option_takes(const pab_option_info *o, char *buf, size_t len);
/* pab-bench options: every --opt name, what it takes and its default. */
int bench_list_options(void);

uint64_t bench_now_ms(void);

/* The decimal number in `text`, lo..hi, or fail naming the option. */
long bench_number(const char *option, const char *text, long lo, long hi);

/* A game set up on one position. */
typedef struct bench_loaded {
    const ex_game *ex;
    pab_game game;
    void *state; /* EX_STATE_MAX bytes */
} bench_loaded;

/* Set up `game` (a registry name) on `position` (NULL: the initial one);
 * fails the program with the game's message on error. */
void bench_load(const char *game, const char *params, const char *position,
                bench_loaded *l);
void bench_unload(bench_loaded *l);

/* Apply "NAME=VALUE" to cfg with pab_config_set_option(), or fail. */
void bench_apply_opt(pab_config *cfg, const char *text);

/* "a,b,c" into at most max items pointing into *copy, a copy of text that
 * the caller frees; returns the number of items (at least one), fails on
 * an empty item or more than max. */
unsigned bench_split_list(const char *text, const char **items, unsigned max,
                          char **copy);

/* Nanoseconds the threads of this process have spent ready to run but
 * waiting for a CPU, summed over its threads; -1 where the system does not
 * say (it is Linux's schedstat). */
int64_t bench_cpu_wait_ns(void);

#endif /* PAB_BENCH_BENCH_H */

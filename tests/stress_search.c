/*
 * Stress for every parallel algorithm, as a plain executable so it runs
 * under ThreadSanitizer (Criterion aborts there) and AddressSanitizer.
 *
 * Per algorithm: PAB_STRESS_SEARCHES searches (default 40) at
 * PAB_STRESS_THREADS threads (default 8) on artificial trees, one searcher
 * reused throughout (threads and tables must survive thousands of searches
 * without leaking).  A third of them have no limit and must return the
 * serial value exactly; a third have a random node limit; a third are
 * stopped from a second thread after a random delay.  Limited and stopped
 * searches must return a legal move.  Exit 0 when all is well, 1 with one
 * line on stderr otherwise.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pab/pab.h>

#include "stress.h"

#include "../examples/games/tree.h"

static uint64_t rng_state = 0x2545f4914f6cdd1du;
static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)rng_state;
}

typedef struct stopper {
    pab_searcher *s;
    unsigned delay_us;
} stopper;

static void *stop_later(void *arg)
{
    stopper *st = arg;
    struct timespec ts = {0, (long)st->delay_us * 1000};
    nanosleep(&ts, NULL);
    pab_searcher_stop(st->s);
    return NULL;
}

static int fail(const char *algo, unsigned i, const char *what)
{
    fprintf(stderr, "stress_search: %s search %u: %s\n", algo, i, what);
    return 1;
}

static int stress_algorithm(pab_algorithm algo, unsigned searches,
                            unsigned threads)
{
    const char *name = pab_algorithm_name(algo);
    tree_params shape = {10, 70, 10, TREE_HEIGHT_MAX};
    pab_game g;
    pab_searcher *par, *ser;
    if (tree_game_init(&g, &shape) < 0)
        return fail(name, 0, "tree_game_init");
    void *root = malloc(g.state_size);
    if (pab_searcher_create(&par, &g, 1 << 20) < 0 ||
        pab_searcher_create(&ser, &g, 1 << 20) < 0)
        return fail(name, 0, "pab_searcher_create");
    int status = 0;
    for (unsigned i = 0; i < searches && status == 0; i++) {
        pab_config c;
        pab_result want, got;
        tree_root(&g, root, 1000 + i);
        pab_config_init(&c);
        c.max_depth = 5 + (int)(rng() % 2);
        c.plain = rng() % 2;
        c.lazy_same_depth = true;
        if (pab_search(ser, root, &c, &want) < 0)
            return fail(name, i, "serial search failed");
        c.algorithm = algo;
        c.threads = threads;
        if (algo == PAB_ALGO_ABDADA) /* half with footnote 12's cutoffs */
            c.abdada_share_cutoffs = i % 2;
        stopper st = {par, 100 + rng() % 3000};
        pthread_t t;
        unsigned mode = i % 3;
        if (mode == 1)
            c.node_limit = 1 + rng() % 20000;
        if (mode == 2 && pthread_create(&t, NULL, stop_later, &st) != 0)
            return fail(name, i, "pthread_create");
        int rc = pab_search(par, root, &c, &got);
        if (mode == 2)
            pthread_join(t, NULL);
        if (rc < 0)
            status = fail(name, i, pab_strerror(rc));
        else if (got.best_move >= shape.b)
            status = fail(name, i, "no legal best move");
        else if (mode == 0 && got.score != want.score)
            status = fail(name, i, "value differs from serial");
    }
    pab_searcher_destroy(par);
    pab_searcher_destroy(ser);
    free(root);
    tree_game_free(&g);
    return status;
}

int main(void)
{
    unsigned searches = (unsigned)stress_knob(
        "stress_search", "PAB_STRESS_SEARCHES", 40, 1, 100000);
    unsigned threads = (unsigned)stress_knob(
        "stress_search", "PAB_STRESS_THREADS", 8, 1, 100000);
    /* Every parallel algorithm libpab has; serial is the reference. */
    for (int a = 0; a < PAB_ALGO_COUNT; a++)
        if (a != PAB_ALGO_SERIAL &&
            stress_algorithm((pab_algorithm)a, searches, threads) != 0)
            return 1;
    printf("stress_search: %u searches per algorithm at %u threads: ok\n",
           searches, threads);
    return 0;
}

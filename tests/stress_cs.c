/*
 * Stress test of the currently-searching table under real threads (the
 * ThreadSanitizer suite runs it; Criterion is not used here).
 *
 * Threads start and finish move hashes drawn (from per-thread seeds) out of
 * a small shared pool that crowds a small table: 48 hashes over 8 sets of
 * 4 ways, so sets overflow, ways are claimed and cleared concurrently and
 * the same hash is often started by several threads at once.  A thread
 * sometimes holds two searches (nested, as a search does) and asks
 * pab_cs_defer() about other hashes in between.  Checked while running: a
 * hash never started (a "ghost" of the same sets) is never reported, and
 * nothing is ever reported below the defer depth.  Checked after all
 * threads joined: every start had its finish, so no hash of the pool is
 * reported any more; the same is checked between rounds (ROUNDS of them),
 * while every thread waits at a barrier.
 *
 * Knobs (environment):
 *   PAB_STRESS_THREADS  threads, default 4
 *   PAB_STRESS_OPS      start/finish pairs per thread, default 200000
 *   PAB_STRESS_SEED     seed of the per-thread generators, default 1
 * Prints one summary line; on failure one line on stderr and exit 1.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <pab/cs.h>

#include "stress.h"

#define SETS        8u
#define WAYS        4u
#define POOL        48u
#define DEFER_DEPTH 3
#define ROUNDS      100u /* quiescent checks per run */

typedef struct worker {
    pthread_t thread;
    pthread_barrier_t *start;
    pab_cs *cs;
    const uint64_t *pool;
    const uint64_t *ghost;
    unsigned index;
    unsigned long ops;
    uint64_t rng;
    unsigned long starts, deferred, asked;
    char failure[160];
} worker;

static void fail(worker *w, const char *what, uint64_t h)
{
    if (w->failure[0] == '\0')
        snprintf(w->failure, sizeof w->failure,
                 "stress_cs: thread %u: %s (hash %#" PRIx64 ")", w->index, what,
                 h);
}

/* Ask about a few hashes while holding searches. */
static void ask(worker *w, uint64_t r)
{
    uint64_t h = w->pool[r % POOL];
    int depth = DEFER_DEPTH + (int)((r >> 8) % 4);
    w->asked++;
    if (pab_cs_defer(w->cs, h, depth))
        w->deferred++;
    if (pab_cs_defer(w->cs, h, DEFER_DEPTH - 1 - (int)((r >> 12) % 3)))
        fail(w, "deferred below the defer depth", h);
    uint64_t g = w->ghost[(r >> 16) % POOL];
    if (pab_cs_defer(w->cs, g, depth))
        fail(w, "a hash nobody started is reported", g);
}

static void search(worker *w, int depth, bool may_nest)
{
    uint64_t r = stress_next(&w->rng);
    uint64_t h = w->pool[r % POOL];
    /* Below the defer depth start and finish must do nothing at all. */
    if ((r >> 8) % 8 == 0)
        depth = DEFER_DEPTH - 1;
    pab_cs_starting(w->cs, h, depth);
    w->starts++;
    ask(w, r >> 16);
    if (may_nest && (r >> 40) % 2)
        search(w, depth - 1, false);
    pab_cs_finished(w->cs, h, depth);
}

/* Whether any pool hash is still reported; only meaningful when no search
 * is under way. */
static int leftover(const pab_cs *cs, const uint64_t *pool)
{
    for (unsigned i = 0; i < POOL; i++)
        for (int depth = DEFER_DEPTH; depth < DEFER_DEPTH + 8; depth++)
            if (pab_cs_defer(cs, pool[i], depth))
                return (int)i;
    return -1;
}

/* Rounds of searches; between rounds, with every thread parked at the
 * barrier, thread 0 checks that nothing was left behind. */
static void *thread_main(void *arg)
{
    worker *w = arg;
    unsigned long per_round = w->ops / ROUNDS + 1;
    pthread_barrier_wait(w->start);
    for (unsigned long op = 0; op < w->ops;) {
        for (unsigned long n = 0; n < per_round && op < w->ops; n++, op++)
            if (!w->failure[0])
                search(w, DEFER_DEPTH + 1 + (int)(op % 3), true);
        pthread_barrier_wait(w->start);
        int left = w->index == 0 ? leftover(w->cs, w->pool) : -1;
        if (left >= 0)
            fail(w, "a hash is still reported between rounds", w->pool[left]);
        pthread_barrier_wait(w->start);
    }
    return NULL;
}

static int die(const char *msg, pab_cs *cs, worker *ws)
{
    fprintf(stderr, "%s\n", msg);
    pab_cs_destroy(cs);
    free(ws);
    return 1;
}

int main(void)
{
    unsigned threads =
        (unsigned)stress_knob("stress_cs", "PAB_STRESS_THREADS", 4, 1, 1024);
    unsigned long ops =
        stress_knob("stress_cs", "PAB_STRESS_OPS", 200000, 1, 1000000000ul);
    uint64_t seed =
        stress_knob("stress_cs", "PAB_STRESS_SEED", 1, 1, (unsigned long)-1);

    /* Pool and ghosts: move hashes of made-up positions; a ghost is a pool
     * hash with a high bit flipped, so it falls in the same set. */
    uint64_t pool[POOL], ghost[POOL];
    for (unsigned i = 0; i < POOL; i++) {
        pool[i] = pab_cs_move_hash(stress_mix(seed + i), (pab_move_t)i);
        ghost[i] = pool[i] ^ (UINT64_C(1) << 63);
    }
    pab_cs *cs = NULL;
    int err = pab_cs_create(&cs, SETS, WAYS, DEFER_DEPTH);
    if (err != 0)
        return die(pab_strerror(err), NULL, NULL);
    worker *ws = calloc(threads, sizeof *ws);
    pthread_barrier_t start;
    if (ws == NULL || pthread_barrier_init(&start, NULL, threads) != 0)
        return die("stress_cs: out of memory", cs, ws);

    for (unsigned i = 0; i < threads; i++) {
        ws[i] = (worker){.start = &start,
                         .cs = cs,
                         .pool = pool,
                         .ghost = ghost,
                         .index = i,
                         .ops = ops,
                         .rng = stress_mix(seed * 1000003u + i) | 1};
        if (pthread_create(&ws[i].thread, NULL, thread_main, &ws[i]) != 0) {
            /* The started threads wait at the barrier forever. */
            fprintf(stderr, "stress_cs: could not start a thread\n");
            exit(1);
        }
    }
    for (unsigned i = 0; i < threads; i++)
        pthread_join(ws[i].thread, NULL);
    pthread_barrier_destroy(&start);

    unsigned long starts = 0, deferred = 0, asked = 0;
    for (unsigned i = 0; i < threads; i++) {
        if (ws[i].failure[0])
            return die(ws[i].failure, cs, ws);
        starts += ws[i].starts;
        deferred += ws[i].deferred;
        asked += ws[i].asked;
    }
    int left = leftover(cs, pool);
    if (left >= 0) {
        char line[120];
        snprintf(line, sizeof line,
                 "stress_cs: hash %d still reported after every search "
                 "finished",
                 left);
        return die(line, cs, ws);
    }
    pab_cs_destroy(cs);
    free(ws);
    printf("stress_cs: %u threads x %lu ops: %lu starts, %lu of %lu "
           "questions deferred, none left after the last finish: ok\n",
           threads, ops, starts, deferred, asked);
    return 0;
}

/*
 * Stress test of the transposition table under real threads (the
 * ThreadSanitizer suite runs it; Criterion is not used here).
 *
 * Phase 1, data: every thread stores and probes keys drawn (from its own
 * seed) out of one shared pool, a quarter of the time from eight keys that
 * share a bucket, so the same keys and slots race.  What is
 * stored is a function of (key, depth): score, move and bound are mixes of
 * both, and the depth is random.  Every hit must return exactly the data of
 * its key at the depth it reports: never another key's data (a false hit)
 * and never the words of two writes put together (torn data).  Keys one bit
 * away from pool keys, which share their buckets, must never hit.
 *
 * Phase 2, ABDADA: the threads enter and leave (or abandon) a few hot keys
 * at a few depths, sometimes nested two deep, exclusive or not, while plain
 * stores of other keys into the same two buckets force replacements.  No
 * count may ever exceed the number of threads, and after all threads have
 * joined every (hot key, depth) count must be 0.
 *
 * Phase 3, one busy word: every thread enters and leaves the same node as
 * fast as it can, the worst case for the CAS loops; the count never exceeds
 * the number of threads and ends at 0.
 *
 * Knobs (environment):
 *   PAB_STRESS_THREADS  threads, default 4
 *   PAB_STRESS_OPS      operations per thread and phase, default 200000
 *   PAB_STRESS_SEED     seed of the per-thread generators, default 1
 * Prints one summary line; on failure one line on stderr and exit 1.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pab/tt.h>

#include "stress.h"

#define POOL_KEYS      16384u /* phase 1: four times the table's entries */
#define POOL_HOT       8u /* phase 1: keys that a quarter of the ops share */
#define HOT_PER_BUCKET 3  /* phase 2: three keys fight over two slots */
#define HOT_KEYS       (2 * HOT_PER_BUCKET)
#define HOT_DEPTHS     4 /* depths 2..5; a nested enter goes one lower */

typedef struct worker {
    pthread_t thread;
    pthread_barrier_t *start; /* all threads of a phase begin together */
    pab_tt *tt;
    unsigned index;
    unsigned threads;
    unsigned long ops;
    uint64_t rng;
    /* results */
    unsigned long hits, stores, enters, counted;
    unsigned max_nproc;
    char failure[200];
} worker;

static void fail(worker *w, const char *what, uint64_t key)
{
    if (w->failure[0] == '\0')
        snprintf(w->failure, sizeof w->failure,
                 "stress_tt: thread %u: %s (key %#" PRIx64 ")", w->index, what,
                 key);
}

/* ---- Phase 1: data is a function of (key, depth) ---- */

/* Keys 0..POOL_HOT-1 of the pool have equal top 32 bits and so share a
 * bucket: writers collide on the same slots and torn words would show.  The
 * rest are spread out. */
static uint64_t pool_key(unsigned i)
{
    if (i < POOL_HOT)
        return UINT64_C(0x33333333) << 32 | (stress_mix(i) >> 32);
    return stress_mix(UINT64_C(0xC0FFEE) + i);
}

static pab_score_t data_score(uint64_t key, int depth)
{
    uint64_t m = stress_mix(key ^ (uint64_t)depth);
    pab_score_t s = (pab_score_t)(m % (uint64_t)PAB_SCORE_MAX);
    return (m >> 63) ? -s : s;
}

static pab_move_t data_move(uint64_t key, int depth)
{
    pab_move_t m = (pab_move_t)stress_mix(key + 7 * (uint64_t)depth + 1);
    return m == PAB_MOVE_NONE ? 0 : m;
}

static pab_bound data_bound(uint64_t key, int depth)
{
    return (pab_bound)(1 + stress_mix(key * 3 + (uint64_t)depth) % 3);
}

static void check_hit(worker *w, uint64_t key, const pab_tt_entry *e)
{
    w->hits++;
    if (e->depth < 0 || e->depth > PAB_TT_MAX_DEPTH)
        fail(w, "depth out of range", key);
    else if (e->score != data_score(key, e->depth))
        fail(w, "wrong or torn score", key);
    else if (e->move != data_move(key, e->depth))
        fail(w, "wrong or torn move", key);
    else if (e->bound != data_bound(key, e->depth))
        fail(w, "wrong or torn bound", key);
    else if (e->nproc != 0)
        fail(w, "a count without any enter", key);
}

static void *data_phase(void *arg)
{
    worker *w = arg;
    pthread_barrier_wait(w->start);
    pab_tt_entry e;
    for (unsigned long op = 0; op < w->ops && !w->failure[0]; op++) {
        uint64_t r = stress_next(&w->rng);
        uint64_t k = stress_next(&w->rng);
        unsigned pick = (unsigned)(k % POOL_KEYS);
        uint64_t key = pool_key((k >> 62) ? pick : pick % POOL_HOT);
        switch ((r >> 32) % 8) {
        case 0:
        case 1:
        case 2: {
            int depth = (int)((r >> 40) % 40);
            if ((r >> 48) % 64 == 0)
                depth = PAB_TT_MAX_DEPTH;
            pab_tt_store(w->tt, key, depth, data_bound(key, depth),
                         data_score(key, depth), data_move(key, depth));
            w->stores++;
            break;
        }
        case 3:
            /* Same bucket (the low bit is not an index bit), other key. */
            if (pab_tt_probe(w->tt, key ^ 1, &e))
                fail(w, "false hit for a key never stored", key ^ 1);
            break;
        default:
            if (pab_tt_probe(w->tt, key, &e))
                check_hit(w, key, &e);
            break;
        }
        if (w->index == 0 && op % 8192 == 8191)
            pab_tt_new_search(w->tt);
    }
    return NULL;
}

/* ---- Phase 2: ABDADA counts ---- */

static uint64_t hot_key(unsigned i)
{
    /* Equal top 32 bits: the same bucket of a one-shard table. */
    uint64_t top = i < HOT_PER_BUCKET ? 0x11111111u : 0x22222222u;
    return top << 32 | (uint64_t)(1000 + i);
}

static uint64_t cold_key(uint64_t r)
{
    uint64_t top = (r & 1) ? 0x11111111u : 0x22222222u;
    return top << 32 | (uint32_t)(r >> 1 | 0x80000000u);
}

static void observe(worker *w, uint64_t key, int depth)
{
    unsigned n = pab_tt_nproc(w->tt, key, depth);
    if (n > w->max_nproc)
        w->max_nproc = n;
    if (n > w->threads)
        fail(w, "count above the number of threads", key);
}

/* Enter (key, depth); if counted, maybe go one level deeper, then leave or
 * abandon.  Returns after giving back everything it took. */
static void visit(worker *w, uint64_t key, int depth, bool may_nest)
{
    uint64_t r = stress_next(&w->rng);
    pab_score_t alpha = (pab_score_t)(r % 200) - 100;
    pab_score_t beta = alpha + 1 + (pab_score_t)((r >> 8) % 100);
    pab_score_t a = alpha, b = beta, score;
    pab_move_t move;
    bool exclusive = (r >> 16) & 1;
    pab_tt_answer ans =
        pab_tt_enter(w->tt, key, depth, exclusive, &a, &b, &score, &move);
    w->enters++;
    observe(w, key, depth);
    switch (ans) {
    case PAB_TT_SEARCH:
        w->counted++;
        if (may_nest && ((r >> 17) & 1))
            visit(w, hot_key((unsigned)((r >> 20) % HOT_KEYS)), depth - 1,
                  false);
        observe(w, key, depth);
        if ((r >> 18) % 8 == 0)
            pab_tt_abandon(w->tt, key, depth);
        else
            pab_tt_leave(w->tt, key, depth, alpha, beta,
                         (pab_score_t)((r >> 24) % 300) - 150,
                         (pab_move_t)(r >> 40));
        break;
    case PAB_TT_SEARCH_UNCOUNTED:
        pab_tt_store(w->tt, key, depth, PAB_BOUND_LOWER, a, PAB_MOVE_NONE);
        break;
    case PAB_TT_ON_EVALUATION:
        if (!exclusive)
            fail(w, "ON_EVALUATION for a non-exclusive enter", key);
        break;
    case PAB_TT_CUTOFF:
        if (a < b)
            fail(w, "CUTOFF with an open window", key);
        break;
    default: fail(w, "unknown answer", key);
    }
}

static void *abdada_phase(void *arg)
{
    worker *w = arg;
    pthread_barrier_wait(w->start);
    for (unsigned long op = 0; op < w->ops && !w->failure[0]; op++) {
        uint64_t r = stress_next(&w->rng);
        if (r % 16 == 0) {
            pab_tt_store(w->tt, cold_key(r >> 8), (int)((r >> 4) % 8),
                         PAB_BOUND_EXACT, 0, 0);
            w->stores++;
        } else {
            int depth = 2 + (int)((r >> 4) % HOT_DEPTHS);
            visit(w, hot_key((unsigned)((r >> 8) % HOT_KEYS)), depth, true);
        }
        if (w->index == 0 && op % 4096 == 4095)
            pab_tt_new_search(w->tt);
    }
    return NULL;
}

/* ---- Phase 3: every thread on one busy word ---- */

#define HAMMER_KEY   UINT64_C(0x4444444400000001)
#define HAMMER_DEPTH 5

/* Non-exclusive enters of one node, given back by leaves that store an
 * upper bound of PAB_SCORE_MAX (it never narrows the window used here, so
 * every enter is counted) or by abandons.  A lost update in the CAS loops
 * shows as a count above the number of threads or left over at the end. */
static void *hammer_phase(void *arg)
{
    worker *w = arg;
    pthread_barrier_wait(w->start);
    for (unsigned long op = 0; op < w->ops && !w->failure[0]; op++) {
        pab_score_t a = -10, b = 10, score;
        pab_move_t move;
        pab_tt_answer ans = pab_tt_enter(w->tt, HAMMER_KEY, HAMMER_DEPTH, false,
                                         &a, &b, &score, &move);
        w->enters++;
        if (ans != PAB_TT_SEARCH) {
            fail(w, "hammered node not counted in", HAMMER_KEY);
            break;
        }
        w->counted++;
        observe(w, HAMMER_KEY, HAMMER_DEPTH);
        if (op & 1)
            pab_tt_abandon(w->tt, HAMMER_KEY, HAMMER_DEPTH);
        else
            pab_tt_leave(w->tt, HAMMER_KEY, HAMMER_DEPTH, PAB_SCORE_MAX,
                         PAB_SCORE_INF, PAB_SCORE_MAX, (pab_move_t)op);
    }
    return NULL;
}

/* ---- Driver ---- */

static const char *run(worker *ws, unsigned n, pab_tt *tt, uint64_t seed,
                       void *(*fn)(void *))
{
    pthread_barrier_t start;
    if (pthread_barrier_init(&start, NULL, n) != 0)
        return "stress_tt: could not make a barrier";
    for (unsigned i = 0; i < n; i++) {
        ws[i].tt = tt;
        ws[i].start = &start;
        ws[i].rng = stress_mix(seed * 1000003u + i) | 1;
        if (pthread_create(&ws[i].thread, NULL, fn, &ws[i]) != 0) {
            /* The started threads wait at the barrier forever. */
            fprintf(stderr, "stress_tt: could not start a thread\n");
            exit(1);
        }
    }
    for (unsigned i = 0; i < n; i++)
        pthread_join(ws[i].thread, NULL);
    pthread_barrier_destroy(&start);
    for (unsigned i = 0; i < n; i++)
        if (ws[i].failure[0])
            return ws[i].failure;
    return NULL;
}

static int die(const char *msg, pab_tt *tt, worker *ws)
{
    fprintf(stderr, "%s\n", msg);
    pab_tt_destroy(tt);
    free(ws);
    return 1;
}

/* After phase 2: every count of every hot key is back to 0.  Returns a
 * failure line or NULL; *surviving counts the hot entries still stored. */
static const char *check_hot_counts(pab_tt *tt, unsigned *surviving, char *line,
                                    size_t size)
{
    *surviving = 0;
    for (unsigned k = 0; k < HOT_KEYS; k++) {
        *surviving += pab_tt_probe(tt, hot_key(k), NULL);
        for (int d = 0; d <= 2 + HOT_DEPTHS; d++) {
            unsigned n = pab_tt_nproc(tt, hot_key(k), d);
            if (n != 0) {
                snprintf(line, size,
                         "stress_tt: count %u left at depth %d of hot key %u "
                         "after every thread left",
                         n, d, k);
                return line;
            }
        }
    }
    return NULL;
}

static const char *check_hammer_count(pab_tt *tt, char *line, size_t size)
{
    unsigned n = pab_tt_nproc(tt, HAMMER_KEY, HAMMER_DEPTH);
    if (n == 0)
        return NULL;
    snprintf(line, size, "stress_tt: count %u left on the hammered node", n);
    return line;
}

int main(void)
{
    unsigned threads =
        (unsigned)stress_knob("stress_tt", "PAB_STRESS_THREADS", 4, 1, 1024);
    unsigned long ops =
        stress_knob("stress_tt", "PAB_STRESS_OPS", 200000, 1, 1000000000ul);
    uint64_t seed =
        stress_knob("stress_tt", "PAB_STRESS_SEED", 1, 1, (unsigned long)-1);
    worker *ws = calloc(threads, sizeof *ws);
    if (ws == NULL)
        return die("stress_tt: out of memory", NULL, NULL);
    for (unsigned i = 0; i < threads; i++) {
        ws[i].index = i;
        ws[i].threads = threads;
        ws[i].ops = ops;
    }
    char line[200];
    const char *msg;
    unsigned surviving = 0;
    pab_tt *tt = NULL;
    int err;

    /* Phase 1: 128 KiB in two shards, 4096 entries for 16384 keys. */
    if ((err = pab_tt_create(&tt, 2 * PAB_TT_MIN_BYTES, 2)) != 0)
        return die(pab_strerror(err), NULL, ws);
    if ((msg = run(ws, threads, tt, seed, data_phase)) != NULL)
        return die(msg, tt, ws);
    pab_tt_destroy(tt);

    /* Phase 2: one shard, so the hot keys share two buckets. */
    if ((err = pab_tt_create(&tt, PAB_TT_MIN_BYTES, 1)) != 0)
        return die(pab_strerror(err), NULL, ws);
    if ((msg = run(ws, threads, tt, seed + 1, abdada_phase)) != NULL ||
        (msg = check_hot_counts(tt, &surviving, line, sizeof line)) != NULL)
        return die(msg, tt, ws);
    pab_tt_destroy(tt);

    /* Phase 3: a fresh table holding one node. */
    if ((err = pab_tt_create(&tt, PAB_TT_MIN_BYTES, 1)) != 0)
        return die(pab_strerror(err), NULL, ws);
    if ((msg = run(ws, threads, tt, seed + 2, hammer_phase)) != NULL ||
        (msg = check_hammer_count(tt, line, sizeof line)) != NULL)
        return die(msg, tt, ws);
    pab_tt_destroy(tt);

    unsigned long hits = 0, stores = 0, enters = 0, counted = 0;
    unsigned max_nproc = 0;
    for (unsigned i = 0; i < threads; i++) {
        hits += ws[i].hits;
        stores += ws[i].stores;
        enters += ws[i].enters;
        counted += ws[i].counted;
        if (ws[i].max_nproc > max_nproc)
            max_nproc = ws[i].max_nproc;
    }
    free(ws);
    printf("stress_tt: %u threads x %lu ops x 3 phases: %lu hits checked, "
           "%lu stores, %lu enters (%lu counted), max nproc %u, "
           "%u hot entries left, all counts 0: ok\n",
           threads, ops, hits, stores, enters, counted, max_nproc, surviving);
    return 0;
}

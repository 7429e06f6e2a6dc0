/*
 * Stop and limit responsiveness, as a plain executable so it runs under
 * ThreadSanitizer (Criterion aborts there) as well as in the optimised
 * build.
 *
 * Every algorithm (serial at 1 thread, the others at each of
 * PAB_STOP_THREADS, default 8, 64 and 256: far more threads than this
 * machine's cores) searches an artificial tree of height 128 to depth 128,
 * a search that never ends by itself, in four ways:
 *
 *   stop    pab_searcher_stop() from a second thread, a random delay after
 *           the first info callback (so at least one iteration completed);
 *   ticket  a stop made before pab_search() starts, under a ticket taken
 *           before it (pab_searcher_ticket()): must not be lost;
 *   time    a random time limit;
 *   nodes   a random node limit.
 *
 * Each must return 0 with `stopped` set and a legal move (for "stop", the
 * move and variation of a completed iteration), within BOUND_MS of the stop
 * or of the deadline (100 ms in an optimised build, 1 s under a sanitizer,
 * whose job here is the race check; PAB_STOP_BOUND_MS overrides), and a
 * node-limited search may overshoot by at most two polls per thread (its
 * promptness is counted in nodes: its wall time is the whole search's).
 * The bound is a latency, so scripts/check.sh runs this test alone, after
 * the others: beside a suite that keeps every core busy, 256 threads wait
 * for a core longer than any bound says about the library.  A
 * search that does not return at all is caught by a watchdog (status 1,
 * one line), so a no-op stop fails the test instead of hanging it.
 *
 * Knobs: PAB_STRESS_STOPS rounds per (algorithm, threads, way), default 1;
 * PAB_STRESS_SEED.  Exit 0 when all is well, 1 with one line on stderr per
 * failure otherwise.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pab/pab.h>

#include "stress.h"

#include "../examples/games/tree.h"

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifdef SANITIZED
#define DEFAULT_BOUND_MS 1000
#else
#define DEFAULT_BOUND_MS 100
#endif

/* How long a search may go on after its stop before we call it hung. */
#define WATCHDOG_MS 20000

/* The nodes a thread may search past a node limit: it polls every
 * 1024 nodes (pab_search(3), "Limits"), and may be one poll into the next
 * when it sees the limit. */
#define POLL_NODES 1024

enum way { WAY_STOP, WAY_TICKET, WAY_TIME, WAY_NODES, WAY_COUNT };
static const char *const way_name[WAY_COUNT] = {"stop", "ticket", "time",
                                                "nodes"};

static uint64_t bound_ms;
static uint64_t worst_ms[WAY_COUNT]; /* latest return seen, per way */
static uint64_t rng_state;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void sleep_us(uint64_t us)
{
    struct timespec ts = {(time_t)(us / 1000000u),
                          (long)(us % 1000000u) * 1000};
    nanosleep(&ts, NULL);
}

/* One search under watch: the search thread (main) and the stopper share
 * this record under its lock. */
typedef struct watch {
    pab_searcher *s;
    const char *what; /* "ybwc 64 stop", for messages */
    enum way way;
    unsigned delay_us; /* WAY_STOP: after the first info */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool informed; /* the first iteration completed */
    bool returned; /* pab_search() returned */
    uint64_t stop_ns;
} watch;

static void on_info(const pab_result *r, void *user)
{
    watch *w = user;
    (void)r;
    pthread_mutex_lock(&w->lock);
    w->informed = true;
    pthread_cond_broadcast(&w->cond);
    pthread_mutex_unlock(&w->lock);
}

/* Wait on w->cond until *flag or `ms` pass; true if *flag. */
static bool wait_for(watch *w, const bool *flag, uint64_t ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += (time_t)(ms / 1000u);
    until.tv_nsec += (long)(ms % 1000u) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&w->lock);
    while (!*flag)
        if (pthread_cond_timedwait(&w->cond, &w->lock, &until) != 0)
            break;
    bool done = *flag;
    pthread_mutex_unlock(&w->lock);
    return done;
}

/* The stopper and watchdog: stops the search when its way says so, then
 * ends the whole program if the search never returns. */
static void *stopper(void *arg)
{
    watch *w = arg;
    if (w->way == WAY_STOP) {
        if (!wait_for(w, &w->informed, WATCHDOG_MS)) {
            fprintf(stderr,
                    "stress_stop: %s: no iteration completed in %d ms\n",
                    w->what, WATCHDOG_MS);
            _exit(1);
        }
        sleep_us(w->delay_us);
        pthread_mutex_lock(&w->lock);
        w->stop_ns = now_ns();
        pthread_mutex_unlock(&w->lock);
        pab_searcher_stop(w->s);
    }
    if (!wait_for(w, &w->returned, WATCHDOG_MS)) {
        fprintf(stderr, "stress_stop: %s: no return %d ms after the %s\n",
                w->what, WATCHDOG_MS,
                w->way == WAY_NODES ? "start" : "stop or deadline");
        _exit(1);
    }
    return NULL;
}

static int fail(const watch *w, const char *fmt, unsigned long long a,
                unsigned long long b)
{
    fprintf(stderr, "stress_stop: %s: ", w->what);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 1;
}

/* The result of a search that was stopped: legal, and for a stop after an
 * iteration, that iteration's move. */
static int check_result(const watch *w, const pab_config *c,
                        const pab_result *r, const tree_params *shape)
{
    if (!r->stopped)
        return fail(w, "not stopped (depth %llu of %llu)",
                    (unsigned long long)r->depth,
                    (unsigned long long)c->max_depth);
    if (r->best_move >= shape->b)
        return fail(w, "illegal best move %llu (of %llu)",
                    (unsigned long long)r->best_move, shape->b);
    if (r->depth >= c->max_depth)
        return fail(w, "depth %llu: the tree cannot be searched %llu deep",
                    (unsigned long long)r->depth,
                    (unsigned long long)c->max_depth);
    if (w->way == WAY_STOP &&
        (r->depth < 1 || r->pv_length < 1 || r->pv[0] != r->best_move))
        return fail(w, "no completed iteration's move (depth %llu, pv %llu)",
                    (unsigned long long)r->depth,
                    (unsigned long long)r->pv_length);
    return 0;
}

/* How late the search returned, in ms: after the stop, the deadline, or
 * (ticket) the call. */
static uint64_t lateness_ms(const watch *w, const pab_config *c,
                            uint64_t call_ns, uint64_t return_ns)
{
    uint64_t from = call_ns;
    if (w->way == WAY_STOP)
        from = w->stop_ns;
    else if (w->way == WAY_TIME)
        from = call_ns + c->time_limit_ms * 1000000u;
    return return_ns > from ? (return_ns - from) / 1000000u : 0;
}

static void configure(pab_config *c, pab_algorithm algo, unsigned threads,
                      enum way way, watch *w, pab_searcher *s)
{
    pab_config_init(c);
    c->algorithm = algo;
    c->threads = threads;
    c->max_depth = PAB_DEPTH_MAX;
    c->info = on_info;
    c->info_user = w;
    if (way == WAY_TIME)
        c->time_limit_ms = 1 + stress_next(&rng_state) % 50;
    if (way == WAY_NODES)
        c->node_limit = 1000 + stress_next(&rng_state) % 200000;
    if (way == WAY_TICKET) {
        c->stop_ticket = pab_searcher_ticket(s);
        pab_searcher_stop(s); /* before the search starts */
    }
}

static int one_search(pab_searcher *s, const pab_game *g, void *root,
                      const tree_params *shape, pab_algorithm algo,
                      unsigned threads, enum way way)
{
    char what[64];
    snprintf(what, sizeof what, "%s %u %s", pab_algorithm_name((int)algo),
             threads, way_name[way]);
    watch w = {.s = s, .what = what, .way = way};
    w.delay_us = (unsigned)(stress_next(&rng_state) % 20000);
    pthread_mutex_init(&w.lock, NULL);
    pthread_cond_init(&w.cond, NULL);
    tree_root(
        g, root,
        1 + (uint32_t)(stress_next(&rng_state) % (TREE_RANDOM_LIMIT - 1)));

    pab_config c;
    pab_result r;
    pthread_t t;
    configure(&c, algo, threads, way, &w, s);
    if (pthread_create(&t, NULL, stopper, &w) != 0) {
        fprintf(stderr, "stress_stop: %s: pthread_create failed\n", what);
        return 1;
    }
    uint64_t call_ns = now_ns();
    int rc = pab_search(s, root, &c, &r);
    uint64_t return_ns = now_ns();
    pthread_mutex_lock(&w.lock);
    w.returned = true;
    pthread_cond_broadcast(&w.cond);
    pthread_mutex_unlock(&w.lock);
    pthread_join(t, NULL);

    int status = 0;
    uint64_t late = lateness_ms(&w, &c, call_ns, return_ns);
    if (way != WAY_NODES && late > worst_ms[way])
        worst_ms[way] = late;
    if (rc != 0) {
        fprintf(stderr, "stress_stop: %s: %s\n", what, pab_strerror(rc));
        status = 1;
    } else if (check_result(&w, &c, &r, shape) != 0) {
        status = 1;
    } else if (way != WAY_NODES && late > bound_ms) {
        status =
            fail(&w, "returned %llu ms late (bound %llu ms)", late, bound_ms);
    } else if (way == WAY_NODES &&
               r.stats.nodes > c.node_limit + 2ull * POLL_NODES * threads) {
        status = fail(&w, "%llu nodes for a limit of %llu", r.stats.nodes,
                      c.node_limit);
    }
    pthread_cond_destroy(&w.cond);
    pthread_mutex_destroy(&w.lock);
    return status;
}

/* Every way, `rounds` times, on one searcher (its threads survive). */
static int stress(pab_algorithm algo, unsigned threads, unsigned rounds,
                  unsigned *searches)
{
    tree_params shape = {10, 70, 10, TREE_HEIGHT_MAX};
    pab_game g;
    pab_searcher *s;
    if (tree_game_init(&g, &shape) < 0) {
        fprintf(stderr, "stress_stop: tree_game_init failed\n");
        return 1;
    }
    void *root = malloc(g.state_size);
    if (root == NULL || pab_searcher_create(&s, &g, 1 << 20) < 0) {
        fprintf(stderr, "stress_stop: cannot create a searcher\n");
        return 1;
    }
    int status = 0;
    for (unsigned i = 0; i < rounds; i++)
        for (int way = 0; way < WAY_COUNT; way++, ++*searches)
            status |= one_search(s, &g, root, &shape, algo, threads, way);
    pab_searcher_destroy(s);
    free(root);
    tree_game_free(&g);
    return status;
}

/* PAB_STOP_THREADS: a comma-separated list of thread counts. */
static unsigned thread_counts(unsigned *out, unsigned cap)
{
    const char *s = getenv("PAB_STOP_THREADS");
    unsigned n = 0;
    if (s == NULL || *s == '\0')
        s = "8,64,256";
    while (*s != '\0' && n < cap) {
        char *end;
        unsigned long v = strtoul(s, &end, 10);
        if (end == s || v < 2 || v > PAB_THREADS_MAX ||
            (*end != ',' && *end != '\0')) {
            fprintf(stderr, "stress_stop: bad PAB_STOP_THREADS at '%s'\n", s);
            exit(2);
        }
        out[n++] = (unsigned)v;
        s = *end == ',' ? end + 1 : end;
    }
    return n;
}

int main(void)
{
    unsigned rounds =
        (unsigned)stress_knob("stress_stop", "PAB_STRESS_STOPS", 1, 1, 10000);
    rng_state =
        stress_knob("stress_stop", "PAB_STRESS_SEED", 12345, 1, UINT32_MAX);
    bound_ms = stress_knob("stress_stop", "PAB_STOP_BOUND_MS", DEFAULT_BOUND_MS,
                           1, 3600000);
    unsigned counts[16];
    unsigned n = thread_counts(counts, 16);
    unsigned searches = 0;
    int status = stress(PAB_ALGO_SERIAL, 1, rounds, &searches);
    for (int a = 0; a < PAB_ALGO_COUNT; a++)
        for (unsigned i = 0; i < n && a != PAB_ALGO_SERIAL; i++)
            status |= stress((pab_algorithm)a, counts[i], rounds, &searches);
    printf("stress_stop: %u searches stopped, %s (bound %llu ms; latest "
           "return after a stop %llu ms, a ticketed stop %llu ms, a deadline "
           "%llu ms)\n",
           searches, status ? "FAILED" : "ok", (unsigned long long)bound_ms,
           (unsigned long long)worst_ms[WAY_STOP],
           (unsigned long long)worst_ms[WAY_TICKET],
           (unsigned long long)worst_ms[WAY_TIME]);
    return status;
}

/*
 * Per-thread search state.  Each worker owns a private copy of the root
 * position and its own move buffers, killers, history and counters, so the
 * only things threads share are the tables and the search's few words
 * (stop flag, node total, error).
 *
 * Node counts: every worker counts every node it visits in its own stats;
 * every PAB_POLL_NODES nodes it adds what it counted since the last time to
 * the shared total, which is what the node limit is checked against.  The
 * totals reported in pab_result are the sum of all workers' own counts, so
 * no thread's nodes are lost.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Small node budgets are polled more often so they are honoured closely. */
static unsigned poll_interval(const search *sh)
{
    uint64_t limit = sh->cfg.node_limit;
    if (limit == 0 || limit >= PAB_POLL_NODES)
        return PAB_POLL_NODES;
    return (unsigned)limit;
}

int worker_init(worker *w, search *sh, const void *root)
{
    int err = 0;
    const pab_game *g = sh->game;

    /* *w comes zeroed (calloc): writing its 150 KiB of PV arrays again
     * would only fault in pages the search may never touch. */
    w->sh = sh;
    w->tt = sh->tt;
    w->poll = poll_interval(sh);
    worker_forget_checks(w);
    /* The first periodic report after one interval, not at once. */
    w->progress_ns = sh->cfg.progress_interval_ms * NS_PER_MS;
    w->state = state_clone(g, root, &err);
    if (w->state == NULL)
        return err;
    w->moves = malloc(sizeof(pab_move_t) * sh->capacity * PAB_PLY_MAX);
    w->later = malloc(sizeof(pab_move_t) * sh->capacity * PAB_PLY_MAX);
    w->later_rank = malloc(sizeof(int) * sh->capacity * PAB_PLY_MAX);
    if (w->moves == NULL || w->later == NULL || w->later_rank == NULL)
        goto nomem;
    if (g->generate_scored != NULL) {
        w->scores = malloc(sizeof(int32_t) * sh->capacity * PAB_PLY_MAX);
        if (w->scores == NULL)
            goto nomem;
    }
    if (g->undo_size > 0) {
        w->undo = malloc(g->undo_size * PAB_PLY_MAX);
        if (w->undo == NULL)
            goto nomem;
    }
    if (game_has_history(g)) {
        w->history = rt_alloc_shared(sizeof *w->history * g->move_index_count);
        if (w->history == NULL)
            goto nomem;
        if (sh->cfg.cont_history_bits > 0 && sh->cfg.history_gravity) {
            w->cont_mask = (1u << sh->cfg.cont_history_bits) - 1;
            w->cont = calloc((size_t)(w->cont_mask + 1) * g->move_index_count,
                             sizeof *w->cont);
            if (w->cont == NULL)
                goto nomem;
        }
        if (sh->cfg.countermove) {
            w->counter =
                rt_alloc_shared(sizeof *w->counter * g->move_index_count);
            if (w->counter == NULL)
                goto nomem;
            for (unsigned k = 0; k < g->move_index_count; k++)
                w->counter[k].v = PAB_MOVE_NONE; /* nobody sees it yet */
        }
    }
    if (sh->corr != NULL) {
        w->corr_mask = ((uint64_t)1 << sh->cfg.correction_bits) - 1;
        w->corr = sh->corr + (size_t)(w - sh->workers) * (w->corr_mask + 1);
    }
    w->prev_index[0] = NO_INDEX;
    for (int p = 0; p < PAB_PLY_MAX; p++)
        w->killers[p][0] = w->killers[p][1] = PAB_MOVE_NONE;
    for (int p = 0; p <= PAB_PLY_MAX; p++) {
        w->eval_at[p] = NS_NO_EVAL;
        w->skip_at[p] = PAB_MOVE_NONE;
    }
    return 0;
nomem:
    worker_release(w);
    return PAB_ENOMEM;
}

void worker_forget_checks(worker *w)
{
    memset(w->check_at, -1, sizeof w->check_at);
}

void worker_release(worker *w)
{
    if (w->sh != NULL)
        state_free(w->sh->game, w->state);
    free(w->moves);
    free(w->later);
    free(w->later_rank);
    free(w->history);
    free(w->counter);
    free(w->cont);
    free(w->scores);
    free(w->undo);
    w->scores = NULL;
    w->undo = NULL;
    w->state = NULL;
    w->moves = NULL;
    w->later = NULL;
    w->later_rank = NULL;
    w->history = NULL;
    w->counter = NULL;
    w->cont = NULL;
    w->corr = NULL;
}

void worker_fail(worker *w, int err)
{
    rt_cas(&w->sh->error, 0, (uint64_t)(-err));
    rt_store_release(&w->sh->stopped, 1);
    w->aborted = true;
}

/* ---- the main worker's progress and soft time limit ------------------ */

static bool is_main(const worker *w)
{
    return w == w->sh->workers;
}

static uint64_t elapsed_ns(const search *sh)
{
    return rt_now_ns() - sh->start_ns;
}

/* Nodes of every thread so far: what the others have shared, and all of
 * ours. */
static uint64_t nodes_so_far(const worker *w)
{
    const search *sh = w->sh;
    if (sh->cfg.threads == 1)
        return w->stats.nodes;
    return rt_load(&sh->nodes) + w->stats.nodes - w->nodes_flushed;
}

static void progress(worker *w, pab_move_t m, unsigned number)
{
    const search *sh = w->sh;
    const uint64_t ms = elapsed_ns(sh) / NS_PER_MS;
    pab_progress p = {.size = sizeof p,
                      .depth = w->iteration,
                      .seldepth = w->seldepth,
                      .currmove = m,
                      .currmove_number = number,
                      .nodes = nodes_so_far(w),
                      .time_ms = ms,
                      .hashfull = sh->tt ? pab_tt_hashfull(sh->tt) : 0};
    p.nps = p.nodes * 1000 / (ms ? ms : 1);
    sh->cfg.progress(&p, sh->cfg.progress_user);
}

void worker_root_move(worker *w, pab_move_t m)
{
    if (w->sh->cfg.progress == NULL || !is_main(w) || w->iteration == 0)
        return;
    progress(w, m, ++w->root_started);
}

/* Periodic reports, from the main worker's poll. */
static void progress_due(worker *w)
{
    const search *sh = w->sh;
    if (sh->cfg.progress == NULL || sh->cfg.progress_interval_ms == 0 ||
        w->iteration == 0)
        return;
    uint64_t now = elapsed_ns(sh);
    if (now < w->progress_ns)
        return;
    w->progress_ns = now + sh->cfg.progress_interval_ms * NS_PER_MS;
    progress(w, PAB_MOVE_NONE, 0);
}

bool worker_soft_done(worker *w, pab_move_t m)
{
    const search *sh = w->sh;
    w->steady = m == w->steady_move ? w->steady + 1 : 1;
    w->steady_move = m;
    return sh->cfg.time_soft_ms != 0 &&
           elapsed_ns(sh) >= sh->cfg.time_soft_ms * NS_PER_MS;
}

/* Past the soft limit inside an iteration: stop now if the best move is
 * steady (the last two iterations chose it and this one has not failed
 * low at the root), else let the iteration finish (the hard limit still
 * holds).  Halting is the main worker's normal end, not a stop. */
static void soft_limit(worker *w)
{
    search *sh = w->sh;
    if (sh->cfg.time_soft_ms == 0 || w->steady < 2 || w->failed_low ||
        elapsed_ns(sh) < sh->cfg.time_soft_ms * NS_PER_MS)
        return;
    w->soft_stopped = true;
    rt_store_release(&sh->halt, 1);
}

/* The slow path of worker_node(): share the node count and look at the
 * limits.  Any thread that finds a limit reached raises the stop flag for
 * all. */
bool worker_poll(worker *w)
{
    search *sh = w->sh;
    uint64_t delta = w->stats.nodes - w->nodes_flushed;
    uint64_t total = rt_fetch_add(&sh->nodes, delta) + delta;

    w->nodes_flushed = w->stats.nodes;
    w->poll = poll_interval(sh);
    if (sh->cfg.node_limit != 0 && total >= sh->cfg.node_limit)
        rt_store_release(&sh->stopped, 1);
    uint64_t deadline = rt_load_acquire(sh->deadline);
    if (deadline != 0 && rt_now_ns() >= deadline)
        rt_store_release(&sh->stopped, 1);
    if (is_main(w)) {
        progress_due(w);
        soft_limit(w);
    }
    if (search_halted(sh))
        w->aborted = true;
    return w->aborted;
}

void stats_add(pab_stats *sum, const pab_stats *add)
{
    sum->nodes += add->nodes;
    sum->qnodes += add->qnodes;
    sum->tt_probes += add->tt_probes;
    sum->tt_hits += add->tt_hits;
    sum->tt_cutoffs += add->tt_cutoffs;
    sum->re_searches += add->re_searches;
    sum->deferrals += add->deferrals;
    sum->on_evaluation += add->on_evaluation;
    sum->splits += add->splits;
    sum->aborts += add->aborts;
    sum->idle_ns += add->idle_ns;
    for (int i = 0; i < PAB_STATS_ORDER_SLOTS; i++)
        sum->best_index[i] += add->best_index[i];
}

/* ---- the thread pool ----------------------------------------------------- */

/*
 * A searcher's helper threads, started on first need and parked on a
 * condition variable between searches, so an engine does not create threads
 * per move.  pool_run() hands every helper the same job with its index;
 * the caller runs index 0 itself and returns when all helpers are done.
 * Everything here is guarded by the pool's mutex.
 */
struct pool {
    rt_mutex lock;
    rt_cond wake; /* a new job, or quit */
    rt_cond idle; /* the last helper finished the job */
    rt_thread *threads;
    unsigned started;    /* helper threads running */
    unsigned capacity;   /* length of threads[] */
    uint64_t generation; /* job number */
    unsigned wanted;     /* helpers taking part in this job */
    unsigned busy;       /* helpers still in this job */
    pool_job job;
    void *arg;
    bool quit;
};

typedef struct helper_start {
    pool *p;
    unsigned index;      /* 1.. */
    uint64_t generation; /* the last job before this helper existed */
} helper_start;

static void *helper_main(void *arg)
{
    helper_start start = *(helper_start *)arg;
    pool *p = start.p;
    free(arg);
    rt_mutex_lock(&p->lock);
    uint64_t seen = start.generation;
    for (;;) {
        while (!p->quit && p->generation == seen)
            rt_cond_wait(&p->wake, &p->lock);
        if (p->quit)
            break;
        seen = p->generation;
        if (start.index >= p->wanted)
            continue;
        pool_job job = p->job;
        void *job_arg = p->arg;
        rt_mutex_unlock(&p->lock);
        job(start.index, job_arg);
        rt_mutex_lock(&p->lock);
        if (--p->busy == 0)
            rt_cond_broadcast(&p->idle);
    }
    rt_mutex_unlock(&p->lock);
    return NULL;
}

int pool_create(pool **out)
{
    pool *p = rt_alloc_shared(sizeof *p);
    if (p == NULL)
        return PAB_ENOMEM;
    if (rt_mutex_init(&p->lock) < 0)
        goto fail_mutex;
    if (rt_cond_init(&p->wake) < 0)
        goto fail_wake;
    if (rt_cond_init(&p->idle) < 0)
        goto fail_idle;
    *out = p;
    return 0;
fail_idle:
    rt_cond_destroy(&p->wake);
fail_wake:
    rt_mutex_destroy(&p->lock);
fail_mutex:
    free(p);
    return PAB_ENOMEM;
}

/* Start helpers until `count` run (called with the lock held). */
static int pool_grow(pool *p, unsigned count)
{
    if (count > p->capacity) {
        rt_thread *t = realloc(p->threads, sizeof *t * count);
        if (t == NULL)
            return PAB_ENOMEM;
        p->threads = t;
        p->capacity = count;
    }
    while (p->started < count) {
        helper_start *h = malloc(sizeof *h);
        if (h == NULL)
            return PAB_ENOMEM;
        h->p = p;
        h->index = p->started + 1;
        h->generation = p->generation;
        if (rt_thread_start(&p->threads[p->started], helper_main, h) < 0) {
            free(h);
            return PAB_ETHREAD;
        }
        p->started++;
    }
    return 0;
}

/* In a simulation the helpers are virtual processors started for this one
 * job (runtime_sim.c); a parked OS thread cannot take part in one. */
typedef struct sim_helper {
    pool_job job;
    void *arg;
    unsigned index;
} sim_helper;

static void *sim_helper_main(void *arg)
{
    const sim_helper *h = arg;
    h->job(h->index, h->arg);
    return NULL;
}

static int run_simulated(unsigned threads, pool_job job, void *arg)
{
    rt_thread *t = calloc(threads, sizeof *t);
    sim_helper *h = calloc(threads, sizeof *h);
    if (t == NULL || h == NULL) {
        free(t);
        free(h);
        return PAB_ENOMEM;
    }
    int rc = 0;
    unsigned started = 1;
    for (; started < threads; started++) {
        h[started] = (sim_helper){job, arg, started};
        if (rt_thread_start(&t[started], sim_helper_main, &h[started]) < 0) {
            rc = PAB_ETHREAD;
            break;
        }
    }
    /* The helpers that did start stop when index 0 is done. */
    job(0, arg);
    for (unsigned i = 1; i < started; i++)
        rt_thread_join(&t[i]);
    free(t);
    free(h);
    return rc;
}

int pool_run(pool *p, unsigned threads, pool_job job, void *arg)
{
    if (rt_simulated())
        return run_simulated(threads, job, arg);
    unsigned helpers = threads - 1;
    rt_mutex_lock(&p->lock);
    int rc = pool_grow(p, helpers);
    if (rc < 0) {
        rt_mutex_unlock(&p->lock);
        return rc;
    }
    p->job = job;
    p->arg = arg;
    p->wanted = threads; /* indices 1 .. threads-1 take part */
    p->busy = helpers;
    p->generation++;
    rt_cond_broadcast(&p->wake);
    rt_mutex_unlock(&p->lock);

    job(0, arg);

    rt_mutex_lock(&p->lock);
    while (p->busy > 0)
        rt_cond_wait(&p->idle, &p->lock);
    rt_mutex_unlock(&p->lock);
    return 0;
}

void pool_destroy(pool *p)
{
    if (p == NULL)
        return;
    rt_mutex_lock(&p->lock);
    p->quit = true;
    rt_cond_broadcast(&p->wake);
    rt_mutex_unlock(&p->lock);
    for (unsigned i = 0; i < p->started; i++)
        rt_thread_join(&p->threads[i]);
    free(p->threads);
    rt_cond_destroy(&p->idle);
    rt_cond_destroy(&p->wake);
    rt_mutex_destroy(&p->lock);
    free(p);
}

bool search_stopped(const search *sh)
{
    return rt_load_acquire(&sh->stopped) != 0 ||
           stop_requested(sh->stops, sh->ticket);
}

bool search_halted(const search *sh)
{
    return search_stopped(sh) || rt_load_acquire(&sh->halt) != 0;
}

bool stop_requested(const rt_word *stops, uint64_t ticket)
{
    return rt_load_acquire(stops) > ticket;
}

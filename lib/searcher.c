/*
 * The top floor: the searcher handle (its game, table, helper threads and
 * stop count), pab_search() -- check the configuration, set up the
 * workers, answer the trivial cases, dispatch to the algorithm named in
 * the registry (algorithms.c) on real threads or on virtual processors,
 * and sum the counters -- and pab_searcher_perft().  Nothing below calls
 * up into it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct pab_searcher {
    pab_game game; /* our copy of the caller's table */
    pab_tt *tt;
    bool owns_tt;
    /* Stops made so far, plus one: a search or count started with ticket t
     * is stopped once this exceeds t.  A counter, not a flag, so nothing
     * ever clears it and a stop can never be lost to a search that starts
     * after it and means to be stopped by it. */
    rt_word stops;
    rt_word busy;             /* a search or count is running */
    rt_word deadline;         /* of the running search, ns; 0: none */
    pool *pool;               /* helper threads, started on first need */
    pab_searcher_hooks hooks; /* set while no search runs; size 0: none */
    /* config.correction_bits: what the searches learnt of the game's
     * evaluation, corr_threads tables of 2^corr_bits entries (search.corr),
     * kept until the config asks for other sizes or pab_searcher_forget(). */
    int32_t *corr;
    unsigned corr_threads;
    int corr_bits;
};

/* ---- the searcher ----------------------------------------------------- */

static int searcher_new(pab_searcher **out, const pab_game *game)
{
    if (out == NULL)
        return PAB_EINVAL;
    *out = NULL;
    int rc = game_validate(game);
    if (rc < 0)
        return rc;
    pab_searcher *s = rt_alloc_shared(sizeof *s);
    if (s == NULL)
        return PAB_ENOMEM;
    rt_store(&s->stops, 1); /* so that no ticket is 0, which means "none" */
    if (pool_create(&s->pool) < 0) {
        free(s);
        return PAB_ENOMEM;
    }
    game_copy(&s->game, game);
    *out = s;
    return 0;
}

int pab_searcher_create(pab_searcher **out, const pab_game *game,
                        size_t tt_bytes)
{
    pab_searcher *s;
    if (out == NULL)
        return PAB_EINVAL;
    *out = NULL;
    int rc = searcher_new(&s, game);
    if (rc < 0)
        return rc;
    rc = pab_tt_create(&s->tt, tt_bytes ? tt_bytes : PAB_DEFAULT_TT_BYTES, 0);
    if (rc < 0) {
        pab_searcher_destroy(s);
        return rc;
    }
    s->owns_tt = true;
    *out = s;
    return 0;
}

int pab_searcher_create_with_tt(pab_searcher **out, const pab_game *game,
                                pab_tt *tt)
{
    if (out != NULL)
        *out = NULL;
    if (tt == NULL)
        return PAB_EINVAL;
    int rc = searcher_new(out, game);
    if (rc == 0)
        (*out)->tt = tt;
    return rc;
}

void pab_searcher_destroy(pab_searcher *s)
{
    if (s == NULL)
        return;
    if (s->hooks.destroy != NULL)
        s->hooks.destroy(s->hooks.user);
    pool_destroy(s->pool);
    free(s->corr);
    if (s->owns_tt)
        pab_tt_destroy(s->tt);
    free(s);
}

int pab_searcher_set_hooks(pab_searcher *s, const pab_searcher_hooks *hooks)
{
    if (s == NULL)
        return PAB_EINVAL;
    if (hooks == NULL) {
        memset(&s->hooks, 0, sizeof s->hooks);
        return 0;
    }
    if (hooks->size != sizeof *hooks)
        return PAB_EVERSION;
    if ((hooks->start == NULL) != (hooks->finish == NULL))
        return PAB_EINVAL;
    if (rt_load(&s->busy) != 0)
        return PAB_EBUSY;
    s->hooks = *hooks;
    return 0;
}

int pab_searcher_get_hooks(const pab_searcher *s, pab_searcher_hooks *hooks)
{
    if (s == NULL || hooks == NULL)
        return PAB_EINVAL;
    *hooks = s->hooks;
    hooks->size = sizeof *hooks;
    return 0;
}

int pab_searcher_forget(pab_searcher *s)
{
    if (s == NULL)
        return PAB_EINVAL;
    if (!rt_cas(&s->busy, 0, 1))
        return PAB_EBUSY;
    if (s->corr != NULL)
        memset(s->corr, 0,
               sizeof *s->corr * s->corr_threads * ((size_t)1 << s->corr_bits));
    rt_store_release(&s->busy, 0);
    return 0;
}

/* The correction tables a search asks for: the searcher's own if they are
 * the size asked, else new ones (a change of size starts afresh). */
static int correction_tables(pab_searcher *s, search *sh)
{
    const int bits = sh->cfg.correction_bits;
    const unsigned threads = sh->cfg.threads;
    if (bits == 0 || s->game.correction_key == NULL)
        return 0;
    if (s->corr == NULL || s->corr_bits != bits || s->corr_threads < threads) {
        int32_t *t = calloc((size_t)threads << bits, sizeof *t);
        if (t == NULL)
            return PAB_ENOMEM;
        free(s->corr);
        s->corr = t;
        s->corr_bits = bits;
        s->corr_threads = threads;
    }
    sh->corr = s->corr;
    return 0;
}

pab_tt *pab_searcher_tt(pab_searcher *s)
{
    return s ? s->tt : NULL;
}

void pab_searcher_stop(pab_searcher *s)
{
    if (s != NULL)
        rt_fetch_add(&s->stops, 1);
}

uint64_t pab_searcher_ticket(pab_searcher *s)
{
    return s != NULL ? rt_load_acquire(&s->stops) : 0;
}

void pab_searcher_set_time_limit(pab_searcher *s, uint64_t ms)
{
    if (s != NULL)
        rt_store_release(&s->deadline, ms ? rt_now_ns() + ms * NS_PER_MS : 0);
}

/* The ticket a search or count runs under: the caller's, or now.  A ticket
 * from the future cannot have come from this searcher. */
static int take_ticket(pab_searcher *s, uint64_t given, uint64_t *ticket)
{
    uint64_t now = rt_load_acquire(&s->stops);
    if (given > now)
        return PAB_EINVAL;
    *ticket = given != 0 ? given : now;
    return 0;
}

/* ---- results ------------------------------------------------------------- */

/* ---- pab_search() ------------------------------------------------------ */

static void normalise(pab_config *dst, const pab_config *src)
{
    pab_config_init_size(dst, sizeof *dst);
    memcpy(dst, src, src->size);
    dst->size = sizeof *dst;
    if (src->size < PAB_CONFIG_SIZE_V5) {
        /* An older program simulates as it did: no noise, flat memory. */
        dst->sim_jitter = 0;
        dst->sim_memory = PAB_SIM_MEMORY_FLAT;
    }
    if (dst->plain) {
        /* Figure 4.3: one fixed depth, no table, the game's order. */
        dst->iterative_deepening = false;
        dst->move_ordering = false;
        dst->aspiration = false;
        dst->quiescence = false;
        dst->null_move = false;
        dst->late_move_reductions = false;
        dst->futility_pruning = false;
        dst->check_extension = false;
        dst->rfp_depth = dst->lmp_depth = dst->iir_depth = 0;
        dst->singular_depth = dst->null_r_eval = 0;
        dst->improving = dst->history_gravity = false;
        dst->lmr_history = dst->cont_history_bits = 0;
        dst->correction_bits = 0;
        dst->tt_eval = dst->lmr_refutation = dst->lmr_tt_noisy = false;
        dst->see_prune_depth = dst->probcut_depth = 0;
        dst->singular_negative = false;
        dst->lmr_log = dst->countermove = dst->history_malus = false;
        dst->mate_distance_pruning = false;
        dst->qsearch_tt = dst->qsearch_skip_bad = false;
        /* The threads of the algorithms that all start at the root
         * share their work through the table: they keep it. */
        dst->use_tt =
            (algorithm_of(dst->algorithm)->needs & ALGO_TABLE_IN_PLAIN) != 0;
    }
    /* ABDADA's table is its scheduler (the processor counts): always on. */
    if (algorithm_of(dst->algorithm)->needs & ALGO_TABLE_ALWAYS) {
        dst->use_tt = true;
        /* Its entries count the processors inside a node; quiescence
         * nodes are nobody's to count. */
        dst->qsearch_tt = false;
    }
}

/* The part of pab_result the caller's headers know about: the config's
 * layout tells which version those are (search.h lists the pairs). */
static size_t result_size(size_t config_size)
{
    return config_size == PAB_CONFIG_SIZE_V1  ? PAB_RESULT_SIZE_V1
           : config_size < PAB_CONFIG_SIZE_V5 ? PAB_RESULT_SIZE_V2
           : config_size < PAB_CONFIG_SIZE_V6 ? PAB_RESULT_SIZE_V3
                                              : PAB_RESULT_SIZE_V4;
}

static void release_workers(search *sh, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        worker_release(&sh->workers[i]);
    free(sh->workers);
    sh->workers = NULL;
}

static int setup_workers(search *sh, const void *root)
{
    unsigned n = sh->cfg.threads;
    sh->workers = calloc(n, sizeof *sh->workers);
    if (sh->workers == NULL)
        return PAB_ENOMEM;
    for (unsigned i = 0; i < n; i++) {
        int rc = worker_init(&sh->workers[i], sh, root);
        if (rc < 0) {
            release_workers(sh, i);
            return rc;
        }
    }
    return 0;
}

/* ---- the simulated multiprocessor -------------------------------------- */

static rt_model model_of(const pab_config *c)
{
    rt_model m;
    m.work[RT_WORK_EXPAND] = c->sim_expand;
    m.work[RT_WORK_EVAL] = c->sim_eval;
    m.work[RT_WORK_SEARCH] = c->sim_search;
    m.work[RT_WORK_RETURN] = c->sim_return;
    m.work[RT_WORK_UPDATE] = c->sim_update;
    m.plain = c->sim_shared;
    m.atomic = c->sim_atomic;
    m.remote = c->sim_remote;
    m.wait = c->sim_wait;
    m.msi = c->sim_memory == PAB_SIM_MEMORY_MSI;
    m.jitter = c->sim_jitter;
    m.drift = c->sim_drift;
    m.span = PAB_SIM_DRIFT_SPAN;
    m.seed = c->sim_seed;
    m.node_extra = c->sim_node_extra;
    return m;
}

typedef struct simulated {
    search *sh;
    int rc;
} simulated;

static void *simulated_main(void *arg)
{
    simulated *job = arg;
    job->rc = algorithm_of(job->sh->cfg.algorithm)->run(job->sh);
    return NULL;
}

/* The algorithm, on real threads or on cfg.threads virtual processors
 * whose virtual time goes to the result. */
static int run_algorithm(search *sh)
{
    if (!sh->cfg.simulate)
        return algorithm_of(sh->cfg.algorithm)->run(sh);
    const rt_model model = model_of(&sh->cfg);
    simulated job = {sh, 0};
    int rc = sim_cluster_open(sh);
    if (rc == 0)
        rc = rt_sim_run(&model, sh->cfg.threads, simulated_main, &job,
                        sh->start_ns, &sh->result->ticks);
    sim_cluster_close(sh);
    return rc < 0 ? rc : job.rc;
}

/* Set up the workers, answer the trivial cases, run the algorithm, and sum
 * every thread's counters. */
static int run(search *sh, const void *root)
{
    int rc = setup_workers(sh, root);
    if (rc < 0)
        return rc;
    rc = diag_setup(sh);
    if (rc < 0) {
        release_workers(sh, sh->cfg.threads);
        return rc;
    }
    worker *w = &sh->workers[0];
    pab_score_t terminal;
    pab_move_t first;
    unsigned legal = ns_root_moves(w, &first, &terminal);
    if (legal == 0 && sh->root_moves != NULL) {
        sh->root_moves = NULL; /* none of them is legal: search them all */
        legal = ns_root_moves(w, &first, &terminal);
    }
    sh->lines = sh->cfg.multipv < legal ? sh->cfg.multipv : legal;
    if (first == PAB_MOVE_NONE || sh->cfg.max_depth == 0) {
        answer_without_search(w, first, terminal);
    } else {
        sh->result->best_move = first;
        rc = run_algorithm(sh);
        /* A soft time limit's halt is the normal end of a timed search. */
        sh->result->stopped =
            search_stopped(sh) || (w->aborted && !w->soft_stopped);
    }
    memset(&sh->result->stats, 0, sizeof sh->result->stats);
    sh->result->split_wait_ns = 0;
    for (unsigned i = 0; i < sh->cfg.threads; i++) {
        stats_add(&sh->result->stats, &sh->workers[i].stats);
        sh->result->split_wait_ns += sh->workers[i].split_wait_ns;
        if (sh->workers[i].seldepth > sh->result->seldepth)
            sh->result->seldepth = sh->workers[i].seldepth;
    }
    diag_finish(sh, sh->result);
    release_workers(sh, sh->cfg.threads);
    return rc;
}

int pab_search(pab_searcher *s, const void *root, const pab_config *config,
               pab_result *result)
{
    if (s == NULL || root == NULL || result == NULL)
        return PAB_EINVAL;
    int rc = pab_config_validate(config);
    if (rc < 0)
        return rc;
    _Alignas(RT_LINE) search sh;
    memset(&sh, 0, sizeof sh);
    normalise(&sh.cfg, config);
    if (!rt_cas(&s->busy, 0, 1))
        return PAB_EBUSY;
    rc = take_ticket(s, sh.cfg.stop_ticket, &sh.ticket);
    if (rc < 0) {
        rt_store_release(&s->busy, 0);
        return rc;
    }
    sh.game = &s->game;
    sh.tt = sh.cfg.use_tt ? s->tt : NULL;
    sh.capacity = game_capacity(&s->game);
    sh.stops = &s->stops;
    sh.deadline = &s->deadline;
    sh.pool = s->pool;
    sh.hooks = s->hooks.size != 0 ? &s->hooks : NULL;
    if (sh.cfg.root_move_count > 0) {
        sh.root_moves = sh.cfg.root_moves;
        sh.root_move_count = sh.cfg.root_move_count;
    }
    sh.start_ns = rt_now_ns();
    rt_store(&s->deadline, sh.cfg.time_limit_ms != 0
                               ? sh.start_ns + sh.cfg.time_limit_ms * NS_PER_MS
                               : 0);
    pab_result r;
    memset(&r, 0, sizeof r);
    r.best_move = PAB_MOVE_NONE;
    sh.result = &r;
    if (sh.tt != NULL)
        pab_tt_new_search(sh.tt);
    rc = correction_tables(s, &sh);
    if (rc == 0 && s->hooks.start != NULL)
        rc = s->hooks.start(s, root, &sh.cfg, s->hooks.user);
    if (rc < 0) {
        rt_store_release(&s->busy, 0);
        return rc;
    }

    rc = run(&sh, root);

    uint64_t err = rt_load(&sh.error);
    if (rc == 0 && err != 0)
        rc = -(int)err;
    r.time_ms = search_elapsed_ms(&sh);
    if (s->hooks.finish != NULL)
        rc = s->hooks.finish(s, config, rc, &r, s->hooks.user);
    if (rc == 0)
        memcpy(result, &r, result_size(config->size));
    rt_store_release(&s->busy, 0);
    return rc;
}

int pab_searcher_perft(pab_searcher *s, const void *state, int depth,
                       unsigned flags, uint64_t ticket, uint64_t *count)
{
    if (s == NULL || state == NULL || count == NULL)
        return PAB_EINVAL;
    if (!rt_cas(&s->busy, 0, 1))
        return PAB_EBUSY;
    uint64_t t;
    int rc = take_ticket(s, ticket, &t);
    if (rc == 0)
        rc = perft_run(&s->game, state, depth, flags, &s->stops, t, count);
    rt_store_release(&s->busy, 0);
    return rc;
}

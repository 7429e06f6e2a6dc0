/*
 * The entry point: the searcher handle, configuration checks, the result,
 * and the iterative-deepening driver the algorithms share.
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
    rt_word busy;     /* a search or count is running */
    rt_word deadline; /* of the running search, ns; 0: none */
    pool *pool;       /* helper threads, started on first need */
};

/* ---- algorithm names ----------------------------------------------------- */

static const char *const algorithm_names[PAB_ALGO_COUNT] = {
    [PAB_ALGO_SERIAL] = "serial",
    [PAB_ALGO_ABDADA] = "abdada",
    [PAB_ALGO_SIMPLIFIED_ABDADA] = "simplified-abdada",
    [PAB_ALGO_YBWC] = "ybwc",
    [PAB_ALGO_JAMBOREE] = "jamboree",
    [PAB_ALGO_LAZY_SMP] = "lazy-smp",
};

int pab_algorithm_from_name(const char *name)
{
    if (name == NULL)
        return PAB_EINVAL;
    for (int i = 0; i < PAB_ALGO_COUNT; i++)
        if (strcmp(name, algorithm_names[i]) == 0)
            return i;
    return PAB_EALGO;
}

const char *pab_algorithm_name(int algorithm)
{
    if (algorithm < 0 || algorithm >= PAB_ALGO_COUNT)
        return NULL;
    return algorithm_names[algorithm];
}

/* ---- the searcher ----------------------------------------------------- */

static int searcher_new(pab_searcher **out, const pab_game *game)
{
    if (out == NULL)
        return PAB_EINVAL;
    *out = NULL;
    int rc = game_validate(game);
    if (rc < 0)
        return rc;
    pab_searcher *s = calloc(1, sizeof *s);
    if (s == NULL)
        return PAB_ENOMEM;
    rt_store(&s->stops, 1); /* so that no ticket is 0, which means "none" */
    if (pool_create(&s->pool) < 0) {
        free(s);
        return PAB_ENOMEM;
    }
    memcpy(&s->game, game, game->size);
    s->game.size = sizeof s->game;
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
    pool_destroy(s->pool);
    if (s->owns_tt)
        pab_tt_destroy(s->tt);
    free(s);
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

bool stop_requested(const rt_word *stops, uint64_t ticket)
{
    return rt_load_acquire(stops) > ticket;
}

void pab_searcher_set_time_limit(pab_searcher *s, uint64_t ms)
{
    if (s != NULL)
        rt_store_release(&s->deadline, ms ? rt_now_ns() + ms * 1000000u : 0);
}

/* ---- results ------------------------------------------------------------- */

static uint64_t elapsed_ms(const search *sh)
{
    return (rt_now_ns() - sh->start_ns) / 1000000u;
}

/* Record a completed iteration (its lines, best first) as the search's
 * answer and tell the caller. */
static void report_iteration(worker *w, int depth, const pab_line *lines,
                             unsigned n)
{
    search *sh = w->sh;
    pab_result *r = sh->result;
    r->lines = n;
    memcpy(r->line, lines, sizeof *lines * n);
    r->score = lines[0].score;
    r->bound = PAB_BOUND_EXACT;
    r->depth = depth;
    r->seldepth = w->seldepth;
    r->pv_length = lines[0].pv_length;
    memcpy(r->pv, lines[0].pv, sizeof(pab_move_t) * r->pv_length);
    r->best_move = lines[0].move;
    r->time_ms = elapsed_ms(sh);
    r->stats = w->stats;
    if (sh->cfg.threads > 1) /* what the helpers have shared so far */
        r->stats.nodes =
            rt_load(&sh->nodes) + w->stats.nodes - w->nodes_flushed;
    if (sh->cfg.info != NULL)
        sh->cfg.info(r, sh->cfg.info_user);
}

/* One iteration with aspiration windows: start narrow around the last
 * score and widen on the side that failed, doubling each time. */
static pab_score_t aspirate(worker *w, ns_fn root, int depth, pab_score_t guess)
{
    const pab_config *cfg = &w->sh->cfg;
    pab_score_t delta = cfg->aspiration_window;
    pab_score_t alpha = -PAB_SCORE_INF, beta = PAB_SCORE_INF;
    if (cfg->aspiration && depth > 1) {
        alpha = guess - delta < -PAB_SCORE_INF ? -PAB_SCORE_INF : guess - delta;
        beta = guess + delta > PAB_SCORE_INF ? PAB_SCORE_INF : guess + delta;
    }
    for (;;) {
        pab_score_t v = root(w, alpha, beta, depth, 0, NS_PV);
        if (w->aborted)
            return v;
        if (v <= alpha && alpha > -PAB_SCORE_INF)
            alpha = v - delta < -PAB_SCORE_INF ? -PAB_SCORE_INF : v - delta;
        else if (v >= beta && beta < PAB_SCORE_INF)
            beta = v + delta > PAB_SCORE_INF ? PAB_SCORE_INF : v + delta;
        else
            return v;
        delta = delta > PAB_SCORE_MAX / 2 ? PAB_SCORE_MAX : delta * 2;
    }
}

bool search_halted(const search *sh)
{
    return rt_load_acquire(&sh->stopped) != 0 ||
           stop_requested(sh->stops, sh->ticket) ||
           rt_load_acquire(&sh->halt) != 0;
}

/* The line just searched at the root: its move, value and variation. */
static void take_line(const worker *w, pab_line *line, pab_score_t v)
{
    line->score = v;
    line->bound = PAB_BOUND_EXACT;
    line->pv_length = w->pv_len[0];
    memcpy(line->pv, w->pv[0], sizeof(pab_move_t) * line->pv_length);
    line->move = line->pv_length > 0 ? line->pv[0] : PAB_MOVE_NONE;
}

/* Lines are searched best first, but a later one can come out better
 * (it had a narrower window's luck): keep them sorted, stably. */
static void sort_lines(pab_line *lines, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        pab_line x = lines[i];
        unsigned j = i;
        for (; j > 0 && lines[j - 1].score < x.score; j--)
            lines[j] = lines[j - 1];
        lines[j] = x;
    }
}

/* The side to move has a proven win within cfg.mate_moves moves. */
static bool mate_found(const search *sh, pab_score_t v)
{
    unsigned n = sh->cfg.mate_moves;
    return n != 0 && (sh->game->flags & PAB_GAME_DISTANCE_SCORES) &&
           PAB_SCORE_IS_WIN(v) &&
           PAB_SCORE_MATE - v <= (pab_score_t)(2 * n - 1);
}

void iterate(worker *w, ns_fn root, int depth_offset, bool report)
{
    const search *sh = w->sh;
    const pab_config *cfg = &sh->cfg;
    int first = cfg->iterative_deepening ? 1 : cfg->max_depth;
    pab_line *lines = w->lines;
    for (int d = first; d <= cfg->max_depth; d++) {
        int depth =
            d + depth_offset > PAB_DEPTH_MAX ? PAB_DEPTH_MAX : d + depth_offset;
        /* MultiPV: line i searches the root without lines 0..i-1. */
        for (unsigned i = 0; i < sh->lines; i++) {
            if (search_halted(sh)) {
                w->aborted = true;
                return;
            }
            w->excluded = i;
            pab_score_t v = aspirate(w, root, depth, lines[i].score);
            if (w->aborted)
                return;
            take_line(w, &lines[i], v);
            w->exclude[i] = lines[i].move;
        }
        w->excluded = 0;
        sort_lines(lines, sh->lines);
        if (report)
            report_iteration(w, depth, lines, sh->lines);
        if (mate_found(sh, lines[0].score))
            return;
    }
}

typedef struct root_job {
    search *sh;
    ns_fn root;
    int (*offset)(const search *, unsigned);
} root_job;

static void root_worker(unsigned index, void *arg)
{
    root_job *job = arg;
    worker *w = &job->sh->workers[index];
    int offset = index && job->offset ? job->offset(job->sh, index) : 0;
    iterate(w, job->root, offset, index == 0);
    if (index == 0)
        rt_store_release(&job->sh->halt, 1);
}

int run_from_root(search *sh, ns_fn root,
                  int (*offset)(const search *, unsigned))
{
    root_job job = {.sh = sh, .root = root, .offset = offset};
    return pool_run(sh->pool, sh->cfg.threads, root_worker, &job);
}

/* ---- pab_search() ------------------------------------------------------ */

static void normalise(pab_config *dst, const pab_config *src)
{
    pab_config_init_size(dst, sizeof *dst);
    memcpy(dst, src, src->size);
    dst->size = sizeof *dst;
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
        /* The threads of the algorithms that all start at the root
         * share their work through the table: they keep it. */
        dst->use_tt = dst->algorithm == PAB_ALGO_ABDADA ||
                      dst->algorithm == PAB_ALGO_SIMPLIFIED_ABDADA ||
                      dst->algorithm == PAB_ALGO_LAZY_SMP;
    }
    /* ABDADA's table is its scheduler (the processor counts): always on. */
    if (dst->algorithm == PAB_ALGO_ABDADA)
        dst->use_tt = true;
}

/* The part of pab_result the caller's header version knows about: the
 * config's size tells which version that is.  0.1 is the first published
 * layout, so today every accepted config has the whole result. */
static size_t result_size(size_t config_size)
{
    return config_size <= CONFIG_SIZE_0_1 ? RESULT_SIZE_0_1
                                          : sizeof(pab_result);
}

/* Depth 0 or a root without moves: no tree to search. */
static void answer_without_search(worker *w, pab_move_t first,
                                  pab_score_t terminal)
{
    pab_result *r = w->sh->result;
    r->best_move = first;
    if (first == PAB_MOVE_NONE) {
        r->score = terminal;
    } else {
        pab_score_t v =
            w->sh->cfg.plain
                ? ns_plain(w, -PAB_SCORE_INF, PAB_SCORE_INF, 0, 0, 0)
                : ns_horizon(w, -PAB_SCORE_INF, PAB_SCORE_INF, 0);
        r->score = v;
    }
    r->bound = PAB_BOUND_EXACT;
    r->depth = 0;
    r->pv_length = first == PAB_MOVE_NONE ? 0 : 1;
    r->pv[0] = first;
    r->lines = first == PAB_MOVE_NONE ? 0 : 1;
    r->line[0].move = first;
    r->line[0].score = r->score;
    r->line[0].bound = PAB_BOUND_EXACT;
    r->line[0].pv_length = r->pv_length;
    r->line[0].pv[0] = first;
    r->stats = w->stats;
}

static int (*const algorithm_run[PAB_ALGO_COUNT])(search *) = {
    [PAB_ALGO_SERIAL] = serial_run,
    [PAB_ALGO_ABDADA] = abdada_run,
    [PAB_ALGO_SIMPLIFIED_ABDADA] = simplified_abdada_run,
    [PAB_ALGO_YBWC] = ybwc_run,
    [PAB_ALGO_JAMBOREE] = jamboree_run,
    [PAB_ALGO_LAZY_SMP] = lazy_smp_run,
};

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
        int rc = worker_init(&sh->workers[i], sh, i, root);
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
    return m;
}

typedef struct simulated {
    search *sh;
    int rc;
} simulated;

static void *simulated_main(void *arg)
{
    simulated *job = arg;
    job->rc = algorithm_run[job->sh->cfg.algorithm](job->sh);
    return NULL;
}

/* The algorithm, on real threads or on cfg.threads virtual processors
 * whose virtual time goes to the result. */
static int run_algorithm(search *sh)
{
    if (!sh->cfg.simulate)
        return algorithm_run[sh->cfg.algorithm](sh);
    const rt_model model = model_of(&sh->cfg);
    simulated job = {sh, 0};
    int rc = rt_sim_run(&model, sh->cfg.threads, simulated_main, &job,
                        sh->start_ns, &sh->result->ticks);
    return rc < 0 ? rc : job.rc;
}

/* Set up the workers, answer the trivial cases, run the algorithm, and sum
 * every thread's counters. */
static int run(search *sh, const void *root)
{
    int rc = setup_workers(sh, root);
    if (rc < 0)
        return rc;
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
        sh->result->stopped = rt_load(&sh->stopped) != 0 ||
                              stop_requested(sh->stops, sh->ticket) ||
                              w->aborted;
    }
    memset(&sh->result->stats, 0, sizeof sh->result->stats);
    for (unsigned i = 0; i < sh->cfg.threads; i++) {
        stats_add(&sh->result->stats, &sh->workers[i].stats);
        if (sh->workers[i].seldepth > sh->result->seldepth)
            sh->result->seldepth = sh->workers[i].seldepth;
    }
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
    search sh;
    memset(&sh, 0, sizeof sh);
    normalise(&sh.cfg, config);
    if (!rt_cas(&s->busy, 0, 1))
        return PAB_EBUSY;
    rc = take_ticket(s, sh.cfg.stop_ticket, &sh.ticket);
    if (rc < 0) {
        rt_store_release(&s->busy, 0);
        return rc;
    }
    sh.owner = s;
    sh.game = &s->game;
    sh.tt = sh.cfg.use_tt ? s->tt : NULL;
    sh.capacity = game_capacity(&s->game);
    sh.stops = &s->stops;
    sh.deadline = &s->deadline;
    sh.pool = s->pool;
    if (sh.cfg.root_move_count > 0) {
        sh.root_moves = sh.cfg.root_moves;
        sh.root_move_count = sh.cfg.root_move_count;
    }
    sh.start_ns = rt_now_ns();
    rt_store(&s->deadline, sh.cfg.time_limit_ms != 0
                               ? sh.start_ns + sh.cfg.time_limit_ms * 1000000u
                               : 0);
    pab_result r;
    memset(&r, 0, sizeof r);
    r.best_move = PAB_MOVE_NONE;
    sh.result = &r;
    if (sh.tt != NULL)
        pab_tt_new_search(sh.tt);

    rc = run(&sh, root);

    uint64_t err = rt_load(&sh.error);
    if (rc == 0 && err != 0)
        rc = -(int)err;
    r.time_ms = elapsed_ms(&sh);
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
    if (depth < 0 || depth > PAB_PLY_MAX)
        return PAB_EDEPTH;
    if (!rt_cas(&s->busy, 0, 1))
        return PAB_EBUSY;
    uint64_t t;
    int rc = take_ticket(s, ticket, &t);
    if (rc == 0)
        rc = perft_run(&s->game, state, depth, flags, &s->stops, t, count);
    rt_store_release(&s->busy, 0);
    return rc;
}

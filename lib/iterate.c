/*
 * The driver every algorithm shares: iterative deepening with aspiration
 * windows and MultiPV lines on one worker, the record of each completed
 * iteration in the result, the answer when there is no tree to search, and
 * the "every thread from the root" start of ABDADA, Simplified ABDADA and
 * Lazy SMP.  It sits below the algorithms and above the node searches
 * (negascout.c); it never calls up into searcher.c.
 */
#include "config.h"

#include <string.h>

#include "internal.h"

uint64_t search_elapsed_ms(const search *sh)
{
    return (rt_now_ns() - sh->start_ns) / NS_PER_MS;
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
    r->time_ms = search_elapsed_ms(sh);
    r->stats = w->stats;
    if (sh->cfg.threads > 1) /* what the helpers have shared so far */
        r->stats.nodes =
            rt_load(&sh->nodes) + w->stats.nodes - w->nodes_flushed;
    if (sh->cfg.info != NULL)
        sh->cfg.info(r, sh->cfg.info_user);
}

static pab_score_t grown(pab_score_t delta, unsigned growth)
{
    const int64_t more = (int64_t)delta * growth / 100;
    const int64_t d = delta + (more > 0 ? more : 1);
    return d > PAB_SCORE_MAX ? PAB_SCORE_MAX : (pab_score_t)d;
}

/* One iteration with aspiration windows: start narrow around the last
 * score and widen on the side that failed, by aspiration_growth % of the
 * half-width each time (100: doubling). */
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
        w->root_started = 0;
        pab_score_t v = ns_call(w, root, alpha, beta, depth, 0, NS_PV);
        if (w->aborted)
            return v;
        /* A fail low at the root: the best move is in doubt, and the soft
         * time limit waits for the answer. */
        w->failed_low = v <= alpha && alpha > -PAB_SCORE_INF;
        if (w->failed_low)
            alpha = v - delta < -PAB_SCORE_INF ? -PAB_SCORE_INF : v - delta;
        else if (v >= beta && beta < PAB_SCORE_INF)
            beta = v + delta > PAB_SCORE_INF ? PAB_SCORE_INF : v + delta;
        else
            return v;
        delta = grown(delta, cfg->aspiration_growth);
    }
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

/* Diagnostics: what the iteration of this depth cost this thread. */
static void note_iteration(worker *w, int depth, uint64_t nodes_before)
{
    if (w->diag)
        w->iteration_nodes[diag_depth(depth)] += w->stats.nodes - nodes_before;
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
        if (report)
            w->iteration = depth;
        const uint64_t nodes_before = w->stats.nodes;
        /* MultiPV: line i searches the root without lines 0..i-1. */
        for (unsigned i = 0; i < sh->lines; i++) {
            if (search_halted(sh)) {
                w->aborted = true;
                note_iteration(w, depth, nodes_before);
                return;
            }
            w->excluded = i;
            pab_score_t v = aspirate(w, root, depth, lines[i].score);
            if (w->aborted) {
                note_iteration(w, depth, nodes_before);
                return;
            }
            take_line(w, &lines[i], v);
            w->exclude[i] = lines[i].move;
        }
        w->excluded = 0;
        note_iteration(w, depth, nodes_before);
        sort_lines(lines, sh->lines);
        if (report)
            report_iteration(w, depth, lines, sh->lines);
        if (mate_found(sh, lines[0].score) ||
            (report && worker_soft_done(w, lines[0].move)))
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

/* Depth 0 or a root without moves: no tree to search. */
void answer_without_search(worker *w, pab_move_t first, pab_score_t terminal)
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

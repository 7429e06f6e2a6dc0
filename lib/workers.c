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

int worker_init(worker *w, search *sh, unsigned id, const void *root)
{
    int err = 0;
    const pab_game *g = sh->game;

    memset(w, 0, sizeof *w);
    w->sh = sh;
    w->id = id;
    w->poll = poll_interval(sh);
    w->state = state_clone(g, root, &err);
    if (w->state == NULL)
        return err;
    w->moves = malloc(sizeof(pab_move_t) * sh->capacity * PAB_PLY_MAX);
    if (w->moves == NULL)
        goto nomem;
    if (g->move_index != NULL) {
        w->history = calloc(g->move_index_count, sizeof *w->history);
        if (w->history == NULL)
            goto nomem;
    }
    for (int p = 0; p < PAB_PLY_MAX; p++)
        w->killers[p][0] = w->killers[p][1] = PAB_MOVE_NONE;
    return 0;
nomem:
    worker_release(w);
    return PAB_ENOMEM;
}

void worker_release(worker *w)
{
    if (w->sh != NULL)
        state_free(w->sh->game, w->state);
    free(w->moves);
    free(w->history);
    w->state = NULL;
    w->moves = NULL;
    w->history = NULL;
}

void worker_fail(worker *w, int err)
{
    rt_cas(&w->sh->error, 0, (uint64_t)(-err));
    rt_store_release(w->sh->stop, 1);
    w->aborted = true;
}

/* The slow path of worker_node(): share the node count and look at the
 * limits.  Any thread that finds a limit reached raises the stop flag for
 * all. */
static bool worker_poll(worker *w)
{
    search *sh = w->sh;
    uint64_t delta = w->stats.nodes - w->nodes_flushed;
    uint64_t total = rt_fetch_add(&sh->nodes, delta) + delta;

    w->nodes_flushed = w->stats.nodes;
    w->poll = poll_interval(sh);
    if (sh->cfg.node_limit != 0 && total >= sh->cfg.node_limit)
        rt_store_release(sh->stop, 1);
    if (sh->deadline_ns != 0 && rt_now_ns() >= sh->deadline_ns)
        rt_store_release(sh->stop, 1);
    if (rt_load_acquire(sh->stop) != 0)
        w->aborted = true;
    return w->aborted;
}

bool worker_node(worker *w)
{
    w->stats.nodes++;
    if (--w->poll == 0)
        return worker_poll(w);
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

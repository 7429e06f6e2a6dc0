/*
 * diagnostics: where a parallel search's extra nodes come from
 * (config.diagnostics, pab_result.by_depth and iteration_nodes).
 *
 * Occupancy.  A table of counters, one per (position, remaining depth)
 * modulo its size, says how many threads are inside each node: a node
 * search adds one when it begins (ns_begin, once its key is known) and its
 * caller takes it away when the search returns (ns_call, the one way the
 * core calls a child or the root).  A node whose counter was already above
 * zero when it began was searched by two or more threads at once.  Two
 * nodes that fall on one counter look shared; with OCC_SIZE counters and a
 * few thousand nodes on all threads' paths together that is well under
 * 1 % of them.
 *
 * Races: the counters are atomic fetch-and-adds, so no enter or leave is
 * lost; a node entered between another thread's load and its add is still
 * counted by one of the two.  They go through rt_diag_add, which a
 * simulation does not charge: with diagnostics on, a simulated search runs
 * exactly as without, tick for tick.  Everything else here is one
 * thread's own (its worker's counts) or runs while no thread searches
 * (setup and the final sums).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tt_layout.h"

#define OCC_SIZE ((size_t)1 << 20)

int diag_setup(search *sh)
{
    if (!sh->cfg.diagnostics)
        return 0;
    sh->occupancy = rt_alloc_shared(OCC_SIZE * sizeof(rt_word));
    if (sh->occupancy == NULL)
        return PAB_ENOMEM;
    for (unsigned i = 0; i < sh->cfg.threads; i++)
        sh->workers[i].diag = true;
    if (sh->tt != NULL)
        tt_diag_start(sh->tt, sh->evicted0);
    return 0;
}

static rt_word *counter(const search *sh, uint64_t key, int depth)
{
    uint64_t h =
        (key ^ (uint64_t)depth * 0x9E3779B97F4A7C15u) * 0xD6E8FEB86659FD93u;
    return &sh->occupancy[(h >> 32) & (OCC_SIZE - 1)];
}

void diag_enter(worker *w, ns_node *nd)
{
    rt_word *c = counter(w->sh, nd->key, nd->depth);
    nd->diag_shared = rt_diag_add(c, 1) > 0;
    w->diag_slot[nd->ply] = c;
}

void diag_leave(worker *w, int ply)
{
    rt_word *c = w->diag_slot[ply];
    if (c != NULL) {
        rt_diag_add(c, (uint64_t)-1);
        w->diag_slot[ply] = NULL;
    }
}

/* The node's moves are about to be searched. */
void diag_searched(worker *w, const ns_node *nd)
{
    pab_depth_stats *d = &w->by_depth[diag_depth(nd->depth)];
    d->nodes++;
    d->shared += nd->diag_shared;
    d->late += nd->diag_shared && nd->diag_checked;
}

void diag_finish(search *sh, pab_result *r)
{
    if (!sh->cfg.diagnostics)
        return;
    memset(r->by_depth, 0, sizeof r->by_depth);
    memset(r->iteration_nodes, 0, sizeof r->iteration_nodes);
    for (unsigned i = 0; i < sh->cfg.threads; i++) {
        const worker *w = &sh->workers[i];
        for (int d = 0; d < PAB_DIAG_DEPTHS; d++) {
            pab_depth_stats *s = &r->by_depth[d];
            const pab_depth_stats *own = &w->by_depth[d];
            s->nodes += own->nodes;
            s->shared += own->shared;
            s->late += own->late;
            s->deferrals += own->deferrals;
            s->re_searches += own->re_searches; /* evictions: the table's */
            r->iteration_nodes[d] += w->iteration_nodes[d];
        }
    }
    if (sh->tt != NULL)
        tt_diag_stop(sh->tt, sh->evicted0, r->by_depth);
    free(sh->occupancy);
    sh->occupancy = NULL;
}

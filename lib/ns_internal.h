/*
 * The NegaScout core's own small helpers, shared by negascout.c (the node's
 * steps), ns_prune.c (the rules that prune, reduce and extend) and
 * quiesce.c, inline in each: every node passes through them.  The calls
 * go down only: negascout.c uses ns_prune.c, which uses quiesce.c
 * (tests/check_layers.sh).
 */
#ifndef PAB_NS_INTERNAL_H
#define PAB_NS_INTERNAL_H

#include "internal.h"

static inline pab_score_t evaluate(worker *w, int ply)
{
    const pab_game *g = w->sh->game;
    rt_work_done(RT_WORK_EVAL);
    pab_score_t v = game_evaluate(g, w->state);
    if (v < PAB_SCORE_MIN || v > PAB_SCORE_MAX) {
        worker_fail(w, PAB_EGAME);
        return 0;
    }
    return score_from_game(g, v, ply);
}

/* make() with the illegal-move protocol: false means skip this move. */
static inline bool make(worker *w, pab_move_t m, int ply)
{
    const pab_game *g = w->sh->game;
    rt_work_done(RT_WORK_SEARCH);
    w->check_at[ply + 1] = -1;                 /* a new position there */
    if (w->counter != NULL || w->cont != NULL) /* its index where made */
        w->prev_index[ply + 1] = game_move_index(g, w->state, m);
    if (ply == 0)
        worker_root_move(w, m);
    if (game_make(g, w->state, m, worker_undo(w, ply)))
        return true;
    game_unmake(g, w->state, m, worker_undo(w, ply));
    return false;
}

static inline void unmake(worker *w, pab_move_t m, int ply)
{
    rt_work_done(RT_WORK_UPDATE); /* the parent takes the child's value */
    game_unmake(w->sh->game, w->state, m, worker_undo(w, ply));
}

/* A child whose entry hook declined to search it: no value. */
static inline bool declined(pab_score_t child_value)
{
    return child_value == -NS_DECLINED;
}

static inline bool in_check(worker *w)
{
    const pab_game *g = w->sh->game;
    return g->in_check != NULL && g->in_check(w->state, g->user);
}

/* Whether the side to move is in check at `ply`: asked once per position.
 * ns_move asks right after its make() for the check extension and leaves
 * the answer for the child node it then searches; any other make at the
 * same ply (make() clears it) or a null move asks anew. */
static inline bool in_check_at(worker *w, int ply)
{
    if (w->check_at[ply] < 0)
        w->check_at[ply] = in_check(w);
    return w->check_at[ply] != 0;
}

/* The rank of the move ns_move is given next: how many moves precede it in
 * the node's order, whichever thread searches them. */
static inline int rank(const ns_node *nd)
{
    return nd->searched + nd->rank_shift;
}

/* config.lmr_history: a move whose history says it often refutes is
 * reduced less, one that seldom does more (a ply per lmr_history); only
 * signed history says "seldom". */
static inline bool reduces_by_history(const pab_config *cfg)
{
    return cfg->lmr_history > 0 && cfg->history_gravity;
}

/* A table answer that settles the node: the stored draft suffices and the
 * bound closes the window. */
static inline bool tt_cutoff(const pab_tt_entry *e, int depth,
                             pab_score_t alpha, pab_score_t beta, pab_score_t s)
{
    if (e->depth < depth)
        return false;
    switch (e->bound) {
    case PAB_BOUND_EXACT: return true;
    case PAB_BOUND_LOWER: return s >= beta;
    case PAB_BOUND_UPPER: return s <= alpha;
    default: return false;
    }
}

/* The entry for a node searched to `depth` (which tells a table with a
 * remote home where to look). */
static inline bool tt_lookup(worker *w, uint64_t key, int depth, int ply,
                             pab_tt_entry *e)
{
    if (w->tt == NULL)
        return false;
    w->stats.tt_probes++;
    if (!pab_tt_probe_at(w->tt, key, depth, e))
        return false;
    w->stats.tt_hits++;
    e->score = score_from_tt(w->sh->game, e->score, ply);
    return true;
}

/* The plain store: the result with the bound the entry window gives it;
 * an aborted node stores nothing. */
static inline void store(worker *w, const ns_node *nd)
{
    pab_tt *tt = w->tt;
    if (tt == NULL || w->aborted)
        return;
    pab_score_t best = score_to_tt(w->sh->game, nd->best, nd->ply);
    pab_bound b = nd->best >= nd->beta    ? PAB_BOUND_LOWER
                  : nd->best > nd->alpha0 ? PAB_BOUND_EXACT
                                          : PAB_BOUND_UPPER;
    pab_tt_store(tt, nd->key, nd->depth, b, best, nd->best_move);
}

/* The table step on the way out: the exit hook the entry hook set, else
 * the plain store.  The hook is called also when the search was stopped,
 * because only its owner knows what its entry must undo. */
static inline void tt_save(worker *w, const ns_node *nd)
{
    /* A search that left a move out proves nothing about the position. */
    if (nd->flags & NS_EXCLUDE)
        return;
    if (nd->settle != NULL)
        nd->settle(w, nd);
    else
        store(w, nd);
}

/* ns_prune.c: the node's static value, then whatever settles the node
 * before its moves are searched (reverse futility, the null move,
 * ProbCut); sets the futility flag and may shorten the node's depth
 * (internal iterative reduction).  True settles the node with *value. */
bool ns_prune_node(worker *w, ns_node *nd, ns_fn self, pab_score_t *value);
/* Whether move ordering's next move is skipped unsearched: futility
 * (raising the node's best to the margin it assumed) or late-move and
 * losing-capture pruning. */
bool ns_pruned_move(worker *w, ns_node *nd, bool quiet);
/* The plies a late move's scout loses. */
int ns_reduction(worker *w, const ns_node *nd, pab_move_t m, bool quiet,
                 int extension, int32_t history);
/* The singular extension's plies for the table move (1, 0 or -1); a
 * multi-cut puts the node's value in *cut.  `node_search` is the plain
 * node search the test runs (ns_search, passed down so that this floor
 * calls nothing of the core above it). */
int ns_singular(worker *w, const ns_node *nd, pab_move_t m, ns_fn node_search,
                pab_score_t *cut);

#endif

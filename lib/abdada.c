/*
 * abdada: Weill's ABDADA, "Alpha-Beta Distribue avec Droit d'Ainesse"
 * (J.-C. Weill, The ABDADA Distributed Minimax Search Algorithm, 1996),
 * figures 1 and 2, run inside NegaScout as Weill ran it for chess.
 *
 * Every thread starts at the root and runs its own iterative deepening.
 * Entering a node is Weill's RetrieveAsk (retrieve_ask, pab_tt_enter), the
 * node's entry hook in place of the plain probe: the table answers with a
 * cutoff, or with ON_EVALUATION when the caller asked for exclusive access
 * and another thread is searching the node at this depth (the son then
 * returns NS_DECLINED, the core's word for it), or counts the caller among
 * the node's searchers (entry.nproc).  Leaving is StoreHash (store_hash,
 * pab_tt_leave): the exit hook RetrieveAsk sets when it counted us in, so
 * the count drops and the result is stored wherever NegaScout would store
 * it.  A node the table searches without counting (a deeper entry gave
 * only bounds) is stored like any other.
 *
 * The move loop follows figure 1's passes.  Pass 1 searches the eldest son
 * like anyone would and every younger son exclusively; sons answered
 * ON_EVALUATION are put off.  Pass 2 searches, non-exclusively, only the
 * sons put off in pass 1 (footnote 9: the sons already evaluated are not
 * searched again).  So threads spread over the young brothers while nobody
 * waits.
 *
 * NegaScout and exclusivity (our choice, measured by pab-bench): the
 * exclusive flag goes to the null-window scout of a younger son, because
 * that is where Weill's pass 1 hands out work; the full-window re-search of
 * a son that failed high is not exclusive by default (the thread that found
 * the fail-high resolves it, and others already inside may help: the
 * cutoff matters more than overlap).  abdada_exclusive_research makes the
 * re-search exclusive too.  In plain mode every son gets the full window,
 * which is figure 1 itself.
 *
 * Footnote 12, second remedy (abdada_parent_check): after each son a
 * thread looks at its own node's entry; if another thread already stored a
 * result that cuts this node off, it stops and returns that value.
 *
 * Invariant: a thread counted into a node leaves it at most once, with a
 * result or (when the search is stopped) with pab_tt_abandon.  Not yet
 * exactly once: when no son was searched (every move illegal, or the stop
 * came during the first son) ns_close calls no exit hook and the count
 * stays up; a stale count only costs work, as below.  Races: all shared
 * state is the table's (see tt.c for why its lockless races are safe); a
 * stale count only makes a thread search a son now or later, never changes
 * a value, because pass 2 searches every son that pass 1 put off.
 */
#include "config.h"

#include "internal.h"

/* Weill's exclusive flag: search this son only if nobody else is. */
#define EXCLUSIVE NS_ALGO

static pab_score_t abdada(worker *w, pab_score_t alpha, pab_score_t beta,
                          int depth, int ply, unsigned flags);

/* ---- figure 2: the table, RetrieveAsk and StoreHash --------------------- */

/* The table compares the window with node-relative distance scores, so
 * the window is converted to them.  A bound beyond what this ply allows
 * (mated before reaching it, say) would convert past +-PAB_SCORE_MATE and
 * could even invert the window: first close the window to the values a
 * node at this ply can have (mate-distance pruning, exact).  True when
 * that alone settles the node. */
static bool mate_distance(worker *w, ns_node *nd, pab_score_t *value)
{
    if (!(w->sh->game->flags & PAB_GAME_DISTANCE_SCORES))
        return false;
    const pab_score_t lo = PAB_SCORE_LOSS_IN(0) + nd->ply;
    const pab_score_t hi = PAB_SCORE_WIN_IN(1) - nd->ply;
    if (nd->alpha < lo)
        nd->alpha = nd->alpha0 = lo;
    if (nd->beta > hi)
        nd->beta = hi;
    if (nd->alpha < nd->beta)
        return false;
    *value = nd->alpha;
    return true;
}

/* StoreHash, the exit hook of a node RetrieveAsk counted this thread in:
 * leave it with the result, or only leave (abandon) when the search was
 * stopped, so this thread's count is given back either way. */
static void store_hash(worker *w, const ns_node *nd)
{
    pab_tt *tt = w->sh->tt;
    const pab_game *g = w->sh->game;
    if (w->aborted) {
        pab_tt_abandon(tt, nd->key, nd->depth);
        return;
    }
    pab_score_t best = score_to_tt(g, nd->best, nd->ply);
    pab_tt_leave(tt, nd->key, nd->depth, score_to_tt(g, nd->alpha0, nd->ply),
                 score_to_tt(g, nd->beta, nd->ply), best, nd->best_move);
}

/* RetrieveAsk, the node's entry hook.  True when the node is settled
 * without a move loop: a cutoff, or declined (ON_EVALUATION).  When the
 * table counts this thread in, StoreHash becomes the exit hook. */
static bool retrieve_ask(worker *w, ns_node *nd, pab_score_t *value)
{
    const pab_game *g = w->sh->game;
    const bool pv = nd->flags & NS_PV;
    if (mate_distance(w, nd, value))
        return true;
    pab_score_t a = score_to_tt(g, nd->alpha, nd->ply);
    pab_score_t b = score_to_tt(g, nd->beta, nd->ply);
    pab_score_t score;
    pab_move_t move;
    w->stats.tt_probes++;
    pab_tt_answer ans =
        pab_tt_enter(w->sh->tt, nd->key, nd->depth,
                     (nd->flags & EXCLUSIVE) != 0, &a, &b, &score, &move);
    nd->tt_move = move;
    switch (ans) {
    case PAB_TT_ON_EVALUATION:
        /* Weill counts only nodes not pruned by the speculative control. */
        w->stats.nodes--;
        w->stats.on_evaluation++;
        if (w->diag)
            w->by_depth[diag_depth(nd->depth)].deferrals++;
        *value = NS_DECLINED;
        return true;
    case PAB_TT_CUTOFF:
        w->stats.tt_hits++;
        if (pv)
            return false; /* PV nodes are searched, as in serial */
        w->stats.tt_cutoffs++;
        *value = score_from_tt(g, score, nd->ply);
        return true;
    case PAB_TT_SEARCH: nd->settle = store_hash; break;
    case PAB_TT_SEARCH_UNCOUNTED: break;
    }
    if (!pv) {
        nd->alpha = nd->alpha0 = score_from_tt(g, a, nd->ply);
        nd->beta = score_from_tt(g, b, nd->ply);
    }
    return false;
}

/* ---- figure 1: the search ----------------------------------------------- */

/* Footnote 12: has another thread already cut this node off? */
static bool cut_off_elsewhere(worker *w, const ns_node *nd, pab_score_t *v)
{
    pab_tt_entry e;
    if (!w->sh->cfg.abdada_parent_check ||
        !pab_tt_probe(w->sh->tt, nd->key, &e) || e.depth < nd->depth)
        return false;
    pab_score_t s = score_from_tt(w->sh->game, e.score, nd->ply);
    if (!(e.bound == PAB_BOUND_LOWER || e.bound == PAB_BOUND_EXACT) ||
        s < nd->beta)
        return false;
    *v = s;
    return true;
}

/* One son; true when the node is cut off (or must unwind). */
static bool son(worker *w, ns_node *nd, pab_move_t m, bool exclusive,
                int *later_n)
{
    pab_score_t v;
    unsigned scout_flags = 0;
    if (exclusive)
        scout_flags = w->sh->cfg.abdada_exclusive_research
                          ? EXCLUSIVE | NS_RESEARCH(EXCLUSIVE)
                          : EXCLUSIVE;
    if (!ns_move(w, nd, m, abdada, scout_flags, NULL, &v))
        return false;
    if (w->aborted)
        return true;
    if (v == -NS_DECLINED) {               /* ON_EVALUATION */
        ns_later(w, nd)[(*later_n)++] = m; /* alldone <- false */
        return false;
    }
    if (ns_record(w, nd, m, v))
        return true;
    if (cut_off_elsewhere(w, nd, &v)) {
        nd->best = v;
        return true;
    }
    return false;
}

static pab_score_t abdada(worker *w, pab_score_t alpha, pab_score_t beta,
                          int depth, int ply, unsigned flags)
{
    ns_node nd;
    pab_score_t v;
    if (ns_begin(w, &nd, alpha, beta, depth, ply, flags, &v) ||
        retrieve_ask(w, &nd, &v) || ns_expand_staged(w, &nd, abdada, &v))
        return v;
    /* Pass 1: the eldest son, then the younger ones exclusively (a staged
     * game's quiet sons generated only if no earlier one cut). */
    int later_n = 0;
    bool cut = false;
    pab_move_t m;
    while (!cut && ns_next(w, &nd, &m))
        cut = son(w, &nd, m, nd.searched > 0, &later_n);
    /* Pass 2: only the sons others were searching (footnote 9). */
    pab_move_t *later = ns_later(w, &nd);
    int n2 = later_n;
    later_n = 0;
    for (int i = 0; i < n2 && !cut; i++)
        cut = son(w, &nd, later[i], false, &later_n);
    return ns_close(w, &nd); /* leaves, or abandons when stopped */
}

static int abdada_run(search *sh)
{
    return run_from_root(sh, abdada, NULL);
}

const algorithm algo_abdada = {"abdada", abdada_run,
                               ALGO_PARALLEL | ALGO_TABLE_ALWAYS |
                                   ALGO_TABLE_IN_PLAIN | ALGO_SIMULATED};

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
 * waits.  A son put off keeps its rank in the node's order (ns_put_off), as
 * do the sons after it, so late-move reductions and pruning treat every son
 * as the serial search does in either pass.
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
 * Footnote 12, first remedy (abdada_share_cutoffs): figure 7's situation,
 * a node cut off by one thread while others still search its younger
 * sons.  Weill proposes to record in the entry which processors search the
 * node and to send them the new bound.  Here each thread publishes the
 * node it is in at every ply (its board's path: key and depth); a thread
 * that cuts off a node the table says others are in too (entry.nproc > 1)
 * posts a request to each thread whose path holds that node at that ply.
 * The other thread sees the request at its next node, unwinds to that
 * node (abandoning the counts below it, as a stop does), reads the
 * node's entry and returns the cutoff stored there; if the entry does not
 * cut its own window (another depth or window met the same key) it
 * searches the son again.  A request is a hint: one that arrives late, or
 * for a node the thread has left (its path no longer matches), is
 * dropped, so a race costs work, never a value.
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

#include <stdlib.h>

#include "internal.h"

/* Weill's exclusive flag: search this son only if nobody else is. */
#define EXCLUSIVE NS_ALGO

static pab_score_t abdada(worker *w, pab_score_t alpha, pab_score_t beta,
                          int depth, int ply, unsigned flags);

/* ---- figure 2: the table, RetrieveAsk and StoreHash --------------------- */

/* The table compares the window with node-relative distance scores, so
 * the window is converted to them.  A bound beyond what this ply allows
 * (mated before reaching it, say) would convert past +-PAB_SCORE_MATE and
 * could even invert the window: ns_mate_distance first closes it to the
 * values a node at this ply can have, whatever the config says. */

/* StoreHash, the exit hook of a node RetrieveAsk counted this thread in:
 * leave it with the result, or only leave (abandon) when the search was
 * stopped, so this thread's count is given back either way. */
static void store_hash(worker *w, const ns_node *nd)
{
    pab_tt *tt = w->tt;
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
 * table counts this thread in, StoreHash becomes the exit hook.  What the
 * entry held before (its draft, bound and score) goes to the node as the
 * plain probe's does, so that the singular extension tests the same moves
 * as in the serial search. */
static bool retrieve_ask(worker *w, ns_node *nd, pab_score_t *value)
{
    const pab_game *g = w->sh->game;
    const bool pv = nd->flags & NS_PV;
    if (ns_mate_distance(w, nd, value))
        return true;
    pab_score_t a = score_to_tt(g, nd->alpha, nd->ply);
    pab_score_t b = score_to_tt(g, nd->beta, nd->ply);
    pab_score_t score;
    pab_move_t move;
    pab_tt_entry seen;
    w->stats.tt_probes++;
    pab_tt_answer ans =
        tt_enter_seen(w->tt, nd->key, nd->depth, (nd->flags & EXCLUSIVE) != 0,
                      &a, &b, &score, &move, &seen);
    nd->tt_move = move;
    if (seen.bound != PAB_BOUND_NONE) { /* for the singular extension */
        nd->tt_depth = seen.depth;
        nd->tt_bound = seen.bound;
        nd->tt_score = score_from_tt(g, seen.score, nd->ply);
    }
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

/* ---- footnote 12's first remedy: cutoffs sent to the others ------------- */

/* A request's low bits: the ply it asks to unwind to, plus one. */
#define PLY_BITS 0x1ffu
/* Cutoffs are sent only for nodes at least this deep: below, the work an
 * unwinding saves is smaller than what finding the others costs. */
#define SHARE_MIN_DEPTH 3

/* One thread's board: the requests others post to it, and the node it is
 * in at each ply.  Others write `request` and read `path`; the thread
 * writes `path` at every node and reads `request`: two lines apart. */
typedef struct board {
    _Alignas(RT_LINE) rt_word request; /* tag | (ply + 1), 0: none */
    _Alignas(RT_LINE) rt_word path[PAB_PLY_MAX + 1];
} board;

static board *boards(const worker *w)
{
    return w->sh->algo;
}

static board *my_board(const worker *w)
{
    return boards(w) + (w - w->sh->workers);
}

/* A node as the boards name it: its key and depth, the low bits free. */
static uint64_t node_tag(const ns_node *nd)
{
    return (nd->key ^ (uint64_t)nd->depth * 0x9e3779b97f4a7c15u) & ~PLY_BITS;
}

/* The node we are in at its ply, for others to find; nodes too shallow
 * to be worth a message are published as none (a store only when the
 * ply's word changes: the line stays ours). */
static void publish(worker *w, const ns_node *nd)
{
    rt_word *at = &my_board(w)->path[nd->ply];
    const uint64_t tag = nd->depth >= SHARE_MIN_DEPTH ? node_tag(nd) : 0;
    if (tag != 0 || rt_load(at) != 0)
        rt_store(at, tag);
}

/* The node cut off at nd, its result stored: tell the others in it. */
static void send_cutoff(worker *w, const ns_node *nd)
{
    const uint64_t tag = node_tag(nd);
    const board *mine = my_board(w);
    for (unsigned k = 0; k < w->sh->cfg.threads; k++) {
        board *b = boards(w) + k;
        if (b != mine && rt_load(&b->path[nd->ply]) == tag)
            rt_store(&b->request, tag | (uint64_t)(nd->ply + 1));
    }
}

/* At the top of a node at `ply`: a request for a node above us on our
 * path starts the unwinding to it (w->aborted, as a stop). */
static bool cutoff_received(worker *w, int ply)
{
    board *mine = my_board(w);
    const uint64_t c = rt_load(&mine->request);
    if (c == 0)
        return false;
    rt_store(&mine->request, 0);
    const int to = (int)(c & PLY_BITS) - 1;
    if (to >= ply || rt_load(&mine->path[to]) != (c & ~PLY_BITS))
        return false; /* a node we have left */
    w->unwind_to = to + 1;
    w->aborted = true;
    return true;
}

/* After a son that unwound: true when this node is the one we unwound to
 * (the unwinding ends here), false when it goes on (a stop, or a node
 * further up). */
static bool unwound_here(worker *w, const ns_node *nd)
{
    if (w->unwind_to != nd->ply + 1 || search_halted(w->sh))
        return false;
    w->unwind_to = 0;
    w->aborted = false;
    return true;
}

/* ---- figure 1: the search ----------------------------------------------- */

/* Footnote 12: has another thread already cut this node off? */
static bool cut_off_elsewhere(worker *w, const ns_node *nd, pab_score_t *v)
{
    pab_tt_entry e;
    if (!pab_tt_probe_at(w->tt, nd->key, nd->depth, &e) || e.depth < nd->depth)
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
    for (;;) {
        if (!ns_move(w, nd, m, abdada, scout_flags, NULL, &v))
            return false;
        if (!w->aborted)
            break;
        if (!unwound_here(w, nd))
            return true;
        if (cut_off_elsewhere(w, nd, &v)) { /* the cutoff sent to us */
            nd->best = v;
            return true;
        }
    }
    if (v == -NS_DECLINED) {           /* ON_EVALUATION */
        ns_put_off(w, nd, m, later_n); /* alldone <- false */
        return false;
    }
    if (ns_record(w, nd, m, v))
        return true;
    if (w->sh->cfg.abdada_parent_check && cut_off_elsewhere(w, nd, &v)) {
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
    if (boards(w) != NULL && cutoff_received(w, ply))
        return 0;
    if (ns_begin(w, &nd, alpha, beta, depth, ply, flags, &v))
        return v;
    if (boards(w) != NULL)
        publish(w, &nd);
    if (retrieve_ask(w, &nd, &v) || ns_expand_staged(w, &nd, abdada, &v))
        return v;
    /* Pass 1: the eldest son, then the younger ones exclusively (a staged
     * game's quiet sons generated only if no earlier one cut). */
    int later_n = 0;
    bool cut = false;
    pab_move_t m;
    while (!cut && ns_next(w, &nd, &m))
        cut = son(w, &nd, m, nd.searched > 0, &later_n);
    /* Pass 2: only the sons others were searching (footnote 9). */
    int n2 = later_n;
    later_n = 0;
    for (int i = 0; i < n2 && !cut; i++)
        cut = son(w, &nd, ns_take_back(w, &nd, i), false, &later_n);
    /* Others in the node hear of a cutoff once it is stored. */
    const bool others = cut && boards(w) != NULL && !w->aborted &&
                        depth >= SHARE_MIN_DEPTH && nd.best >= nd.beta &&
                        pab_tt_nproc(w->tt, nd.key, nd.depth) > 1;
    v = ns_close(w, &nd); /* leaves, or abandons when stopped */
    if (others)
        send_cutoff(w, &nd);
    return v;
}

static int abdada_run(search *sh)
{
    if (!sh->cfg.abdada_share_cutoffs)
        return run_from_root(sh, abdada, NULL);
    sh->algo = rt_alloc_shared(sizeof(board) * sh->cfg.threads);
    if (sh->algo == NULL)
        return PAB_ENOMEM;
    const int rc = run_from_root(sh, abdada, NULL);
    free(sh->algo);
    sh->algo = NULL;
    return rc;
}

const algorithm algo_abdada = {"abdada", abdada_run,
                               ALGO_PARALLEL | ALGO_TABLE_ALWAYS |
                                   ALGO_TABLE_IN_PLAIN | ALGO_SIMULATED};

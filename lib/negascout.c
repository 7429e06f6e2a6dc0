/*
 * The recursive searches every algorithm that starts threads at the root
 * builds on: NegaScout/PVS and the plain fail-hard alpha-beta of the
 * thesis' figure 4.3.  The rules that prune, reduce and extend are
 * ns_prune.c's, quiescence quiesce.c's, a node's moves ns_moves.c's.
 *
 * Scores inside the search are fail-soft negamax values; distance scores
 * are kept relative to the root (see game.c).  A worker that sees the stop
 * flag sets w->aborted; every level then returns at once with a value that
 * nobody uses and stores nothing (an exit hook still undoes its entry), so
 * an interrupted iteration leaves no result in the table.
 *
 * The core is algorithm-free: it names no algorithm and no table protocol
 * but the plain probe and store.  An algorithm with a protocol of its own
 * plugs it in through hooks that are data, so nothing here calls into an
 * algorithm's file:
 *
 *   - the entry hook, the node's table step between ns_begin and
 *     ns_expand: ns_probe, or the algorithm's own function of its shape.
 *     True settles the node; an entry that settles leaves nothing to undo;
 *   - the exit hook, nd->settle, which an entry hook that takes the node
 *     over in the table sets.  The core calls it instead of the plain
 *     store, once, wherever that store would be: when ns_expand settles
 *     the node and in ns_close, also when the search was stopped (where
 *     the plain store stores nothing).  It is not called when no move was
 *     searched: ns_close's value then comes from the game, stored nowhere;
 *   - NS_ALGO, a bit of ns_move's scout_flags that the core passes to the
 *     scouts (and, as NS_RESEARCH(NS_ALGO), to their full-window
 *     re-searches) but never reads;
 *   - NS_DECLINED, what a child whose entry hook declined to search it
 *     returns: never taken for a value, and no verification or re-search
 *     follows it;
 *   - ns_mark, called around each scout.
 *
 * Concurrency: this file touches shared memory only through the
 * transposition table's own functions (and the hooks, whose owners answer
 * for them); everything else it writes belongs to the calling worker.
 */
#include "config.h"

#include "ns_internal.h"

static void pv_update(worker *w, int ply, pab_move_t m)
{
    unsigned child = ply + 1 <= PAB_PLY_MAX ? w->pv_len[ply + 1] : 0;
    unsigned n = 1;
    w->pv[ply][0] = m;
    for (unsigned i = 0; i < child && n < PAB_PV_MAX; i++)
        w->pv[ply][n++] = w->pv[ply + 1][i];
    w->pv_len[ply] = n;
}

static void count_best_index(worker *w, int index)
{
    if (index < 0)
        return;
    if (index >= PAB_STATS_ORDER_SLOTS)
        index = PAB_STATS_ORDER_SLOTS - 1;
    w->stats.best_index[index]++;
}

/* At the root, config.root_moves and the MultiPV exclusions decide which
 * moves are searched. */
static bool root_allows(const worker *w, pab_move_t m)
{
    const search *sh = w->sh;
    for (unsigned i = 0; i < w->excluded; i++)
        if (w->exclude[i] == m)
            return false;
    if (sh->root_moves == NULL)
        return true;
    for (unsigned i = 0; i < sh->root_move_count; i++)
        if (sh->root_moves[i] == m)
            return true;
    return false;
}

/* ---- NegaScout: the pieces every recursive algorithm shares ------------- */

/* A result a rule fixes (game->decided), before the horizon and the table:
 * a stored value from another path must not hide a repetition. */
static bool decided(worker *w, int ply, pab_score_t *value)
{
    const pab_game *g = w->sh->game;
    pab_score_t v = 0;
    if (ply == 0 || g->decided == NULL || !g->decided(w->state, &v, g->user))
        return false;
    if (v < PAB_SCORE_MIN || v > PAB_SCORE_MAX) {
        worker_fail(w, PAB_EGAME); /* the contract's range, as for evaluate */
        *value = 0;
        return true;
    }
    *value = score_from_game(g, v, ply);
    w->pv_len[ply] = 0;
    worker_node(w); /* a node visited; its value stands even if stopping */
    return true;
}

bool ns_mate_distance(worker *w, ns_node *nd, pab_score_t *value)
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

bool ns_begin(worker *w, ns_node *nd, pab_score_t alpha, pab_score_t beta,
              int depth, int ply, unsigned flags, pab_score_t *value)
{
    const pab_game *g = w->sh->game;
    if (decided(w, ply, value))
        return true;
    if (depth <= 0 || ply >= PAB_PLY_MAX - 1) {
        *value = ns_horizon(w, alpha, beta, ply);
        return true;
    }
    nd->alpha = nd->alpha0 = alpha;
    nd->beta = beta;
    nd->depth = depth;
    nd->ply = ply;
    nd->flags = flags;
    nd->best = -PAB_SCORE_INF;
    nd->best_move = PAB_MOVE_NONE;
    nd->tt_move = PAB_MOVE_NONE;
    nd->searched = 0;
    nd->rank_shift = 0;
    nd->quiets_tried = 0;
    nd->in_bad = false;
    nd->improved = -1;
    nd->improving = false;
    nd->raw_eval = NS_NO_EVAL;
    nd->corr_slot = NULL;
    nd->tt_noisy = false;
    nd->tt_depth = -1;
    nd->excluded = (flags & NS_EXCLUDE) ? w->skip_at[ply] : PAB_MOVE_NONE;
    nd->n = nd->next = nd->end = 0;
    nd->stage = NS_STAGE_DONE;
    nd->tried = PAB_MOVE_NONE;
    nd->settle = NULL;
    w->pv_len[ply] = 0;
    if (worker_node(w)) {
        *value = 0;
        return true;
    }
    nd->key = g->hash(w->state, g->user);
    if (w->diag) {
        /* ABDADA's exclusive search, or a move marked as being searched. */
        nd->diag_checked = (flags & (NS_ALGO | NS_MARKED)) != 0;
        diag_enter(w, nd);
    }
    /* No line through here can end in a mate nearer than the ply allows. */
    return w->sh->cfg.mate_distance_pruning && ns_mate_distance(w, nd, value);
}

bool ns_probe(worker *w, ns_node *nd, pab_score_t *value)
{
    pab_tt_entry e;
    if ((nd->flags & NS_EXCLUDE) ||
        !tt_lookup(w, nd->key, nd->depth, nd->ply, &e))
        return false;
    nd->tt_move = e.move;
    nd->tt_depth = e.depth;
    nd->tt_bound = e.bound;
    nd->tt_score = e.score;
    if ((nd->flags & NS_PV) ||
        !tt_cutoff(&e, nd->depth, nd->alpha, nd->beta, e.score))
        return false;
    w->stats.tt_cutoffs++;
    *value = e.score;
    return true;
}

pab_move_t *ns_later(worker *w, const ns_node *nd)
{
    return w->later + (size_t)nd->ply * w->sh->capacity;
}

static int *later_rank(worker *w, const ns_node *nd)
{
    return w->later_rank + (size_t)nd->ply * w->sh->capacity;
}

void ns_put_off(worker *w, ns_node *nd, pab_move_t m, int *n)
{
    ns_later(w, nd)[*n] = m;
    later_rank(w, nd)[*n] = rank(nd);
    (*n)++;
    nd->rank_shift++;
}

pab_move_t ns_take_back(worker *w, ns_node *nd, int i)
{
    nd->rank_shift = later_rank(w, nd)[i] - nd->searched;
    return ns_later(w, nd)[i];
}

bool ns_expand(worker *w, ns_node *nd, ns_fn self, pab_score_t *value)
{
    int noisy;
    nd->stage = NS_STAGE_DONE;
    nd->next = 0;
    nd->tried = PAB_MOVE_NONE;
    nd->n = nd->end = moves_generate(w, nd->ply, &nd->terminal, &noisy);
    if (nd->n <= 0) {
        *value =
            nd->n < 0 ? 0 : score_from_game(w->sh->game, nd->terminal, nd->ply);
        nd->best = *value;
        tt_save(w, nd);
        return true;
    }
    nd->moves = moves_at(w, nd->ply);
    if (nd->ply == 0)
        nd->n = moves_keep(w, 0, nd->n, &noisy, root_allows);
    if (ns_prune_node(w, nd, self, value))
        return true;
    moves_order(w, nd->moves, nd->n, noisy, nd->ply, nd->tt_move);
    if (w->diag)
        diag_searched(w, nd);
    return false;
}

/* Staged generation pays where a node is left at its first cutoff, below
 * the root (whose moves the root filter needs all at once). */
bool ns_expand_staged(worker *w, ns_node *nd, ns_fn self, pab_score_t *value)
{
    if (!(w->sh->game->flags & PAB_GAME_STAGED) || nd->ply == 0)
        return ns_expand(w, nd, self, value);
    nd->moves = moves_at(w, nd->ply);
    nd->n = nd->next = nd->end = 0;
    nd->terminal = 0;
    nd->tried = PAB_MOVE_NONE;
    nd->stage = NS_STAGE_TABLE;
    rt_work_done(RT_WORK_EXPAND);
    rt_work_done(RT_WORK_SEARCH);
    if (ns_prune_node(w, nd, self, value))
        return true;
    if (w->diag)
        diag_searched(w, nd);
    return false;
}

/* ns_move's scout_flags hold two sets: the scout's own below
 * NS_RESEARCH_SHIFT, what its full-window re-search adds to NS_PV above. */
static unsigned scout_part(unsigned scout_flags)
{
    return scout_flags & (NS_RESEARCH(1u) - 1u);
}

static unsigned research_part(unsigned scout_flags)
{
    return (scout_flags >> NS_RESEARCH_SHIFT) & NS_ALGO;
}

/* The scout: a null window (reduced when late and quiet, then verified at
 * full depth), bracketed by the caller's marks. */
static pab_score_t scout(worker *w, const ns_node *nd, int new_depth, int r,
                         ns_fn child, unsigned scout_flags, const ns_mark *mark)
{
    const pab_score_t a = nd->alpha;
    if (mark != NULL)
        mark->starting(w, mark->arg);
    /* Plain alpha-beta has no null windows: the full window instead. */
    const pab_score_t b = w->sh->cfg.plain ? nd->beta : a + 1;
    if (mark != NULL)
        scout_flags |= NS_MARKED;
    pab_score_t v =
        -ns_call(w, child, -b, -a, new_depth - r, nd->ply + 1, scout_flags);
    if (v > a && r > 0 && !w->aborted && !declined(v))
        v = -ns_call(w, child, -a - 1, -a, new_depth, nd->ply + 1, scout_flags);
    if (mark != NULL)
        mark->finished(w, mark->arg);
    return v;
}

bool ns_move(worker *w, ns_node *nd, pab_move_t m, ns_fn child,
             unsigned scout_flags, const ns_mark *mark, pab_score_t *value)
{
    const pab_config *cfg = &w->sh->cfg;
    const bool quiet = moves_reducible(w, m);
    if (m == nd->tt_move) /* searched first, once found valid */
        nd->tt_noisy = !quiet;
    if (ns_pruned_move(w, nd, quiet))
        return false;
    pab_score_t cut = NS_NO_EVAL;
    const int single = ns_singular(w, nd, m, ns_search, &cut);
    /* Read before make(): the index belongs to the position it is made in. */
    const int32_t history =
        quiet && reduces_by_history(cfg) ? moves_history(w, m, nd->ply) : 0;
    if (cut != NS_NO_EVAL) {
        *value = cut;
        return true;
    }
    if (!make(w, m, nd->ply))
        return false;
    if (quiet && nd->quiets_tried < NS_QUIETS_MAX)
        nd->quiets[nd->quiets_tried] = m;
    nd->quiets_tried += quiet;
    const int ext = single > 0 || (cfg->check_extension &&
                                   nd->ply < cfg->extension_max_ply &&
                                   in_check_at(w, nd->ply + 1))
                        ? 1
                        : single;
    const int new_depth = nd->depth - 1 + ext;
    const bool pv = nd->flags & NS_PV;
    pab_score_t v;
    if (nd->searched == 0) {
        v = -ns_call(w, child, -nd->beta, -nd->alpha, new_depth, nd->ply + 1,
                     pv ? NS_PV : 0);
    } else {
        int r = ns_reduction(w, nd, m, quiet && !ext, ext, history);
        v = scout(w, nd, new_depth, r, child, scout_part(scout_flags), mark);
        if (v > nd->alpha && v < nd->beta && pv && !cfg->plain && !w->aborted &&
            !declined(v)) {
            w->stats.re_searches++;
            if (w->diag)
                w->by_depth[diag_depth(nd->depth)].re_searches++;
            v = -ns_call(w, child, -nd->beta, -nd->alpha, new_depth,
                         nd->ply + 1, NS_PV | research_part(scout_flags));
        }
    }
    unmake(w, m, nd->ply);
    *value = v;
    return true;
}

bool ns_record(worker *w, ns_node *nd, pab_move_t m, pab_score_t v)
{
    nd->searched++;
    if (v <= nd->best)
        return false;
    nd->best = v;
    nd->best_move = m;
    if (v <= nd->alpha)
        return false;
    nd->alpha = v;
    nd->improved = nd->searched - 1;
    pv_update(w, nd->ply, m);
    if (v < nd->beta)
        return false;
    moves_reward(w, m, nd->depth, nd->ply, nd->quiets,
                 nd->quiets_tried < NS_QUIETS_MAX ? nd->quiets_tried
                                                  : NS_QUIETS_MAX);
    return true;
}

pab_score_t ns_close(worker *w, ns_node *nd)
{
    count_best_index(w, nd->improved);
    if (nd->searched == 0 && nd->best == -PAB_SCORE_INF) {
        pab_score_t v = score_from_game(w->sh->game, nd->terminal, nd->ply);
        if (nd->stage == NS_STAGE_DONE && nd->end == 0 &&
            nd->tried == PAB_MOVE_NONE) {
            /* A staged node that found no move at all: stored as
             * ns_expand stores a position without moves. */
            nd->best = v;
            tt_save(w, nd);
        }
        return v;
    }
    tt_save(w, nd);
    corr_learn(w, nd);
    return nd->best;
}

/* The serial algorithm's node, and Lazy SMP's: NegaScout in its plainest
 * form, assembled from the pieces above. */
pab_score_t ns_search(worker *w, pab_score_t alpha, pab_score_t beta, int depth,
                      int ply, unsigned flags)
{
    ns_node nd;
    pab_score_t v;
    if (ns_begin(w, &nd, alpha, beta, depth, ply, flags, &v) ||
        ns_probe(w, &nd, &v) || ns_expand_staged(w, &nd, ns_search, &v))
        return v;
    pab_move_t m;
    while (ns_next(w, &nd, &m)) {
        if (!ns_move(w, &nd, m, ns_search, 0, NULL, &v))
            continue;
        if (w->aborted)
            return 0;
        if (ns_record(w, &nd, m, v))
            break;
    }
    return ns_close(w, &nd);
}

/* ---- plain alpha-beta (thesis, figure 4.3) ------------------------------ */

/* Textbook fail-hard alpha-beta in negamax form: the game's move order,
 * no table, no null windows, every node counted (root and leaves too). */
pab_score_t ns_plain(worker *w, pab_score_t alpha, pab_score_t beta, int depth,
                     int ply, unsigned flags)
{
    pab_score_t v;
    if (decided(w, ply, &v))
        return v;
    if (worker_node(w))
        return 0;
    w->pv_len[ply] = 0;
    if (ply > w->seldepth)
        w->seldepth = ply;
    if (depth <= 0 || ply >= PAB_PLY_MAX - 1)
        return evaluate(w, ply);
    pab_score_t terminal;
    int noisy;
    int n = moves_generate(w, ply, &terminal, &noisy);
    if (n <= 0)
        return n < 0 ? 0 : score_from_game(w->sh->game, terminal, ply);

    pab_move_t *moves = moves_at(w, ply);
    if (ply == 0)
        n = moves_keep(w, 0, n, &noisy, root_allows);
    if (w->diag) /* one thread: never shared */
        w->by_depth[diag_depth(depth)].nodes++;
    const bool report = w->sh->cfg.node_report != NULL;
    if (report && ply == 0)
        cls_root(w, alpha, beta);
    pab_score_t score = alpha;
    int searched = 0, improved = -1;
    for (int i = 0; i < n; i++) {
        if (!make(w, moves[i], ply))
            continue;
        if (report)
            cls_child(w, ply, (unsigned)searched, -beta, -score);
        v = -ns_plain(w, -beta, -score, depth - 1, ply + 1, 0);
        unmake(w, moves[i], ply);
        if (w->aborted)
            return 0;
        searched++;
        if (v >= beta) {
            count_best_index(w, searched - 1);
            pv_update(w, ply, moves[i]);
            if (report)
                cls_done(w, ply, depth, (unsigned)n, (unsigned)searched, true,
                         searched - 1);
            return beta;
        }
        if (v > score) {
            score = v;
            improved = searched - 1;
            pv_update(w, ply, moves[i]);
        }
        if (report)
            cls_searched(w, ply, (unsigned)searched);
    }
    if (searched == 0)
        return score_from_game(w->sh->game, terminal, ply);
    count_best_index(w, improved);
    if (report)
        cls_done(w, ply, depth, (unsigned)n, (unsigned)searched, false,
                 improved);
    return score;
}

unsigned ns_root_moves(worker *w, pab_move_t *first, pab_score_t *terminal)
{
    int noisy;
    int n = moves_generate(w, 0, terminal, &noisy);
    unsigned legal = 0;
    pab_move_t *moves = moves_at(w, 0);
    *first = PAB_MOVE_NONE;
    if (n > 0)
        n = moves_keep(w, 0, n, &noisy, root_allows);
    for (int i = 0; i < n; i++) {
        if (!make(w, moves[i], 0))
            continue; /* make() already took it back */
        if (legal++ == 0)
            *first = moves[i];
        unmake(w, moves[i], 0);
    }
    *terminal = score_from_game(w->sh->game, *terminal, 0);
    return legal;
}

/*
 * The recursive searches every algorithm that starts threads at the root
 * builds on: NegaScout/PVS with its enhancements, quiescence, and the plain
 * fail-hard alpha-beta of the thesis' figure 4.3.
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

#include <string.h>

#include "internal.h"

/* The reductions, the null move and futility pruning take their amounts
 * from the config (pab_config's tunables, libpab 0.4); the defaults there
 * are the values this search was measured with: late-move reductions
 * start after 3 moves from depth 3 and take 1 ply off; a late quiet move
 * of a non-PV node, 6 moves into the list, loses 2 plies from depth 6 on
 * (deep enough that the verification at full depth still costs little
 * beside the saving); the null move reduces by 2 + depth / 6 from depth
 * 3, and (0.8) by one more per null_r_eval the static value beats beta;
 * futility pruning works up to 4 plies from the horizon (1 before 0.8:
 * both measured in chess), where a quiet move can gain little beyond the
 * static evaluation plus a margin per ply.  A node's moves (generation,
 * order, stages) are ns_moves.c's. */

static pab_score_t evaluate(worker *w, int ply)
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
static bool make(worker *w, pab_move_t m, int ply)
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

static void unmake(worker *w, pab_move_t m, int ply)
{
    rt_work_done(RT_WORK_UPDATE); /* the parent takes the child's value */
    game_unmake(w->sh->game, w->state, m, worker_undo(w, ply));
}

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

/* ---- the transposition table ------------------------------------------ */

/* A table answer that settles the node: the stored draft suffices and the
 * bound closes the window. */
static bool tt_cutoff(const pab_tt_entry *e, int depth, pab_score_t alpha,
                      pab_score_t beta, pab_score_t s)
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
static bool tt_lookup(worker *w, uint64_t key, int depth, int ply,
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
static void store(worker *w, const ns_node *nd)
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
static void tt_save(worker *w, const ns_node *nd)
{
    /* A search that left a move out proves nothing about the position. */
    if (nd->flags & NS_EXCLUDE)
        return;
    if (nd->settle != NULL)
        nd->settle(w, nd);
    else
        store(w, nd);
}

/* A child whose entry hook declined to search it: no value. */
static bool declined(pab_score_t child_value)
{
    return child_value == -NS_DECLINED;
}

static bool in_check(worker *w)
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

/* ---- quiescence --------------------------------------------------------- */

/* config.qsearch_tt: a quiescence node's key, and whether the table
 * settles it (a bound of any draft does: quiescence has none). */
static bool quiesce_probe(worker *w, uint64_t *key, pab_score_t alpha,
                          pab_score_t beta, int ply, pab_score_t *value)
{
    const pab_game *g = w->sh->game;
    pab_tt_entry e;
    if (!w->sh->cfg.qsearch_tt || w->tt == NULL)
        return false;
    *key = g->hash(w->state, g->user);
    if (!tt_lookup(w, *key, 0, ply, &e) ||
        !tt_cutoff(&e, 0, alpha, beta, e.score))
        return false;
    *value = e.score;
    return true;
}

/* Only bounds are stored: an exact value of no draft must not displace a
 * deeper search's entry for the same position. */
static void quiesce_store(worker *w, uint64_t key, pab_score_t alpha0,
                          pab_score_t beta, pab_score_t best, pab_move_t move,
                          int ply)
{
    if (!w->sh->cfg.qsearch_tt || w->tt == NULL || w->aborted ||
        (best > alpha0 && best < beta))
        return;
    pab_tt_store(w->tt, key, 0,
                 best >= beta ? PAB_BOUND_LOWER : PAB_BOUND_UPPER,
                 score_to_tt(w->sh->game, best, ply), move);
}

pab_score_t ns_quiesce(worker *w, pab_score_t alpha, pab_score_t beta, int ply)
{
    const pab_game *g = w->sh->game;
    w->stats.qnodes++;
    if (worker_node(w))
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;
    w->pv_len[ply] = 0;
    uint64_t key = 0;
    pab_score_t stored;
    if (quiesce_probe(w, &key, alpha, beta, ply, &stored))
        return stored;
    const pab_score_t alpha0 = alpha;
    pab_move_t best_move = PAB_MOVE_NONE;
    pab_move_t *moves = moves_at(w, ply);
    pab_score_t best, terminal = 0;
    int n;
    if (ply < PAB_PLY_MAX - 1 && in_check_at(w, ply)) {
        /* No standing pat in check: every evasion, and mate if none. */
        int noisy;
        n = moves_generate(w, ply, &terminal, &noisy);
        if (n <= 0)
            return n < 0 ? 0 : score_from_game(g, terminal, ply);
        if (w->scores != NULL) /* the game's scores order its evasions */
            moves_order(w, moves, n, noisy, ply, PAB_MOVE_NONE);
        best = -PAB_SCORE_INF;
    } else {
        best = evaluate(w, ply);
        best = corr_apply(corr_slot(w, best), best);
        if (best >= beta || ply >= PAB_PLY_MAX - 1)
            return best;
        if (best > alpha)
            alpha = best;
        n = moves_generate_noisy(w, ply);
        if (n < 0)
            return 0;
    }
    for (int i = 0; i < n; i++) {
        if (!make(w, moves[i], ply))
            continue;
        pab_score_t v = -ns_quiesce(w, -beta, -alpha, ply + 1);
        unmake(w, moves[i], ply);
        if (w->aborted)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = moves[i];
                if (v >= beta)
                    break;
            }
        }
    }
    if (best == -PAB_SCORE_INF) /* every evasion proved illegal */
        return score_from_game(g, terminal, ply);
    quiesce_store(w, key, alpha0, beta, best, best_move, ply);
    return best;
}

/* The horizon: quiescence when the game and the config allow it. */
pab_score_t ns_horizon(worker *w, pab_score_t alpha, pab_score_t beta, int ply)
{
    if (w->sh->cfg.quiescence && moves_have_noisy(w->sh->game))
        return ns_quiesce(w, alpha, beta, ply);
    w->pv_len[ply] = 0;
    if (worker_node(w))
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;
    return evaluate(w, ply);
}

/* ---- NegaScout: the pieces every recursive algorithm shares ------------- */

/* Null-move pruning: give the opponent a free move; if a reduced search
 * still fails high, so would the real one. */
static bool null_move_cuts(worker *w, const ns_node *nd, ns_fn self,
                           pab_score_t *value)
{
    const pab_game *g = w->sh->game;
    if (!w->sh->cfg.null_move || !game_has_null(g) ||
        (nd->flags & NS_EXCLUDE) || nd->depth < w->sh->cfg.null_min_depth ||
        nd->prune_eval < nd->beta || PAB_SCORE_IS_WIN(nd->beta) ||
        PAB_SCORE_IS_LOSS(nd->beta))
        return false;
    if (!game_make_null(g, w->state, worker_undo(w, nd->ply)))
        return false;
    w->check_at[nd->ply + 1] = -1;
    w->prev_index[nd->ply + 1] = NO_INDEX;
    const pab_config *cfg = &w->sh->cfg;
    int r = cfg->null_r_base + nd->depth / cfg->null_r_div;
    if (cfg->null_r_eval > 0) {
        /* Far above beta, a shallower look is proof enough. */
        const int64_t more =
            ((int64_t)nd->prune_eval - nd->beta) / cfg->null_r_eval;
        r += more < 3 ? (int)more : 3;
    }
    pab_score_t v = -ns_call(w, self, -nd->beta, -nd->beta + 1,
                             nd->depth - 1 - r, nd->ply + 1, 0);
    game_unmake_null(g, w->state, worker_undo(w, nd->ply));
    if (w->aborted || v < nd->beta || declined(v))
        return false;
    /* An unproven mate from a null move is not trusted. */
    *value = PAB_SCORE_IS_WIN(v) ? nd->beta : v;
    return true;
}

/* ln(x) in 1/256ths, within 0.06 (the mantissa taken as linear between
 * powers of two: plenty for choosing a reduction, and no libm). */
static int ln256(unsigned x)
{
    int k = 31 - __builtin_clz(x);
    int frac = (int)(((x - (1u << k)) << 8) >> k); /* 0..255 */
    return (k * 256 + frac) * 177 / 256;           /* ln 2 = 177/256 */
}

/* The rank of the move ns_move is given next: how many moves precede it in
 * the node's order, whichever thread searches them. */
static int rank(const ns_node *nd)
{
    return nd->searched + nd->rank_shift;
}

/* The reduction of a late quiet move that grows with both the depth left
 * and how late the move is: lmr_r - 1/4 + ln(depth) ln(move) / 2.25
 * plies, one less at PV nodes (the shape modern engines use). */
static int log_reduction(int lmr_r, int depth, int move_number, bool pv)
{
    const int r256 =
        lmr_r * 256 - 64 +
        ln256((unsigned)depth) * ln256((unsigned)move_number) / 576;
    const int r = r256 / 256 - (pv ? 1 : 0);
    return r > 0 ? r : 0;
}

/* config.lmr_history: a move whose history says it often refutes is
 * reduced less, one that seldom does more (a ply per lmr_history); only
 * signed history says "seldom". */
static bool reduces_by_history(const pab_config *cfg)
{
    return cfg->lmr_history > 0 && cfg->history_gravity;
}

static int reduction(worker *w, const ns_node *nd, pab_move_t m, bool quiet,
                     int extension, int32_t history)
{
    const pab_config *cfg = &w->sh->cfg;
    if (!cfg->late_move_reductions || nd->depth < cfg->lmr_min_depth ||
        rank(nd) < cfg->lmr_min_moves || nd->in_check || !quiet || extension)
        return 0;
    int r = cfg->lmr_r;
    if (cfg->lmr_log)
        r = log_reduction(r, nd->depth, rank(nd) + 1, nd->flags & NS_PV);
    else if (!(nd->flags & NS_PV) && rank(nd) >= cfg->lmr_deep_moves &&
             nd->depth >= cfg->lmr_deep_depth)
        r = cfg->lmr_deep_r;
    if (reduces_by_history(cfg))
        r -= history / cfg->lmr_history;
    /* A move that refuted a sibling position is likelier to refute this
     * one; after a capture or check from the table, a quiet move rarely
     * does better. */
    if (cfg->lmr_refutation && moves_refutes(w, m, nd->ply))
        r--;
    if (cfg->lmr_tt_noisy && nd->tt_noisy)
        r++;
    if (r < 0)
        r = 0;
    return r < nd->depth - 1 ? r : nd->depth - 1;
}

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

/* The margin grows with the depth left: one futility_margin per ply. */
static pab_score_t futility_margin(const pab_config *cfg, const ns_node *nd)
{
    int64_t m = (int64_t)cfg->futility_margin * nd->depth;
    return m > PAB_SCORE_MAX ? PAB_SCORE_MAX : (pab_score_t)m;
}

/* The selective rules act only in games that say which moves are quiet:
 * the others are searched exactly. */
static bool selective(const worker *w)
{
    return w->sh->game->move_flags != NULL;
}

/* Reverse futility (static null move): near the horizon, a position whose
 * static value beats beta by a margin per ply left is taken to hold. */
static bool reverse_futile(const worker *w, const ns_node *nd)
{
    const pab_config *cfg = &w->sh->cfg;
    const int plies = nd->depth - (nd->improving ? 1 : 0);
    return nd->depth <= cfg->rfp_depth && selective(w) &&
           !PAB_SCORE_IS_WIN(nd->beta) && !PAB_SCORE_IS_LOSS(nd->beta) &&
           nd->prune_eval - (int64_t)cfg->rfp_margin * plies >= nd->beta;
}

/* Internal iterative reduction: a node the table knows no move for is
 * searched a ply shallower; if it matters, the next iteration finds it
 * with a move. */
static void iir(const worker *w, ns_node *nd)
{
    const pab_config *cfg = &w->sh->cfg;
    if (cfg->iir_depth > 0 && nd->depth >= cfg->iir_depth &&
        nd->tt_move == PAB_MOVE_NONE && selective(w))
        nd->depth--;
}

/* config.tt_eval: a bound in the table on the static value's far side
 * says more about the position than the static value itself, so the
 * rules that prune by it take the bound instead (the table's value of a
 * shallower search, which could not cut off here). */
static pab_score_t table_refined(const worker *w, const ns_node *nd)
{
    const pab_score_t e = nd->static_eval, t = nd->tt_score;
    if (!w->sh->cfg.tt_eval || nd->tt_depth < 0 || PAB_SCORE_IS_WIN(t) ||
        PAB_SCORE_IS_LOSS(t))
        return e;
    if (nd->tt_bound == PAB_BOUND_EXACT ||
        (nd->tt_bound == PAB_BOUND_LOWER && t > e) ||
        (nd->tt_bound == PAB_BOUND_UPPER && t < e))
        return t;
    return e;
}

/* config.improving: whether the side to move stands better than it did
 * two plies ago (four, if it was in check then; true if neither is
 * known).  Reverse futility trusts an improving node's static value with
 * a ply's margin less; late-move pruning keeps fewer quiet moves where
 * the position is getting worse. */
static void track_trend(worker *w, ns_node *nd, bool trend)
{
    const int ply = nd->ply;
    w->eval_at[ply] = trend ? nd->static_eval : NS_NO_EVAL;
    if (!trend)
        return;
    pab_score_t before = NS_NO_EVAL;
    if (ply >= 2)
        before = w->eval_at[ply - 2];
    if (before == NS_NO_EVAL && ply >= 4)
        before = w->eval_at[ply - 4];
    nd->improving = before == NS_NO_EVAL || nd->static_eval > before;
}

/* ProbCut (Buro's, in the form today's engines use): far from the
 * horizon, a capture whose search three plies shallower than usual
 * beats beta by probcut_margin would almost surely beat beta at full
 * depth, so the node fails high at once.  A quiescence search screens
 * each capture first, and a table entry deep enough that says the node
 * stays below the raised bound skips the test.  The captures are the
 * game's non-losing noisy moves, generated into the next ply's list (the
 * node's own may hold its moves already) and copied out before the
 * children use that list. */
static bool probcut(worker *w, const ns_node *nd, ns_fn self,
                    pab_score_t *value)
{
    const pab_config *cfg = &w->sh->cfg;
    const int reduced = nd->depth - 4; /* the child's depth */
    if (cfg->probcut_depth <= 0 || nd->depth < cfg->probcut_depth ||
        (nd->flags & NS_EXCLUDE) || !moves_have_noisy(w->sh->game) ||
        !cfg->quiescence || PAB_SCORE_IS_WIN(nd->beta) ||
        PAB_SCORE_IS_LOSS(nd->beta) || nd->ply >= PAB_PLY_MAX - 2)
        return false;
    const int64_t raised = (int64_t)nd->beta + cfg->probcut_margin;
    if (PAB_SCORE_IS_WIN(raised) || raised > PAB_SCORE_MAX)
        return false;
    const pab_score_t pcb = (pab_score_t)raised;
    if (nd->tt_depth >= reduced + 1 && nd->tt_score < pcb &&
        nd->tt_bound != PAB_BOUND_LOWER)
        return false;
    pab_move_t captures[PAB_MAX_MOVES];
    int n = moves_generate_noisy(w, nd->ply + 1);
    if (n <= 0 || n > PAB_MAX_MOVES)
        return false;
    memcpy(captures, moves_at(w, nd->ply + 1), sizeof *captures * (size_t)n);
    for (int i = 0; i < n; i++) {
        if (!make(w, captures[i], nd->ply))
            continue;
        pab_score_t v = -ns_quiesce(w, -pcb, -pcb + 1, nd->ply + 1);
        if (v >= pcb && !w->aborted)
            v = -ns_call(w, self, -pcb, -pcb + 1, reduced, nd->ply + 1, 0);
        unmake(w, captures[i], nd->ply);
        if (w->aborted)
            return false;
        if (v >= pcb && !declined(v)) {
            *value = v;
            return true;
        }
    }
    return false;
}

/* Null move, reverse futility, ProbCut and futility, which need the
 * static value but no moves. */
static bool expand_prune(worker *w, ns_node *nd, ns_fn self, pab_score_t *value)
{
    const pab_game *g = w->sh->game;
    const pab_config *cfg = &w->sh->cfg;
    nd->in_check = in_check_at(w, nd->ply);
    iir(w, nd);
    const bool want_eval =
        !(nd->flags & NS_PV) && !nd->in_check &&
        ((cfg->null_move && game_has_null(g)) ||
         (cfg->futility_pruning && nd->depth <= cfg->futility_depth) ||
         nd->depth <= cfg->rfp_depth || nd->depth <= cfg->lmp_depth);
    /* The trend needs a value on every ply of the line, PV nodes too. */
    const bool trend = cfg->improving && selective(w) && !nd->in_check;
    nd->raw_eval = want_eval || trend ? evaluate(w, nd->ply) : NS_NO_EVAL;
    nd->corr_slot = corr_slot(w, nd->raw_eval);
    nd->static_eval = nd->raw_eval == NS_NO_EVAL
                          ? 0
                          : corr_apply(nd->corr_slot, nd->raw_eval);
    track_trend(w, nd, trend);
    nd->prune_eval = table_refined(w, nd);
    if (want_eval && reverse_futile(w, nd)) {
        *value = nd->best = nd->prune_eval;
        tt_save(w, nd);
        return true;
    }
    if (want_eval &&
        (null_move_cuts(w, nd, self, value) || probcut(w, nd, self, value))) {
        nd->best = *value;
        tt_save(w, nd);
        return true;
    }
    nd->futile = want_eval && cfg->futility_pruning &&
                 nd->depth <= cfg->futility_depth &&
                 nd->prune_eval + futility_margin(cfg, nd) <= nd->alpha;
    return false;
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
    if (expand_prune(w, nd, self, value))
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
    if (expand_prune(w, nd, self, value))
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

/* Late-move pruning: near the horizon, at a node that is no PV node and
 * not in check, the quiet moves past the first lmp_moves + depth^2 are
 * not searched; and the captures the game scores as losing, from
 * see_prune_depth down.  Never before a move has a value, nor once the
 * node is lost (a move that saves it is no waste). */
static bool late_pruned(const worker *w, const ns_node *nd, bool quiet)
{
    const pab_config *cfg = &w->sh->cfg;
    if ((nd->flags & NS_PV) || nd->in_check || nd->searched == 0 ||
        PAB_SCORE_IS_LOSS(nd->best) || !selective(w))
        return false;
    if (quiet)
        return nd->depth <= cfg->lmp_depth &&
               rank(nd) >= (cfg->lmp_moves + nd->depth * nd->depth) /
                               (nd->improving || !cfg->improving ? 1 : 2);
    return nd->in_bad && nd->depth <= cfg->see_prune_depth;
}

/* Whether the table move may be tested for a singular extension: a deep
 * enough lower bound, not a mate, and tried before the node generated a
 * move (a staged game's table stage), so that the test's own search at
 * this ply cannot overwrite this node's move list. */
static bool singular_candidate(const worker *w, const ns_node *nd, pab_move_t m)
{
    const pab_config *cfg = &w->sh->cfg;
    return cfg->singular_depth > 0 && nd->depth >= cfg->singular_depth &&
           m == nd->tt_move && m == nd->tried && nd->end == 0 && nd->ply > 0 &&
           nd->ply < cfg->extension_max_ply && !(nd->flags & NS_EXCLUDE) &&
           nd->tt_depth >= nd->depth - 3 &&
           (nd->tt_bound == PAB_BOUND_LOWER ||
            nd->tt_bound == PAB_BOUND_EXACT) &&
           !PAB_SCORE_IS_WIN(nd->tt_score) &&
           !PAB_SCORE_IS_LOSS(nd->tt_score) && selective(w);
}

/* The singular extension (Anantharaman, Campbell and Nowatzyk, in the
 * form today's engines use): the table move is searched a ply deeper when
 * every other move, at half the depth, stays below the table's score by
 * singular_margin per ply.  When one of them reaches beta there too, two
 * moves refute the parent and the node fails high at once (multi-cut):
 * *cut gets the value.  The plies it adds are returned: 1, 0, or -1
 * with singular_negative.  The test is a plain NegaScout search of this
 * position with the move left out (NS_EXCLUDE: no table, no null move),
 * whatever algorithm the node belongs to: it proves nothing the table
 * may keep, and it touches nothing shared.  It needs the entry's draft
 * and bound, which ns_probe keeps and ABDADA's RetrieveAsk does not
 * report: abdada's nodes are never tested. */
static int singular(worker *w, const ns_node *nd, pab_move_t m,
                    pab_score_t *cut)
{
    const pab_config *cfg = &w->sh->cfg;
    if (!singular_candidate(w, nd, m))
        return 0;
    const int64_t b =
        (int64_t)nd->tt_score - (int64_t)cfg->singular_margin * nd->depth;
    const pab_score_t s_beta =
        b > PAB_SCORE_MIN ? (pab_score_t)b : PAB_SCORE_MIN + 1;
    rt_word *slot = w->diag ? w->diag_slot[nd->ply] : NULL;
    w->skip_at[nd->ply] = m;
    const pab_score_t v = ns_search(w, s_beta - 1, s_beta, (nd->depth - 1) / 2,
                                    nd->ply, NS_EXCLUDE);
    if (w->diag) { /* the test's node ends; this node's occupancy goes on */
        diag_leave(w, nd->ply);
        w->diag_slot[nd->ply] = slot;
    }
    if (w->aborted)
        return 0;
    if (v < s_beta)
        return 1;
    if (s_beta >= nd->beta && !(nd->flags & NS_PV))
        *cut = s_beta;
    /* Another move comes near the table move's value, which itself beats
     * beta: the table move needs less proof. */
    else if (cfg->singular_negative && nd->tt_score >= nd->beta)
        return -1;
    return 0;
}

bool ns_move(worker *w, ns_node *nd, pab_move_t m, ns_fn child,
             unsigned scout_flags, const ns_mark *mark, pab_score_t *value)
{
    const pab_config *cfg = &w->sh->cfg;
    const bool quiet = moves_reducible(w, m);
    if (m == nd->tt_move) /* searched first, once found valid */
        nd->tt_noisy = !quiet;
    if (nd->futile && nd->searched > 0 && quiet) {
        pab_score_t bound = nd->prune_eval + futility_margin(cfg, nd);
        if (bound > nd->best)
            nd->best = bound;
        return false;
    }
    if (late_pruned(w, nd, quiet))
        return false;
    pab_score_t cut = NS_NO_EVAL;
    const int single = singular(w, nd, m, &cut);
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
        int r = reduction(w, nd, m, quiet && !ext, ext, history);
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

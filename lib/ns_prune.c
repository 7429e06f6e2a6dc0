/*
 * The NegaScout core's selectivity: the rules that settle a node before
 * its moves are searched (reverse futility, the null move, ProbCut), skip
 * a move unsearched (futility, late-move and losing-capture pruning),
 * search one shallower (late-move and internal iterative reductions) or
 * deeper (the singular extension).  negascout.c calls them at fixed
 * points of a node's steps: ns_prune_node from ns_expand, the others from
 * ns_move.  Each rule is a pab_config field, off in plain mode, and acts
 * only in games whose move_flags() says which moves are quiet.
 *
 * Concurrency: as in negascout.c, shared memory is touched only through
 * the transposition table's own functions (tt_save, and the searches
 * the rules start, which are the core's); everything else written here
 * belongs to the calling worker.
 */
#include "config.h"

#include <string.h>

#include "ns_internal.h"

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

/* The selective rules act only in games that say which moves are quiet:
 * the others are searched exactly. */
static bool selective(const worker *w)
{
    return w->sh->game->move_flags != NULL;
}

/* The margin grows with the depth left: one futility_margin per ply. */
static pab_score_t futility_margin(const pab_config *cfg, const ns_node *nd)
{
    int64_t m = (int64_t)cfg->futility_margin * nd->depth;
    return m > PAB_SCORE_MAX ? PAB_SCORE_MAX : (pab_score_t)m;
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
bool ns_prune_node(worker *w, ns_node *nd, ns_fn self, pab_score_t *value)
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

/* ln(x) in 1/256ths, within 0.06 (the mantissa taken as linear between
 * powers of two: plenty for choosing a reduction, and no libm). */
static int ln256(unsigned x)
{
    int k = 31 - __builtin_clz(x);
    int frac = (int)(((x - (1u << k)) << 8) >> k); /* 0..255 */
    return (k * 256 + frac) * 177 / 256;           /* ln 2 = 177/256 */
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

int ns_reduction(worker *w, const ns_node *nd, pab_move_t m, bool quiet,
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

bool ns_pruned_move(worker *w, ns_node *nd, bool quiet)
{
    if (nd->futile && nd->searched > 0 && quiet) {
        /* Searched, the move would have scored at most this. */
        pab_score_t bound = nd->prune_eval + futility_margin(&w->sh->cfg, nd);
        if (bound > nd->best)
            nd->best = bound;
        return true;
    }
    return late_pruned(w, nd, quiet);
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
int ns_singular(worker *w, const ns_node *nd, pab_move_t m, ns_fn node_search,
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
    const pab_score_t v = node_search(w, s_beta - 1, s_beta,
                                      (nd->depth - 1) / 2, nd->ply, NS_EXCLUDE);
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

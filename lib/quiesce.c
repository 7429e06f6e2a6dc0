/*
 * Quiescence: at the horizon, the captures and other noisy moves the game
 * generates are searched until the position is quiet, the side to move
 * standing pat on its (corrected) static value; in check, every evasion.
 * With config.qsearch_tt the table bounds what a quiescence node returns
 * and keeps its bounds.  Called by the node core (negascout.c) at depth 0
 * and by ProbCut (ns_prune.c) to screen a capture.
 *
 * Concurrency: shared memory only through the transposition table's own
 * functions; everything else written here belongs to the calling worker.
 */
#include "config.h"

#include "ns_internal.h"

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

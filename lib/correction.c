/*
 * Correction history (config.correction_bits): evaluate() misjudges some
 * kinds of position alike (in chess, a pawn structure), and the search
 * finds out by how much as it goes.  Each thread keeps, per key of the
 * game's correction_key(), a running average of (searched value - static
 * value) in 1/CORR_GRAIN units, and the recursive searches add it to the
 * static value (ns_prune.c's pruning rules and quiesce.c's standing
 * pat).  The average moves by up to CORR_WEIGHT_MAX/256 of the difference,
 * more for deeper searches, and stays within CORR_LIMIT of the game's
 * units, so a misjudged key is corrected within a few nodes and none can
 * swamp the evaluation.  The idea is Ethereal's and Stockfish's; the
 * amounts are first choices (BENCHMARKS.md, libpab 0.11).
 *
 * Concurrency: none.  The tables belong to the searcher (searcher.c keeps
 * them from one search to the next), each worker owns its slice
 * (w->corr), and no other thread reads or writes it.
 */
#include "config.h"

#include "internal.h"

#define CORR_GRAIN      256
#define CORR_LIMIT      128
#define CORR_WEIGHT_MAX 16

/* Whether a value may be corrected: not a game result, nor near one. */
static bool corrigible(pab_score_t v)
{
    return v != NS_NO_EVAL &&
           v <= PAB_SCORE_MATE - PAB_MATE_PLY_MAX - CORR_LIMIT &&
           v >= -PAB_SCORE_MATE + PAB_MATE_PLY_MAX + CORR_LIMIT;
}

static int32_t clamp_corr(int64_t v)
{
    const int64_t lim = (int64_t)CORR_LIMIT * CORR_GRAIN;
    return (int32_t)(v > lim ? lim : v < -lim ? -lim : v);
}

int32_t *corr_slot(worker *w, pab_score_t raw)
{
    if (w->corr == NULL || !corrigible(raw))
        return NULL;
    const pab_game *g = w->sh->game;
    return &w->corr[g->correction_key(w->state, g->user) & w->corr_mask];
}

pab_score_t corr_apply(const int32_t *slot, pab_score_t raw)
{
    return slot == NULL ? raw : raw + *slot / CORR_GRAIN;
}

/* A node's searched value teaches the correction when it says something
 * about the static value: an exact value, or a bound on the far side of
 * the corrected static value; a result or a capture's gain (the best move
 * noisy) says more about tactics than about the key, and is left out. */
void corr_learn(worker *w, const ns_node *nd)
{
    int32_t *e = nd->corr_slot;
    if (e == NULL || w->aborted || (nd->flags & NS_EXCLUDE) ||
        nd->best == -PAB_SCORE_INF ||
        (nd->best_move != PAB_MOVE_NONE && !moves_reducible(w, nd->best_move)))
        return;
    if ((nd->best >= nd->beta && nd->best <= nd->static_eval) ||
        (nd->best <= nd->alpha0 && nd->best >= nd->static_eval) ||
        !corrigible(nd->best))
        return;
    const int weight =
        nd->depth + 1 < CORR_WEIGHT_MAX ? nd->depth + 1 : CORR_WEIGHT_MAX;
    const int64_t diff =
        clamp_corr(((int64_t)nd->best - nd->raw_eval) * CORR_GRAIN);
    *e = clamp_corr(((int64_t)*e * (256 - weight) + diff * weight) / 256);
}

/*
 * lazy-smp: every thread runs the same iterative-deepening NegaScout from
 * the root and they cooperate only through the shared transposition table
 * (the scheme modern chess engines use, and the baseline a user would
 * otherwise pick).  The main thread's completed iterations are the result.
 *
 * Perturbation: helpers would search the same tree in the same order; a
 * helper whose (index + seed) is odd searches one ply deeper than the
 * iteration number, so the helpers spread over two depths and fill the
 * table ahead of the main thread.  With lazy_same_depth every thread
 * searches the main thread's depths, which makes the root value equal the
 * serial search's on games without transpositions at different depths.
 *
 * Races: none beyond the table's own (see tt.c); everything else a thread
 * touches is its own worker.
 */
#include "config.h"

#include "internal.h"

static int helper_offset(const search *sh, unsigned index)
{
    if (sh->cfg.lazy_same_depth)
        return 0;
    return (int)((index + sh->cfg.seed) & 1u);
}

static int lazy_smp_run(search *sh)
{
    return run_from_root(sh, ns_search, helper_offset);
}

const algorithm algo_lazy_smp = {"lazy-smp", lazy_smp_run,
                                 ALGO_PARALLEL | ALGO_TABLE_IN_PLAIN |
                                     ALGO_SIMULATED};

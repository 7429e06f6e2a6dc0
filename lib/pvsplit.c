/*
 * pvsplit: principal variation splitting (Marsland and Campbell, 1982),
 * as the 2001 parallel alpha-beta thesis describes it in section 3.3, on
 * the shared NegaScout node with the shared transposition table.
 *
 * The rule: the first branch of a PV node is searched before the others
 * may be searched in parallel, and only PV nodes are ever shared.  The PV
 * nodes are the root and the first son of every PV node: the leftmost
 * path of the ordered tree.  All processors go down that path together
 * (one searching, the others idle) to the PV node one level above the
 * leaves; once its first branch has a value, every processor takes one
 * branch at a time and searches it alone, to the end, with the node's
 * bound of that moment; an improvement is shared at once.  A processor
 * that finds no branch left waits until the others finish.  Then the
 * search goes up to the parent, whose first branch was just valued, and
 * does the same, up to the root.
 *
 * In this library the leftmost path is walked by one thread and the
 * others join through splitpoint.c's requests: an idle thread asks, and
 * the busy one opens a split point at the highest of its frames this file
 * allows -- a PV frame whose first branch is done -- which is the deepest
 * PV node not yet finished, exactly where the paper's processors stand.
 * A branch taken from a PV split point is below no PV node, so it never
 * splits again: one processor per branch, as in the paper.  The owner of
 * a PV split point that runs out of branches finds nothing to help below
 * it (nothing there may split) and waits: PVSplit's synchronisation cost,
 * which section 3.3 names as its weakness, is kept, not hidden.
 * split_min_depth still holds (set it to 1 for the paper's PV node one
 * level above the leaves).
 *
 * Windows are YBWC's (sp_negascout_move): a younger brother at a split PV
 * node is a null-window test at the split point's alpha, re-searched if it
 * fails high; in plain mode the full window, the paper's alpha-beta.
 *
 * Invariant: every branch of a PV node is searched exactly once with a
 * window at least as narrow as the node's alpha when it started, or the
 * node is cut off; its owner stores its value only after every thread
 * that worked there has left.  Races: see splitpoint.c; a stale alpha
 * only widens a window, which costs nodes, never correctness.
 */
#include "config.h"

#include "internal.h"
#include "splitpoint.h"

enum { PV_NODE, OTHER_NODE };

/* The root is a PV node, and so is the first son of a PV node (not a
 * null move before its moves, not a branch a helper took). */
static void node_type(worker *w, sp_frame *f, int ply, unsigned flags)
{
    (void)flags;
    const sp_frame *parent = sp_parent(w, ply);
    if (parent == NULL) {
        f->kind = ply == 0 ? PV_NODE : OTHER_NODE;
        return;
    }
    const bool eldest =
        !parent->helper && !parent->expanding && parent->nd.searched == 0;
    f->kind = parent->kind == PV_NODE && eldest ? PV_NODE : OTHER_NODE;
}

static bool on_the_principal_variation(const worker *w, const sp_frame *f)
{
    (void)w;
    return f->kind == PV_NODE;
}

static const sp_algo pvsplit_algo = {
    .type = node_type,
    .restart_obsolete = true, /* the moves are YBWC's (sp_negascout_move) */
    .splits = on_the_principal_variation,
};

static int pvsplit_run(search *sh)
{
    return sp_run(sh, &pvsplit_algo);
}

const algorithm algo_pvsplit = {
    "pvsplit", pvsplit_run, ALGO_PARALLEL | ALGO_SPLIT_POINTS | ALGO_SIMULATED};

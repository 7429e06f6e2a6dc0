/*
 * ybwc: Feldmann's Young Brothers Wait Concept, as the 2001 parallel
 * alpha-beta thesis describes it in section 3.4, on the shared NegaScout
 * node with the shared transposition table.
 *
 * The rule: at any node the eldest brother is searched first, by the
 * node's owner alone; only then may the younger brothers be searched in
 * parallel.  A node becomes a split point when an idle thread asks its
 * owner for work and it is the highest node of the owner's subtree that
 * satisfies the rule (splitpoint.c: requests, split points, the helpful
 * master, aborts).  Helpers take one move at a time.  Where idle threads
 * look is the split policy: a randomly chosen busy thread's highest split
 * point, or it is asked to split (Feldmann, the default); the highest
 * split point with work anywhere (PAB_SPLIT_HIGHEST, DTS-like); or the
 * best node of every busy thread's path by the thesis' guidelines 1-3 of
 * section 6.5 (PAB_SPLIT_SELECT, sp_policy_select.c, as dts.c always
 * does).
 *
 * Node types and how many moves a node searches before it may split are
 * the thesis' split-point schemes (split_scheme; sp_scheme.c holds the
 * node search YBWC shares with DTS); YBWC's own is scheme A, strong YBWC: the
 * root is Y-PV; the first successor of a Y-PV node is Y-PV and the rest are
 * Y-CUT; the first successor of a Y-CUT node is Y-ALL and the rest Y-CUT; all
 * successors of a Y-ALL node are Y-CUT.  Y-PV and Y-ALL nodes wait for the
 * eldest brother only.  A Y-CUT node is expected to cut off, so it waits for
 * its promising moves
 * -- those the move ordering put in front: the table's move and the
 * killers -- and for at least ybwc_cut_moves (the thesis' m_A) moves in
 * all.  Weak YBWC waits for the eldest everywhere.  Schemes B (DTS's
 * typing) and C (the classifier) are selectable.
 *
 * Windows: each move a thread takes at a split point is searched with the
 * split point's alpha of that moment (younger brothers with NegaScout's
 * null-window test; in plain mode ns_move gives them the full window,
 * figure 4.3's alpha-beta).  At a split PV node the test and the
 * re-search are two steps, and the re-search is decided on the alpha of
 * after the test.  A test whose alpha was raised meanwhile by another
 * thread is obsolete: the thread notices at its next node, abandons it and
 * tests again with the new window (restart_obsolete).  A cutoff stops
 * every thread below the split point at once.
 *
 * Invariant: every move of a node is searched exactly once with a window
 * at least as narrow as the node's alpha when the move started, or the
 * node is cut off; its owner stores its value only after every thread
 * that worked there has left.  Races: see splitpoint.c; a stale alpha only
 * widens a window, which costs nodes, never correctness.
 */
#include "config.h"

#include "internal.h"
#include "splitpoint.h"

static const sp_algo ybwc_algo = {
    .type = sp_scheme_type,
    .restart_obsolete = true,
    .need = sp_scheme_need, /* the young brothers wait for so many moves */
    .confidence = sp_scheme_confidence,
    .scheme = PAB_SPLIT_SCHEME_A, /* strong (or weak) YBWC */
};

static int ybwc_run(search *sh)
{
    return sp_run(sh, &ybwc_algo);
}

const algorithm algo_ybwc = {
    "ybwc", ybwc_run, ALGO_PARALLEL | ALGO_SPLIT_POINTS | ALGO_SIMULATED};

/*
 * jamboree: Kuszmaul's Jamboree (B. Kuszmaul, Synchronized MIMD Computing,
 * 1994; the Chessprogramming wiki's pseudo-code), a parallel Scout:
 *
 *     b = -jamboree(c[0], -beta, -alpha)          first child, full window
 *     if b >= beta: return b;  alpha = max(alpha, b)
 *     in parallel for i = 1 .. n-1:
 *         s = -jamboree(c[i], -alpha - 1, -alpha)  the test, null window
 *         b = max(b, s);  if s >= beta: abort the loop, return s
 *         if s > alpha:
 *             wait for iterations 1 .. i-1 to complete
 *             s = -jamboree(c[i], -beta, -alpha)   the re-search
 *             if s >= beta: abort the loop, return s
 *             alpha = max(alpha, s);  b = max(b, s)
 *
 * The parallel loop runs on splitpoint.c's work-stealing scheduler: a node
 * past its first child is a task source; an idle thread steals from a
 * random busy thread's deque of open loops (its highest one), or asks it
 * to open its highest loop, and takes one iteration at a time.  A thread
 * that must wait for earlier iterations works meanwhile on tasks below the
 * loop it waits at -- never on later iterations of that loop, which would
 * wait for it -- and only then sleeps.  A result at beta or above cuts the
 * loop: every thread still in it unwinds at once.  Full-window re-searches
 * stay sequential in the loop's order, as Kuszmaul wants: the tests are the
 * speculation, the re-searches never are.
 *
 * The tests keep null windows in plain mode too (Jamboree's own window
 * logic); only the first child and the re-searches get the full window.
 * The test's alpha is the loop's alpha when it starts (raised by earlier
 * re-searches), and whether to re-search is decided on the alpha after it.
 *
 * Invariant: every iteration is searched once (test, then at most one
 * re-search after all earlier iterations), or the loop is cut off; the
 * node's owner stores its value after every thread has left it.  Waiting
 * only ever goes down the tree (a thread helps strictly below the loop it
 * waits at), so the threads never wait in a cycle.  Races: splitpoint.c.
 */
#include "config.h"

#include "internal.h"
#include "splitpoint.h"

/* One iteration of the loop (or the first child). */
static bool jamboree_move(worker *w, sp_frame *f, pab_score_t *value)
{
    ns_node *nd = &f->nd;
    if (nd->searched == 0) /* the first child, alone, full window */
        return ns_move(w, nd, f->cur_move, sp_node, 0, NULL, value);
    const pab_score_t tested = nd->alpha;
    pab_score_t s = 0;
    if (!sp_test(w, f, sp_node, &s))
        return false;
    *value = s;
    /* Failed high at the alpha it ran with: only a re-search tells more,
     * whatever alpha is now. */
    if (w->aborted || s >= nd->beta || s <= tested)
        return true;
    if (!sp_wait_earlier(w, f)) /* the loop was cut off meanwhile */
        return true;
    return sp_research(w, f, sp_node, sp_alpha(f), value);
}

static const sp_algo jamboree_algo = {
    .move = jamboree_move, /* need 1: parallel after the first child */
    .restart_obsolete = false,
};

static int jamboree_run(search *sh)
{
    return sp_run(sh, &jamboree_algo);
}

const algorithm algo_jamboree = {"jamboree", jamboree_run,
                                 ALGO_PARALLEL | ALGO_SPLIT_POINTS |
                                     ALGO_SIMULATED};

/*
 * dts: Hyatt's Dynamic Tree Splitting, as the 2001 parallel alpha-beta
 * thesis describes it in section 3.5, on the shared NegaScout node with
 * the shared transposition table and the split-point machinery YBWC uses
 * (splitpoint.c); its node search is YBWC's (sp_scheme.c), typed by its
 * own scheme, and what is DTS's own is below: where work is found and
 * how nodes are typed.
 *
 * The rule: a processor with nothing to do first consults the list of
 * active split points and joins the best with work.  With none, busy
 * processors offer the state of their whole path and the idle one picks
 * the split point among every node of every path: a node may split only
 * if it is D-PV with its first branch searched or D-ALL with a confidence
 * of at least 1, and among those the highest wins, then the surer, then
 * the one with more moves left (sp_policy_select.c, the thesis' guidelines
 * of section 6.5).  Nodes are typed by DTS's rules (sp_scheme.c, the
 * thesis' scheme B): D-PV, D-CUT and D-ALL, a D-CUT node turning D-ALL
 * after more than m_B (split_m_b) moves without a cutoff, two D-ALL plies
 * in a row at most once on a path, then alternation.  In plain mode the
 * types are read from figure 4.3's windows as the thesis defines them;
 * NegaScout's null windows carry none, so there they come from the path.
 * split_scheme selects schemes A or C instead.  Whoever finds a cutoff
 * stops everyone below the node; a better score is shared at once.
 *
 * What differs from Hyatt's DTS.  His split point belongs to nobody: the
 * processor that finishes its last branch returns the value to the parent
 * and goes on there, and a processor that finds no branch left goes idle
 * and may help anywhere.  That needs a search whose state lives in shared
 * blocks (Cray Blitz's iterative search), not on a thread's stack.  Here,
 * as in YBWC, the node search is recursive: the thread that made the node
 * is its owner, leaves it last, and while its helpers finish it helps only
 * below it (the helpful master).  The time an owner spends there with
 * nothing to do is what an ownerless split point would give back;
 * pab_result.split_wait_ns measures it (BENCHMARKS.md, pab(7)).
 *
 * Invariant: every move of a node is searched exactly once with a window
 * at least as narrow as the node's alpha when the move started, or the
 * node is cut off; its owner stores its value only after every thread
 * that worked there has left.  Races: see splitpoint.c; the offers an idle
 * thread chooses from are hints checked again by their owner
 * (sp_policy_select.c); a stale alpha only widens a window, which costs
 * nodes, never correctness.
 */
#include "config.h"

#include "internal.h"
#include "splitpoint.h"

static const sp_algo dts_algo = {
    .type = sp_scheme_type, /* split once the type is sure enough */
    .restart_obsolete = true,
    .need = sp_scheme_need, /* D-PV, D-ALL: 1 move; D-CUT: m_B + 2 */
    .confidence = sp_scheme_confidence,
    .select = true, /* the split point chosen among every busy path */
    .scheme = PAB_SPLIT_SCHEME_B,
};

static int dts_run(search *sh)
{
    return sp_run(sh, &dts_algo);
}

const algorithm algo_dts = {"dts", dts_run,
                            ALGO_PARALLEL | ALGO_SPLIT_POINTS | ALGO_SIMULATED};

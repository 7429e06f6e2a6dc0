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
 * point, or it is asked to split (Feldmann, the default), or the highest
 * split point with work anywhere (PAB_SPLIT_HIGHEST, DTS-like, the
 * thesis' scheme A).
 *
 * Strong YBWC (ybwc_strong, the default) types the nodes: the root is
 * Y-PV; the first successor of a Y-PV node is Y-PV and the rest are Y-CUT;
 * the first successor of a Y-CUT node is Y-ALL and the rest Y-CUT; all
 * successors of a Y-ALL node are Y-CUT.  Y-PV and Y-ALL nodes wait for the
 * eldest brother only.  A Y-CUT node is expected to cut off, so it waits
 * for its promising moves -- those the move ordering put in front: the
 * table's move and the killers -- and for at least ybwc_cut_moves (the
 * thesis' m_A) moves in all.  Weak YBWC waits for the eldest everywhere.
 *
 * The split-point schemes of the thesis, section 6.5 (split_scheme):
 * scheme A is the strong YBWC above (m_A: ybwc_cut_moves).  Scheme B is
 * DTS's typing (section 3.5, plain mode only, where the windows are
 * figure 4.3's): D-PV with the root's window, D-CUT with the root's bound
 * on its side, D-ALL otherwise, two consecutive D-ALL plies once and
 * alternation below them; a D-CUT node turns D-ALL after more than
 * split_m_b moves without a cutoff, and may split once it has searched one
 * more as D-ALL (a confidence of at least 1), a D-PV or D-ALL node after
 * its first.  Scheme C asks the classifier (config.classify, the thesis'
 * network) for each node's type value and wait: N-PV on the principal
 * variation, N-CUT within split_ncut_m of 50, N-ALL otherwise; the node may
 * split after wait + m_Ca moves, an N-CUT node after wait + m_Ca + m_Cc
 * (split_m_ca, split_m_cc; 0 moves: while the eldest is still searched).
 * Among the candidates, the highest is chosen (guideline 1 of section
 * 6.5); guidelines 2 and 3, which rank candidates of one height, are not
 * applied.
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

/* Node types: the classes of every scheme (Y-, D- and N-). */
enum { Y_PV = PAB_NODE_PV, Y_CUT = PAB_NODE_CUT, Y_ALL = PAB_NODE_ALL };

static pab_score_t ybwc(worker *w, pab_score_t alpha, pab_score_t beta,
                        int depth, int ply, unsigned flags);

/* The node types of strong YBWC, from the parent's type and whether this
 * node is its eldest son (a son off the principal variation). */
static int scheme_a(const sp_frame *parent)
{
    const int k = cls_ybwc_type((pab_node_class)parent->kind,
                                (unsigned)parent->nd.searched);
    return k == Y_PV ? Y_CUT : k;
}

/* DTS's types from the node's window, in plain mode, where the root's is
 * (-inf, inf) on either side; the parent is D-ALL once a D-CUT parent has
 * searched more than m_B moves.  D-PV is the principal variation, which
 * open_typed() knows from the flags. */
static int scheme_b(const worker *w, const sp_frame *parent, sp_frame *f)
{
    const int now =
        parent->kind == Y_CUT && parent->nd.searched > (int)w->sh->cfg.split_m_b
            ? Y_ALL
            : parent->kind;
    return cls_dts_type((pab_node_class)now, parent->alternate, false,
                        f->nd.alpha == -PAB_SCORE_INF, &f->alternate);
}

/* The classifier's type value and wait, and the class they mean. */
static int scheme_c(const worker *w, const sp_frame *parent, sp_frame *f,
                    int ply)
{
    cls_classify(&w->sh->cfg, parent->kind == Y_PV, parent->type,
                 (unsigned)(parent->cur < 0 ? 0 : parent->cur), ply, &f->type,
                 &f->wait);
    return cls_of_type(&w->sh->cfg, false, f->type);
}

/* Open the node's frame with its type under the configured scheme. */
static void open_typed(worker *w, sp_frame *f, int ply, unsigned flags)
{
    const sp_frame *parent = sp_parent(w, ply);
    const bool pv = (flags & NS_PV) || parent == NULL;
    sp_open(w, f, Y_PV);
    if (parent == NULL)
        return;
    /* The principal variation is PV in every scheme; scheme C still asks
     * for its type value and wait. */
    int kind = Y_PV;
    switch (w->sh->cfg.split_scheme) {
    case PAB_SPLIT_SCHEME_B: kind = scheme_b(w, parent, f); break;
    case PAB_SPLIT_SCHEME_C: kind = scheme_c(w, parent, f, ply); break;
    default: kind = scheme_a(parent); break;
    }
    if (!pv)
        f->kind = kind;
}

static bool in_front(pab_move_t m, const pab_move_t *front, int n)
{
    for (int i = 0; i < n; i++)
        if (front[i] == m && m != PAB_MOVE_NONE)
            return true;
    return false;
}

/* How many moves the ordering put in front: the table's, the killers. */
static int promising(const worker *w, const ns_node *nd)
{
    if (!w->sh->cfg.move_ordering)
        return 0;
    const pab_move_t front[3] = {nd->tt_move, w->killers[nd->ply][0],
                                 w->killers[nd->ply][1]};
    int k = 0;
    while (k < nd->n && in_front(nd->moves[k], front, 3))
        k++;
    return k;
}

/* The young brothers wait until this many moves are searched. */
static int young_brothers_wait(const worker *w, const sp_frame *f)
{
    const pab_config *c = &w->sh->cfg;
    if (c->split_scheme == PAB_SPLIT_SCHEME_B)
        return f->kind == Y_CUT ? (int)c->split_m_b + 2 : 1;
    if (c->split_scheme == PAB_SPLIT_SCHEME_C) {
        int need = f->wait + c->split_m_ca;
        if (f->kind == Y_CUT)
            need += c->split_m_cc;
        return need < 0 ? 0 : need;
    }
    if (!c->ybwc_strong || f->kind != Y_CUT)
        return 1;
    int need = promising(w, &f->nd);
    if (need < (int)c->ybwc_cut_moves)
        need = (int)c->ybwc_cut_moves;
    return need < 1 ? 1 : need;
}

/* One move: NegaScout's son, with the split point's alpha. */
static bool ybwc_move(worker *w, sp_frame *f, pab_score_t *value)
{
    return sp_negascout_move(w, f, ybwc, value);
}

static const sp_algo ybwc_algo = {
    .node = ybwc,
    .move = ybwc_move,
    .restart_obsolete = true,
    .need = young_brothers_wait,
};

static pab_score_t ybwc(worker *w, pab_score_t alpha, pab_score_t beta,
                        int depth, int ply, unsigned flags)
{
    sp_frame f;
    pab_score_t v;
    if (sp_enter(w, ply, flags))
        return 0;
    if (ns_begin(w, &f.nd, alpha, beta, depth, ply, flags, &v) ||
        ns_probe(w, &f.nd, &v))
        return v;
    open_typed(w, &f, ply, flags);
    if (sp_expand(w, &f, ybwc, &v))
        return v;
    return sp_search(w, &f); /* eldest first; then maybe in parallel */
}

static int ybwc_run(search *sh)
{
    return sp_run(sh, &ybwc_algo);
}

const algorithm algo_ybwc = {
    "ybwc", ybwc_run, ALGO_PARALLEL | ALGO_SPLIT_POINTS | ALGO_SIMULATED};

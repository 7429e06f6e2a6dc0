/*
 * sp_scheme: the split-point selection schemes of the 2001 parallel
 * alpha-beta thesis, section 6.5, that type the nodes of YBWC (ybwc.c) and
 * DTS (dts.c) and say when they may split: how a node is typed,
 * how many of its moves are searched before it may split, and how sure
 * the typing is (the confidence guideline 2 ranks candidates by,
 * sp_policy_select.c).  Each algorithm names its own scheme in its
 * sp_algo; config.split_scheme may choose another.
 *
 * Scheme A is strong YBWC's typing (section 3.4): the first son of a PV
 * node is PV and the others CUT; the first son of a CUT node is ALL and
 * the others CUT; every son of an ALL node is CUT.  PV and ALL nodes wait
 * for their eldest; a CUT node for its promising moves (the table's move,
 * the killers) and at least ybwc_cut_moves (m_A) in all.  Weak YBWC waits
 * for the eldest everywhere.
 *
 * Scheme B is DTS's typing (section 3.5).  In plain mode, where the
 * windows are figure 4.3's, it is read from them as the thesis does: D-PV
 * with the root's window, D-CUT with the root's bound on its side, D-ALL
 * otherwise.  NegaScout's null windows carry no such information, so
 * outside plain mode the same classes come from the path, as the windows
 * would give them under alpha-beta: a son of D-PV off the first line is
 * D-CUT, a son of D-CUT is D-ALL, a son of D-ALL is D-CUT.  Both readings
 * share the overrides: a D-CUT node that has searched more than m_B
 * (split_m_b) moves without a cutoff is D-ALL from then on, and two D-ALL
 * plies in a row are allowed once on a path, after which the plies below
 * alternate.  A node may split once its confidence is at least 1: a D-PV
 * or D-ALL node after its first move, a D-CUT node after m_B + 2 (it
 * turned D-ALL and searched one more).
 *
 * Scheme C asks the classifier (config.classify, the thesis' network) for
 * each node's type value and wait: N-PV on the principal variation, N-CUT
 * within split_ncut_m of 50, N-ALL otherwise; the node may split after
 * wait + m_Ca moves, an N-CUT node after wait + m_Ca + m_Cc (split_m_ca,
 * split_m_cc; 0 moves: while the eldest is still searched).
 *
 * One thread: a frame and its parent are the calling thread's own.
 */
#include "config.h"

#include "sp_internal.h"

enum { PV = PAB_NODE_PV, CUT = PAB_NODE_CUT, ALL = PAB_NODE_ALL };

/* The configured scheme, or the algorithm's own. */
static pab_split_scheme scheme(const worker *w)
{
    const pab_split_scheme s = w->sh->cfg.split_scheme;
    return s == PAB_SPLIT_SCHEME_AUTO ? shared(w)->algo->scheme : s;
}

static int scheme_a(const sp_frame *parent)
{
    const int k = cls_ybwc_type((pab_node_class)parent->kind,
                                (unsigned)parent->nd.searched);
    return k == PV ? CUT : k;
}

/* The parent's class now: a D-CUT parent is D-ALL once it has searched
 * more than m_B moves. */
static int dts_now(const worker *w, const sp_frame *parent)
{
    return parent->kind == CUT &&
                   parent->nd.searched > (int)w->sh->cfg.split_m_b
               ? ALL
               : parent->kind;
}

static int scheme_b(const worker *w, const sp_frame *parent, sp_frame *f)
{
    const int now = dts_now(w, parent);
    /* The root's bound on the node's side: -inf is the root's alpha in
     * plain mode at every ply; elsewhere the path says it. */
    const bool root_alpha =
        w->sh->cfg.plain ? f->nd.alpha == -PAB_SCORE_INF : now != CUT;
    return cls_dts_type((pab_node_class)now, parent->alternate, false,
                        root_alpha, &f->alternate);
}

static int scheme_c(const worker *w, const sp_frame *parent, sp_frame *f,
                    int ply)
{
    cls_classify(&w->sh->cfg, parent->kind == PV, parent->type,
                 (unsigned)(parent->cur < 0 ? 0 : parent->cur), ply, &f->type,
                 &f->wait);
    return cls_of_type(&w->sh->cfg, false, f->type);
}

void sp_scheme_type(worker *w, sp_frame *f, int ply, unsigned flags)
{
    const sp_frame *parent = sp_parent(w, ply);
    const bool pv = (flags & NS_PV) || parent == NULL;
    f->kind = PV;
    if (parent == NULL)
        return;
    /* The principal variation is PV in every scheme; scheme C still asks
     * for its type value and wait. */
    int kind = PV;
    switch (scheme(w)) {
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

int sp_scheme_need(const worker *w, const sp_frame *f)
{
    const pab_config *c = &w->sh->cfg;
    switch (scheme(w)) {
    case PAB_SPLIT_SCHEME_B: return f->kind == CUT ? (int)c->split_m_b + 2 : 1;
    case PAB_SPLIT_SCHEME_C: {
        int need = f->wait + c->split_m_ca;
        if (f->kind == CUT)
            need += c->split_m_cc;
        return need < 0 ? 0 : need;
    }
    default: break;
    }
    if (!c->ybwc_strong || f->kind != CUT)
        return 1;
    int need = promising(w, &f->nd);
    if (need < (int)c->ybwc_cut_moves)
        need = (int)c->ybwc_cut_moves;
    return need < 1 ? 1 : need;
}

int sp_scheme_confidence(const worker *w, const sp_frame *f)
{
    const int searched = f->nd.searched;
    /* Scheme B: a D-CUT node's confidence as D-ALL starts once it has
     * searched more than m_B moves. */
    if (scheme(w) == PAB_SPLIT_SCHEME_B && f->kind == CUT)
        return searched - (int)w->sh->cfg.split_m_b - 1;
    return searched;
}

/*
 * classify: the node classes of split-point selection for
 * config.node_report, following the 2001 parallel alpha-beta thesis,
 * section 5.5 (the classification experiment behind its tables 5.2 and
 * 5.3) and section 3.5.
 *
 * Scheme A is strong YBWC's typing (section 3.4): the root is PV; the
 * first son of a PV node is PV and the others CUT; the first son of a CUT
 * node is ALL and the others CUT; every son of an ALL node is CUT.  It
 * depends only on the path, so it reproduces table 5.2 from the same
 * figure 4.3 search that reproduces table 6.3's node counts.
 *
 * Scheme B is DTS's typing, read from the windows in the root's frame: a
 * node with the root's alpha and beta is D-PV; a MAX node with the root's
 * alpha or a MIN node with the root's beta is D-CUT; anything else D-ALL.
 * In negamax form, where ply parity says who moves, both come to: the
 * node's alpha is the root's bound on its side.  Two overrides: a D-CUT
 * node that has searched split_n moves without a cutoff becomes D-ALL for
 * the sons it makes afterwards (the report keeps the first prediction, as
 * the thesis counts it); and two D-ALL nodes on consecutive plies are
 * allowed once on a path, after which the plies below alternate, D-CUT
 * under D-ALL and D-ALL under D-CUT, whatever their windows say.
 *
 * One thread: only the plain serial search reports (pab_config_validate),
 * and these arrays are its worker's own.
 */
#include "config.h"

#include "internal.h"

/* The root's bound on the side to move at `ply`. */
static pab_score_t root_alpha_at(const node_classes *c, int ply)
{
    return ply % 2 == 0 ? c->root_alpha : -c->root_beta;
}

static pab_score_t root_beta_at(const node_classes *c, int ply)
{
    return ply % 2 == 0 ? c->root_beta : -c->root_alpha;
}

void cls_root(worker *w, pab_score_t alpha, pab_score_t beta)
{
    node_classes *c = &w->classes;
    c->root_alpha = alpha;
    c->root_beta = beta;
    c->a[0] = c->b[0] = c->now[0] = PAB_NODE_PV;
    c->forced[0] = false;
}

static unsigned char scheme_a(unsigned char parent, unsigned index)
{
    if (parent == PAB_NODE_PV)
        return index == 0 ? PAB_NODE_PV : PAB_NODE_CUT;
    if (parent == PAB_NODE_CUT)
        return index == 0 ? PAB_NODE_ALL : PAB_NODE_CUT;
    return PAB_NODE_CUT;
}

/* Scheme B's class of the son at ply + 1; sets whether it alternates. */
static unsigned char scheme_b(node_classes *c, int ply, pab_score_t alpha,
                              pab_score_t beta)
{
    const int p = ply + 1;
    const unsigned char parent = c->now[ply];
    c->forced[p] = false;
    if (alpha == root_alpha_at(c, p) && beta == root_beta_at(c, p))
        return PAB_NODE_PV;
    if (c->forced[ply] && parent != PAB_NODE_PV) {
        c->forced[p] = true;
        return parent == PAB_NODE_CUT ? PAB_NODE_ALL : PAB_NODE_CUT;
    }
    const unsigned char k =
        alpha == root_alpha_at(c, p) ? PAB_NODE_CUT : PAB_NODE_ALL;
    c->forced[p] = k == PAB_NODE_ALL && parent == PAB_NODE_ALL;
    return k;
}

void cls_child(worker *w, int ply, unsigned index, pab_score_t alpha,
               pab_score_t beta)
{
    node_classes *c = &w->classes;
    c->path[ply] = index;
    c->a[ply + 1] = scheme_a(c->a[ply], index);
    c->b[ply + 1] = c->now[ply + 1] = scheme_b(c, ply, alpha, beta);
}

void cls_searched(worker *w, int ply, unsigned searched)
{
    node_classes *c = &w->classes;
    if (c->now[ply] == PAB_NODE_CUT && searched >= w->sh->cfg.split_n)
        c->now[ply] = PAB_NODE_ALL;
}

void cls_done(worker *w, int ply, int depth, unsigned moves, unsigned searched,
              bool cutoff, int last)
{
    const node_classes *c = &w->classes;
    const pab_node_report r = {
        .size = sizeof r,
        .ply = ply,
        .depth = depth,
        .path = c->path,
        .pv = c->a[ply] == PAB_NODE_PV,
        .moves = moves,
        .searched = searched,
        .cutoff = cutoff,
        .last = last,
        .type = cutoff      ? 50
                : last >= 0 ? 0
                            : 100,
        .scheme_a = (pab_node_class)c->a[ply],
        .scheme_b = (pab_node_class)c->b[ply],
    };
    w->sh->cfg.node_report(&r, w->sh->cfg.node_report_user);
}

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
 * Scheme C is the thesis' neural network (chapter 5), or any classifier
 * the caller plugs in (config.classify): asked as each son is made, with
 * whether the parent is PV, the parent's type value and the son's index,
 * it answers the son's type value and wait.  The son is N-PV on the first
 * line, N-CUT when its type value is within split_ncut_m of 50, N-ALL
 * otherwise.  Without a classifier, scheme A's rules answer as type
 * values (PV 0, CUT 50, ALL 100; wait 1): a generic network.
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
    c->type[0] = 0; /* a PV node raises its score: the thesis' t = 0 */
    c->wait[0] = 1;
}

pab_node_class cls_ybwc_type(pab_node_class parent, unsigned index)
{
    if (parent == PAB_NODE_PV)
        return index == 0 ? PAB_NODE_PV : PAB_NODE_CUT;
    if (parent == PAB_NODE_CUT)
        return index == 0 ? PAB_NODE_ALL : PAB_NODE_CUT;
    return PAB_NODE_CUT;
}

pab_node_class cls_dts_type(pab_node_class parent, bool parent_alternates,
                            bool root_window, bool root_alpha, bool *alternates)
{
    *alternates = false;
    if (root_window)
        return PAB_NODE_PV;
    if (parent_alternates && parent != PAB_NODE_PV) {
        *alternates = true;
        return parent == PAB_NODE_CUT ? PAB_NODE_ALL : PAB_NODE_CUT;
    }
    const pab_node_class k = root_alpha ? PAB_NODE_CUT : PAB_NODE_ALL;
    *alternates = k == PAB_NODE_ALL && parent == PAB_NODE_ALL;
    return k;
}

/* Scheme B's class of the son at ply + 1, from its window. */
static unsigned char scheme_b(node_classes *c, int ply, pab_score_t alpha,
                              pab_score_t beta)
{
    const int p = ply + 1;
    const bool root_alpha = alpha == root_alpha_at(c, p);
    return cls_dts_type((pab_node_class)c->now[ply], c->forced[ply],
                        root_alpha && beta == root_beta_at(c, p), root_alpha,
                        &c->forced[p]);
}

/* Scheme A's classes as type values: the generic classifier. */
static void classify_as_scheme_a(const pab_classify_input *in,
                                 pab_classify_output *out)
{
    const pab_node_class parent = in->parent_pv           ? PAB_NODE_PV
                                  : in->parent_type == 50 ? PAB_NODE_CUT
                                                          : PAB_NODE_ALL;
    static const int type_of[] = {0, 50, 100};
    out->type = type_of[cls_ybwc_type(parent, in->index)];
    out->wait = 1;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void cls_classify(const pab_config *cfg, bool parent_pv, int parent_type,
                  unsigned index, int ply, int *type, int *wait)
{
    const pab_classify_input in = {parent_pv, parent_type, index, ply};
    pab_classify_output out = {50, 1};
    if (cfg->classify != NULL)
        cfg->classify(&in, &out, cfg->classify_user);
    else
        classify_as_scheme_a(&in, &out);
    *type = clamp(out.type, 0, 100);
    *wait = clamp(out.wait, 0, PAB_MAX_MOVES);
}

pab_node_class cls_of_type(const pab_config *cfg, bool pv, int type)
{
    if (pv)
        return PAB_NODE_PV;
    const int d = type - 50;
    return (d < 0 ? -d : d) <= cfg->split_ncut_m ? PAB_NODE_CUT : PAB_NODE_ALL;
}

void cls_child(worker *w, int ply, unsigned index, pab_score_t alpha,
               pab_score_t beta)
{
    node_classes *c = &w->classes;
    c->path[ply] = index;
    c->a[ply + 1] = cls_ybwc_type((pab_node_class)c->a[ply], index);
    c->b[ply + 1] = c->now[ply + 1] = scheme_b(c, ply, alpha, beta);
    cls_classify(&w->sh->cfg, c->a[ply] == PAB_NODE_PV, c->type[ply], index,
                 ply + 1, &c->type[ply + 1], &c->wait[ply + 1]);
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
        .scheme_c =
            cls_of_type(&w->sh->cfg, c->a[ply] == PAB_NODE_PV, c->type[ply]),
        .predicted_type = c->type[ply],
        .predicted_wait = c->wait[ply],
    };
    w->sh->cfg.node_report(&r, w->sh->cfg.node_report_user);
}

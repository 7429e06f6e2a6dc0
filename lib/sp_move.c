/*
 * The pieces of a move at a node that may be split: the split point's
 * alpha, a null-window test, the full-window re-search, and NegaScout's
 * son assembled from them as YBWC searches it (and PVSplit will).  They
 * run on the searching thread's own frame; the one shared word read here
 * is the split point's alpha, a hint that may be stale by a move: a stale
 * alpha only widens a window (more nodes, never a wrong value), and the
 * re-search is decided on the alpha read after the test.
 */
#include "config.h"

#include <string.h>

#include "sp_internal.h"

pab_score_t sp_alpha(const sp_frame *f)
{
    if (f->sp == NULL)
        return f->nd.alpha;
    const pab_score_t a = load_score(&f->sp->alpha);
    return a > f->nd.alpha && a < f->nd.beta ? a : f->nd.alpha;
}

bool sp_test(worker *w, sp_frame *f, ns_fn child, pab_score_t *value)
{
    /* On a copy: the node may be split meanwhile, and the split point
     * must get its true window. */
    ns_node test = f->nd;
    test.beta = test.alpha + 1; /* ns_move's scout then never re-searches */
    const bool searched = ns_move(w, &test, f->cur_move, child, 0, NULL, value);
    f->nd.best = test.best; /* a futility bound */
    /* The quiet moves tried, for the history malus (the re-search, on
     * another copy, does not count the move again). */
    f->nd.quiets_tried = test.quiets_tried;
    memcpy(f->nd.quiets, test.quiets, sizeof test.quiets);
    return searched;
}

bool sp_research(worker *w, sp_frame *f, ns_fn child, pab_score_t alpha,
                 pab_score_t *value)
{
    ns_node full = f->nd;
    if (alpha > full.alpha)
        full.alpha = alpha;
    full.searched = 0; /* ns_move gives a first move the full window */
    w->stats.re_searches++;
    if (w->diag)
        w->by_depth[diag_depth(full.depth)].re_searches++;
    return ns_move(w, &full, f->cur_move, child, 0, NULL, value);
}

bool sp_negascout_move(worker *w, sp_frame *f, ns_fn child, pab_score_t *value)
{
    ns_node *nd = &f->nd;
    const bool plain = w->sh->cfg.plain;
    if (f->sp == NULL || nd->searched == 0 || plain || !(nd->flags & NS_PV)) {
        f->scouting = nd->searched > 0 && !plain;
        return ns_move(w, nd, f->cur_move, child, 0, NULL, value);
    }
    /* A younger brother at a split PV node: the test, and the re-search
     * only if it fails high against the alpha that holds after it (else
     * the test is repeated at that alpha). */
    for (;;) {
        const pab_score_t tested = nd->alpha;
        pab_score_t s = 0;
        f->scouting = true;
        const bool searched = sp_test(w, f, child, &s);
        f->scouting = false;
        *value = s;
        if (!searched || w->aborted || s <= tested || s >= nd->beta)
            return searched;
        const pab_score_t alpha = sp_alpha(f);
        if (alpha <= tested)
            return sp_research(w, f, child, alpha, value);
        nd->alpha = alpha;
        f->move_alpha = alpha;
    }
}

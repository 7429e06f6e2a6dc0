/*
 * The join policy PAB_SPLIT_SELECT, Hyatt's DTS as the 2001 parallel
 * alpha-beta thesis describes it (section 3.5), with the thesis' rules
 * for choosing among candidates (section 6.5): an idle thread first
 * consults the open split points with work (DTS's SP-LIST) and joins the
 * best; with none, it examines the nodes every busy thread offers from
 * its path (DTS's shared area, sp_node.c's offers: every frame that may
 * split now under the algorithm's scheme) and asks the thread with the
 * best one to split exactly there.
 *
 * Best is, in order (the thesis' guidelines): 1. the highest node, the
 * most work; 2. the surer classification -- more moves examined, or under
 * scheme B the higher confidence -- counted up to a quarter of the node's
 * moves only; 3. more moves left to share.  Open split points are ranked
 * by guidelines 1 and 3 (their examined count lives under their lock).
 * A thread waiting below its own split point (the helpful master) looks
 * below it as PAB_SPLIT_HIGHEST does.
 *
 * Races: the deques and offers are read without locks, as hints.  A split
 * point found is checked again under its lock when booking (sp_node.c);
 * an offer may be stale by the time the request is served, and the asked
 * thread then checks that the node is still on its path and may still
 * split, else offers its highest node as any request gets (sp_work_for).
 */
#include "config.h"

#include "sp_internal.h"

/* A candidate's place in the order: ply first (lower is better), then
 * the rank bits, higher better. */
typedef struct candidate {
    int ply;
    uint64_t rank;
} candidate;

static bool better(candidate a, candidate b)
{
    return a.ply != b.ply ? a.ply < b.ply : a.rank > b.rank;
}

/* The best open split point with work anywhere (guidelines 1 and 3). */
static split_point *best_open(const sp_thread *t)
{
    const sp_shared *s = t->s;
    split_point *best = NULL;
    candidate cb = {INT_MAX, 0};
    for (unsigned k = 0; k < s->n; k++) {
        if (&s->threads[k] == t)
            continue;
        split_point *sp = sp_highest_of(&s->threads[k], NULL);
        if (sp == NULL)
            continue;
        const candidate c = {ply_of(sp), rt_load(&sp->left)};
        if (better(c, cb)) {
            best = sp;
            cb = c;
        }
    }
    return best;
}

/* The best node a busy thread offers: each path's highest offer is the
 * only one of it that can win (guideline 1). */
static sp_thread *best_offer(const sp_thread *t, int *ply)
{
    const sp_shared *s = t->s;
    sp_thread *best = NULL;
    candidate cb = {INT_MAX, 0};
    for (unsigned k = 0; k < s->n; k++) {
        sp_thread *v = &s->threads[k];
        if (v == t || rt_load(&v->busy) == 0)
            continue;
        const int top = (int)rt_load(&v->offers_top);
        for (int p = 0; p < top && p <= cb.ply; p++) {
            const uint64_t o = rt_load_acquire(&v->offers[p]);
            if (o == 0)
                continue;
            const candidate c = {p, o};
            if (better(c, cb)) {
                best = v;
                cb = c;
            }
            break;
        }
    }
    *ply = cb.ply;
    return best;
}

split_point *sp_find_select(worker *w, const split_point *above)
{
    if (above != NULL)
        return sp_find_highest(w, above);
    sp_thread *t = me(w);
    split_point *sp = best_open(t);
    if (sp != NULL)
        return sp_book(sp, NULL) ? sp : NULL;
    int ply;
    sp_thread *v = best_offer(t, &ply);
    return v != NULL ? sp_ask(w, v, NULL, ply) : NULL;
}

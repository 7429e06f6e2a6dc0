/*
 * The join policy PAB_SPLIT_HIGHEST, the thesis' scheme A (DTS-like): an
 * idle thread joins the highest split point with work anywhere, the
 * biggest piece of work there is; with none, it asks a busy thread to
 * split.  A waiting owner (the helpful master) and Jamboree's ordered wait
 * look the same way below their own split point.  Races: the deques are
 * read without locks, as hints; sp_book() checks again under the lock.
 */
#include "config.h"

#include "sp_internal.h"

split_point *sp_find_highest(worker *w, const split_point *above)
{
    sp_thread *t = me(w);
    sp_shared *s = t->s;
    /* The highest split point with work anywhere (below `above`). */
    split_point *best = NULL;
    int best_ply = INT_MAX;
    for (unsigned k = 0; k < s->n; k++) {
        if (&s->threads[k] == t)
            continue;
        split_point *sp = sp_highest_of(&s->threads[k], above);
        if (sp != NULL && ply_of(sp) < best_ply) {
            best = sp;
            best_ply = ply_of(sp);
        }
    }
    if (best != NULL)
        return sp_book(best, above) ? best : NULL;
    sp_thread *v = sp_pick_victim(t, above);
    return v != NULL ? sp_ask(w, v, above, -1) : NULL;
}

/*
 * The join policy PAB_SPLIT_RANDOM_OWNER, Feldmann's (the default): an
 * idle thread picks a busy thread at random and joins its highest split
 * point with work, or asks it to split.  Races: the deques are read
 * without locks, as hints; sp_book() checks again under the lock, and a
 * request is answered or withdrawn exactly once (sp_work.c).
 */
#include "config.h"

#include "sp_internal.h"

split_point *sp_find_random_owner(worker *w)
{
    sp_thread *t = me(w);
    /* Feldmann: a random busy thread, its highest split point, else ask
     * it to split. */
    for (int i = 0; i < VICTIM_TRIES; i++) {
        sp_thread *v = sp_pick_victim(t, NULL);
        if (v == NULL)
            return NULL;
        split_point *sp = sp_highest_of(v, NULL);
        if (sp != NULL) {
            if (sp_book(sp, NULL))
                return sp;
            continue;
        }
        return sp_ask(w, v, NULL, -1);
    }
    return NULL;
}

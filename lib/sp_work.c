/*
 * Requests and the search for work (see splitpoint.c, "Asking for work").
 * An idle thread either joins an open split point with moves left or posts
 * a request in a busy thread's request word; the busy thread answers at
 * the top of its next node.
 *
 * Invariant: a request is owned by whoever clears the request word by
 * compare-and-swap -- the asker withdrawing or the asked thread answering,
 * never both -- so every request gets exactly one answer or none, and an
 * asker that withdrew never waits for one.  The deques and busy words read
 * here without locks are hints: a split point found through a stale entry
 * is checked again under its lock when a thread is booked in (sp_node.c).
 */
#include "config.h"

#include "sp_internal.h"

/* Answer request r at the top of the node at `ply`. */
void sp_serve(worker *w, int ply, uint64_t r)
{
    sp_thread *t = me(w);
    sp_thread *asker = &t->s->threads[r - 1];
    if (!rt_cas(&t->request, r, 0))
        return; /* withdrawn */
    const split_point *above = load_sp(&asker->want_below);
    const int want = (int)rt_load(&asker->want_ply) - 1;
    split_point *sp = sp_work_for(w, ply, above, want);
    if (sp != NULL && !sp_book(sp, above))
        sp = NULL;
    rt_store_release(&asker->answer,
                     sp != NULL ? (uint64_t)(uintptr_t)sp : ANSWER_REFUSED);
    if (sp != NULL)
        sp_notify_work(t, sp);
}

/* Not searching: no work to give. */
void sp_refuse(sp_thread *t)
{
    const uint64_t r = rt_load_acquire(&t->request);
    if (r != 0 && rt_cas(&t->request, r, 0))
        rt_store_release(&t->s->threads[r - 1].answer, ANSWER_REFUSED);
}

/* Ask v for work (below `above` if given; at ply `want` of its path if
 * that node can still split, when want >= 0); the split point we are
 * booked into, or NULL. */
split_point *sp_ask(worker *w, sp_thread *v, const split_point *above, int want)
{
    sp_thread *t = me(w);
    const uint64_t r = t->index + 1;
    rt_store(&t->answer, ANSWER_PENDING);
    store_sp(&t->want_below, above);
    rt_store(&t->want_ply, (uint64_t)(want + 1));
    if (!rt_cas(&v->request, 0, r))
        return NULL; /* somebody else is asking */
    for (int i = 0;; i++) {
        const uint64_t a = rt_load_acquire(&t->answer);
        if (a != ANSWER_PENDING)
            return a == ANSWER_REFUSED ? NULL : (split_point *)(uintptr_t)a;
        /* After a while withdraw, unless v is answering right now. */
        if (i >= ANSWER_YIELDS && rt_cas(&v->request, r, 0))
            return NULL;
        rt_yield();
    }
}

/* Thread v's highest open split point with moves left (below `above`). */
split_point *sp_highest_of(sp_thread *v, const split_point *above)
{
    const uint64_t n = rt_load_acquire(&v->n_open);
    for (uint64_t k = 0; k < n && k < PAB_PLY_MAX; k++) {
        split_point *sp = load_sp(&v->deque[k]);
        if (sp != NULL && has_work(sp) && strictly_below(sp, above))
            return sp;
    }
    return NULL;
}

/* A thread worth asking: busy, and working below `above` if given. */
sp_thread *sp_pick_victim(sp_thread *t, const split_point *above)
{
    sp_shared *s = t->s;
    const unsigned start = random_below(t, s->n);
    for (unsigned k = 0; k < s->n; k++) {
        sp_thread *v = &s->threads[(start + k) % s->n];
        if (v == t || rt_load(&v->busy) == 0)
            continue;
        if (above != NULL && !lies_below(load_sp(&v->at), above))
            continue;
        return v;
    }
    return NULL;
}

bool sp_work_below(worker *w, const split_point *above)
{
    sp_thread *t = me(w);
    for (unsigned k = 0; k < t->s->n; k++)
        if (&t->s->threads[k] != t &&
            sp_highest_of(&t->s->threads[k], above) != NULL)
            return true;
    return false;
}

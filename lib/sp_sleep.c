/*
 * Sleeping and waking for the split-point threads (see splitpoint.c,
 * "Waiting").  Nobody spins for long: a thread with nothing to do sleeps
 * on its own condition variable, and whoever publishes something a sleeper
 * may wait for (new work, a helper leaving, a move done, a cut, the end)
 * wakes it.
 *
 * Invariant: no wake-up is lost.  The Dekker pattern: a sleeper announces
 * itself (its sleeping word, the shared sleeper count) with a full barrier
 * and then checks its condition once more before it waits; a waker
 * publishes with a full barrier and then looks for sleepers.  One of the
 * two always sees the other.  A spurious wake-up only costs a look.
 */
#include "config.h"

#include "sp_internal.h"

/* Sleep until woken, unless `ready` already holds.  `on` is the split
 * point the thread waits at, NULL when it waits for work anywhere. */
void sp_nap(worker *w, split_point *on, ready_fn ready, int arg)
{
    sp_thread *t = me(w);
    sp_shared *s = t->s;
    store_sp(&t->waiting_on, on);
    rt_fetch_add(&t->sleeping, 1); /* full barrier: Dekker with wakers */
    rt_fetch_add(&s->sleepers, 1);
    if (on == NULL)
        rt_fetch_add(&s->idle_sleepers, 1);
    if (!ready(w, on, arg)) {
        rt_mutex_lock(&t->sleep_lock);
        while (!t->signaled)
            rt_cond_wait(&t->wakeup, &t->sleep_lock);
        t->signaled = false;
        rt_mutex_unlock(&t->sleep_lock);
    }
    if (on == NULL)
        rt_fetch_add(&s->idle_sleepers, (uint64_t)-1);
    rt_fetch_add(&s->sleepers, (uint64_t)-1);
    rt_fetch_add(&t->sleeping, (uint64_t)-1);
}

static void sp_wake(sp_thread *t)
{
    if (rt_load(&t->sleeping) == 0)
        return;
    rt_mutex_lock(&t->sleep_lock);
    t->signaled = true;
    rt_cond_broadcast(&t->wakeup);
    rt_mutex_unlock(&t->sleep_lock);
}

/* The waker's half of the Dekker pattern: what it published is ordered
 * before it looks for sleepers (a full barrier; on a word of its own, so
 * wakers do not contend). */
bool sp_anyone_asleep(sp_thread *waker)
{
    rt_fetch_add(&waker->fence, 1);
    return rt_load(&waker->s->sleepers) != 0;
}

/* A thread left `sp` or one of its moves is done: wake those waiting at
 * it. */
void sp_notify_at(sp_thread *waker, const split_point *sp)
{
    sp_shared *s = waker->s;
    if (!sp_anyone_asleep(waker))
        return;
    for (unsigned k = 0; k < s->n; k++)
        if (load_sp(&s->threads[k].waiting_on) == sp)
            sp_wake(&s->threads[k]);
}

/* A cut: whoever waits at a split point may have to unwind. */
void sp_notify_cut(sp_thread *waker)
{
    sp_shared *s = waker->s;
    if (!sp_anyone_asleep(waker))
        return;
    for (unsigned k = 0; k < s->n; k++)
        if (load_sp(&s->threads[k].waiting_on) != NULL)
            sp_wake(&s->threads[k]);
}

/* New work at `sp`: as many idle sleepers as it has moves, and those
 * waiting above it. */
void sp_notify_work(sp_thread *waker, const split_point *sp)
{
    sp_shared *s = waker->s;
    if (!sp_anyone_asleep(waker))
        return;
    uint64_t left = rt_load(&sp->left);
    for (unsigned k = 0; k < s->n; k++) {
        sp_thread *t = &s->threads[k];
        if (rt_load(&t->sleeping) == 0)
            continue;
        const split_point *on = load_sp(&t->waiting_on);
        if (on == NULL ? left > 0 : strictly_below(sp, on)) {
            if (on == NULL)
                left--;
            sp_wake(t);
        }
    }
}

void sp_notify_all(sp_thread *waker)
{
    sp_shared *s = waker->s;
    (void)sp_anyone_asleep(waker);
    for (unsigned k = 0; k < s->n; k++)
        sp_wake(&s->threads[k]);
}

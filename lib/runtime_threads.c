/*
 * The real-thread runtime: POSIX threads, mutexes and condition variables,
 * the monotonic clock.  The shared-memory operations live inline in
 * runtime.h.  Inside a simulation (rt_simulated()) each call goes to its
 * twin in runtime_sim.c instead.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <time.h>

#include "runtime.h"

void *rt_alloc_shared(size_t bytes)
{
    size_t rounded = (bytes + RT_LINE - 1) / RT_LINE * RT_LINE;
    void *p = aligned_alloc(RT_LINE, rounded > 0 ? rounded : RT_LINE);
    if (p != NULL)
        memset(p, 0, rounded);
    return p;
}

int rt_thread_start(rt_thread *t, rt_thread_fn fn, void *arg)
{
    if (rt_simulated())
        return rt_sim_thread_start(t, fn, arg);
    return pthread_create(&t->handle, NULL, fn, arg) == 0 ? 0 : -1;
}

void rt_thread_join(rt_thread *t)
{
    if (rt_simulated())
        rt_sim_thread_join(t);
    else
        pthread_join(t->handle, NULL);
}

int rt_mutex_init(rt_mutex *m)
{
    m->holder = m->waiters = NULL;
    return pthread_mutex_init(&m->m, NULL) == 0 ? 0 : -1;
}

void rt_mutex_destroy(rt_mutex *m)
{
    pthread_mutex_destroy(&m->m);
}

void rt_mutex_lock(rt_mutex *m)
{
    if (rt_simulated())
        rt_sim_lock(m);
    else
        pthread_mutex_lock(&m->m);
}

void rt_mutex_unlock(rt_mutex *m)
{
    if (rt_simulated())
        rt_sim_unlock(m);
    else
        pthread_mutex_unlock(&m->m);
}

int rt_cond_init(rt_cond *c)
{
    c->waiters = NULL;
    return pthread_cond_init(&c->c, NULL) == 0 ? 0 : -1;
}

void rt_cond_destroy(rt_cond *c)
{
    pthread_cond_destroy(&c->c);
}

void rt_cond_wait(rt_cond *c, rt_mutex *m)
{
    if (rt_simulated())
        rt_sim_cond_wait(c, m);
    else
        pthread_cond_wait(&c->c, &m->m);
}

void rt_cond_broadcast(rt_cond *c)
{
    if (rt_simulated())
        rt_sim_cond_broadcast(c);
    else
        pthread_cond_broadcast(&c->c);
}

void rt_yield(void)
{
    if (rt_simulated())
        rt_sim_yield();
    else
        sched_yield();
}

uint64_t rt_now_ns(void)
{
    if (rt_simulated())
        return rt_sim_now_ns();
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * The runtime interface: the only door from lib/ to threads, shared memory,
 * waiting and the clock.
 *
 * Every word that more than one thread touches is an rt_word and is read and
 * written only through the rt_ functions below, even where a paper calls a
 * race harmless: that keeps the races visible to ThreadSanitizer and to the
 * reader, and gives a simulated multiprocessor one place to hook each
 * shared-memory operation.  This implementation (with runtime_threads.c) is
 * the real one: POSIX threads and libatomic_ops.  The shared-memory
 * operations are static inline so that they cost what a plain load or a
 * locked instruction costs and nothing more.
 *
 * No other file of lib/ includes <pthread.h> or <atomic_ops.h>.
 */
#ifndef PAB_RUNTIME_H
#define PAB_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <atomic_ops.h>
#include <pthread.h>

/* The tables pack 64-bit words; libpab needs AO_t to be that wide. */
_Static_assert(sizeof(AO_t) == 8, "libpab needs a 64-bit AO_t");

/* One shared machine word. */
typedef struct rt_word {
    volatile AO_t v;
} rt_word;

/* Relaxed: atomic, no ordering.  For words whose consistency is checked by
 * other means (the XOR-checked TT entries, the CS table's hints). */
static inline uint64_t rt_load(const rt_word *w)
{
    return (uint64_t)AO_load(&w->v);
}

static inline void rt_store(rt_word *w, uint64_t x)
{
    AO_store(&w->v, (AO_t)x);
}

/* Acquire/release: for flags that publish other data (stop, work handed
 * to a helper). */
static inline uint64_t rt_load_acquire(const rt_word *w)
{
    return (uint64_t)AO_load_acquire(&w->v);
}

static inline void rt_store_release(rt_word *w, uint64_t x)
{
    AO_store_release(&w->v, (AO_t)x);
}

/* Full-barrier compare-and-swap: true if *w held `old` and now holds `new`. */
static inline bool rt_cas(rt_word *w, uint64_t old, uint64_t new_value)
{
    return AO_compare_and_swap_full(&w->v, (AO_t)old, (AO_t)new_value) != 0;
}

/* Full-barrier fetch-and-add; returns the value before the addition. */
static inline uint64_t rt_fetch_add(rt_word *w, uint64_t delta)
{
    return (uint64_t)AO_fetch_and_add_full(&w->v, (AO_t)delta);
}

static inline void rt_prefetch(const void *p)
{
#if defined(__GNUC__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}

/* Threads. */
typedef struct rt_thread {
    pthread_t handle;
} rt_thread;

typedef void *(*rt_thread_fn)(void *arg);

int rt_thread_start(rt_thread *t, rt_thread_fn fn, void *arg);
void rt_thread_join(rt_thread *t);

/* Blocking waits, for threads with nothing to do (never spin: oversubscribed
 * and sanitizer runs must stay fast). */
typedef struct rt_mutex {
    pthread_mutex_t m;
} rt_mutex;

typedef struct rt_cond {
    pthread_cond_t c;
} rt_cond;

int rt_mutex_init(rt_mutex *m);
void rt_mutex_destroy(rt_mutex *m);
void rt_mutex_lock(rt_mutex *m);
void rt_mutex_unlock(rt_mutex *m);
int rt_cond_init(rt_cond *c);
void rt_cond_destroy(rt_cond *c);
void rt_cond_wait(rt_cond *c, rt_mutex *m);
void rt_cond_broadcast(rt_cond *c);

/* Give the processor away briefly (backoff when a wait will be short). */
void rt_yield(void);

/* Monotonic clock in nanoseconds. */
uint64_t rt_now_ns(void);

#endif /* PAB_RUNTIME_H */

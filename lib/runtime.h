/*
 * The runtime interface: the only door from lib/ to threads, shared memory,
 * waiting and the clock.
 *
 * Every word that more than one thread touches is an rt_word and is read and
 * written only through the rt_ functions below, even where a paper calls a
 * race harmless: that keeps the races visible to ThreadSanitizer and to the
 * reader, and gives a simulated multiprocessor one place to hook each
 * shared-memory operation.  There are two implementations behind it.  The
 * real one (here and runtime_threads.c) is POSIX threads and libatomic_ops;
 * its shared-memory operations are static inline so that they cost what a
 * plain load or a locked instruction costs, plus one test of a thread-local
 * pointer.  The simulated one (runtime_sim.c) runs virtual processors as
 * user-level contexts on one OS thread: when that pointer is set, every
 * operation below first charges the processor's virtual clock and lets the
 * processor with the smallest clock run, and then does the same memory
 * operation, so the algorithms run unchanged on both.
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

#include "prefix.h"

typedef void *(*rt_thread_fn)(void *arg);

/* The tables pack 64-bit words; libpab needs AO_t to be that wide. */
_Static_assert(sizeof(AO_t) == 8, "libpab needs a 64-bit AO_t");

/* ---- the simulated multiprocessor (runtime_sim.c) ------------------------ */

/* The virtual processor running on this OS thread; NULL outside a
 * simulation.  Initial-exec TLS: one %fs-relative load on the hot path. */
typedef struct rt_proc rt_proc;
extern _Thread_local rt_proc *rt_self
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

/* The computation of a node, in the states of the thesis' PABSim (section
 * 6.4.3), which the simulation charges to the clock. */
typedef enum rt_work {
    RT_WORK_EXPAND, /* generate a node's moves (and its last search step) */
    RT_WORK_EVAL,   /* evaluate a position */
    RT_WORK_SEARCH, /* step into a child */
    RT_WORK_RETURN, /* a node returns its value: once per node */
    RT_WORK_UPDATE, /* the parent takes a child's value */
    RT_WORK_COUNT
} rt_work;

/* The kinds of shared-memory operation the simulation charges. */
typedef enum rt_access {
    RT_ACCESS_READ,   /* load */
    RT_ACCESS_WRITE,  /* store */
    RT_ACCESS_ATOMIC, /* compare-and-swap, fetch-and-add (a write) */
} rt_access;

/* What everything costs, in ticks. */
typedef struct rt_model {
    uint32_t work[RT_WORK_COUNT];
    uint32_t plain;      /* flat memory: a shared load or store */
    uint32_t atomic;     /* flat memory: a read-modify-write or a lock */
    uint32_t remote;     /* flat memory: extra for another processor's shard */
    uint32_t wait;       /* one round of a backoff loop (rt_yield) */
    bool msi;            /* MSI caches and a directory instead (sim_memory.c) */
    uint32_t jitter;     /* every cost varies by up to this many per cent */
    uint64_t seed;       /* of that variation */
    uint32_t drift;      /* a processor's speed, by up to this many per cent */
    uint32_t span;       /* ticks between two speeds of a processor */
    uint32_t node_extra; /* thousandths of a tick more for every node */
} rt_model;

/* Slow paths, for the inline functions below and runtime_threads.c. */
void rt_sim_access(rt_access kind, const volatile void *addr);
void rt_sim_work(rt_work kind);
void rt_sim_node(void);
void rt_sim_home(const void *addr, uint64_t home);
struct rt_thread;
struct rt_mutex;
struct rt_cond;
int rt_sim_thread_start(struct rt_thread *t, rt_thread_fn fn, void *arg);
void rt_sim_thread_join(struct rt_thread *t);
void rt_sim_lock(struct rt_mutex *m);
void rt_sim_unlock(struct rt_mutex *m);
void rt_sim_cond_wait(struct rt_cond *c, struct rt_mutex *m);
void rt_sim_cond_broadcast(struct rt_cond *c);
void rt_sim_yield(void);
uint64_t rt_sim_now_ns(void);
void rt_sim_delay(uint64_t ticks);

static inline bool rt_simulated(void)
{
    return __builtin_expect(rt_self != NULL, 0);
}

/* Run fn(arg) as virtual processor 0 of a new simulated multiprocessor on
 * this OS thread; threads it starts with rt_thread_start() are further
 * virtual processors (at most max_procs in all).  Returns when every one
 * of them has finished, with the virtual time in *ticks.  The virtual
 * clock reads as epoch_ns + ticks through rt_now_ns().  Fails with
 * PAB_ENOMEM, PAB_ETHREADS, or PAB_EDEADLOCK when every processor waits.
 */
int rt_sim_run(const rt_model *model, unsigned max_procs, rt_thread_fn fn,
               void *arg, uint64_t epoch_ns, uint64_t *ticks);

/* The computation of a node (no switch point). */
static inline void rt_work_done(rt_work kind)
{
    if (rt_simulated())
        rt_sim_work(kind);
}

/* A node is about to be searched: a switch point. */
static inline void rt_node(void)
{
    if (rt_simulated())
        rt_sim_node();
}

/* A wait of `ticks` outside the machine's memory (a simulated network's
 * round trips): charged, a switch point; nothing on real threads. */
static inline void rt_delay(uint64_t ticks)
{
    if (rt_simulated())
        rt_sim_delay(ticks);
}

/* The shared memory at addr is homed on processor `home` modulo the
 * processor count (a table shard), and the next access goes there: flat
 * memory charges the remote cost when that is not the running processor;
 * MSI memory homes addr's line there. */
static inline void rt_home(const void *addr, uint64_t home)
{
    if (rt_simulated())
        rt_sim_home(addr, home);
}

/* The line of the simulated MSI memory (thesis section 6.2: 128 bytes),
 * and the alignment of every structure that holds shared words: which
 * words share a line then does not depend on where malloc or the stack put
 * the structure, so a simulation with MSI memory is deterministic.  (Real
 * machines gain too: 128 bytes is the pair of lines x86 prefetches.) */
#define RT_LINE 128u

/* Zeroed memory for structures that hold shared words, RT_LINE-aligned;
 * release it with free().  NULL when memory runs out. */
void *rt_alloc_shared(size_t bytes);

/* One shared machine word. */
typedef struct rt_word {
    volatile AO_t v;
} rt_word;

/* Relaxed: atomic, no ordering.  For words whose consistency is checked by
 * other means (the XOR-checked TT entries, the CS table's hints). */
static inline uint64_t rt_load(const rt_word *w)
{
    if (rt_simulated())
        rt_sim_access(RT_ACCESS_READ, &w->v);
    return (uint64_t)AO_load(&w->v);
}

static inline void rt_store(rt_word *w, uint64_t x)
{
    if (rt_simulated())
        rt_sim_access(RT_ACCESS_WRITE, &w->v);
    AO_store(&w->v, (AO_t)x);
}

/* One shared 32-bit word, for tables one thread writes and others may
 * copy (a worker's history and countermoves, which a helper adopts when it
 * joins a split point): relaxed, like rt_load and rt_store. */
typedef struct rt_word32 {
    volatile unsigned v;
} rt_word32;

_Static_assert(sizeof(unsigned) == 4, "libpab needs a 32-bit unsigned");

static inline uint32_t rt_load32(const rt_word32 *w)
{
    if (rt_simulated())
        rt_sim_access(RT_ACCESS_READ, &w->v);
    return (uint32_t)AO_int_load(&w->v);
}

static inline void rt_store32(rt_word32 *w, uint32_t x)
{
    if (rt_simulated())
        rt_sim_access(RT_ACCESS_WRITE, &w->v);
    AO_int_store(&w->v, (unsigned)x);
}

/* Acquire/release: for flags that publish other data (stop, work handed
 * to a helper). */
static inline uint64_t rt_load_acquire(const rt_word *w)
{
    if (rt_simulated())
        rt_sim_access(RT_ACCESS_READ, &w->v);
    return (uint64_t)AO_load_acquire(&w->v);
}

static inline void rt_store_release(rt_word *w, uint64_t x)
{
    if (rt_simulated())
        rt_sim_access(RT_ACCESS_WRITE, &w->v);
    AO_store_release(&w->v, (AO_t)x);
}

/* Full-barrier compare-and-swap: true if *w held `old` and now holds `new`. */
static inline bool rt_cas(rt_word *w, uint64_t old, uint64_t new_value)
{
    if (rt_simulated())
        rt_sim_access(RT_ACCESS_ATOMIC, &w->v);
    return AO_compare_and_swap_full(&w->v, (AO_t)old, (AO_t)new_value) != 0;
}

/* Full-barrier fetch-and-add; returns the value before the addition. */
static inline uint64_t rt_fetch_add(rt_word *w, uint64_t delta)
{
    if (rt_simulated())
        rt_sim_access(RT_ACCESS_ATOMIC, &w->v);
    return (uint64_t)AO_fetch_and_add_full(&w->v, (AO_t)delta);
}

/* Diagnostic counters (config.diagnostics): atomic, but never charged by
 * a simulation, so that measuring where the nodes go does not change the
 * interleaving being measured. */
static inline uint64_t rt_diag_add(rt_word *w, uint64_t delta)
{
    return (uint64_t)AO_fetch_and_add(&w->v, (AO_t)delta);
}

static inline uint64_t rt_diag_load(const rt_word *w)
{
    return (uint64_t)AO_load(&w->v);
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
    rt_proc *proc; /* in a simulation */
} rt_thread;

int rt_thread_start(rt_thread *t, rt_thread_fn fn, void *arg);
void rt_thread_join(rt_thread *t);

/* Blocking waits, for threads with nothing to do (never spin: oversubscribed
 * and sanitizer runs must stay fast). */
typedef struct rt_mutex {
    pthread_mutex_t m;
    rt_proc *holder;  /* in a simulation: who holds it */
    rt_proc *waiters; /* in a simulation: who waits for it, in order */
} rt_mutex;

typedef struct rt_cond {
    pthread_cond_t c;
    rt_proc *waiters; /* in a simulation */
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

/* Monotonic clock in nanoseconds (in a simulation: the virtual clock, a
 * tick read as a nanosecond). */
uint64_t rt_now_ns(void);

#endif /* PAB_RUNTIME_H */

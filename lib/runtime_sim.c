/*
 * runtime_sim: the runtime interface a second time, as a simulated
 * multiprocessor, so that the unchanged algorithm code can be measured on
 * far more processors than the machine has.  It follows the idea of the
 * 2001 parallel alpha-beta thesis' PABSim (chapter 6): each processor is a
 * fiber, and time is a virtual clock per processor advanced by a cost
 * model.
 *
 * Model.  A virtual processor is a user-level context with its own stack
 * on the one OS thread that called rt_sim_run().  Its clock advances by the
 * cost model (rt_model) at every node, at every unit of node computation
 * (the thesis' expand, eval, search, return and update states) and at
 * every shared-memory operation and blocking call.  Nodes, shared-memory
 * operations and blocking calls are the only switch points: there the
 * processor that runs next is always the runnable one with the smallest
 * clock, the smaller index first among equals.  So every shared-memory
 * operation is performed in the order of its virtual time, the way the
 * machine being modelled would order it, and a memory word, a lock or a
 * condition variable behaves as on real hardware under that interleaving.
 * Waiting costs virtual time, never host time: a processor blocked on a
 * lock or a condition is off the run queue until it is handed the lock or
 * woken, and its clock then jumps to the waker's; a backoff (rt_yield)
 * costs `wait` ticks and switches.
 *
 * Memory.  Flat (the default): a shared load or store costs `plain`
 * ticks, an atomic operation or a lock `atomic`, and a table shard of
 * another processor `remote` more.  MSI (rt_model.msi): the thesis'
 * machine of section 6.2, caches and a directory (sim_memory.c); every
 * shared access passes its address, costs what Tables 6.1 and 6.2 say for
 * its line's state, and then performs in the order of its completion;
 * atomic operations, locks and condition variables are writes of their
 * line.
 *
 * Noise.  Clocks count sub-ticks (1/SUB of a tick), and with a jitter of
 * j per cent every cost is drawn uniformly from its value +-j %, from a
 * stream per processor seeded by the model's seed: still deterministic
 * for a given seed, but processors that start together drift apart as
 * real ones do instead of marching in lockstep.  Without jitter every
 * cost is a whole number of ticks and a run is exactly what it was
 * before sub-ticks.  Per-cost noise averages out within a node; a real
 * thread's speed also drifts for longer spans (cache misses and
 * interrupts come in runs), so with a drift of d per cent each
 * processor's costs are scaled by a speed drawn within +-d % every
 * PAB_SIM_DRIFT_SPAN ticks of its clock, from the same stream.
 *
 * Invariants.  Exactly one context runs at a time and rt_self names it; a
 * processor is in at most one of: running, the run queue (a binary heap on
 * (clock, index)), one wait list (a lock's, a condition's, or a join).
 * Nothing switches between putting a processor on a wait list and taking
 * it off the run queue, so it can never be woken twice.
 *
 * Why there are no races.  All contexts run on one OS thread and
 * interleave only inside the rt_ calls, so the simulator's own state (the
 * heap, the wait lists, the clocks) is touched by one context at a time.
 * The interleaving is a function of the clocks alone, which makes a run
 * deterministic: the same search gives the same virtual time, nodes and
 * answer every time, and a parallel bug found here can be replayed.
 *
 * Context switches.  _setjmp/_longjmp, which save no signal mask and so
 * make no system call; a context is entered the first time by pointing
 * the stack pointer at its stack and calling a trampoline, which saves
 * its context and jumps straight back (QEMU's coroutines do the same
 * with makecontext, the fallback here on other machines).  AddressSanitizer is
 * told about every switch
 * (__sanitizer_start_switch_fiber/__sanitizer_finish_switch_fiber).
 * ThreadSanitizer is not: it does not follow _longjmp between stacks, and
 * a simulation has no threads to check.
 */
#include "config.h"

/* glibc's fortified longjmp refuses to jump to another stack. */
#undef _FORTIFY_SOURCE
/* mmap's MAP_ANONYMOUS and MAP_NORESERVE, _setjmp, ucontext. */
#define _DEFAULT_SOURCE 1

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__aarch64__))
#define SIM_STACK_CALL 1 /* run_on_stack() in two instructions */
#else
#include <ucontext.h>
#endif

#include <pab/common.h>

#include "runtime.h"
#include "sim_memory.h"

#if defined(__SANITIZE_ADDRESS__)
#define SIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIM_ASAN 1
#endif
#endif

#ifdef SIM_ASAN
#include <sanitizer/common_interface_defs.h>
/* Sanitizer frames are bigger. */
#define SIM_STACK_BYTES ((size_t)16 << 20)
#else
#define SIM_STACK_BYTES ((size_t)4 << 20)
#endif

_Thread_local rt_proc *rt_self;

typedef struct sim sim;

/* Clocks count sub-ticks, so that timing noise can vary a 1-tick cost. */
#define SUB 64u

struct rt_proc {
    jmp_buf ctx; /* where it resumes */
    sim *sim;
    uint64_t clock; /* in sub-ticks */
    uint64_t noise; /* the state of this processor's timing noise */
    uint64_t speed; /* sim_drift: its speed now, per cent of the model's */
    uint64_t speed_until; /* the clock at which the next speed is drawn */
    uint64_t node_extra;  /* sim_node_extra owed, in 1/1000 sub-ticks */
    unsigned index;
    bool done;
    rt_proc *next;   /* in a wait list */
    rt_proc *joiner; /* blocked in rt_thread_join on this one */
    rt_thread_fn fn;
    void *arg;
    void *map; /* the stack mapping, guard page first */
    size_t map_bytes;
    size_t guard_bytes; /* one page, looked up once, not at every switch */
    void *fake_stack;   /* AddressSanitizer's, while switched out */
};

struct sim {
    rt_model model;
    rt_proc **procs; /* by index */
    unsigned n, max;
    rt_proc **heap; /* the run queue */
    unsigned queued;
    jmp_buf host; /* rt_sim_run's context */
    const void *host_bottom;
    size_t host_size;
    void *host_fake;
    uint64_t epoch_ns;
    sim_dir *dir;      /* MSI memory; NULL with flat memory */
    char *start_words; /* MSI: processor i starts by a write of line i */
    bool deadlock;
    bool nomem; /* the directory could not grow */
};

/* ---- AddressSanitizer's fiber annotations ------------------------------- */

static size_t page_bytes(void)
{
    long n = sysconf(_SC_PAGESIZE);
    return n > 0 ? (size_t)n : 4096u;
}

static void *stack_bottom(const rt_proc *p)
{
    return (char *)p->map + p->guard_bytes;
}

static size_t stack_bytes(const rt_proc *p)
{
    return p->map_bytes - p->guard_bytes;
}

/* Leaving a stack for [bottom, bottom + size); fake is where the leaving
 * context's fake stack is kept, NULL when it never comes back. */
static void fiber_leave(void **fake, const void *bottom, size_t size)
{
#ifdef SIM_ASAN
    __sanitizer_start_switch_fiber(fake, bottom, size);
#else
    (void)fake;
    (void)bottom;
    (void)size;
#endif
}

/* Arrived; *bottom and *size (if not NULL) describe the stack we left. */
static void fiber_arrive(void *fake, const void **bottom, size_t *size)
{
#ifdef SIM_ASAN
    __sanitizer_finish_switch_fiber(fake, bottom, size);
#else
    (void)fake;
    (void)bottom;
    (void)size;
#endif
}

/* ---- the run queue: a binary heap on (clock, index) ---------------------- */

static bool earlier(const rt_proc *a, const rt_proc *b)
{
    return a->clock < b->clock || (a->clock == b->clock && a->index < b->index);
}

static void heap_sift_up(sim *s, unsigned i)
{
    rt_proc *p = s->heap[i];
    while (i > 0 && earlier(p, s->heap[(i - 1) / 2])) {
        s->heap[i] = s->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    s->heap[i] = p;
}

static void heap_sift_down(sim *s, unsigned i)
{
    rt_proc *p = s->heap[i];
    for (;;) {
        unsigned c = 2 * i + 1;
        if (c >= s->queued)
            break;
        if (c + 1 < s->queued && earlier(s->heap[c + 1], s->heap[c]))
            c++;
        if (!earlier(s->heap[c], p))
            break;
        s->heap[i] = s->heap[c];
        i = c;
    }
    s->heap[i] = p;
}

static void heap_push(sim *s, rt_proc *p)
{
    s->heap[s->queued] = p;
    heap_sift_up(s, s->queued++);
}

static rt_proc *heap_pop(sim *s)
{
    if (s->queued == 0)
        return NULL;
    rt_proc *top = s->heap[0];
    s->heap[0] = s->heap[--s->queued];
    if (s->queued > 0)
        heap_sift_down(s, 0);
    return top;
}

/* ---- switching ----------------------------------------------------------- */

/* Run `to`; `from` resumes here when its turn comes. */
static void switch_to(rt_proc *from, rt_proc *to)
{
    if (_setjmp(from->ctx) == 0) {
        fiber_leave(&from->fake_stack, stack_bottom(to), stack_bytes(to));
        rt_self = to;
        _longjmp(to->ctx, 1);
    }
    fiber_arrive(from->fake_stack, NULL, NULL);
}

/* Leave `from` for good: to the next runnable processor, or back to
 * rt_sim_run when there is none. */
static _Noreturn void leave_for_good(sim *s)
{
    rt_proc *next = heap_pop(s);
    if (next == NULL) {
        fiber_leave(NULL, s->host_bottom, s->host_size);
        rt_self = NULL;
        _longjmp(s->host, 1);
    }
    fiber_leave(NULL, stack_bottom(next), stack_bytes(next));
    rt_self = next;
    _longjmp(next->ctx, 1);
}

/* A switch point: let an earlier processor run first. */
static void reschedule(sim *s, rt_proc *p)
{
    if (s->queued == 0 || !earlier(s->heap[0], p))
        return;
    rt_proc *next = s->heap[0];
    s->heap[0] = p;
    heap_sift_down(s, 0);
    switch_to(p, next);
}

/* p waits on a list; run someone else until it is woken. */
static void block(sim *s, rt_proc *p)
{
    rt_proc *next = heap_pop(s);
    if (next == NULL) {
        s->deadlock = true;
        leave_for_good(s);
    }
    switch_to(p, next);
}

static void wake(sim *s, rt_proc *p, uint64_t at)
{
    if (p->clock < at)
        p->clock = at;
    heap_push(s, p);
}

static void append(rt_proc **list, rt_proc *p)
{
    p->next = NULL;
    while (*list != NULL)
        list = &(*list)->next;
    *list = p;
}

/* ---- starting a processor ------------------------------------------------ */

/* Handed to the trampoline, which makecontext() cannot pass a pointer. */
static _Thread_local struct {
    rt_proc *proc;
    jmp_buf *back;
    void *fake;
} starting;

static void trampoline(void)
{
    rt_proc *p = starting.proc;
    const void *bottom = NULL;
    size_t size = 0;
    fiber_arrive(NULL, &bottom, &size);
    if (p->index == 0) { /* started by rt_sim_run: that stack is the host's */
        p->sim->host_bottom = bottom;
        p->sim->host_size = size;
    }
    if (_setjmp(p->ctx) == 0) {
        fiber_leave(&p->fake_stack, bottom, size);
        _longjmp(*starting.back, 1);
    }
    /* The processor's first turn. */
    p = rt_self;
    fiber_arrive(p->fake_stack, NULL, NULL);
    p->fn(p->arg);
    p->done = true;
    if (p->joiner != NULL)
        wake(p->sim, p->joiner, p->clock);
    leave_for_good(p->sim);
}

static void proc_free(rt_proc *p)
{
    if (p->map != NULL)
        munmap(p->map, p->map_bytes);
    free(p);
}

/* Call trampoline() on p's stack.  On the common machines two
 * instructions do it; elsewhere makecontext/swapcontext (which
 * AddressSanitizer warns about, and which makes a system call, once per
 * processor). */
#ifdef SIM_STACK_CALL
static int run_on_stack(rt_proc *p)
{
    /* The top of the stack, aligned as the ABIs want at a call. */
    uintptr_t top =
        ((uintptr_t)stack_bottom(p) + stack_bytes(p)) & ~(uintptr_t)15;
#if defined(__x86_64__)
    __asm__ volatile("mov %0, %%rsp\n\t"
                     "xor %%ebp, %%ebp\n\t"
                     "call *%1\n\t"
                     "ud2"
                     :
                     : "r"(top), "r"(trampoline)
                     : "memory");
#else
    __asm__ volatile("mov sp, %0\n\t"
                     "mov x29, xzr\n\t"
                     "blr %1\n\t"
                     "brk #0"
                     :
                     : "r"(top), "r"(trampoline)
                     : "memory");
#endif
    return -1; /* not reached: trampoline() jumps back to first_entry() */
}
#else
static int run_on_stack(rt_proc *p)
{
    ucontext_t uc, back_uc;
    if (getcontext(&uc) < 0)
        return -1;
    uc.uc_stack.ss_sp = stack_bottom(p);
    uc.uc_stack.ss_size = stack_bytes(p);
    uc.uc_link = NULL;
    makecontext(&uc, trampoline, 0);
    return swapcontext(&back_uc, &uc);
}
#endif

/* Enter p's stack once, to the _setjmp in trampoline(), and come back. */
static int first_entry(rt_proc *p)
{
    jmp_buf back;
    starting.proc = p;
    starting.back = &back;
    if (_setjmp(back) == 0) {
        fiber_leave(&starting.fake, stack_bottom(p), stack_bytes(p));
        if (run_on_stack(p) < 0) {
            fiber_arrive(starting.fake, NULL, NULL);
            return -1;
        }
    }
    fiber_arrive(starting.fake, NULL, NULL);
    return 0;
}

/* A new processor at `clock`, ready to run fn(arg) when its turn comes. */
static rt_proc *proc_new(sim *s, rt_thread_fn fn, void *arg, uint64_t clock)
{
    rt_proc *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->sim = s;
    p->index = s->n;
    p->clock = clock;
    p->noise = s->model.seed * 0xD1B54A32D192ED03u + p->index;
    p->fn = fn;
    p->arg = arg;
    p->guard_bytes = page_bytes();
    p->map_bytes = SIM_STACK_BYTES + p->guard_bytes;
    p->map = mmap(NULL, p->map_bytes, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p->map == MAP_FAILED) {
        p->map = NULL;
        proc_free(p);
        return NULL;
    }
    if (mprotect(p->map, p->guard_bytes, PROT_NONE) < 0 || first_entry(p) < 0) {
        proc_free(p);
        return NULL;
    }
    s->procs[s->n++] = p;
    return p;
}

/* ---- costs ----------------------------------------------------------------
 */

/* splitmix64: a processor's own stream, so a seed fixes the whole run. */
static uint64_t next_noise(rt_proc *p)
{
    uint64_t z = (p->noise += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* With sim_drift: the processor's speed for the next model.span ticks,
 * drawn uniformly within drift per cent of the model's. */
static uint64_t speed(rt_proc *p)
{
    const uint64_t d = p->sim->model.drift;
    if (p->clock >= p->speed_until) {
        p->speed = 100 - d + next_noise(p) % (2 * d + 1);
        p->speed_until = p->clock + (uint64_t)p->sim->model.span * SUB;
    }
    return p->speed;
}

/* A cost of c sub-ticks, at the processor's speed of the moment
 * (sim_drift) and varied uniformly by up to the model's jitter per cent
 * either way: real processors drift apart, and a perfectly regular clock
 * makes processors that start together march in lockstep. */
static uint64_t cost_sub(rt_proc *p, uint64_t c)
{
    if (p->sim->model.drift != 0)
        c = c * speed(p) / 100;
    uint64_t spread = c * p->sim->model.jitter / 100;
    if (spread == 0)
        return c;
    return c - spread + next_noise(p) % (2 * spread + 1);
}

static uint64_t cost(rt_proc *p, uint32_t ticks)
{
    return cost_sub(p, (uint64_t)ticks * SUB);
}

static void charge(rt_proc *p, uint32_t ticks)
{
    p->clock += cost(p, ticks);
}

/* MSI memory: p reads or writes addr's line at its current time.  The
 * directory changes in the order the requests are made; a line still
 * serving an earlier request makes this one wait for it (the thesis'
 * rejected-and-retried request, section 6.3.2). */
static void msi_access(sim *s, rt_proc *p, const volatile void *addr,
                       bool write)
{
    uint64_t *busy_until;
    reschedule(s, p);
    uint32_t delay = sim_dir_access(s->dir, p->index, (const void *)addr, write,
                                    &busy_until);
    if (busy_until == NULL) {
        s->nomem = true;
        return;
    }
    if (delay == 0)
        return;
    if (*busy_until > p->clock)
        p->clock = *busy_until;
    charge(p, delay);
    *busy_until = p->clock;
    reschedule(s, p);
}

/* ---- the runtime calls --------------------------------------------------- */

void rt_sim_access(rt_access kind, const volatile void *addr)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    if (s->dir != NULL) {
        msi_access(s, p, addr, kind != RT_ACCESS_READ);
        return;
    }
    charge(p, kind == RT_ACCESS_ATOMIC ? s->model.atomic : s->model.plain);
    reschedule(s, p);
}

void rt_sim_work(rt_work kind)
{
    rt_proc *p = rt_self;
    charge(p, p->sim->model.work[kind]);
}

/* A node: its return, and sim_node_extra, the algorithm's own work per
 * node that the operations above do not count (its bookkeeping, as one
 * real thread measures it against serial's), in whole sub-ticks as they
 * add up, so a fraction of a tick is charged exactly over many nodes. */
void rt_sim_node(void)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    charge(p, s->model.work[RT_WORK_RETURN]);
    if (s->model.node_extra != 0) {
        p->node_extra += (uint64_t)s->model.node_extra * SUB;
        p->clock += cost_sub(p, p->node_extra / 1000);
        p->node_extra %= 1000;
    }
    reschedule(s, p);
}

void rt_sim_delay(uint64_t ticks)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    charge(p, ticks > UINT32_MAX ? UINT32_MAX : (uint32_t)ticks);
    reschedule(s, p);
}

void rt_sim_home(const void *addr, uint64_t home)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    if (s->dir != NULL) {
        if (!sim_dir_set_home(s->dir, addr, (unsigned)(home % s->max)))
            s->nomem = true;
    } else if (home % s->max != p->index) {
        charge(p, s->model.remote);
    }
}

/* A lock or condition changes hands: an atomic operation in flat memory,
 * a write of its line in MSI memory. */
static void sync_write(sim *s, rt_proc *p, const void *addr, uint32_t flat)
{
    if (s->dir != NULL) {
        msi_access(s, p, addr, true);
        return;
    }
    charge(p, flat);
    reschedule(s, p);
}

int rt_sim_thread_start(rt_thread *t, rt_thread_fn fn, void *arg)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    if (s->n == s->max)
        return -1;
    /* Starting a processor is waking a waiting one: the starter signals
     * (an atomic operation), and the new one notices a backoff round
     * later.  Processors started in a row thus start apart, and do not
     * run in lockstep, which real ones never do. */
    if (s->dir != NULL)
        msi_access(s, p, s->start_words + (size_t)s->n * RT_LINE, true);
    else
        charge(p, s->model.atomic);
    rt_proc *q = proc_new(s, fn, arg, p->clock + cost(p, s->model.wait));
    if (q == NULL)
        return -1;
    heap_push(s, q);
    t->proc = q;
    return 0;
}

void rt_sim_thread_join(rt_thread *t)
{
    rt_proc *p = rt_self;
    rt_proc *q = t->proc;
    if (!q->done) {
        q->joiner = p;
        block(p->sim, p);
    }
    if (p->clock < q->clock)
        p->clock = q->clock;
}

/* What the first waiter pays to take a lock handed to it: its atomic
 * operation, or its write of the lock's line (which the releaser holds
 * modified). */
static uint64_t takeover(sim *s, rt_proc *next, const rt_mutex *m)
{
    if (s->dir == NULL)
        return cost(next, s->model.atomic);
    uint64_t *busy_until;
    uint32_t delay = sim_dir_access(s->dir, next->index, m, true, &busy_until);
    if (busy_until == NULL)
        s->nomem = true;
    return cost(next, delay);
}

/* Hand the lock to its first waiter, or free it (no switch point). */
static void release(sim *s, rt_mutex *m, const rt_proc *p)
{
    rt_proc *next = m->waiters;
    if (next == NULL) {
        m->holder = NULL;
        return;
    }
    m->waiters = next->next;
    m->holder = next;
    wake(s, next, p->clock + takeover(s, next, m));
}

void rt_sim_lock(rt_mutex *m)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    sync_write(s, p, m, s->model.atomic);
    if (m->holder == NULL) {
        m->holder = p;
        return;
    }
    append(&m->waiters, p);
    block(s, p); /* until release() hands it over */
}

void rt_sim_unlock(rt_mutex *m)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    sync_write(s, p, m, s->model.plain);
    release(s, m, p);
}

void rt_sim_cond_wait(rt_cond *c, rt_mutex *m)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    sync_write(s, p, c, s->model.plain);
    append(&c->waiters, p);
    release(s, m, p);
    block(s, p);
    rt_sim_lock(m);
}

void rt_sim_cond_broadcast(rt_cond *c)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    sync_write(s, p, c, s->model.atomic);
    for (rt_proc *q = c->waiters, *next; q != NULL; q = next) {
        next = q->next;
        q->next = NULL;
        wake(s, q, p->clock);
    }
    c->waiters = NULL;
}

void rt_sim_yield(void)
{
    rt_proc *p = rt_self;
    sim *s = p->sim;
    charge(p, s->model.wait);
    reschedule(s, p);
}

uint64_t rt_sim_now_ns(void)
{
    const rt_proc *p = rt_self;
    return p->sim->epoch_ns + p->clock / SUB;
}

/* ---- a simulation -------------------------------------------------------- */

static void sim_free(sim *s)
{
    for (unsigned i = 0; i < s->n; i++)
        proc_free(s->procs[i]);
    free(s->procs);
    free(s->heap);
    sim_dir_destroy(s->dir);
    free(s->start_words);
    free(s);
}

/* Run the processors until none is runnable. */
static void run_all(sim *s)
{
    if (_setjmp(s->host) == 0) {
        rt_proc *first = heap_pop(s);
        fiber_leave(&s->host_fake, stack_bottom(first), stack_bytes(first));
        rt_self = first;
        _longjmp(first->ctx, 1);
    }
    fiber_arrive(s->host_fake, NULL, NULL);
}

int rt_sim_run(const rt_model *model, unsigned max_procs, rt_thread_fn fn,
               void *arg, uint64_t epoch_ns, uint64_t *ticks)
{
    if (rt_simulated() || max_procs == 0)
        return PAB_EINVAL;
    sim *s = calloc(1, sizeof *s);
    if (s == NULL)
        return PAB_ENOMEM;
    s->model = *model;
    s->max = max_procs;
    s->epoch_ns = epoch_ns;
    s->procs = calloc(max_procs, sizeof *s->procs);
    s->heap = calloc(max_procs, sizeof *s->heap);
    if (model->msi && ((s->dir = sim_dir_create(max_procs)) == NULL ||
                       (s->start_words = rt_alloc_shared((size_t)max_procs *
                                                         RT_LINE)) == NULL)) {
        sim_free(s);
        return PAB_ENOMEM;
    }
    if (s->procs == NULL || s->heap == NULL ||
        proc_new(s, fn, arg, 0) == NULL) {
        sim_free(s);
        return PAB_ENOMEM;
    }
    heap_push(s, s->procs[0]);
    run_all(s);
    uint64_t end = 0;
    bool stuck = s->deadlock;
    for (unsigned i = 0; i < s->n; i++) {
        if (s->procs[i]->clock > end)
            end = s->procs[i]->clock;
        stuck |= !s->procs[i]->done;
    }
    *ticks = (end + SUB - 1) / SUB;
    int rc = s->nomem ? PAB_ENOMEM : stuck ? PAB_EDEADLOCK : 0;
    sim_free(s);
    return rc;
}

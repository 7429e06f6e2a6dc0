/*
 * The distributed transposition table: libpab's table entries of depth
 * remote_min_depth and more, homed on one rank by their key, reached by
 * MPI-3 one-sided operations (passive target), for abdada and
 * simplified-abdada across ranks.
 *
 * Why one-sided rather than messages served by a progress thread.  A
 * remote entry is read and written by the search threads of every rank
 * at any time; with messages, each rank would need a thread that answers
 * them at once, and an MPI library answers a blocking receive by polling,
 * which costs a core per rank (on this machine, one of its two).  Passive
 * target operations need nothing from the home rank: on one machine MPI
 * maps the window into every process (Open MPI's osc/sm), on a network
 * with RDMA the adapter serves them.  Measured on this machine's loopback
 * (Open MPI 4.1, two ranks, two threads each): 0.2 us for a fetch-and-op
 * with its flush; a remote operation here (lock, get, put, unlock, four
 * flushes) costs about 1 us, against 0.3-0.5 us for a whole chess node,
 * hence the depth threshold: only nodes with a subtree worth many such
 * round trips go remote (pab-mpi(7) has the measurements).
 *
 * Layout.  Each rank's window holds `nrecords` records of ten 64-bit
 * words: a ticket lock (next ticket, ticket served), then one bucket of
 * libpab's table exactly as libpab lays it out (PAB_TT_BUCKET_BYTES).  A key's
 * home rank is the high part of key * size (its top bits), its record the high
 * part of (key << 16) * nrecords; libpab's busy-word signature uses the key's
 * low 40 bits, which neither choice consumes.
 *
 * Invariant: a bucket's words change only between the lock (a thread
 * takes the next ticket and waits until it is served) and the unlock (the
 * next ticket is served), by the holder.  get() locks and copies the bucket
 * out; libpab runs its table code (lib/tt.c, the one copy of the replacement
 * and ABDADA rules) on the copy; put() writes the copy back if it changed, then
 * unlocks.  So every remote operation is atomic as a whole, and tt.c's
 * invariants hold on remote buckets without its lock-free arguments.  Ordering:
 * put and get are not ordered with respect to the atomic lock operations by
 * MPI, hence a flush after each step (the lock is taken before the get reads,
 * the bucket is written before the lock is released).  Races: none on the
 * bucket words; the two lock words are touched only by MPI's atomic
 * fetch-and-op and accumulate.  Deadlock: a thread holds at most one bucket,
 * never while it waits for another.
 */
#include "config.h"

#include <sched.h>
#include <string.h>

#include "cluster.h"

#define LOCK_WORDS   2 /* next ticket, ticket served */
#define BUCKET_WORDS (PAB_TT_BUCKET_BYTES / 8)
#define RECORD_WORDS (LOCK_WORDS + BUCKET_WORDS)

static uint64_t mulhi64(uint64_t a, uint64_t b)
{
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)(((u128)a * b) >> 64);
}

static int home_of(const cluster *c, uint64_t key)
{
    return (int)mulhi64(key, (uint64_t)c->size);
}

/* Where key's record starts in its home's window, in words. */
static MPI_Aint lock_disp(const cluster *c, uint64_t key)
{
    return (MPI_Aint)(mulhi64(key << 16, c->table.nrecords) * RECORD_WORDS);
}

int dtable_open(cluster *c, size_t bytes)
{
    dtable *t = &c->table;
    t->nrecords = bytes / (RECORD_WORDS * 8);
    if (t->nrecords == 0)
        return PAB_ESIZE;
    MPI_Aint size = (MPI_Aint)(t->nrecords * RECORD_WORDS * 8);
    if (MPI_Win_allocate(size, 8, MPI_INFO_NULL, c->comm, &t->base, &t->win) !=
        MPI_SUCCESS)
        return PAB_ENOMEM;
    MPI_Win_set_errhandler(t->win, MPI_ERRORS_RETURN);
    /* Not yet shared: every rank clears its own before the barrier. */
    memset(t->base, 0, (size_t)size);
    if (MPI_Win_lock_all(MPI_MODE_NOCHECK, t->win) != MPI_SUCCESS) {
        MPI_Win_free(&t->win);
        return PAB_ECOMM;
    }
    t->open = true;
    MPI_Barrier(c->comm);
    return 0;
}

void dtable_close(cluster *c)
{
    dtable *t = &c->table;
    if (!t->open)
        return;
    MPI_Win_unlock_all(t->win);
    MPI_Win_free(&t->win);
    t->open = false;
}

static void count_add(AO_t *word, uint64_t n)
{
    AO_fetch_and_add(word, (AO_t)n);
}

/* A ticket lock of two words, next and serving, by fetch-and-add alone:
 * compare-and-swap is what Open MPI 4.1's emulated atomics (osc/rdma over
 * the shared-memory BTL) crash on, and a ticket lock is fair besides. */
static int lock_bucket(cluster *c, int home, MPI_Aint disp)
{
    const uint64_t one = 1;
    uint64_t ticket, serving;
    if (MPI_Fetch_and_op(&one, &ticket, MPI_UINT64_T, home, disp, MPI_SUM,
                         c->table.win) != MPI_SUCCESS ||
        MPI_Win_flush(home, c->table.win) != MPI_SUCCESS)
        return PAB_ECOMM;
    for (;;) {
        if (MPI_Fetch_and_op(NULL, &serving, MPI_UINT64_T, home, disp + 1,
                             MPI_NO_OP, c->table.win) != MPI_SUCCESS ||
            MPI_Win_flush(home, c->table.win) != MPI_SUCCESS)
            return PAB_ECOMM;
        if (serving == ticket)
            return 0;
        count_add(&c->count.lock_waits, 1);
        sched_yield();
    }
}

static void unlock_bucket(cluster *c, int home, MPI_Aint disp)
{
    const uint64_t one = 1;
    MPI_Accumulate(&one, 1, MPI_UINT64_T, home, disp + 1, 1, MPI_UINT64_T,
                   MPI_SUM, c->table.win);
    MPI_Win_flush(home, c->table.win);
}

/* pab_tt_remote.get: lock key's bucket and copy it out. */
int dtable_get(uint64_t key, void *bucket, void *user)
{
    cluster *c = user;
    uint64_t t0 = cluster_now_ns();
    int home = home_of(c, key);
    MPI_Aint disp = lock_disp(c, key);
    int rc = lock_bucket(c, home, disp);
    if (rc == 0 &&
        (MPI_Get(bucket, BUCKET_WORDS, MPI_UINT64_T, home, disp + LOCK_WORDS,
                 BUCKET_WORDS, MPI_UINT64_T, c->table.win) != MPI_SUCCESS ||
         MPI_Win_flush(home, c->table.win) != MPI_SUCCESS)) {
        unlock_bucket(c, home, disp);
        rc = PAB_ECOMM;
    }
    count_add(&c->count.remote_ops, 1);
    count_add(&c->count.remote_ns, cluster_now_ns() - t0);
    return rc;
}

/* pab_tt_remote.put: write the copy back if it changed, and unlock. */
void dtable_put(uint64_t key, const void *bucket, bool changed, void *user)
{
    cluster *c = user;
    uint64_t t0 = cluster_now_ns();
    int home = home_of(c, key);
    MPI_Aint disp = lock_disp(c, key);
    if (changed) {
        MPI_Put(bucket, BUCKET_WORDS, MPI_UINT64_T, home, disp + LOCK_WORDS,
                BUCKET_WORDS, MPI_UINT64_T, c->table.win);
        MPI_Win_flush(home, c->table.win);
    }
    unlock_bucket(c, home, disp);
    count_add(&c->count.remote_ns, cluster_now_ns() - t0);
}

/* pab_tt_remote.clear: this rank's share, while no search runs anywhere
 * (pab_tt_clear(3) asks every rank to call it between searches). */
void dtable_clear(void *user)
{
    cluster *c = user;
    if (!c->table.open)
        return;
    memset(c->table.base, 0, c->table.nrecords * RECORD_WORDS * 8);
    MPI_Win_sync(c->table.win);
}

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
 * (Open MPI 4.1, two ranks, the machine otherwise idle;
 * tests/mpi_latency.c): a store here (ticket, turn, copy out, copy back
 * and turn, each with its flush) 1.1 us and a probe 0.95 us, against a
 * message round trip of 1.1 us to a thread that waits in a blocking
 * receive -- which spins, and so gives up a core of every rank -- or
 * 270 us to one that polls every 200 us as the progress thread does.  On
 * a network the message would cost one round trip where this costs
 * four; a rank with many cores could afford the spinning server, which
 * libpab-mpi does not offer (yet).  In a search, with the other rank's
 * threads at work, an operation here costs 1.2-1.3 us against 0.3-0.5 us
 * for a whole chess node: hence the depth threshold, so that only nodes
 * with a subtree worth many such round trips go remote (pab-mpi(7) and
 * BENCHMARKS.md have the measurements).
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
static MPI_Aint lock_disp(const rwin *w, uint64_t key)
{
    return (MPI_Aint)(mulhi64(key << 16, w->nrecords) * w->record_words);
}

/* Collective: a window of `bytes` (whole records of LOCK_WORDS + words
 * 64-bit words) on every rank, in its lock_all epoch for good. */
static int rwin_open(cluster *c, rwin *w, size_t bytes, unsigned words)
{
    w->record_words = LOCK_WORDS + words;
    w->nrecords = bytes / (w->record_words * 8);
    if (w->nrecords == 0)
        return PAB_ESIZE;
    MPI_Aint size = (MPI_Aint)(w->nrecords * w->record_words * 8);
    if (MPI_Win_allocate(size, 8, MPI_INFO_NULL, c->comm, &w->base, &w->win) !=
        MPI_SUCCESS)
        return PAB_ENOMEM;
    MPI_Win_set_errhandler(w->win, MPI_ERRORS_RETURN);
    /* Not yet shared: every rank clears its own before the barrier. */
    memset(w->base, 0, (size_t)size);
    if (MPI_Win_lock_all(MPI_MODE_NOCHECK, w->win) != MPI_SUCCESS) {
        MPI_Win_free(&w->win);
        return PAB_ECOMM;
    }
    w->open = true;
    MPI_Barrier(c->comm);
    return 0;
}

static void rwin_close(rwin *w)
{
    if (!w->open)
        return;
    MPI_Win_unlock_all(w->win);
    MPI_Win_free(&w->win);
    w->open = false;
}

int dtable_open(cluster *c, size_t bytes, size_t cs_bytes)
{
    int rc = rwin_open(c, &c->table, bytes, BUCKET_WORDS);
    if (rc == 0)
        rc = rwin_open(c, &c->cs, cs_bytes, PAB_CS_MAX_WAYS);
    return rc;
}

void dtable_close(cluster *c)
{
    rwin_close(&c->cs);
    rwin_close(&c->table);
}

static void count_add(AO_t *word, uint64_t n)
{
    AO_fetch_and_add(word, (AO_t)n);
}

/* A ticket lock of two words, next and serving, by fetch-and-add alone:
 * compare-and-swap is what Open MPI 4.1's emulated atomics (osc/rdma over
 * the shared-memory BTL) crash on, and a ticket lock is fair besides. */
static int lock_record(cluster *c, const rwin *w, int home, MPI_Aint disp)
{
    const uint64_t one = 1;
    uint64_t ticket, serving;
    if (MPI_Fetch_and_op(&one, &ticket, MPI_UINT64_T, home, disp, MPI_SUM,
                         w->win) != MPI_SUCCESS ||
        MPI_Win_flush(home, w->win) != MPI_SUCCESS)
        return PAB_ECOMM;
    for (;;) {
        if (MPI_Fetch_and_op(NULL, &serving, MPI_UINT64_T, home, disp + 1,
                             MPI_NO_OP, w->win) != MPI_SUCCESS ||
            MPI_Win_flush(home, w->win) != MPI_SUCCESS)
            return PAB_ECOMM;
        if (serving == ticket)
            return 0;
        count_add(&c->count.lock_waits, 1);
        sched_yield();
    }
}

static void unlock_record(const rwin *w, int home, MPI_Aint disp)
{
    const uint64_t one = 1;
    MPI_Accumulate(&one, 1, MPI_UINT64_T, home, disp + 1, 1, MPI_UINT64_T,
                   MPI_SUM, w->win);
    MPI_Win_flush(home, w->win);
}

/* Lock key's record and copy its first `words` words out. */
static int record_get(cluster *c, const rwin *w, uint64_t key, void *to,
                      int words)
{
    uint64_t t0 = cluster_now_ns();
    int home = home_of(c, key);
    MPI_Aint disp = lock_disp(w, key);
    int rc = lock_record(c, w, home, disp);
    if (rc == 0 && (MPI_Get(to, words, MPI_UINT64_T, home, disp + LOCK_WORDS,
                            words, MPI_UINT64_T, w->win) != MPI_SUCCESS ||
                    MPI_Win_flush(home, w->win) != MPI_SUCCESS)) {
        unlock_record(w, home, disp);
        rc = PAB_ECOMM;
    }
    count_add(&c->count.remote_ops, 1);
    count_add(&c->count.remote_ns, cluster_now_ns() - t0);
    return rc;
}

/* Write the copy back if it changed, and unlock. */
static void record_put(cluster *c, const rwin *w, uint64_t key,
                       const void *from, int words, bool changed)
{
    uint64_t t0 = cluster_now_ns();
    int home = home_of(c, key);
    MPI_Aint disp = lock_disp(w, key);
    if (changed) {
        MPI_Put(from, words, MPI_UINT64_T, home, disp + LOCK_WORDS, words,
                MPI_UINT64_T, w->win);
        MPI_Win_flush(home, w->win);
    }
    unlock_record(w, home, disp);
    count_add(&c->count.remote_ns, cluster_now_ns() - t0);
}

/* pab_tt_remote.get and .put: key's bucket. */
int dtable_get(uint64_t key, void *bucket, void *user)
{
    cluster *c = user;
    return record_get(c, &c->table, key, bucket, BUCKET_WORDS);
}

void dtable_put(uint64_t key, const void *bucket, bool changed, void *user)
{
    cluster *c = user;
    record_put(c, &c->table, key, bucket, BUCKET_WORDS, changed);
}

/* pab_cs_remote.get and .put: a move's set of the currently-searching
 * table (its first `bytes` of PAB_CS_MAX_WAYS ways). */
int dcs_get(uint64_t move_hash, void *set, size_t bytes, void *user)
{
    cluster *c = user;
    return record_get(c, &c->cs, move_hash, set, (int)(bytes / 8));
}

void dcs_put(uint64_t move_hash, const void *set, size_t bytes, bool changed,
             void *user)
{
    cluster *c = user;
    record_put(c, &c->cs, move_hash, set, (int)(bytes / 8), changed);
}

/* pab_tt_remote.clear: this rank's shares, while no search runs anywhere
 * (pab_tt_clear(3) asks every rank to call it between searches). */
void dtable_clear(void *user)
{
    cluster *c = user;
    rwin *w[2] = {&c->table, &c->cs};
    for (int i = 0; i < 2; i++) {
        if (!w[i]->open)
            continue;
        memset(w[i]->base, 0, w[i]->nrecords * w[i]->record_words * 8);
        MPI_Win_sync(w[i]->win);
    }
}

/*
 * libpab-mpi's internals: one cluster per searcher, shared by the
 * distributed table (table.c), the progress thread (progress.c) and the
 * searcher's hooks (cluster.c).
 *
 * Shared words.  libpab-mpi's own shared counters and flags are AO_t,
 * read and written only with libatomic_ops, as libpab's are; the words of
 * the distributed table live in an MPI window and are touched only by MPI
 * one-sided operations, under a lock per bucket (see table.c).
 */
#ifndef PAB_MPI_CLUSTER_H
#define PAB_MPI_CLUSTER_H

#include <stdbool.h>
#include <stdint.h>

#include <atomic_ops.h>
#include <pthread.h>

#include <pab/mpi.h>

/* As lib/prefix.h does for libpab: the internal functions' global names,
 * which libpab-mpi.a cannot hide, carry the library's prefix
 * (tests/check_symbols.sh checks). */
#define dtable_open      pab_mpi__dtable_open
#define dtable_close     pab_mpi__dtable_close
#define dtable_get       pab_mpi__dtable_get
#define dtable_put       pab_mpi__dtable_put
#define dtable_clear     pab_mpi__dtable_clear
#define dcs_get          pab_mpi__dcs_get
#define dcs_put          pab_mpi__dcs_put
#define mirror_stored    pab_mpi__mirror_stored
#define progress_start   pab_mpi__progress_start
#define progress_finish  pab_mpi__progress_finish
#define progress_abandon pab_mpi__progress_abandon
#define cluster_now_ns   pab_mpi__cluster_now_ns

/* Message tags on the cluster's own communicator. */
enum { TAG_STOP = 1, TAG_ENTRIES = 2 };

/* How the ranks share a search's table entries. */
typedef enum share_mode {
    SHARE_NONE,        /* one rank: nothing to share */
    SHARE_DISTRIBUTED, /* deep entries homed by key (abdada, simplified) */
    SHARE_MIRRORED     /* deep entries sent to every rank (Lazy Cluster) */
} share_mode;

/* One deep entry on its way to the other ranks: three words. */
typedef struct wire_entry {
    uint64_t key;
    uint64_t data;  /* score (low 32 bits) | move (high 32) */
    uint64_t draft; /* depth (low 8 bits) | bound (next 2) */
} wire_entry;

/* A window of records for a distributed table: each a lock (two words)
 * and then `record_words - 2` words; this rank's share. */
typedef struct rwin {
    MPI_Win win;
    uint64_t *base;        /* this rank's records */
    uint64_t nrecords;     /* per rank */
    unsigned record_words; /* lock and data */
    bool open;             /* the window exists and is in its lock_all epoch */
} rwin;

/* Lazy Cluster's outbox: deep stores waiting for the next round. */
typedef struct outbox {
    pthread_mutex_t lock;
    wire_entry *entry;
    unsigned count, capacity;
} outbox;

/* The progress thread's side of the exchange (progress.c), allocated
 * with the cluster. */
typedef struct exchange {
    wire_entry *sending; /* the batch in flight */
    wire_entry *inbox;   /* the batch being stored */
    MPI_Request *req;    /* one per rank */
    bool in_flight;
    int fins; /* peers whose last message of this search has come */
} exchange;

/* Counters the search threads add to: AO_t, libatomic_ops only. */
typedef struct counters {
    AO_t remote_ops, remote_ns, lock_waits, sent, received, dropped;
} counters;

typedef struct cluster {
    MPI_Comm comm; /* our duplicate of the caller's */
    int rank, size;
    pab_mpi_options opt;
    pab_searcher *searcher;
    rwin table; /* the transposition table's deep buckets */
    rwin cs;    /* the currently-searching table's deep sets */
    outbox out;
    exchange x;
    counters count;
    pab_mpi_stats last; /* of the last search, summed over the ranks */
    int64_t *ballot;    /* Lazy Cluster's vote: 3 words a rank */
    share_mode mode;    /* of the search running */
    /* The progress thread of the running search. */
    pthread_t progress;
    bool progress_running;
    AO_t search_done;  /* this rank's search returned */
    AO_t abandoned;    /* the search was refused before it ran */
    AO_t stop_seen_ns; /* when rank 0's stop arrived (0: not yet) */
} cluster;

/* table.c */
int dtable_open(cluster *c, size_t bytes, size_t cs_bytes);
void dtable_close(cluster *c);
int dtable_get(uint64_t key, void *bucket, void *user);
void dtable_put(uint64_t key, const void *bucket, bool changed, void *user);
void dtable_clear(void *user);
int dcs_get(uint64_t move_hash, void *set, size_t bytes, void *user);
void dcs_put(uint64_t move_hash, const void *set, size_t bytes, bool changed,
             void *user);

/* progress.c */
void mirror_stored(uint64_t key, int depth, pab_bound bound, pab_score_t score,
                   pab_move_t move, void *user);
int progress_start(cluster *c);
void progress_abandon(cluster *c);
void progress_finish(cluster *c);

/* cluster.c */
uint64_t cluster_now_ns(void);

#endif /* PAB_MPI_CLUSTER_H */

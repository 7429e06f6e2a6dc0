/*
 * libpab-mpi: one search over the processes (ranks) of an MPI
 * communicator, each running its own threads: ABDADA and Simplified ABDADA
 * over a transposition table distributed by key, Lazy SMP as Lazy Cluster.
 * A separate library (pkg-config pab-mpi); libpab itself never depends on
 * MPI.  See pab-mpi(7).
 */
#ifndef PAB_MPI_H
#define PAB_MPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mpi.h>

#include <pab/pab.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && __GNUC__ >= 4
#define PAB_MPI_API __attribute__((visibility("default")))
#else
#define PAB_MPI_API
#endif

#define PAB_MPI_VERSION_MAJOR  0
#define PAB_MPI_VERSION_MINOR  1
#define PAB_MPI_VERSION_PATCH  0
#define PAB_MPI_VERSION_STRING "0.1.0"

PAB_MPI_API const char *pab_mpi_version(void);

/* Whether an MPI launcher (mpirun, mpiexec, srun) started this process:
 * its environment says so.  A program calls MPI_Init_thread() only then,
 * so that it runs without a launcher exactly as without MPI. */
PAB_MPI_API bool pab_mpi_launched(void);

/* How the ranks share their work.  Later versions may add fields at the
 * end; start from pab_mpi_options_init(). */
typedef struct pab_mpi_options {
    size_t size;           /* sizeof(pab_mpi_options) */
    size_t table_bytes;    /* this rank's share of the distributed table;
                            * 0: the local table's size */
    int remote_min_depth;  /* entries of this draft and deeper are
                            * distributed (abdada, simplified-abdada) or
                            * sent to every rank (lazy-smp); 4 */
    unsigned poll_us;      /* the progress thread's pause between looks
                            * for messages, microseconds; 200 */
    unsigned exchange_max; /* lazy-smp: entries a rank keeps to send
                            * between two rounds (more are dropped);
                            * 4096 */
    unsigned cs_sets;      /* simplified-abdada: sets of the distributed
                            * currently-searching table on each rank (of
                            * up to PAB_CS_MAX_WAYS ways); 4096 */
    int cs_min_depth;      /* simplified-abdada: moves at this depth and
                            * deeper are marked in the distributed
                            * currently-searching table; 0: each rank
                            * keeps its own; 6 (pab-mpi(7) has the
                            * measurements) */
} pab_mpi_options;

PAB_MPI_API void pab_mpi_options_init(pab_mpi_options *options);

/* Collective over comm: every rank calls it, with the same options.  The
 * searcher is an ordinary pab_searcher (pab_search(), pab_searcher_stop(),
 * pab_searcher_tt() work as usual) whose searches span every rank, and
 * whose pab_searcher_destroy() is collective too. */
PAB_MPI_API int pab_mpi_searcher_create(pab_searcher **searcher,
                                        const pab_game *game, size_t tt_bytes,
                                        MPI_Comm comm,
                                        const pab_mpi_options *options);

/* What the last search cost in communication, summed over the ranks. */
typedef struct pab_mpi_stats {
    size_t size;            /* sizeof(pab_mpi_stats) */
    unsigned ranks;         /* processes in the communicator */
    uint64_t remote_ops;    /* operations on the distributed table */
    uint64_t remote_ns;     /* time search threads spent in them */
    uint64_t lock_waits;    /* ... of which found the bucket taken, retries */
    uint64_t sent;          /* lazy-smp: entries sent (to each peer once) */
    uint64_t received;      /* lazy-smp: entries received and stored */
    uint64_t dropped;       /* lazy-smp: entries not sent: outbox full */
    uint64_t stop_ns;       /* the longest a rank took from rank 0's stop
                             * message to the end of its own search */
    uint64_t search_ms_max; /* the longest search of a rank, each by its
                             * own clock from its own start */
} pab_mpi_stats;

PAB_MPI_API int pab_mpi_searcher_stats(const pab_searcher *searcher,
                                       pab_mpi_stats *stats);

#ifdef __cplusplus
}
#endif

#endif /* PAB_MPI_H */

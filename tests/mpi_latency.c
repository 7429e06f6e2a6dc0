/*
 * mpi_latency: what a table operation on another rank costs, the way
 * libpab-mpi makes it (MPI-3 one-sided, lib/mpi/table.c) against the way
 * it could have (a message to a thread of the home rank that answers it),
 * under mpirun -np 2.  The measurement behind table.c's choice
 * (BENCHMARKS.md, "Beyond one machine"); tests/check_mpi.sh runs it small
 * so that it keeps working, and checks only that every operation
 * completed and the answers came back right.
 *
 *   mpirun -np 2 mpi_latency [N]    N operations of each kind (10000)
 *
 * Rank 0 measures; rank 1 is the home.  One-sided: N stores of an entry
 * homed on rank 1 through a libpab-mpi searcher's table (lock, copy out,
 * copy back, unlock), then N probes.  Messages: N requests of 8 bytes
 * answered with a bucket's 64 bytes by a server thread on rank 1, first
 * one that waits in a blocking receive (MPI then spins: it keeps a core
 * busy), then one that polls every 200 us (libpab-mpi's progress thread's
 * pause).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pab/mpi.h>

#include "../examples/common/ranks.h"
#include "../examples/games/tictactoe.h"

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* A key homed on rank 1 of 2 (libpab-mpi's home is the top bit), its
 * other bits mixed so that the keys spread over the home's buckets. */
static uint64_t remote_key(unsigned i)
{
    uint64_t x = (uint64_t)i * UINT64_C(0x9E3779B97F4A7C15);
    x ^= x >> 29;
    x *= UINT64_C(0xBF58476D1CE4E5B9);
    x ^= x >> 32;
    return x | UINT64_C(0x8000000000000000);
}

static int one_sided(unsigned n, int rank)
{
    pab_game g;
    ttt_game(&g, TTT_SCORE_MATE);
    pab_searcher *s;
    pab_mpi_options o;
    pab_mpi_options_init(&o);
    o.remote_min_depth = 1;
    if (pab_mpi_searcher_create(&s, &g, 1 << 20, MPI_COMM_WORLD, &o) < 0)
        return 1;
    /* A first search attaches the distributed table to the searcher's. */
    pab_config c;
    pab_result r;
    ttt_state st;
    ttt_init(&st);
    pab_config_init(&c);
    c.algorithm = PAB_ALGO_ABDADA;
    c.max_depth = 2;
    if (pab_search(s, &st, &c, &r) < 0)
        return 1;
    int bad = 0;
    if (rank == 0) {
        pab_tt *tt = pab_searcher_tt(s);
        double t0 = now_us();
        for (unsigned i = 0; i < n; i++)
            pab_tt_store(tt, remote_key(i), 5, PAB_BOUND_EXACT, (int)i, 1);
        double t1 = now_us();
        pab_tt_entry e;
        for (unsigned i = 0; i < n; i++)
            if (!pab_tt_probe_at(tt, remote_key(i), 5, &e) || e.score != (int)i)
                bad++;
        double t2 = now_us();
        printf("one-sided: store %.2f us, probe %.2f us an operation; "
               "%d of %u probes missed\n",
               (t1 - t0) / n, (t2 - t1) / n, bad, n);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    pab_searcher_destroy(s);
    return bad > (int)n / 10; /* a few collide in the home's buckets */
}

typedef struct server {
    unsigned n;
    unsigned poll_us; /* 0: a blocking receive */
} server;

static void *serve(void *arg)
{
    server *sv = arg;
    uint64_t key, bucket[8];
    for (unsigned i = 0; i < sv->n; i++) {
        if (sv->poll_us == 0) {
            MPI_Recv(&key, 1, MPI_UINT64_T, 0, 7, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        } else {
            int flag = 0;
            MPI_Request r;
            MPI_Irecv(&key, 1, MPI_UINT64_T, 0, 7, MPI_COMM_WORLD, &r);
            while (MPI_Test(&r, &flag, MPI_STATUS_IGNORE), !flag) {
                struct timespec ts = {0, (long)sv->poll_us * 1000};
                nanosleep(&ts, NULL);
            }
        }
        for (int w = 0; w < 8; w++)
            bucket[w] = key + (uint64_t)w;
        MPI_Send(bucket, 8, MPI_UINT64_T, 0, 8, MPI_COMM_WORLD);
    }
    return NULL;
}

static int messages(unsigned n, unsigned poll_us, int rank)
{
    int bad = 0;
    if (rank == 1) {
        server sv = {n, poll_us};
        pthread_t t;
        pthread_create(&t, NULL, serve, &sv);
        pthread_join(t, NULL);
    } else {
        uint64_t bucket[8];
        double t0 = now_us();
        for (unsigned i = 0; i < n; i++) {
            uint64_t key = remote_key(i);
            MPI_Send(&key, 1, MPI_UINT64_T, 1, 7, MPI_COMM_WORLD);
            MPI_Recv(bucket, 8, MPI_UINT64_T, 1, 8, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            bad += bucket[7] != key + 7;
        }
        double t1 = now_us();
        printf("messages, server %s: %.2f us a round trip; %d wrong\n",
               poll_us ? "polling every 200 us" : "in a blocking receive",
               (t1 - t0) / n, bad);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return bad != 0;
}

int main(int argc, char **argv)
{
    ex_ranks_init(&argc, &argv); /* MPI, and the leak check at the end */
    if (!ex_ranks_active())
        return 1;
    int rank = ex_ranks_rank(), size = ex_ranks_size();
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 10000;
    int failed = size != 2 || n == 0;
    if (!failed)
        failed = one_sided(n, rank) | messages(n, 0, rank) |
                 messages(n / 10 + 1, 200, rank);
    if (failed && rank == 0)
        fprintf(stderr, "mpi_latency: failed (run it on 2 ranks)\n");
    return failed;
}

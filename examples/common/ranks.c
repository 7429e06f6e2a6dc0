/*
 * MPI for the example programs; see ranks.h.  Without libpab-mpi
 * (configure found no MPI) the functions keep a single process.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ranks.h"

#ifdef PAB_HAVE_MPI
#include <pab/mpi.h>

/* Under AddressSanitizer, leaks are checked just before MPI_Finalize,
 * when every allocation of ours must be gone and MPI's are still in use;
 * what MPI_Init_thread allocates is not counted (some of it comes from
 * components it loads and unloads at once, which LeakSanitizer cannot even
 * name), and what MPI_Finalize leaves is MPI's.  tests/lsan.supp covers
 * the blocks MPI's collective components keep in between. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EX_LEAK_CHECK 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(EX_LEAK_CHECK)
#define EX_LEAK_CHECK 1
#endif
#ifdef EX_LEAK_CHECK
#include <sanitizer/lsan_interface.h>
#endif

static bool active;
static int rank, size = 1;

static void finalize(void)
{
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized)
        return;
#ifdef EX_LEAK_CHECK
    __lsan_do_leak_check(); /* a leak of ours ends the program here */
#endif
    MPI_Finalize();
}

void ex_ranks_init(int *argc, char ***argv)
{
    int level;
    if (!pab_mpi_launched())
        return;
#ifdef EX_LEAK_CHECK
    __lsan_disable();
#endif
    int rc = MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &level);
#ifdef EX_LEAK_CHECK
    __lsan_enable();
#endif
    if (rc != MPI_SUCCESS)
        return;
    active = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    atexit(finalize);
    if (rank != 0 && freopen("/dev/null", "w", stdout) == NULL)
        fprintf(stderr, "rank %d: cannot silence stdout\n", rank);
}

bool ex_ranks_active(void)
{
    return active;
}

int ex_ranks_rank(void)
{
    return rank;
}

int ex_ranks_size(void)
{
    return size;
}

/* libpab-mpi's options, with the depth thresholds from the environment
 * (PAB_MPI_REMOTE_MIN_DEPTH, PAB_MPI_CS_MIN_DEPTH; pab-mpi(7)) when they
 * are set and valid. */
static pab_mpi_options options(void)
{
    pab_mpi_options o;
    pab_mpi_options_init(&o);
    const char *e = getenv("PAB_MPI_REMOTE_MIN_DEPTH");
    char *end;
    long d = e != NULL ? strtol(e, &end, 10) : 0;
    if (e != NULL && *end == '\0' && d >= 1 && d <= PAB_TT_MAX_DEPTH)
        o.remote_min_depth = (int)d;
    else if (e != NULL && rank == 0)
        fprintf(stderr, "PAB_MPI_REMOTE_MIN_DEPTH=%s ignored: not 1..%d\n", e,
                PAB_TT_MAX_DEPTH);
    e = getenv("PAB_MPI_CS_MIN_DEPTH");
    d = e != NULL ? strtol(e, &end, 10) : -1;
    if (e != NULL && *end == '\0' && d >= 0 && d <= PAB_TT_MAX_DEPTH)
        o.cs_min_depth = (int)d;
    else if (e != NULL && rank == 0)
        fprintf(stderr, "PAB_MPI_CS_MIN_DEPTH=%s ignored: not 0..%d\n", e,
                PAB_TT_MAX_DEPTH);
    return o;
}

int ex_ranks_searcher_create(pab_searcher **s, const pab_game *game,
                             size_t bytes)
{
    if (!active)
        return pab_searcher_create(s, game, bytes);
    pab_mpi_options o = options();
    return pab_mpi_searcher_create(s, game, bytes, MPI_COMM_WORLD, &o);
}

void ex_ranks_describe(const pab_searcher *s, char *buf, size_t len)
{
    pab_mpi_stats st;
    if (!active || pab_mpi_searcher_stats(s, &st) < 0) {
        snprintf(buf, len, "%s", "");
        return;
    }
    snprintf(buf, len,
             "mpi ranks %u remote_ops %" PRIu64 " remote_ms %" PRIu64
             " lock_waits %" PRIu64 " sent %" PRIu64 " received %" PRIu64
             " dropped %" PRIu64 " stop_ms %" PRIu64,
             st.ranks, st.remote_ops, st.remote_ns / 1000000u, st.lock_waits,
             st.sent, st.received, st.dropped, st.stop_ns / 1000000u);
}

/* Waiting for rank 0 without spinning: MPI's blocking collectives poll. */
static void wait_polling(MPI_Request *req)
{
    int done = 0;
    struct timespec pause = {0, 1000000L};
    for (;;) {
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done)
            return;
        nanosleep(&pause, NULL);
    }
}

int ex_ranks_searcher_of(pab_searcher **s, const pab_game *game, size_t bytes,
                         int n)
{
    *s = NULL;
    if (!active)
        return n == 1 ? pab_searcher_create(s, game, bytes) : PAB_EINVAL;
    if (n < 1 || n > size)
        return PAB_EINVAL;
    MPI_Comm sub;
    MPI_Comm_split(MPI_COMM_WORLD, rank < n ? 0 : MPI_UNDEFINED, rank, &sub);
    if (sub == MPI_COMM_NULL)
        return 0;
    pab_mpi_options o = options();
    int rc = pab_mpi_searcher_create(s, game, bytes, sub, &o);
    MPI_Comm_free(&sub); /* the searcher keeps its own duplicate */
    return rc;
}

void ex_ranks_barrier(void)
{
    if (!active || size == 1)
        return;
    MPI_Request req;
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    wait_polling(&req);
}

double ex_ranks_mpi_ms(const pab_searcher *s)
{
    pab_mpi_stats st;
    if (!active || pab_mpi_searcher_stats(s, &st) < 0)
        return 0;
    return (double)st.remote_ns / 1e6;
}

void ex_ranks_send_line(const char *line)
{
    if (!active || size == 1)
        return;
    int len = line != NULL ? (int)strlen(line) + 1 : 0;
    MPI_Request req;
    MPI_Ibcast(&len, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
    wait_polling(&req);
    if (len > 0) {
        MPI_Ibcast((char *)line, len, MPI_CHAR, 0, MPI_COMM_WORLD, &req);
        wait_polling(&req);
    }
}

char *ex_ranks_next_line(void)
{
    if (!active || size == 1)
        return NULL;
    int len;
    MPI_Request req;
    MPI_Ibcast(&len, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
    wait_polling(&req);
    if (len <= 0)
        return NULL;
    char *line = malloc((size_t)len);
    /* Out of memory: the broadcast must still be received, then dropped. */
    char scratch[1];
    MPI_Ibcast(line != NULL ? line : scratch, line != NULL ? len : 0, MPI_CHAR,
               0, MPI_COMM_WORLD, &req);
    wait_polling(&req);
    return line;
}

#else /* no MPI */

void ex_ranks_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
}

bool ex_ranks_active(void)
{
    return false;
}

int ex_ranks_rank(void)
{
    return 0;
}

int ex_ranks_size(void)
{
    return 1;
}

int ex_ranks_searcher_create(pab_searcher **s, const pab_game *game,
                             size_t bytes)
{
    return pab_searcher_create(s, game, bytes);
}

void ex_ranks_describe(const pab_searcher *s, char *buf, size_t len)
{
    (void)s;
    snprintf(buf, len, "%s", "");
}

int ex_ranks_searcher_of(pab_searcher **s, const pab_game *game, size_t bytes,
                         int n)
{
    *s = NULL;
    return n == 1 ? pab_searcher_create(s, game, bytes) : PAB_EINVAL;
}

void ex_ranks_barrier(void)
{
}

double ex_ranks_mpi_ms(const pab_searcher *s)
{
    (void)s;
    return 0;
}

void ex_ranks_send_line(const char *line)
{
    (void)line;
}

char *ex_ranks_next_line(void)
{
    return NULL;
}

#endif

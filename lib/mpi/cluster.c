/*
 * libpab-mpi's searcher: a libpab searcher whose table has a remote home
 * (table.c) or mirrors its deep entries (progress.c), and whose hooks make
 * one pab_search() span the ranks of a communicator.
 *
 * A search, on every rank: start() chooses how entries are shared, gives
 * each rank's helpers their own seed and starts the progress thread; the
 * rank's own threads search; finish() has rank 0 stop the others, agrees
 * on the return code, sums the statistics, and gives every rank the same
 * result: rank 0's, or for lazy-smp that of the rank whose move the ranks
 * that completed rank 0's depth vote for (after Stockfish's cluster
 * branch), with the statistics summed and rank 0's time.
 *
 * Races: none of our own beyond the counters and flags of cluster.h (AO_t
 * through libatomic_ops); hooks run on the thread that called
 * pab_search(), one search at a time per searcher.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cluster.h"

/* The algorithms that run across ranks, and how they share entries. */
static share_mode mode_of(int algorithm)
{
    switch (algorithm) {
    case PAB_ALGO_ABDADA:
    case PAB_ALGO_SIMPLIFIED_ABDADA: return SHARE_DISTRIBUTED;
    case PAB_ALGO_LAZY_SMP: return SHARE_MIRRORED;
    default: return SHARE_NONE;
    }
}

uint64_t cluster_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

const char *pab_mpi_version(void)
{
    return PAB_MPI_VERSION_STRING;
}

bool pab_mpi_launched(void)
{
    static const char *const vars[] = {
        "OMPI_COMM_WORLD_SIZE", /* Open MPI's mpirun */
        "PMI_SIZE",             /* MPICH's hydra, Intel MPI, srun --mpi=pmi2 */
        "PMIX_RANK",            /* PMIx launchers (srun, prrte) */
        "MV2_COMM_WORLD_SIZE"   /* MVAPICH */
    };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (getenv(vars[i]) != NULL)
            return true;
    return false;
}

void pab_mpi_options_init(pab_mpi_options *o)
{
    if (o == NULL)
        return;
    memset(o, 0, sizeof *o);
    o->size = sizeof *o;
    o->remote_min_depth = 4;
    o->poll_us = 200;
    o->exchange_max = 4096;
    o->cs_sets = 4096;
    o->cs_min_depth = 6;
}

static int options_check(const pab_mpi_options *o)
{
    if (o->size != sizeof *o)
        return PAB_EVERSION;
    if (o->remote_min_depth < 1 || o->remote_min_depth > PAB_TT_MAX_DEPTH ||
        o->poll_us > 1000000u || o->exchange_max < 1 ||
        o->exchange_max > (1u << 20) || o->cs_sets < 1 ||
        o->cs_sets > (1u << 24) || o->cs_min_depth < 0 ||
        o->cs_min_depth > PAB_TT_MAX_DEPTH)
        return PAB_EINVAL;
    if (o->table_bytes != 0 && (o->table_bytes < PAB_TT_MIN_BYTES ||
                                o->table_bytes > PAB_TT_MAX_BYTES))
        return PAB_ESIZE;
    return 0;
}

/* ---- a search ---------------------------------------------------------- */

static int set_sharing(cluster *c, share_mode mode)
{
    pab_tt_remote r = {
        .size = sizeof r, .min_depth = c->opt.remote_min_depth, .user = c};
    if (mode == SHARE_DISTRIBUTED) {
        r.get = dtable_get;
        r.put = dtable_put;
        r.clear = dtable_clear;
    } else if (mode == SHARE_MIRRORED) {
        r.stored = mirror_stored;
        r.clear = dtable_clear;
    } else {
        return pab_tt_set_remote(pab_searcher_tt(c->searcher), NULL);
    }
    return pab_tt_set_remote(pab_searcher_tt(c->searcher), &r);
}

static void counters_reset(cluster *c)
{
    AO_t *w[] = {&c->count.remote_ops, &c->count.remote_ns,
                 &c->count.lock_waits, &c->count.sent,
                 &c->count.received,   &c->count.dropped};
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        AO_store(w[i], 0);
}

/* Every rank's verdict on a search about to start, and whether they all
 * run the same algorithm: a rank that went ahead alone would wait for
 * ever in finish for the others. */
static int agree_start(cluster *c, int rc, int algorithm)
{
    int v[3] = {rc, algorithm, -algorithm}; /* min rc, min and max algo */
    if (c->size > 1 && MPI_Allreduce(MPI_IN_PLACE, v, 3, MPI_INT, MPI_MIN,
                                     c->comm) != MPI_SUCCESS)
        return PAB_ECOMM;
    if (v[0] < 0)
        return v[0];
    return v[1] == -v[2] ? 0 : PAB_EINVAL;
}

static int hook_start(pab_searcher *s, const void *root, pab_config *config,
                      void *user)
{
    (void)s;
    (void)root;
    cluster *c = user;
    int rc = 0;
    c->mode = c->size == 1 ? SHARE_NONE : mode_of(config->algorithm);
    if (c->size > 1 && (c->mode == SHARE_NONE || config->simulate))
        rc = PAB_ENOTSUP;
    counters_reset(c); /* before the thread: it counts from its start */
    if (rc == 0)
        rc = set_sharing(c, c->mode);
    if (rc == 0)
        rc = progress_start(c);
    rc = agree_start(c, rc, (int)config->algorithm);
    if (rc < 0) {
        progress_abandon(c);
        return rc;
    }
    if (config->algorithm == PAB_ALGO_LAZY_SMP)
        config->seed += (uint32_t)c->rank * config->threads;
    return 0;
}

/* simplified-abdada with cs_min_depth: moves at that depth and deeper are
 * marked in the distributed currently-searching table, so that a rank
 * defers what another rank is searching (Kerrigan's table, across
 * processes).  Without it each rank's table is its own. */
static int hook_cs_created(pab_cs *cs, const pab_config *config, void *user)
{
    (void)config;
    cluster *c = user;
    if (c->mode != SHARE_DISTRIBUTED || c->opt.cs_min_depth == 0)
        return 0;
    pab_cs_remote r = {.size = sizeof r,
                       .min_depth = c->opt.cs_min_depth,
                       .get = dcs_get,
                       .put = dcs_put,
                       .user = c};
    return pab_cs_set_remote(cs, &r);
}

/* The whole result's words that add up over ranks. */
static void sum_stats(cluster *c, pab_result *r)
{
    int n = (int)(sizeof r->stats / sizeof(uint64_t));
    MPI_Allreduce(MPI_IN_PLACE, &r->stats, n, MPI_UINT64_T, MPI_SUM, c->comm);
    MPI_Allreduce(MPI_IN_PLACE, &r->split_wait_ns, 1, MPI_UINT64_T, MPI_SUM,
                  c->comm);
}

static void sum_mpi_stats(cluster *c, uint64_t search_ms)
{
    uint64_t stop_ns = 0, seen = AO_load(&c->stop_seen_ns);
    if (seen != 0) {
        uint64_t now = cluster_now_ns();
        stop_ns = now > seen ? now - seen : 0;
    }
    uint64_t sum[6] = {
        AO_load(&c->count.remote_ops), AO_load(&c->count.remote_ns),
        AO_load(&c->count.lock_waits), AO_load(&c->count.sent),
        AO_load(&c->count.received),   AO_load(&c->count.dropped)};
    uint64_t max[2] = {stop_ns, search_ms};
    MPI_Allreduce(MPI_IN_PLACE, sum, 6, MPI_UINT64_T, MPI_SUM, c->comm);
    MPI_Allreduce(MPI_IN_PLACE, max, 2, MPI_UINT64_T, MPI_MAX, c->comm);
    c->last = (pab_mpi_stats){.size = sizeof c->last,
                              .ranks = (unsigned)c->size,
                              .remote_ops = sum[0],
                              .remote_ns = sum[1],
                              .lock_waits = sum[2],
                              .sent = sum[3],
                              .received = sum[4],
                              .dropped = sum[5],
                              .stop_ns = max[0],
                              .search_ms_max = max[1]};
}

/* Lazy Cluster's vote, the same on every rank, among the ranks that
 * completed rank 0's depth: each votes for its move with its score above
 * the lowest such score plus 14 (Stockfish's weight); the move with most
 * votes wins, and the lowest rank that chose it gives the result.  Only
 * ranks at rank 0's depth vote, so the value stays the one a completed
 * iteration proved.  A ballot is (depth, score, move). */
static int vote(const int64_t (*ballot)[3], int n)
{
    int64_t low = ballot[0][1];
    for (int i = 1; i < n; i++)
        if (ballot[i][0] == ballot[0][0] && ballot[i][1] < low)
            low = ballot[i][1];
    int best = 0;
    int64_t best_votes = -1;
    for (int i = 0; i < n; i++) {
        if (ballot[i][0] != ballot[0][0] || ballot[i][2] == PAB_MOVE_NONE)
            continue;
        int64_t votes = 0;
        for (int j = 0; j < n; j++)
            if (ballot[j][0] == ballot[0][0] && ballot[j][2] == ballot[i][2])
                votes += ballot[j][1] - low + 14;
        if (votes > best_votes) {
            best_votes = votes;
            best = i;
        }
    }
    return best;
}

/* The rank whose result every rank returns: rank 0, or Lazy Cluster's
 * winner. */
static int answering_rank(cluster *c, const pab_result *r)
{
    if (c->mode != SHARE_MIRRORED)
        return 0;
    const int64_t mine[3] = {r->depth, r->score, (int64_t)r->best_move};
    MPI_Allgather(mine, 3, MPI_INT64_T, c->ballot, 3, MPI_INT64_T, c->comm);
    return vote((const int64_t(*)[3])c->ballot, c->size);
}

static int hook_finish(pab_searcher *s, const pab_config *config, int rc,
                       pab_result *r, void *user)
{
    (void)s;
    (void)config;
    cluster *c = user;
    uint64_t search_ms = r->time_ms;
    progress_finish(c);
    if (c->size == 1) {
        sum_mpi_stats(c, search_ms);
        return rc;
    }
    int all_rc = rc;
    MPI_Allreduce(&rc, &all_rc, 1, MPI_INT, MPI_MIN, c->comm);
    sum_mpi_stats(c, search_ms);
    if (all_rc < 0)
        return all_rc;
    sum_stats(c, r); /* the same on every rank from here */
    const pab_stats stats = r->stats;
    const uint64_t split_wait = r->split_wait_ns;
    uint64_t time_ms = r->time_ms;
    MPI_Bcast(&time_ms, 1, MPI_UINT64_T, 0, c->comm);
    MPI_Bcast(r, (int)sizeof *r, MPI_BYTE, answering_rank(c, r), c->comm);
    r->stats = stats;
    r->split_wait_ns = split_wait;
    r->time_ms = time_ms; /* rank 0's: the search's wall time */
    return 0;
}

/* ---- the searcher ------------------------------------------------------ */

static void cluster_free(cluster *c)
{
    if (c == NULL)
        return;
    dtable_close(c);
    free(c->out.entry);
    free(c->x.sending);
    free(c->x.inbox);
    free(c->x.req);
    free(c->ballot);
    pthread_mutex_destroy(&c->out.lock);
    if (c->comm != MPI_COMM_NULL)
        MPI_Comm_free(&c->comm);
    free(c);
}

static void hook_destroy(void *user)
{
    cluster *c = user;
    MPI_Barrier(c->comm); /* every rank's last search is over */
    cluster_free(c);
}

/* Our own communicator first, on every rank whatever else fails, so that
 * every later collective is made by all of them. */
static int cluster_new(cluster **out, MPI_Comm dup, const pab_mpi_options *o)
{
    cluster *c = calloc(1, sizeof *c);
    *out = c;
    if (c == NULL)
        return PAB_ENOMEM; /* the caller still frees dup, after agreeing */
    c->comm = dup;
    c->opt = *o;
    pthread_mutex_init(&c->out.lock, NULL);
    MPI_Comm_set_errhandler(c->comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(c->comm, &c->rank);
    MPI_Comm_size(c->comm, &c->size);
    unsigned n = o->exchange_max;
    c->out.capacity = n;
    c->out.entry = malloc(n * sizeof *c->out.entry);
    c->x.sending = malloc(n * sizeof *c->x.sending);
    c->x.inbox = malloc(n * sizeof *c->x.inbox);
    c->x.req = malloc((size_t)c->size * sizeof *c->x.req);
    c->ballot = malloc((size_t)c->size * 3 * sizeof *c->ballot);
    if (c->out.entry == NULL || c->x.sending == NULL || c->x.inbox == NULL ||
        c->x.req == NULL || c->ballot == NULL)
        return PAB_ENOMEM;
    return 0;
}

/* The local part: what each rank can fail at on its own. */
static int create_local(pab_searcher **out, cluster **cp, const pab_game *game,
                        size_t tt_bytes, MPI_Comm dup, const pab_mpi_options *o)
{
    int level;
    MPI_Query_thread(&level);
    int rc = cluster_new(cp, dup, o);
    if (rc == 0 && level < MPI_THREAD_MULTIPLE && (*cp)->size > 1)
        rc = PAB_ENOTSUP;
    if (rc == 0)
        rc = pab_searcher_create(out, game, tt_bytes);
    return rc;
}

/* Every rank's verdict: the worst code, and PAB_EINVAL unless the values
 * that must match (the share of the table, the exchange's size, the
 * threshold) do. */
static int agree(MPI_Comm comm, int rc, const uint64_t same[3])
{
    uint64_t v[7] = {(uint64_t)(int64_t)-rc,
                     same[0],
                     same[1],
                     same[2],
                     ~same[0],
                     ~same[1],
                     ~same[2]};
    if (MPI_Allreduce(MPI_IN_PLACE, v, 7, MPI_UINT64_T, MPI_MAX, comm) !=
        MPI_SUCCESS)
        return PAB_ECOMM;
    if (v[0] != 0)
        return -(int)(int64_t)v[0];
    for (int i = 0; i < 3; i++)
        if (v[1 + i] != ~v[4 + i])
            return PAB_EINVAL;
    return 0;
}

int pab_mpi_searcher_create(pab_searcher **out, const pab_game *game,
                            size_t tt_bytes, MPI_Comm comm,
                            const pab_mpi_options *options)
{
    if (out == NULL)
        return PAB_EINVAL;
    *out = NULL;
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (!initialized || finalized || comm == MPI_COMM_NULL)
        return PAB_EINVAL;
    MPI_Comm dup;
    if (MPI_Comm_dup(comm, &dup) != MPI_SUCCESS)
        return PAB_ECOMM;
    pab_mpi_options o;
    pab_mpi_options_init(&o);
    if (options != NULL)
        o = *options;
    int rc = options != NULL ? options_check(&o) : 0;
    if (rc < 0)
        pab_mpi_options_init(&o); /* a sane cluster to agree with */
    cluster *c = NULL;
    pab_searcher *s = NULL;
    int local = create_local(&s, &c, game, tt_bytes, dup, &o);
    if (rc == 0)
        rc = local;
    size_t bytes = o.table_bytes;
    if (bytes == 0 && s != NULL)
        bytes = pab_tt_bytes(pab_searcher_tt(s));
    const uint64_t same[3] = {bytes, (uint64_t)o.exchange_max << 32 | o.cs_sets,
                              (uint64_t)o.remote_min_depth << 32 |
                                  (uint64_t)o.cs_min_depth};
    rc = agree(dup, rc, same);
    if (rc == 0) {
        c->searcher = s;
        const uint64_t none[3] = {0, 0, 0};
        size_t cs_bytes = (size_t)o.cs_sets * (2 + PAB_CS_MAX_WAYS) * 8;
        rc =
            agree(dup, c->size > 1 ? dtable_open(c, bytes, cs_bytes) : 0, none);
    }
    pab_searcher_hooks h = {.size = sizeof h,
                            .start = hook_start,
                            .finish = hook_finish,
                            .destroy = hook_destroy,
                            .user = c,
                            .cs_created = hook_cs_created};
    if (rc == 0)
        rc = pab_searcher_set_hooks(s, &h);
    if (rc < 0) {
        pab_searcher_destroy(s);
        if (c != NULL)
            cluster_free(c); /* with dup */
        else
            MPI_Comm_free(&dup);
        return rc;
    }
    *out = s;
    return 0;
}

int pab_mpi_searcher_stats(const pab_searcher *s, pab_mpi_stats *stats)
{
    pab_searcher_hooks h;
    if (stats == NULL || pab_searcher_get_hooks(s, &h) < 0 ||
        h.start != hook_start)
        return PAB_EINVAL;
    const cluster *c = h.user;
    *stats = c->last;
    stats->size = sizeof *stats;
    return 0;
}

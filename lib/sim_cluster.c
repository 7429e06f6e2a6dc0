/*
 * sim_cluster: the simulated multiprocessor as a cluster of machines
 * (config.sim_nodes), so that a simulation predicts what libpab-mpi does
 * on R machines of P processors each (pab-mpi(7) describes the real
 * thing; this file follows it).
 *
 * Model.  Virtual processor i of N belongs to machine i * R / N.  Every
 * machine has its own transposition table: machine 0 the searcher's, the
 * others fresh ones of the same size.
 *  - abdada and simplified-abdada: entries of depth sim_net_depth and
 *    more live in one more table, the distributed one, each homed on the
 *    machine mulhi(key, R) (libpab-mpi's rule).  An operation on one holds
 *    the bucket's lock (a striped rt_mutex here, a ticket lock there) for
 *    a copy out and a copy back and costs what libpab-mpi's costs: four
 *    round trips (take a ticket, read the turn, read the bucket, write it
 *    and the turn) of 2 x sim_net_latency each, also to the machine's own
 *    share (libpab-mpi goes through MPI there too), and on another
 *    machine's share two buckets through the link (128 bytes at
 *    sim_net_bandwidth bytes a tick).  simplified-abdada's table of the
 *    moves being searched is each machine's own, and from sim_cs_depth on
 *    one distributed table at the same cost (cs_min_depth).
 *  - lazy-smp (Lazy Cluster): every table stays its machine's own; a
 *    store of depth sim_net_depth or more is sent to every other machine
 *    and stored there once it has arrived: on average half an exchange
 *    period (sim_net_interval: the progress thread's batches) plus the
 *    latency plus its 24 bytes through the link after it was made.  A
 *    machine takes in what has arrived whenever one of its processors
 *    makes such a store.
 * Left out: the processor time of libpab-mpi's progress thread, queueing
 * on the link, and the ranks' agreement at the start and the end of a
 * search (a few round trips per search).
 *
 * Races: none of our own.  The simulation runs one processor at a time
 * and switches only inside rt_ calls; the bucket and set locks are
 * rt_mutexes (a processor waiting for one is off the run queue until it
 * is handed over), and a machine's queue of arrived entries is changed
 * only between switch points (an entry is taken out before it is stored).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define LOCK_STRIPES 64u
#define ENTRY_BYTES  24u    /* key, score and move, depth and bound */
#define QUEUE_MAX    65536u /* arrived but not yet stored, per machine */

typedef struct sent {
    uint64_t arrival_ns;
    uint64_t key;
    pab_score_t score;
    pab_move_t move;
    int depth;
    pab_bound bound;
} sent;

typedef struct machine {
    struct sim_cluster *cl;
    unsigned index;
    pab_tt *tt; /* machine 0's is the searcher's */
    bool owns_tt;
    pab_cs *cs; /* simplified-abdada: its own */
    sent *queue;
    unsigned queued;
} machine;

struct sim_cluster {
    search *sh;
    unsigned nodes;
    machine *machine;
    pab_tt *deep;    /* the distributed table (abdada, simplified-abdada) */
    pab_cs *deep_cs; /* the distributed sets (simplified-abdada) */
    rt_mutex lock[LOCK_STRIPES];
    unsigned locks_made;
    uint64_t op_ticks;      /* an operation on another machine's share */
    uint64_t op_ticks_home; /* ... on this machine's */
    uint64_t msg_ticks;     /* an entry's way to another machine */
};

static uint64_t mulhi(uint64_t a, uint64_t b)
{
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)(((u128)a * b) >> 64);
}

static uint64_t through_link(const pab_config *c, uint64_t bytes)
{
    return c->sim_net_bandwidth
               ? (bytes + c->sim_net_bandwidth - 1) / c->sim_net_bandwidth
               : 0;
}

/* ---- the distributed tables ------------------------------------------- */

static rt_mutex *lock_of(sim_cluster *cl, uint64_t key)
{
    return &cl->lock[(key >> 7) % LOCK_STRIPES];
}

/* The network's part of an operation on key, homed mulhi(key, R):
 * libpab-mpi makes the same round trips through MPI to its own machine's
 * share, so they cost the latency there too; the bytes cross a link only
 * to another machine. */
static void reach(const machine *m, uint64_t key)
{
    const sim_cluster *cl = m->cl;
    rt_delay(mulhi(key, cl->nodes) == m->index ? cl->op_ticks_home
                                               : cl->op_ticks);
}

static int bucket_get(uint64_t key, void *bucket, void *user)
{
    machine *m = user;
    rt_mutex_lock(lock_of(m->cl, key));
    reach(m, key);
    tt_bucket_copy(m->cl->deep, key, bucket, false);
    return 0;
}

static void bucket_put(uint64_t key, const void *bucket, bool changed,
                       void *user)
{
    machine *m = user;
    if (changed)
        tt_bucket_copy(m->cl->deep, key, (void *)bucket, true);
    rt_mutex_unlock(lock_of(m->cl, key));
}

static int set_get(uint64_t hash, void *set, size_t bytes, void *user)
{
    machine *m = user;
    rt_mutex_lock(lock_of(m->cl, hash));
    reach(m, hash);
    cs_set_copy(m->cl->deep_cs, hash, set, bytes, false);
    return 0;
}

static void set_put(uint64_t hash, const void *set, size_t bytes, bool changed,
                    void *user)
{
    machine *m = user;
    if (changed)
        cs_set_copy(m->cl->deep_cs, hash, (void *)set, bytes, true);
    rt_mutex_unlock(lock_of(m->cl, hash));
}

/* ---- Lazy Cluster's exchange ------------------------------------------ */

/* What has arrived at m by now goes into its table, one entry at a time
 * (a store is a switch point: the entry leaves the queue first). */
static void take_in(machine *m)
{
    uint64_t now = rt_now_ns();
    for (unsigned i = 0; i < m->queued;) {
        if (m->queue[i].arrival_ns > now) {
            i++;
            continue;
        }
        sent e = m->queue[i];
        m->queue[i] = m->queue[--m->queued];
        pab_tt_store_quiet(m->tt, e.key, e.depth, e.bound, e.score, e.move);
    }
}

static void deep_stored(uint64_t key, int depth, pab_bound bound,
                        pab_score_t score, pab_move_t move, void *user)
{
    machine *m = user;
    sim_cluster *cl = m->cl;
    take_in(m);
    sent e = {rt_now_ns() + cl->msg_ticks, key, score, move, depth, bound};
    for (unsigned n = 0; n < cl->nodes; n++) {
        machine *to = &cl->machine[n];
        if (to != m && to->queued < QUEUE_MAX)
            to->queue[to->queued++] = e;
    }
}

/* ---- set up ---------------------------------------------------------------
 */

static int machine_open(sim_cluster *cl, machine *m, bool mirrored)
{
    const search *sh = cl->sh;
    pab_tt_remote r = {
        .size = sizeof r, .min_depth = sh->cfg.sim_net_depth, .user = m};
    if (m->index == 0) {
        m->tt = sh->tt;
    } else {
        int rc = pab_tt_create(&m->tt, pab_tt_bytes(sh->tt), 0);
        if (rc < 0)
            return rc;
        m->owns_tt = true;
    }
    if (mirrored) {
        r.stored = deep_stored;
        m->queue = malloc(QUEUE_MAX * sizeof *m->queue);
        if (m->queue == NULL)
            return PAB_ENOMEM;
    } else {
        r.get = bucket_get;
        r.put = bucket_put;
    }
    return pab_tt_set_remote(m->tt, &r);
}

int sim_cluster_open(search *sh)
{
    const pab_config *c = &sh->cfg;
    /* More machines than processors: the ones without any are left out
     * (so one set of options serves every row of a comparison).  Only
     * the algorithms libpab-mpi runs across machines run on several. */
    unsigned nodes = c->sim_nodes < c->threads ? c->sim_nodes : c->threads;
    if (nodes <= 1 || sh->tt == NULL ||
        (c->algorithm != PAB_ALGO_ABDADA &&
         c->algorithm != PAB_ALGO_SIMPLIFIED_ABDADA &&
         c->algorithm != PAB_ALGO_LAZY_SMP))
        return 0;
    /* On a line boundary, so that under MSI memory the lock stripes share
     * lines the same way in every run (a search twice, same ticks). */
    sim_cluster *cl = rt_alloc_shared(sizeof *cl);
    if (cl == NULL)
        return PAB_ENOMEM;
    sh->cluster = cl;
    cl->sh = sh;
    cl->nodes = nodes;
    cl->op_ticks_home = 8ull * c->sim_net_latency;
    cl->op_ticks = cl->op_ticks_home + through_link(c, 128);
    cl->msg_ticks = c->sim_net_interval / 2 + c->sim_net_latency +
                    through_link(c, ENTRY_BYTES);
    cl->machine = calloc(cl->nodes, sizeof *cl->machine);
    if (cl->machine == NULL)
        return PAB_ENOMEM;
    for (; cl->locks_made < LOCK_STRIPES; cl->locks_made++)
        if (rt_mutex_init(&cl->lock[cl->locks_made]) != 0)
            return PAB_ENOMEM;
    bool mirrored = c->algorithm == PAB_ALGO_LAZY_SMP;
    int rc = mirrored ? 0 : pab_tt_create(&cl->deep, pab_tt_bytes(sh->tt), 0);
    for (unsigned n = 0; rc == 0 && n < cl->nodes; n++) {
        cl->machine[n] = (machine){.cl = cl, .index = n};
        rc = machine_open(cl, &cl->machine[n], mirrored);
    }
    for (unsigned i = 0; rc == 0 && i < c->threads; i++)
        sh->workers[i].tt = cl->machine[i * cl->nodes / c->threads].tt;
    return rc;
}

void sim_cluster_close(search *sh)
{
    sim_cluster *cl = sh->cluster;
    if (cl == NULL)
        return;
    for (unsigned n = 0; cl->machine != NULL && n < cl->nodes; n++) {
        machine *m = &cl->machine[n];
        if (m->tt != NULL)
            pab_tt_set_remote(m->tt, NULL);
        if (m->owns_tt)
            pab_tt_destroy(m->tt);
        free(m->queue);
    }
    for (unsigned i = 0; i < sh->cfg.threads; i++)
        sh->workers[i].tt = sh->tt;
    pab_tt_destroy(cl->deep);
    for (unsigned i = 0; i < cl->locks_made; i++)
        rt_mutex_destroy(&cl->lock[i]);
    free(cl->machine);
    free(cl);
    sh->cluster = NULL;
}

/* simplified-abdada: each machine's table of the moves being searched,
 * the deep sets distributed from sim_cs_depth on; every worker gets its
 * machine's.  Without a cluster, `shared` serves every worker. */
int sim_cluster_cs(search *sh, pab_cs *shared)
{
    sim_cluster *cl = sh->cluster;
    const pab_config *c = &sh->cfg;
    for (unsigned i = 0; i < c->threads; i++)
        sh->workers[i].cs = shared;
    if (cl == NULL)
        return 0;
    int rc = c->sim_cs_depth > 0 ? pab_cs_create(&cl->deep_cs, c->cs_size,
                                                 c->cs_ways, c->defer_depth)
                                 : 0;
    for (unsigned n = 0; rc == 0 && n < cl->nodes; n++) {
        machine *m = &cl->machine[n];
        if (n == 0)
            m->cs = shared;
        else
            rc = pab_cs_create(&m->cs, c->cs_size, c->cs_ways, c->defer_depth);
        pab_cs_remote r = {.size = sizeof r,
                           .min_depth = c->sim_cs_depth,
                           .get = set_get,
                           .put = set_put,
                           .user = m};
        if (rc == 0 && cl->deep_cs != NULL)
            rc = pab_cs_set_remote(m->cs, &r);
    }
    for (unsigned i = 0; rc == 0 && i < c->threads; i++)
        sh->workers[i].cs = cl->machine[i * cl->nodes / c->threads].cs;
    return rc;
}

void sim_cluster_cs_close(search *sh)
{
    sim_cluster *cl = sh->cluster;
    if (cl == NULL)
        return;
    for (unsigned n = 1; n < cl->nodes; n++) {
        pab_cs_destroy(cl->machine[n].cs);
        cl->machine[n].cs = NULL;
    }
    if (cl->machine[0].cs != NULL)
        pab_cs_set_remote(cl->machine[0].cs, NULL);
    pab_cs_destroy(cl->deep_cs);
    cl->deep_cs = NULL;
}

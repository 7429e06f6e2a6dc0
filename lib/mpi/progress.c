/*
 * The progress thread: one per rank while a search runs.  It carries what
 * the ranks say to each other by messages: rank 0's stop, which ends the
 * search on every other rank, and, for Lazy Cluster (lazy-smp across
 * ranks, after Stockfish's cluster branch), the deep table entries each
 * rank stores, sent to every other rank in rounds and stored there.
 *
 * Protocol.  Each search, rank 0 sends every other rank one TAG_STOP
 * message when its own search has returned; a rank's progress thread stops
 * its searcher when that message arrives and leaves only after it has.
 * Entries travel as TAG_ENTRIES messages; when its search has returned, a
 * rank sends every peer an empty TAG_ENTRIES message (its last) and keeps
 * receiving until it has had an empty one from every peer.  Messages of
 * one sender and tag arrive in order, so no entry of this search is left
 * for the next, and nothing is pending when the searcher is destroyed.
 *
 * Shared words: search_done, abandoned and stop_seen_ns (AO_t,
 * libatomic_ops), the outbox under its mutex, the counters by
 * fetch-and-add.  The thread
 * polls with a pause of poll_us rather than block in MPI: a blocked MPI
 * receive spins, and would take a core from the search.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <time.h>

#include "cluster.h"

static void pause_us(unsigned us)
{
    struct timespec ts = {.tv_sec = us / 1000000u,
                          .tv_nsec = (long)(us % 1000000u) * 1000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* pab_tt_remote.stored (mirror mode): a deep store to send. */
void mirror_stored(uint64_t key, int depth, pab_bound bound, pab_score_t score,
                   pab_move_t move, void *user)
{
    cluster *c = user;
    outbox *o = &c->out;
    pthread_mutex_lock(&o->lock);
    if (o->count < o->capacity) {
        o->entry[o->count++] = (wire_entry){
            .key = key,
            .data = (uint64_t)(uint32_t)score | (uint64_t)move << 32,
            .draft = (uint64_t)(depth & 0xFF) | (uint64_t)(bound & 3) << 8};
    } else {
        AO_fetch_and_add1(&c->count.dropped);
    }
    pthread_mutex_unlock(&o->lock);
}

static pab_score_t wire_score(uint64_t data)
{
    uint32_t u = (uint32_t)data;
    return u <= (uint32_t)INT32_MAX
               ? (pab_score_t)u
               : (pab_score_t)(u - 0x80000000u) + INT32_MIN;
}

static void store_received(cluster *c, const wire_entry *e, int n)
{
    pab_tt *tt = pab_searcher_tt(c->searcher);
    for (int i = 0; i < n; i++)
        pab_tt_store_quiet(tt, e[i].key, (int)(e[i].draft & 0xFF),
                           (pab_bound)(e[i].draft >> 8 & 3),
                           wire_score(e[i].data),
                           (pab_move_t)(e[i].data >> 32));
    AO_fetch_and_add(&c->count.received, (AO_t)n);
}

static bool receive_batch(cluster *c, exchange *x, bool block);

/* Our sends complete only as the peers receive them, and the peers may be
 * waiting for theirs: so receive while waiting, or both sides would wait
 * for ever once a batch is past MPI's eager size. */
static void wait_sends(cluster *c, exchange *x)
{
    while (x->in_flight) {
        int done;
        MPI_Testall(c->size, x->req, &done, MPI_STATUSES_IGNORE);
        if (done)
            x->in_flight = false;
        else if (!receive_batch(c, x, false))
            pause_us(c->opt.poll_us);
    }
}

static unsigned take_outbox(cluster *c, wire_entry *to)
{
    outbox *o = &c->out;
    pthread_mutex_lock(&o->lock);
    unsigned n = o->count;
    memcpy(to, o->entry, n * sizeof *o->entry);
    o->count = 0;
    pthread_mutex_unlock(&o->lock);
    return n;
}

/* n entries of x->sending to every peer (n = 0: this rank's last). */
static void post(cluster *c, exchange *x, unsigned n)
{
    for (int p = 0; p < c->size; p++)
        x->req[p] = MPI_REQUEST_NULL;
    for (int p = 0; p < c->size; p++)
        if (p != c->rank)
            MPI_Isend(x->sending, (int)(n * 3), MPI_UINT64_T, p, TAG_ENTRIES,
                      c->comm, &x->req[p]);
    x->in_flight = true;
    AO_fetch_and_add(&c->count.sent, (AO_t)n);
}

static void send_round(cluster *c, exchange *x, bool last)
{
    wait_sends(c, x);
    unsigned n = take_outbox(c, x->sending);
    if (n > 0)
        post(c, x, n);
    if (last) {
        wait_sends(c, x);
        post(c, x, 0);
        wait_sends(c, x);
    }
}

/* Receives one batch if one is waiting (or, blocking, the next one). */
static bool receive_batch(cluster *c, exchange *x, bool block)
{
    MPI_Status st;
    int flag = 1, words;
    if (block)
        MPI_Probe(MPI_ANY_SOURCE, TAG_ENTRIES, c->comm, &st);
    else
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_ENTRIES, c->comm, &flag, &st);
    if (!flag)
        return false;
    MPI_Get_count(&st, MPI_UINT64_T, &words);
    MPI_Recv(x->inbox, words, MPI_UINT64_T, st.MPI_SOURCE, TAG_ENTRIES, c->comm,
             MPI_STATUS_IGNORE);
    if (words == 0)
        x->fins++;
    else
        store_received(c, x->inbox, words / 3);
    return true;
}

static void check_stop(cluster *c)
{
    if (c->rank == 0 || AO_load(&c->stop_seen_ns) != 0)
        return;
    int flag;
    MPI_Iprobe(0, TAG_STOP, c->comm, &flag, MPI_STATUS_IGNORE);
    if (!flag)
        return;
    MPI_Recv(NULL, 0, MPI_BYTE, 0, TAG_STOP, c->comm, MPI_STATUS_IGNORE);
    pab_searcher_stop(c->searcher);
    AO_store(&c->stop_seen_ns, cluster_now_ns());
}

static void *progress_main(void *arg)
{
    cluster *c = arg;
    exchange *x = &c->x;
    bool mirrored = c->mode == SHARE_MIRRORED;
    x->fins = 0;
    for (;;) {
        if (AO_load_acquire(&c->abandoned))
            return NULL; /* nothing was sent yet: the outbox was empty */
        check_stop(c);
        if (mirrored) {
            send_round(c, x, false);
            while (receive_batch(c, x, false))
                ;
        }
        bool stopped = c->rank == 0 || AO_load(&c->stop_seen_ns) != 0;
        if (AO_load_acquire(&c->search_done) && stopped)
            break;
        pause_us(c->opt.poll_us);
    }
    if (mirrored) {
        send_round(c, x, true);
        while (x->fins < c->size - 1)
            receive_batch(c, x, true);
    }
    return NULL;
}

int progress_start(cluster *c)
{
    AO_store(&c->search_done, 0);
    AO_store(&c->stop_seen_ns, 0);
    AO_store(&c->abandoned, 0);
    if (c->size == 1)
        return 0;
    if (pthread_create(&c->progress, NULL, progress_main, c) != 0)
        return PAB_ETHREAD;
    c->progress_running = true;
    return 0;
}

/* The search will not run after all (a rank refused it): the thread, if
 * it started, goes at once, sending and expecting nothing. */
void progress_abandon(cluster *c)
{
    if (!c->progress_running)
        return;
    AO_store_release(&c->abandoned, 1);
    pthread_join(c->progress, NULL);
    c->progress_running = false;
}

/* This rank's search returned: rank 0 stops the others; then the thread
 * finishes its protocol and goes. */
void progress_finish(cluster *c)
{
    if (!c->progress_running)
        return;
    if (c->rank == 0)
        for (int p = 1; p < c->size; p++)
            MPI_Send(NULL, 0, MPI_BYTE, p, TAG_STOP, c->comm);
    AO_store_release(&c->search_done, 1);
    pthread_join(c->progress, NULL);
    c->progress_running = false;
}

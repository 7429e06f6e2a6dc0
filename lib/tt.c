/*
 * The transposition table: sharded, lockless, XOR-checked, with ABDADA's
 * count of the processors searching each node.
 *
 * Layout.  The table is split into shards, each its own allocation of
 * buckets; a bucket is one 64-byte cache line holding two 32-byte slots,
 * and a slot is four shared 64-bit words:
 *
 *   w0 check  key ^ w1 ^ w2
 *   w1 data   score (int32 stored as uint32, bits 0-31) | move (bits 32-63)
 *   w2 info   depth (bits 0-7) | bound (8-9) | age (10-15) | valid (16)
 *   w3 busy   count (bits 0-15) | depth (16-23) | signature (24-63)
 *
 * The top shard_bits of a key pick the shard; the bits below them, read as
 * a fraction in [0, 1) and scaled by the shard's bucket count (a
 * multiply-high, so a shard may hold any number of buckets), pick the
 * bucket.  The busy word's signature is the key's low 40 bits, which the
 * bucket choice does not use until a table passes 2^24 buckets, so within
 * a bucket it tells positions apart almost as well as the full key.
 *
 * Entries (w0-w2): Hyatt and Mann's lockless hashing.  A writer stores w1,
 * then w2, then w0 = key ^ w1 ^ w2, each with a plain relaxed rt_store; a
 * reader loads the three words and accepts the slot for `key` only if the
 * valid bit is set and w0 ^ w1 ^ w2 == key.  Invariant: an accepted slot's
 * w1 and w2 are the data some writer stored for exactly that key.  Two
 * writers racing on one slot may leave a mixture of their words; the mixture
 * passes the check for neither key (the key difference does not cancel), so
 * it reads as an empty slot until the next write.  A mixture of two writes
 * of the same key could pass only if the changes to w1 and to w2 cancel
 * exactly, and then both halves describe that same position.  No ordering is
 * needed: the check, not the order of the stores, gives consistency, so
 * nothing on the probe/store/enter/leave paths locks or waits.  The valid
 * bit keeps the all-zero empty slot from matching key 0.
 *
 * Replacement: a store of a key already in the bucket overwrites it, unless
 * the stored entry is deeper and from the current search and the new bound
 * is not exact (depth-preferred); a store without a move keeps the old one.
 * Otherwise the victim is the slot with the lowest depth - 8 * (age
 * distance), empty slots first, and never a slot whose busy count is
 * non-zero while a slot with count 0 exists: that is how the processor
 * count outlives replacement.  The search age is a 6-bit counter bumped by
 * pab_tt_new_search().
 *
 * ABDADA (w3).  The busy word counts the processors searching (signature,
 * depth).  It changes only by rt_cas loops, so concurrent enters and leaves
 * never lose a count.  Invariant: a count is raised only by an enter of its
 * own (signature, depth) and lowered only by a leave or abandon of the same
 * (signature, depth), never below zero; a word is overwritten by another
 * (signature, depth) only when that position takes the slot, which drops the
 * old count.  Dropping is the one way counts are lost, and it only ever
 * under-counts: when every slot of a bucket is busy and a new position needs
 * one, the victim's count goes (unless the newcomer already has a live count
 * in the bucket, which it joins instead), and the victim's later leave finds
 * a different signature and does nothing, so a leave never lowers another
 * position's count.  An under-count is harmless: nproc is a scheduling hint
 * (a node looks free and two processors search it), never a correctness
 * input.  A position's count belongs to the bucket, not to one slot: an
 * enter joins the position's live count wherever in the bucket it is, and
 * starts one in the slot of the entry only when there is none; a leave
 * lowers it wherever it is; nproc sums the words that carry it.  That way a
 * count survives its entry moving to the other slot, which happens when a
 * racing store tears the entry (it then reads as missing, and the next
 * enter claims the other slot).  Racing claims can still split one count
 * over both words; the sum then re-reads the words until two reads agree, so
 * a processor moving from one word to the other is not counted twice.  Two
 * positions sharing bucket, signature and depth would share a count; that
 * again only misleads the hint.
 *
 * pab_tt_enter() and pab_tt_leave() follow Weill (1996), figure 2
 * (RetrieveAsk and StoreHash), with two corrections.  The figure tests
 * `entry.height > depth` before using a stored result, which would ignore
 * an entry of exactly the wanted depth; the text makes clear `>=` is meant.
 * And the figure's final else branch, reached when the entry is missing or
 * shallower, claims the slot (this key, this depth, bound NONE, count 1):
 * without that claim a fresh node is never marked and the exclusive pass
 * of ABDADA has nothing to see.  A stored entry deeper than the node's
 * depth gives its bounds but is not counted (Weill increments nothing), so
 * such a search is answered PAB_TT_SEARCH_UNCOUNTED.  StoreHash stores
 * nothing when the entry is missing or deeper; when this store replaces a
 * shallower entry, the counts of the same position at other depths are
 * reset to 0, as the figure's `else entry.nproc <- 0`.
 *
 * Callers: after PAB_TT_SEARCH call pab_tt_leave() (or pab_tt_abandon() when
 * the search was stopped); after PAB_TT_CUTOFF or PAB_TT_ON_EVALUATION call
 * neither.  After PAB_TT_SEARCH_UNCOUNTED there is no count to give back; a
 * pab_tt_leave() there still stores by Weill's rule, but may lower the count
 * of another processor at that depth (an under-count, see above).
 *
 * A remote home (pab_tt_set_remote, libpab 0.7).  Entries of depth
 * remote.min_depth and more live in memory another layer owns (libpab-mpi:
 * other processes).  An operation on one fetches a copy of its bucket with
 * remote.get, which holds the bucket against every other get until the
 * matching remote.put, runs the same code as on a local bucket on that
 * copy, and hands the copy back, written only if it changed.  The lock
 * makes each remote operation whole, so every invariant above holds there
 * a fortiori; the copy is private to the calling thread.  Which side an
 * entry lives on depends only on the depth the caller names, so an enter
 * and its leave, a store and the probe at the same depth meet.  A failed
 * get acts as an empty bucket that changes nothing: probes miss, stores are
 * lost, enters are answered PAB_TT_SEARCH_UNCOUNTED -- all of which the
 * search tolerates, as it tolerates replacement.
 *
 * Everything except create, destroy, clear, clear_shard and resize_shard
 * (tt_shard.c, with the allocation) may run concurrently from any number
 * of threads.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tt_layout.h"

/* ---- Packing ---- */

static uint64_t pack_data(pab_score_t score, pab_move_t move)
{
    return (uint64_t)(uint32_t)score | (uint64_t)move << 32;
}

/* Back from uint32 without relying on implementation-defined conversion. */
static pab_score_t data_score(uint64_t data)
{
    uint32_t u = (uint32_t)data;
    if (u <= (uint32_t)INT32_MAX)
        return (pab_score_t)u;
    return (pab_score_t)(u - 0x80000000u) + INT32_MIN;
}

static pab_move_t data_move(uint64_t data)
{
    return (pab_move_t)(data >> 32);
}

static uint64_t pack_info(int depth, pab_bound bound, unsigned age)
{
    return (uint64_t)depth |
           (uint64_t)(bound & INFO_BOUND_MASK) << INFO_BOUND_SHIFT |
           (uint64_t)(age & INFO_AGE_MASK) << INFO_AGE_SHIFT | INFO_VALID;
}

static int info_depth(uint64_t info)
{
    return (int)(info & INFO_DEPTH_MASK);
}

static pab_bound info_bound(uint64_t info)
{
    return (pab_bound)(info >> INFO_BOUND_SHIFT & INFO_BOUND_MASK);
}

static unsigned info_age(uint64_t info)
{
    return (unsigned)(info >> INFO_AGE_SHIFT & INFO_AGE_MASK);
}

/* The busy word of (key, depth) with a count of zero. */
static uint64_t busy_tag(uint64_t key, int depth)
{
    return key << BUSY_SIG_SHIFT | (uint64_t)depth << BUSY_DEPTH_SHIFT;
}

static unsigned busy_count(uint64_t w)
{
    return (unsigned)(w & BUSY_COUNT_MASK);
}

static bool busy_is(uint64_t w, uint64_t tag)
{
    return (w & ~BUSY_COUNT_MASK) == tag;
}

static bool busy_same_sig(uint64_t w, uint64_t key)
{
    return (w >> BUSY_SIG_SHIFT) == (key << BUSY_SIG_SHIFT) >> BUSY_SIG_SHIFT;
}

static int clamp_depth(int depth)
{
    if (depth < 0)
        return 0;
    return depth > PAB_TT_MAX_DEPTH ? PAB_TT_MAX_DEPTH : depth;
}

/* ---- Addressing ---- */

/* High 64 bits of a * b. */
static uint64_t mulhi64(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)(((u128)a * b) >> 64);
#else
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32;
    uint64_t bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

static unsigned shard_index(const pab_tt *tt, uint64_t key)
{
    /* A shift by 64 is undefined, hence the special case. */
    return tt->shard_bits == 0 ? 0 : (unsigned)(key >> (64 - tt->shard_bits));
}

static tt_bucket *bucket_at(const pab_tt *tt, uint64_t key)
{
    const tt_shard *s = &tt->shard[shard_index(tt, key)];
    return &s->buckets[mulhi64(key << tt->shard_bits, s->nbuckets)];
}

/* The bucket about to be read or written: a simulated machine keeps shard
 * i in processor i's memory and charges the others for the way there. */
static tt_bucket *bucket_of(const pab_tt *tt, uint64_t key)
{
    tt_bucket *b = bucket_at(tt, key);
    rt_home(b, shard_index(tt, key));
    return b;
}

static unsigned current_age(const pab_tt *tt)
{
    return (unsigned)(rt_load(&tt->age) & INFO_AGE_MASK);
}

/* ---- Where an operation works: the local bucket or a remote copy ---- */

typedef struct tt_at {
    tt_bucket copy; /* the remote bucket as fetched, then as changed */
    tt_bucket seen; /* as fetched, to tell whether it changed */
    bool remote;
} tt_at;

static bool lives_remote(const pab_tt *tt, int depth)
{
    return tt->remote.get != NULL && depth >= tt->remote.min_depth;
}

/* The bucket of (key, depth), or NULL when its remote home failed. */
static tt_bucket *at_open(const pab_tt *tt, uint64_t key, int depth, tt_at *at)
{
    at->remote = lives_remote(tt, depth);
    if (!at->remote)
        return bucket_of(tt, key);
    if (tt->remote.get(key, &at->copy, tt->remote.user) < 0)
        return NULL;
    memcpy(&at->seen, &at->copy, sizeof at->seen);
    return &at->copy;
}

static void at_close(const pab_tt *tt, uint64_t key, tt_at *at)
{
    if (at->remote)
        tt->remote.put(key, &at->copy,
                       memcmp(&at->copy, &at->seen, sizeof at->seen) != 0,
                       tt->remote.user);
}

void tt_bucket_copy(pab_tt *tt, uint64_t key, void *words, bool in)
{
    tt_bucket *b = bucket_of(tt, key);
    rt_word *w = &b->slot[0].check;
    uint64_t *x = words;
    for (unsigned i = 0; i < PAB_TT_BUCKET_BYTES / 8; i++) {
        if (in)
            rt_store(&w[i], x[i]);
        else
            x[i] = rt_load(&w[i]);
    }
}

/* Mirror mode: a deep store the remote layer wants to hear of. */
static void report_store(const pab_tt *tt, uint64_t key, int depth,
                         pab_bound bound, pab_score_t score, pab_move_t move)
{
    if (tt->remote.stored != NULL && tt->remote.get == NULL &&
        depth >= tt->remote.min_depth)
        tt->remote.stored(key, depth, bound, score, move, tt->remote.user);
}

int pab_tt_set_remote(pab_tt *tt, const pab_tt_remote *remote)
{
    if (tt == NULL)
        return PAB_EINVAL;
    if (remote == NULL) {
        memset(&tt->remote, 0, sizeof tt->remote);
        return 0;
    }
    if (remote->size != sizeof *remote)
        return PAB_EVERSION;
    if ((remote->get == NULL) != (remote->put == NULL) ||
        (remote->get == NULL && remote->stored == NULL) ||
        remote->min_depth < 1 || remote->min_depth > PAB_TT_MAX_DEPTH)
        return PAB_EINVAL;
    tt->remote = *remote;
    return 0;
}

/* ---- Slots ---- */

/* Whether `s` holds `key`; if so its data and info words. */
static bool slot_read(const tt_slot *s, uint64_t key, uint64_t *data,
                      uint64_t *info)
{
    uint64_t d = rt_load(&s->data);
    uint64_t i = rt_load(&s->info);
    uint64_t c = rt_load(&s->check);
    if (!(i & INFO_VALID) || (c ^ d ^ i) != key)
        return false;
    *data = d;
    *info = i;
    return true;
}

static void slot_write(tt_slot *s, uint64_t key, uint64_t data, uint64_t info)
{
    rt_store(&s->data, data);
    rt_store(&s->info, info);
    rt_store(&s->check, key ^ data ^ info);
}

/* Index of the slot holding `key`, or -1. */
static int bucket_find(const tt_bucket *b, uint64_t key, uint64_t *data,
                       uint64_t *info)
{
    for (int i = 0; i < TT_WAYS; i++)
        if (slot_read(&b->slot[i], key, data, info))
            return i;
    return -1;
}

/* One search of age counts as this many plies of depth when choosing a
 * victim: an entry 8 plies deeper than another survives one search more
 * (the replacement rule at the top of the file). */
#define AGE_PLIES 8L

/* Lower is a better victim: empty first, then shallow and old. */
static long victim_rank(uint64_t info, unsigned age)
{
    if (!(info & INFO_VALID))
        return LONG_MIN;
    unsigned distance = (age - info_age(info)) & INFO_AGE_MASK;
    return (long)info_depth(info) - AGE_PLIES * (long)distance;
}

/* The slot a new key replaces.  A slot with processors counted in it is
 * taken only when every slot has some. */
static int pick_victim(const tt_bucket *b, unsigned age)
{
    int best = -1;
    long best_rank = 0;
    bool best_busy = true;
    for (int i = 0; i < TT_WAYS; i++) {
        const tt_slot *s = &b->slot[i];
        long rank = victim_rank(rt_load(&s->info), age);
        bool busy = busy_count(rt_load(&s->busy)) > 0;
        if (best < 0 || (best_busy && !busy) ||
            (busy == best_busy && rank < best_rank)) {
            best = i;
            best_rank = rank;
            best_busy = busy;
        }
    }
    return best;
}

/* Diagnostics: the slot about to be replaced held an entry of this search.
 * Read without a charge (rt_diag_load), so that counting changes nothing a
 * simulation measures. */
static int diag_slot_of(int depth)
{
    return depth < PAB_DIAG_DEPTHS ? depth : PAB_DIAG_DEPTHS - 1;
}

static void note_eviction(pab_tt *tt, const tt_slot *s, unsigned age)
{
    if (rt_diag_load(&tt->diag_users) == 0)
        return;
    uint64_t info = rt_diag_load(&s->info);
    if ((info & INFO_VALID) && info_age(info) == age)
        rt_diag_add(&tt->evicted[diag_slot_of(info_depth(info))], 1);
}

void tt_diag_start(pab_tt *tt, uint64_t at[PAB_DIAG_DEPTHS])
{
    rt_diag_add(&tt->diag_users, 1);
    for (int d = 0; d < PAB_DIAG_DEPTHS; d++)
        at[d] = rt_diag_load(&tt->evicted[d]);
}

void tt_diag_stop(pab_tt *tt, const uint64_t at[PAB_DIAG_DEPTHS],
                  pab_depth_stats *by_depth)
{
    for (int d = 0; d < PAB_DIAG_DEPTHS; d++)
        by_depth[d].evictions += rt_diag_load(&tt->evicted[d]) - at[d];
    rt_diag_add(&tt->diag_users, (uint64_t)-1);
}

/* ---- Busy words ---- */

/* Count one more processor on (key, depth) in `s`, taking the word over if
 * it belonged to another (signature, depth). */
static void busy_enter(tt_slot *s, uint64_t tag)
{
    for (;;) {
        uint64_t w = rt_load(&s->busy);
        uint64_t next = tag | 1;
        if (busy_is(w, tag)) {
            if (busy_count(w) == BUSY_COUNT_MASK)
                return; /* saturated: an under-count, never a carry */
            next = w + 1;
        }
        if (rt_cas(&s->busy, w, next))
            return;
    }
}

/* Count one more processor into a live count of (key, depth) held by `s`;
 * false, changing nothing, if `s` holds none. */
static bool busy_join(tt_slot *s, uint64_t tag)
{
    for (;;) {
        uint64_t w = rt_load(&s->busy);
        if (!busy_is(w, tag) || busy_count(w) == 0)
            return false;
        if (busy_count(w) == BUSY_COUNT_MASK || rt_cas(&s->busy, w, w + 1))
            return true;
    }
}

/* Count the caller in on (key, depth): into the position's live count if
 * the bucket has one, wherever it is, so that one count is kept rather than
 * two halves; otherwise into `home`, the slot of the position's entry. */
static void busy_count_in(tt_bucket *b, int home, uint64_t tag)
{
    for (int i = 0; i < TT_WAYS; i++)
        if (busy_join(&b->slot[i], tag))
            return;
    busy_enter(&b->slot[home], tag);
}

/* Take one processor off (key, depth) wherever the bucket counts it.
 * Words of other positions are never written. */
static void busy_leave(tt_bucket *b, uint64_t tag)
{
    for (int i = 0; i < TT_WAYS; i++) {
        rt_word *word = &b->slot[i].busy;
        for (;;) {
            uint64_t w = rt_load(word);
            if (!busy_is(w, tag) || busy_count(w) == 0)
                break;
            if (rt_cas(word, w, w - 1))
                return;
        }
    }
}

/* Reads the bucket's busy words into w; returns how many hold a live
 * count of the tag. */
static int busy_collect(const tt_bucket *b, uint64_t tag, uint64_t w[TT_WAYS])
{
    int live = 0;
    for (int i = 0; i < TT_WAYS; i++) {
        w[i] = rt_load(&b->slot[i].busy);
        live += busy_is(w[i], tag) && busy_count(w[i]) > 0;
    }
    return live;
}

/* The number of processors counted on (key, depth) in the bucket.  One word
 * is read atomically; but when racing claims have split the count over two
 * words, a processor leaving one word and joining the other between the two
 * loads would be counted twice, so the words are read again until two reads
 * agree (a few times at most: the answer is a hint). */
/* Re-reads of a split count before its last read is taken as it is. */
#define BUSY_REREADS 8

static unsigned busy_sum(const tt_bucket *b, uint64_t tag)
{
    uint64_t w[TT_WAYS], again[TT_WAYS];
    if (busy_collect(b, tag, w) > 1) {
        for (int tries = 0; tries < BUSY_REREADS; tries++) {
            busy_collect(b, tag, again);
            if (memcmp(w, again, sizeof w) == 0)
                break;
            memcpy(w, again, sizeof w);
        }
    }
    unsigned n = 0;
    for (int i = 0; i < TT_WAYS; i++)
        if (busy_is(w[i], tag))
            n += busy_count(w[i]);
    return n;
}

/* `key` has just replaced another position in `s`: drop that position's
 * count (see the top of the file).  A count of `key` itself stays. */
static void busy_drop_other(tt_slot *s, uint64_t key)
{
    for (;;) {
        uint64_t w = rt_load(&s->busy);
        if (busy_count(w) == 0 || busy_same_sig(w, key))
            return;
        if (rt_cas(&s->busy, w, 0))
            return;
    }
}

/* Weill's `else entry.nproc <- 0`: a result stored at `depth` replaced a
 * shallower entry, so the counts of `key` at other depths go, wherever in
 * the bucket they are. */
static void busy_reset_other_depths(tt_bucket *b, uint64_t key, uint64_t tag)
{
    for (int i = 0; i < TT_WAYS; i++) {
        rt_word *word = &b->slot[i].busy;
        for (;;) {
            uint64_t w = rt_load(word);
            if (busy_count(w) == 0 || !busy_same_sig(w, key) ||
                busy_is(w, tag) || rt_cas(word, w, 0))
                break;
        }
    }
}

/* ---- Sizing ---- */

unsigned pab_tt_shard_of(const pab_tt *tt, uint64_t key)
{
    return tt != NULL ? shard_index(tt, key) : 0;
}

void pab_tt_new_search(pab_tt *tt)
{
    if (tt != NULL)
        rt_fetch_add(&tt->age, 1);
}

/* ---- Probe and store ---- */

static void entry_fill(pab_tt_entry *e, const tt_bucket *b, uint64_t key,
                       uint64_t data, uint64_t info)
{
    e->score = data_score(data);
    e->move = data_move(data);
    e->depth = info_depth(info);
    e->bound = info_bound(info);
    e->nproc = busy_sum(b, busy_tag(key, e->depth));
}

static bool probe_bucket(const tt_bucket *b, uint64_t key, pab_tt_entry *entry)
{
    uint64_t data, info;
    bool hit = b != NULL && bucket_find(b, key, &data, &info) >= 0;
    if (entry == NULL)
        return hit;
    if (hit) {
        entry_fill(entry, b, key, data, info);
    } else {
        entry->score = 0;
        entry->move = PAB_MOVE_NONE;
        entry->depth = 0;
        entry->bound = PAB_BOUND_NONE;
        entry->nproc = 0;
    }
    return hit;
}

bool pab_tt_probe_at(const pab_tt *tt, uint64_t key, int depth,
                     pab_tt_entry *entry)
{
    tt_at at;
    tt_bucket *b = at_open(tt, key, clamp_depth(depth), &at);
    bool hit = probe_bucket(b, key, entry);
    if (b != NULL)
        at_close(tt, key, &at);
    return hit;
}

/* Without a depth: the table's own memory first, then the remote home. */
bool pab_tt_probe(const pab_tt *tt, uint64_t key, pab_tt_entry *entry)
{
    bool hit = probe_bucket(bucket_of(tt, key), key, entry);
    if (hit || tt->remote.get == NULL)
        return hit;
    return pab_tt_probe_at(tt, key, PAB_TT_MAX_DEPTH, entry);
}

static void store_bucket(pab_tt *tt, tt_bucket *b, unsigned age, uint64_t key,
                         int depth, pab_bound bound, pab_score_t score,
                         pab_move_t move)
{
    uint64_t data, info;
    int i = bucket_find(b, key, &data, &info);
    if (i >= 0) {
        if (info_depth(info) > depth && info_age(info) == age &&
            bound != PAB_BOUND_EXACT)
            return; /* keep the deeper result of this search */
        if (move == PAB_MOVE_NONE)
            move = data_move(data);
        slot_write(&b->slot[i], key, pack_data(score, move),
                   pack_info(depth, bound, age));
        return;
    }
    i = pick_victim(b, age);
    note_eviction(tt, &b->slot[i], age);
    slot_write(&b->slot[i], key, pack_data(score, move),
               pack_info(depth, bound, age));
    busy_drop_other(&b->slot[i], key);
}

void pab_tt_store_quiet(pab_tt *tt, uint64_t key, int depth, pab_bound bound,
                        pab_score_t score, pab_move_t move)
{
    tt_at at;
    depth = clamp_depth(depth);
    tt_bucket *b = at_open(tt, key, depth, &at);
    if (b == NULL)
        return;
    store_bucket(tt, b, current_age(tt), key, depth, bound, score, move);
    at_close(tt, key, &at);
}

void pab_tt_store(pab_tt *tt, uint64_t key, int depth, pab_bound bound,
                  pab_score_t score, pab_move_t move)
{
    pab_tt_store_quiet(tt, key, depth, bound, score, move);
    report_store(tt, key, clamp_depth(depth), bound, score, move);
}

void pab_tt_prefetch(const pab_tt *tt, uint64_t key)
{
    rt_prefetch(bucket_at(tt, key));
}

/* Permille of a sample of about 1000 entries, spread over (at most 500)
 * shards and evenly within each, that hold a result of this search. */
unsigned pab_tt_hashfull(const pab_tt *tt)
{
    if (tt == NULL)
        return 0;
    unsigned age = current_age(tt);
    unsigned visit =
        tt->nshards < TT_HASHFULL_BUCKETS ? tt->nshards : TT_HASHFULL_BUCKETS;
    unsigned step = tt->nshards / visit;
    uint64_t per = (TT_HASHFULL_BUCKETS + visit - 1) / visit;
    uint64_t used = 0, seen = 0;
    for (unsigned v = 0; v < visit; v++) {
        const tt_shard *s = &tt->shard[v * step];
        uint64_t n = per < s->nbuckets ? per : s->nbuckets;
        uint64_t stride = s->nbuckets / n;
        for (uint64_t j = 0; j < n; j++) {
            const tt_bucket *b = &s->buckets[j * stride];
            for (int i = 0; i < TT_WAYS; i++) {
                uint64_t info = rt_load(&b->slot[i].info);
                if ((info & INFO_VALID) && info_age(info) == age)
                    used++;
                seen++;
            }
        }
    }
    return (unsigned)(used * 1000 / seen);
}

/* ---- ABDADA ---- */

/* Weill's use of an entry at least as deep as the node. */
static pab_tt_answer enter_found(tt_bucket *b, int slot, uint64_t key,
                                 int depth, bool exclusive, uint64_t data,
                                 uint64_t info, pab_score_t *alpha,
                                 pab_score_t *beta, pab_score_t *score)
{
    uint64_t tag = busy_tag(key, depth);
    int stored_depth = info_depth(info);
    pab_score_t value = data_score(data);

    if (stored_depth == depth && exclusive && busy_sum(b, tag) > 0) {
        *score = PAB_SCORE_ON_EVALUATION;
        return PAB_TT_ON_EVALUATION;
    }
    switch (info_bound(info)) {
    case PAB_BOUND_EXACT: *score = *alpha = *beta = value; break;
    case PAB_BOUND_UPPER:
        if (value < *beta)
            *score = *beta = value;
        break;
    case PAB_BOUND_LOWER:
        if (value > *alpha)
            *score = *alpha = value;
        break;
    default: break; /* a claim: nothing known yet */
    }
    if (*alpha >= *beta)
        return PAB_TT_CUTOFF;
    if (stored_depth > depth)
        return PAB_TT_SEARCH_UNCOUNTED;
    busy_count_in(b, slot, tag);
    return PAB_TT_SEARCH;
}

static pab_tt_answer enter_bucket(pab_tt *tt, tt_bucket *b, uint64_t key,
                                  int depth, bool exclusive, pab_score_t *alpha,
                                  pab_score_t *beta, pab_score_t *score,
                                  pab_move_t *move, pab_tt_entry *seen)
{
    unsigned age = current_age(tt);
    uint64_t data, info;
    int i = bucket_find(b, key, &data, &info);
    if (i >= 0) {
        *move = data_move(data);
        seen->score = data_score(data);
        seen->move = *move;
        seen->depth = info_depth(info);
        seen->bound = info_bound(info);
        if (info_depth(info) >= depth)
            return enter_found(b, i, key, depth, exclusive, data, info, alpha,
                               beta, score);
    } else {
        i = pick_victim(b, age);
        note_eviction(tt, &b->slot[i], age);
    }
    /* Missing or shallower: claim the slot for this node. */
    slot_write(&b->slot[i], key, pack_data(0, *move),
               pack_info(depth, PAB_BOUND_NONE, age));
    busy_count_in(b, i, busy_tag(key, depth));
    return PAB_TT_SEARCH;
}

pab_tt_answer tt_enter_seen(pab_tt *tt, uint64_t key, int depth, bool exclusive,
                            pab_score_t *alpha, pab_score_t *beta,
                            pab_score_t *score, pab_move_t *move,
                            pab_tt_entry *seen)
{
    tt_at at;
    depth = clamp_depth(depth);
    *score = -PAB_SCORE_INF;
    *move = PAB_MOVE_NONE;
    *seen = (pab_tt_entry){.move = PAB_MOVE_NONE, .depth = -1};
    tt_bucket *b = at_open(tt, key, depth, &at);
    if (b == NULL)
        return PAB_TT_SEARCH_UNCOUNTED;
    pab_tt_answer answer = enter_bucket(tt, b, key, depth, exclusive, alpha,
                                        beta, score, move, seen);
    at_close(tt, key, &at);
    return answer;
}

pab_tt_answer pab_tt_enter(pab_tt *tt, uint64_t key, int depth, bool exclusive,
                           pab_score_t *alpha, pab_score_t *beta,
                           pab_score_t *score, pab_move_t *move)
{
    pab_tt_entry seen;
    return tt_enter_seen(tt, key, depth, exclusive, alpha, beta, score, move,
                         &seen);
}

static void leave_bucket(pab_tt *tt, tt_bucket *b, uint64_t key, int depth,
                         pab_bound bound, pab_score_t score, pab_move_t move)
{
    uint64_t data, info;
    uint64_t tag = busy_tag(key, depth);
    busy_leave(b, tag);

    int i = bucket_find(b, key, &data, &info);
    if (i < 0 || info_depth(info) > depth)
        return;
    if (move == PAB_MOVE_NONE)
        move = data_move(data);
    slot_write(&b->slot[i], key, pack_data(score, move),
               pack_info(depth, bound, current_age(tt)));
    if (info_depth(info) != depth)
        busy_reset_other_depths(b, key, tag);
}

void pab_tt_leave(pab_tt *tt, uint64_t key, int depth, pab_score_t alpha,
                  pab_score_t beta, pab_score_t score, pab_move_t move)
{
    tt_at at;
    depth = clamp_depth(depth);
    pab_bound bound = score >= beta    ? PAB_BOUND_LOWER
                      : score <= alpha ? PAB_BOUND_UPPER
                                       : PAB_BOUND_EXACT;
    tt_bucket *b = at_open(tt, key, depth, &at);
    if (b == NULL)
        return;
    leave_bucket(tt, b, key, depth, bound, score, move);
    at_close(tt, key, &at);
    report_store(tt, key, depth, bound, score, move);
}

void pab_tt_abandon(pab_tt *tt, uint64_t key, int depth)
{
    tt_at at;
    depth = clamp_depth(depth);
    tt_bucket *b = at_open(tt, key, depth, &at);
    if (b == NULL)
        return;
    busy_leave(b, busy_tag(key, depth));
    at_close(tt, key, &at);
}

unsigned pab_tt_nproc(const pab_tt *tt, uint64_t key, int depth)
{
    tt_at at;
    depth = clamp_depth(depth);
    tt_bucket *b = at_open(tt, key, depth, &at);
    if (b == NULL)
        return 0;
    unsigned n = busy_sum(b, busy_tag(key, depth));
    at_close(tt, key, &at);
    return n;
}

/*
 * The transposition table's layout, shared by tt.c (the lockless entry
 * protocol: probe, store, enter, leave) and tt_shard.c (allocation, sizing
 * and clearing, which run while nothing else uses the table).  See tt.c
 * for what each word means and why the races on them are safe.
 */
#ifndef PAB_TT_LAYOUT_H
#define PAB_TT_LAYOUT_H

#include <pab/search.h>
#include <pab/tt.h>

#include "runtime.h"

#define TT_LINE 64u /* bytes of a bucket: one cache line */
#define TT_WAYS 2   /* slots per bucket */

/* pab_tt_create(..., 0): one shard per this many bytes. */
#define TT_DEFAULT_SHARD_BYTES ((size_t)16 << 20)

/* Buckets sampled by pab_tt_hashfull() (two entries each). */
#define TT_HASHFULL_BUCKETS 500u

/* w2 */
#define INFO_DEPTH_MASK  0xFFu
#define INFO_BOUND_SHIFT 8
#define INFO_BOUND_MASK  3u
#define INFO_AGE_SHIFT   10
#define INFO_AGE_MASK    63u
#define INFO_VALID       ((uint64_t)1 << 16)

/* w3 */
#define BUSY_COUNT_MASK  ((uint64_t)0xFFFF)
#define BUSY_DEPTH_SHIFT 16
#define BUSY_SIG_SHIFT   24

typedef struct tt_slot {
    rt_word check; /* w0 */
    rt_word data;  /* w1 */
    rt_word info;  /* w2 */
    rt_word busy;  /* w3 */
} tt_slot;

typedef struct tt_bucket {
    tt_slot slot[TT_WAYS];
} tt_bucket;

_Static_assert(sizeof(tt_slot) == 32, "a slot is four 64-bit words");
_Static_assert(sizeof(tt_bucket) == TT_LINE, "a bucket is one cache line");

typedef struct tt_shard {
    tt_bucket *buckets; /* aligned to TT_LINE inside raw */
    void *raw;          /* what calloc returned */
    uint64_t nbuckets;  /* >= 1, any value */
} tt_shard;

struct pab_tt {
    tt_shard *shard;
    unsigned nshards;    /* a power of two */
    unsigned shard_bits; /* log2(nshards) */
    size_t bytes;        /* sum of the shards' bucket bytes */
    rt_word age;         /* search age; its low 6 bits are stored */
    /* Diagnostics (tt_diag_start): searches counting, and the entries of
     * the current search replaced by another position, by depth. */
    rt_word diag_users;
    rt_word evicted[PAB_DIAG_DEPTHS];
    /* pab_tt_set_remote(): set while no operation runs, then only read. */
    pab_tt_remote remote;
};

_Static_assert(sizeof(tt_bucket) == PAB_TT_BUCKET_BYTES,
               "a remote bucket is a local one's bytes");

/* tt.c: diagnostics, for diagnostics.c.  The table counts the current
 * search's entries it replaces, by depth, while some search counts (start
 * adds a user, stop removes one and adds the counts since `at` into
 * by_depth). */
void tt_diag_start(pab_tt *tt, uint64_t at[PAB_DIAG_DEPTHS]);
void tt_diag_stop(pab_tt *tt, const uint64_t at[PAB_DIAG_DEPTHS],
                  pab_depth_stats *by_depth);

/* tt_shard.c */
void tt_shard_free(tt_shard *s);

#endif /* PAB_TT_LAYOUT_H */

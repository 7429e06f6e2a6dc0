/*
 * libpab: the sharded, lockless transposition table, with ABDADA's count of
 * processors searching each node.  Usable on its own by any engine.
 */
#ifndef PAB_TT_H
#define PAB_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pab/common.h>
#include <pab/game.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pab_tt pab_tt;

/* Smallest table, largest table, and the largest shard count accepted. */
#define PAB_TT_MIN_BYTES  ((size_t)64 * 1024)
#define PAB_TT_MAX_BYTES  ((size_t)1 << 40)
#define PAB_TT_MAX_SHARDS 4096u

/* Depths the table can hold: 0 .. PAB_TT_MAX_DEPTH. */
#define PAB_TT_MAX_DEPTH 255

/* What a probe found. */
typedef struct pab_tt_entry {
    pab_score_t score; /* meaningful when bound != PAB_BOUND_NONE */
    pab_move_t move;   /* PAB_MOVE_NONE when none was stored */
    int depth;         /* draft the result was searched to */
    pab_bound bound;   /* PAB_BOUND_NONE: the entry is only a claim */
    unsigned nproc;    /* processors searching the node at `depth` */
} pab_tt_entry;

/* Result of pab_tt_enter() (Weill's RetrieveAsk). */
typedef enum pab_tt_answer {
    PAB_TT_SEARCH = 0, /* search the node; the caller is counted in */
    PAB_TT_CUTOFF = 1, /* the window closed: return *score, not counted */
    PAB_TT_ON_EVALUATION = 2,   /* exclusive and already being searched */
    PAB_TT_SEARCH_UNCOUNTED = 3 /* search it; a deeper entry holds the slot */
} pab_tt_answer;

PAB_API int pab_tt_create(pab_tt **tt, size_t bytes, unsigned shards);
PAB_API void pab_tt_destroy(pab_tt *tt);
PAB_API void pab_tt_clear(pab_tt *tt);
PAB_API int pab_tt_clear_shard(pab_tt *tt, unsigned shard);
PAB_API int pab_tt_resize_shard(pab_tt *tt, unsigned shard, size_t bytes);
PAB_API unsigned pab_tt_shards(const pab_tt *tt);
PAB_API size_t pab_tt_bytes(const pab_tt *tt);
PAB_API unsigned pab_tt_shard_of(const pab_tt *tt, uint64_t key);
PAB_API void pab_tt_new_search(pab_tt *tt);

PAB_API bool pab_tt_probe(const pab_tt *tt, uint64_t key, pab_tt_entry *entry);
PAB_API void pab_tt_store(pab_tt *tt, uint64_t key, int depth, pab_bound bound,
                          pab_score_t score, pab_move_t move);
PAB_API void pab_tt_prefetch(const pab_tt *tt, uint64_t key);
PAB_API unsigned pab_tt_hashfull(const pab_tt *tt);

/* ABDADA (Weill 1996, figure 2, with its misprint corrected). */
PAB_API pab_tt_answer pab_tt_enter(pab_tt *tt, uint64_t key, int depth,
                                   bool exclusive, pab_score_t *alpha,
                                   pab_score_t *beta, pab_score_t *score,
                                   pab_move_t *move);
PAB_API void pab_tt_leave(pab_tt *tt, uint64_t key, int depth,
                          pab_score_t alpha, pab_score_t beta,
                          pab_score_t score, pab_move_t move);
PAB_API void pab_tt_abandon(pab_tt *tt, uint64_t key, int depth);
PAB_API unsigned pab_tt_nproc(const pab_tt *tt, uint64_t key, int depth);

/* A table whose deep entries live elsewhere (libpab 0.7): in another
 * process, on another machine.  Every operation on an entry of depth
 * min_depth or more -- store, enter, leave, abandon, nproc, and a probe
 * made for such a node -- takes that entry's bucket from `get`, works on
 * the copy with the same rules as on a local bucket, and hands it back to
 * `put`; shallower entries stay in the table's own memory.  libpab-mpi's
 * distributed table is one such home (pab-mpi(7)).
 *
 * get(key, bucket, user) copies the PAB_TT_BUCKET_BYTES bytes of key's
 * bucket into `bucket` and holds it against every other get of that
 * bucket until the matching put; it returns 0, or a negative error code
 * (the operation then acts as on an empty bucket and changes nothing).
 * put(key, bucket, changed, user) writes the copy back when `changed` and
 * releases the bucket.  A fresh home reads as zero bytes.
 *
 * Mirror mode: with get and put NULL, every entry stays local and
 * `stored` is told of each store of min_depth or more (for a layer that
 * copies deep entries to other tables, as Lazy Cluster does); a store it
 * makes itself with pab_tt_store_quiet() is not reported.  pab_tt_clear()
 * also calls `clear` when it is set.  See pab_tt_set_remote(3). */
#define PAB_TT_BUCKET_BYTES 64

typedef struct pab_tt_remote {
    size_t size;   /* sizeof(pab_tt_remote) */
    int min_depth; /* entries of this depth and deeper, 1..PAB_TT_MAX_DEPTH */
    int (*get)(uint64_t key, void *bucket, void *user);
    void (*put)(uint64_t key, const void *bucket, bool changed, void *user);
    void (*stored)(uint64_t key, int depth, pab_bound bound, pab_score_t score,
                   pab_move_t move, void *user);
    void (*clear)(void *user); /* pab_tt_clear(): the home's part; or NULL */
    void *user;
} pab_tt_remote;

PAB_API int pab_tt_set_remote(pab_tt *tt, const pab_tt_remote *remote);
PAB_API bool pab_tt_probe_at(const pab_tt *tt, uint64_t key, int depth,
                             pab_tt_entry *entry);
PAB_API void pab_tt_store_quiet(pab_tt *tt, uint64_t key, int depth,
                                pab_bound bound, pab_score_t score,
                                pab_move_t move);

#ifdef __cplusplus
}
#endif

#endif /* PAB_TT_H */

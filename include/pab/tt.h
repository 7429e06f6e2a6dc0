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

#ifdef __cplusplus
}
#endif

#endif /* PAB_TT_H */

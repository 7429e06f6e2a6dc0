/*
 * libpab: Kerrigan's currently-searching table (Simplified ABDADA), an
 * n-way hash set of the moves some thread is searching right now.  Usable on
 * its own by any engine.
 */
#ifndef PAB_CS_H
#define PAB_CS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pab/common.h>
#include <pab/game.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pab_cs pab_cs;

/* Kerrigan's constants, the defaults of pab_cs_create(). */
#define PAB_CS_DEFAULT_SIZE        32768u
#define PAB_CS_DEFAULT_WAYS        4u
#define PAB_CS_DEFAULT_DEFER_DEPTH 3
#define PAB_CS_MAX_SIZE            (1u << 26)
#define PAB_CS_MAX_WAYS            64u

PAB_API int pab_cs_create(pab_cs **cs, unsigned size, unsigned ways,
                          int defer_depth);
PAB_API void pab_cs_destroy(pab_cs *cs);
PAB_API void pab_cs_clear(pab_cs *cs);
PAB_API int pab_cs_defer_depth(const pab_cs *cs);
PAB_API uint64_t pab_cs_move_hash(uint64_t position_key, pab_move_t move);
PAB_API bool pab_cs_defer(const pab_cs *cs, uint64_t move_hash, int depth);
PAB_API void pab_cs_starting(pab_cs *cs, uint64_t move_hash, int depth);
PAB_API void pab_cs_finished(pab_cs *cs, uint64_t move_hash, int depth);

/* A table whose deep sets live elsewhere (libpab 0.7), as
 * pab_tt_set_remote() has it for the transposition table: defer, starting
 * and finished at depth min_depth or more take a copy of the move's set
 * (the table's ways, 8 bytes each: `bytes` of them) from `get`, which holds
 * it against every other get until the matching `put`, work on the copy,
 * and hand it back.  A set that was never written reads as zero bytes.
 * libpab-mpi's Simplified ABDADA across ranks uses one; see
 * pab_cs_set_remote(3). */
typedef struct pab_cs_remote {
    size_t size;   /* sizeof(pab_cs_remote) */
    int min_depth; /* sets reached at this depth and deeper */
    int (*get)(uint64_t move_hash, void *set, size_t bytes, void *user);
    void (*put)(uint64_t move_hash, const void *set, size_t bytes, bool changed,
                void *user);
    void *user;
} pab_cs_remote;

PAB_API int pab_cs_set_remote(pab_cs *cs, const pab_cs_remote *remote);

#ifdef __cplusplus
}
#endif

#endif /* PAB_CS_H */

/*
 * The game table: validation, private copies of positions, and the
 * conversion of distance scores between the game's view (distance from the
 * node) and the search's (distance from the root).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The caller's table may be older (smaller) or newer (larger) than ours:
 * write exactly `size` bytes. */
void pab_game_init_size(pab_game *game, size_t size)
{
    if (game == NULL || size < sizeof game->size)
        return;
    memset(game, 0, size);
    game->size = size;
}

/* The largest move buffer a game may ask for: every worker keeps two per
 * ply (PAB_PLY_MAX plies), so this bounds its move buffers at 128 MiB; no
 * real game comes near it. */
#define GAME_MAX_MOVES 65536u
/* The largest undo record: a worker keeps one per ply, 16 MiB at most. */
#define GAME_MAX_UNDO 65536u

void game_copy(pab_game *dst, const pab_game *src)
{
    memset(dst, 0, sizeof *dst);
    memcpy(dst, src, src->size);
    dst->size = sizeof *dst;
}

/* Each required job has an old callback and a libpab 0.4 replacement; a
 * pair of callbacks comes both or neither. */
static int callbacks_validate(const pab_game *g)
{
    if ((g->generate == NULL && g->generate_scored == NULL) ||
        (g->evaluate == NULL && g->evaluate_mut == NULL) || g->hash == NULL)
        return PAB_ECALLBACK;
    if ((g->make == NULL) != (g->unmake == NULL) ||
        (g->make_undo == NULL) != (g->unmake_undo == NULL) ||
        (g->make == NULL && g->make_undo == NULL))
        return PAB_ECALLBACK;
    if ((g->make_null == NULL) != (g->unmake_null == NULL) ||
        (g->make_null_undo == NULL) != (g->unmake_null_undo == NULL) ||
        (g->make_null_undo != NULL && g->make_undo == NULL))
        return PAB_ECALLBACK;
    if ((g->clone == NULL) != (g->destroy == NULL))
        return PAB_ECALLBACK;
    if ((g->flags & PAB_GAME_STAGED) && g->generate_scored == NULL)
        return PAB_ECALLBACK;
    return 0;
}

int game_validate(const pab_game *game)
{
    if (game == NULL)
        return PAB_EINVAL;
    /* Only published layouts. */
    if (game->size != PAB_GAME_SIZE_V1 && game->size != PAB_GAME_SIZE_V2 &&
        game->size != PAB_GAME_SIZE_V3)
        return PAB_EVERSION;
    pab_game g;
    game_copy(&g, game);
    int rc = callbacks_validate(&g);
    if (rc < 0)
        return rc;
    if (g.state_size == 0)
        return PAB_EINVAL;
    if (g.move_index != NULL && g.move_index_count == 0)
        return PAB_EINVAL;
    if ((g.flags & PAB_GAME_INDEX_LOW_BITS) &&
        (g.move_index_count == 0 ||
         (g.move_index_count & (g.move_index_count - 1)) != 0))
        return PAB_EINVAL;
    if (g.max_moves > GAME_MAX_MOVES || g.undo_size > GAME_MAX_UNDO)
        return PAB_EINVAL;
    if ((g.make_undo != NULL) != (g.undo_size > 0))
        return PAB_EINVAL;
    return 0;
}

unsigned game_capacity(const pab_game *game)
{
    return game->max_moves ? game->max_moves : PAB_MAX_MOVES;
}

void *state_clone(const pab_game *game, const void *src, int *err)
{
    void *dst = malloc(game->state_size);
    *err = 0;
    if (dst == NULL) {
        *err = PAB_ENOMEM;
        return NULL;
    }
    if (game->clone == NULL) {
        memcpy(dst, src, game->state_size);
        return dst;
    }
    int rc = game->clone(dst, src, game->user);
    if (rc < 0) {
        free(dst);
        *err = PAB_EGAME;
        return NULL;
    }
    return dst;
}

void state_free(const pab_game *game, void *state)
{
    if (state == NULL)
        return;
    if (game->destroy != NULL)
        game->destroy(state, game->user);
    free(state);
}

/* ---- generation through either callback ------------------------------ */

int game_generate(const pab_game *g, void *state, pab_move_t *moves,
                  int32_t *scores, unsigned capacity, pab_score_t *terminal,
                  int *noisy)
{
    *noisy = 0;
    if (g->generate_scored == NULL) {
        *terminal = 0;
        return g->generate(state, moves, capacity, terminal, g->user);
    }
    if (!(g->flags & PAB_GAME_STAGED))
        return game_generate_stage(g, state, PAB_STAGE_ALL, moves, scores,
                                   capacity, terminal);
    int k = game_generate_stage(g, state, PAB_STAGE_NOISY, moves, scores,
                                capacity, terminal);
    if (k < 0 || (unsigned)k > capacity)
        return -1;
    int q = game_generate_stage(g, state, PAB_STAGE_QUIET, moves + k,
                                scores + k, capacity - (unsigned)k, terminal);
    if (q < 0 || (unsigned)q > capacity - (unsigned)k)
        return -1;
    *noisy = k;
    return k + q;
}

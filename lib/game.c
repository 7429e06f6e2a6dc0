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

int game_validate(const pab_game *game)
{
    if (game == NULL)
        return PAB_EINVAL;
    /* Only published layouts: today there is one. */
    if (game->size != PAB_GAME_SIZE_V1)
        return PAB_EVERSION;
    if (game->generate == NULL || game->make == NULL || game->unmake == NULL ||
        game->evaluate == NULL || game->hash == NULL)
        return PAB_ECALLBACK;
    if (game->state_size == 0)
        return PAB_EINVAL;
    if ((game->make_null == NULL) != (game->unmake_null == NULL))
        return PAB_ECALLBACK;
    if ((game->clone == NULL) != (game->destroy == NULL))
        return PAB_ECALLBACK;
    if (game->move_index != NULL && game->move_index_count == 0)
        return PAB_EINVAL;
    if (game->max_moves > GAME_MAX_MOVES)
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

/* The search keeps distance scores relative to the root: a win reached at
 * ply p after d more plies is worth MATE - (p + d).  The table keeps them
 * relative to the node, so an entry reached at another ply still means the
 * same thing. */
pab_score_t score_from_game(const pab_game *game, pab_score_t s, int ply)
{
    if (!(game->flags & PAB_GAME_DISTANCE_SCORES))
        return s;
    if (PAB_SCORE_IS_WIN(s))
        return s - ply;
    if (PAB_SCORE_IS_LOSS(s))
        return s + ply;
    return s;
}

pab_score_t score_to_tt(const pab_game *game, pab_score_t s, int ply)
{
    if (!(game->flags & PAB_GAME_DISTANCE_SCORES))
        return s;
    if (PAB_SCORE_IS_WIN(s))
        return s + ply;
    if (PAB_SCORE_IS_LOSS(s))
        return s - ply;
    return s;
}

pab_score_t score_from_tt(const pab_game *game, pab_score_t s, int ply)
{
    return score_from_game(game, s, ply);
}

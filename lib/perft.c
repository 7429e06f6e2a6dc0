/*
 * pab_perft() and pab_searcher_perft(): count the leaves of the game tree to
 * a fixed depth, to check a game's move generator against published counts.
 * The searcher's count reads its stop count (an rt_word another thread
 * raises) every PERFT_POLL_NODES nodes; nothing else is shared.
 */
#include "config.h"

#include <stdlib.h>

#include "internal.h"

/* How often (in generated nodes) a stoppable count looks for a stop: as
 * often as a search polls its limits. */
#define PERFT_POLL_NODES PAB_POLL_NODES

typedef struct perft_ctx {
    const pab_game *game;
    void *state;
    pab_move_t *moves;   /* depth * capacity */
    int32_t *scores;     /* capacity: the game's scores, unused here */
    unsigned char *undo; /* depth * undo_size */
    unsigned capacity;
    unsigned flags;
    int error;
    const rt_word *stops; /* NULL: not stoppable */
    uint64_t ticket;
    unsigned poll; /* nodes to the next look at *stops */
} perft_ctx;

/* True once the count must end: a callback failed or a stop came. */
static bool perft_halted(perft_ctx *c)
{
    if (c->error != 0)
        return true;
    if (c->stops == NULL || --c->poll != 0)
        return false;
    c->poll = PERFT_POLL_NODES;
    if (stop_requested(c->stops, c->ticket))
        c->error = PAB_ESTOPPED;
    return c->error != 0;
}

static uint64_t perft_count(perft_ctx *c, int depth, int ply)
{
    const pab_game *g = c->game;
    pab_move_t *moves = c->moves + (size_t)ply * c->capacity;
    void *undo = c->undo ? c->undo + (size_t)ply * g->undo_size : NULL;
    pab_score_t terminal = 0;
    int noisy;
    if (perft_halted(c))
        return 0;
    int n = game_generate(g, c->state, moves, c->scores, c->capacity, &terminal,
                          &noisy);
    if (n < 0 || (unsigned)n > c->capacity) {
        c->error = PAB_EGAME;
        return 0;
    }
    if (n == 0)
        return (c->flags & PAB_PERFT_COUNT_TERMINAL) ? 1 : 0;
    if (depth == 1 && (c->flags & PAB_PERFT_BULK))
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n && c->error == 0; i++) {
        if (game_make(g, c->state, moves[i], undo))
            total += depth == 1 ? 1 : perft_count(c, depth - 1, ply + 1);
        game_unmake(g, c->state, moves[i], undo);
    }
    return total;
}

int perft_run(const pab_game *game, const void *state, int depth,
              unsigned flags, const rt_word *stops, uint64_t ticket,
              uint64_t *count)
{
    if (depth < 0 || depth > PAB_PLY_MAX)
        return PAB_EDEPTH;
    if (depth == 0) {
        *count = 1;
        return 0;
    }
    int rc;
    perft_ctx c = {.game = game,
                   .capacity = game_capacity(game),
                   .flags = flags,
                   .stops = stops,
                   .ticket = ticket,
                   .poll = 1};
    c.state = state_clone(game, state, &rc);
    if (c.state == NULL)
        return rc;
    c.moves = malloc(sizeof(pab_move_t) * c.capacity * (size_t)depth);
    c.scores = malloc(sizeof(int32_t) * c.capacity);
    c.undo = game->undo_size ? malloc(game->undo_size * (size_t)depth) : NULL;
    uint64_t total = 0;
    if (c.moves == NULL || c.scores == NULL ||
        (game->undo_size && c.undo == NULL))
        c.error = PAB_ENOMEM;
    else
        total = perft_count(&c, depth, 0);
    free(c.moves);
    free(c.scores);
    free(c.undo);
    state_free(game, c.state);
    if (c.error < 0)
        return c.error;
    *count = total;
    return 0;
}

int pab_perft(const pab_game *game, const void *state, int depth,
              unsigned flags, uint64_t *count)
{
    if (state == NULL || count == NULL)
        return PAB_EINVAL;
    int rc = game_validate(game);
    if (rc < 0)
        return rc;
    pab_game g; /* the caller's table may be of an older layout */
    game_copy(&g, game);
    return perft_run(&g, state, depth, flags, NULL, 0, count);
}

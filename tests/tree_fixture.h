/*
 * One artificial tree of examples/games/tree.c, opened for a test: the
 * game and the root position of one seed, failing the test if either
 * cannot be made.  Shared by the tests that search single trees.
 */
#ifndef PAB_TESTS_TREE_FIXTURE_H
#define PAB_TESTS_TREE_FIXTURE_H

#include <criterion/criterion.h>
#include <stdlib.h>

#include "../examples/games/tree.h"

typedef struct tree_pos {
    pab_game game;
    void *root;
} tree_pos;

static inline void tree_open(tree_pos *t, unsigned b, unsigned wa, unsigned wb,
                             uint32_t seed)
{
    const tree_params shape = {b, wa, wb, TREE_HEIGHT_MAX};
    cr_assert_eq(tree_game_init(&t->game, &shape), 0);
    t->root = malloc(t->game.state_size);
    cr_assert_not_null(t->root);
    cr_assert_eq(tree_root(&t->game, t->root, seed), 0);
}

static inline void tree_close(tree_pos *t)
{
    free(t->root);
    tree_game_free(&t->game);
}

#endif /* PAB_TESTS_TREE_FIXTURE_H */

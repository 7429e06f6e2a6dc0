/*
 * The artificial game trees of chapter 4 of the 2001 parallel alpha-beta
 * thesis (exponentially ordered trees, figures 4.1-4.4, seed sets tg1/tg2
 * of appendix A) as a pab_game.  See tree.c for the model.
 */
#ifndef PAB_EXAMPLE_TREE_H
#define PAB_EXAMPLE_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pab/pab.h>

#include "games.h"

/* Figure 4.1 and 4.2 constants. */
#define TREE_RANDOM_LIMIT 2147483647u /* modulus of both generators */
#define TREE_SCORE_MIN    0u
#define TREE_SCORE_MAX    (TREE_RANDOM_LIMIT - 1u)
/* The root's pscore, (score_max - score_min) / 2; also the midpoint that
 * maps pscores onto pab scores (pscore - TREE_MIDPOINT fits in
 * +-PAB_SCORE_MAX exactly). */
#define TREE_MIDPOINT ((TREE_SCORE_MAX - TREE_SCORE_MIN) / 2u)

#define TREE_BRANCH_MAX 256u /* largest branching factor b */
#define TREE_HEIGHT_MAX 128  /* longest path from the root, in plies */
#define TREE_TG1_COUNT  100u
#define TREE_TG2_COUNT  200u

/* One stream of figure 4.1. */
typedef struct tree_rnd {
    uint32_t state;
} tree_rnd;

/* RANDOMSEED, RANDOM and RANDOMRANGE of figure 4.1. */
void tree_random_seed(tree_rnd *rnd, uint32_t seed);
uint32_t tree_random(tree_rnd *rnd);
uint32_t tree_random_range(tree_rnd *rnd, uint32_t lower, uint32_t upper);

/* What a node passes to each of its children (figure 4.2). */
typedef struct tree_child {
    uint32_t seed;
    uint32_t pscore;
} tree_child;

/* The shape of a family of trees: branching factor, the two ordering
 * weights of figure 4.4 (percent) and the height.  Every node has b
 * children until the height is reached. */
typedef struct tree_params {
    unsigned b;  /* 1 .. TREE_BRANCH_MAX */
    unsigned wa; /* 0 .. 100 */
    unsigned wb; /* 0 .. 100 */
    int height;  /* 0 .. TREE_HEIGHT_MAX */
} tree_params;

/* BRANCHGENERATE (figure 4.2): the b children of the node (seed, pscore,
 * max_node) in generation order, best first.  Leaves `rnd` where figure 4.4
 * continues it. */
void tree_branch_generate(tree_rnd *rnd, uint32_t seed, uint32_t pscore,
                          bool max_node, tree_child *children, unsigned b);

/* BRANCHORDER (figure 4.4): permutes the children's pscores (seeds stay)
 * drawing from the node's stream `rnd`.  If `labels` is not NULL it is
 * permuted along with the pscores, so a caller can follow a child. */
void tree_branch_order(tree_rnd *rnd, bool max_node, tree_child *children,
                       unsigned b, unsigned wa, unsigned wb, unsigned *labels);

/* Both: the children of a node in the tree's own (search) order. */
void tree_children(const tree_params *params, uint32_t seed, uint32_t pscore,
                   bool max_node, tree_child *children);

/* Equations 4.1 and 4.2: the probability that the best child is found at
 * position n (1-based) after BRANCHORDER. */
double tree_model_probability(unsigned b, unsigned wa, unsigned wb, unsigned n);

/* The seed sets of appendix A: "tg1" (table A.1, 100 seeds) or "tg2"
 * (tables A.2 and A.3, 200 seeds).  Copies at most `capacity` seeds into
 * out and returns the size of the set, or 0 for an unknown name. */
unsigned tree_seed_set(const char *name, uint32_t *out, unsigned capacity);

/* Parse "b,wa,wb" or "b,wa,wb,h" into *params (a missing height becomes
 * TREE_HEIGHT_MAX).  Returns 0, or PAB_EINVAL with one line in err. */
int tree_params_parse(const char *text, tree_params *params, char *err,
                      size_t errlen);

/* Fill *game with the tree callbacks for `params`; game->user is
 * allocated here and released by tree_game_free().  Returns 0 or a
 * negative PAB_ code. */
int tree_game_init(pab_game *game, const tree_params *params);
void tree_game_free(pab_game *game);

/* Change the height of the trees of `game` (0 .. TREE_HEIGHT_MAX).  Not
 * while a search runs.  States already rooted stay valid as long as their
 * path is not longer than the new height. */
int tree_set_height(pab_game *game, int height);

/* The parameters `game` was set up with. */
const tree_params *tree_game_params(const pab_game *game);

/* Write the root of the tree grown from `seed` (1 .. TREE_RANDOM_LIMIT - 1)
 * into `state` (game->state_size bytes). */
int tree_root(const pab_game *game, void *state, uint32_t seed);

/* The node at the top of the path in `state`. */
unsigned tree_ply(const void *state);
uint32_t tree_node_seed(const void *state);
uint32_t tree_node_pscore(const void *state);
bool tree_node_is_max(const void *state);

/* Map a pscore seen from a MAX or MIN node to a pab score and back. */
pab_score_t tree_score_from_pscore(uint32_t pscore, bool max_node);
uint32_t tree_pscore_from_score(pab_score_t score, bool max_node);

/* The descriptor pab-bench and the tests use (name "tree"). */
extern const ex_game ex_tree;

#endif /* PAB_EXAMPLE_TREE_H */

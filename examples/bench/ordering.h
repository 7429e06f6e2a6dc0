/*
 * pab-bench ordering: the move-ordering experiment of chapter 4 of the
 * thesis on its artificial trees (examples/games/tree.c).
 *
 *   pab-bench ordering [--tree=b,wa,wb] [--seeds=tg1|tg2] [--depth=D]
 *                      [--trees=N] [--algo=NAME] [--threads=T] [--quiet]
 *   pab-bench ordering --model [--tree=b,wa,wb] [--seeds=..] [--depth=D]
 *                      [--trees=N] [--samples=N] [--quiet]
 *
 * Search mode (default tree 32,79,5, tg1, depth 7): searches every tree
 * with plain alpha-beta (figure 4.3) to the fixed depth and prints f_best
 * and p_best, with table 4.4 beside when the settings are the thesis'.
 *
 * Model mode (default tree 20,69,19, depth 4): records where BRANCHORDER
 * put the best child, over --samples independent nodes (binomial error)
 * and over every node of the first D plies of each tree (error from the
 * spread between trees: nodes of one tree are strongly correlated), and
 * prints both beside equations 4.1/4.2 and, for the thesis' parameters,
 * table 4.5.
 *
 * Exit status: 0; 1 when a search fails or the thesis' table is not
 * reproduced; 2 for bad arguments.
 */
#ifndef PAB_BENCH_ORDERING_H
#define PAB_BENCH_ORDERING_H

/* argv[0] is "ordering". */
int bench_ordering(int argc, char **argv);

#endif /* PAB_BENCH_ORDERING_H */

/*
 * pab-bench train: the classification networks of the thesis, chapter 5
 * (sections 5.3 and 5.4; table 5.1).
 *
 *   pab-bench train [--tree=b,wa,wb] [--seeds=tg1|tg2] [--trees=N]
 *                   [--depth=D] [--epochs=N] [--eta=X] [--seed=N]
 *                   [--out=DIR] [--quiet]
 *
 * For each ordering (default: the thesis' five), searches the trees of
 * the seed set (default all 200 of tg2) to depth D (default 4) with the
 * plain serial alpha-beta, averages each node address's t and u over the
 * trees, maps each parent address to its sons, (pv, t_avg(parent), son's
 * index) -> (t_avg(son), u_avg(son)), trains a 3-12-2 network on those
 * patterns by back-propagation (default 10000 epochs at eta 0.1, weights
 * drawn by --seed) and writes it to DIR/tree-B-WA-WB.net (default DIR:
 * the current directory).  Prints table 5.1 (the final errors) beside
 * the thesis'.
 *
 * Exit status: 0; 1 when a search fails or a network cannot be written;
 * 2 for bad arguments.
 */
#ifndef PAB_BENCH_TRAIN_H
#define PAB_BENCH_TRAIN_H

#include <stddef.h>

#include "../games/tree.h"
#include "network.h"

/* Sections 5.3's three steps for one ordering: *patterns (malloc'ed;
 * free() it) and their count.  0 or a negative PAB_ code. */
int train_patterns(const tree_params *tree, const char *seeds, unsigned trees,
                   int depth, net_pattern **patterns, size_t *count);

/* argv[0] is "train". */
int bench_train(int argc, char **argv);

#endif /* PAB_BENCH_TRAIN_H */

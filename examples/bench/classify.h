/*
 * pab-bench classify: the node-classification experiment of section 5.5
 * of the thesis (tables 5.2, 5.3 and 5.4) on its artificial trees.
 *
 *   pab-bench classify [--tree=b,wa,wb] [--seeds=tg1|tg2] [--depth=D]
 *                      [--trees=N] [--n=N] [--early-cut] [--m=M]
 *                      [--nets=DIR] [--quiet]
 *
 * Searches every tree with the plain serial alpha-beta of figure 4.3 (the
 * search behind table 6.3's node counts), and counts, over the interior
 * nodes off the first line searched, how often the predictions of scheme
 * A (strong YBWC), scheme B (DTS, with n = --n) and scheme C (the trained
 * network of the ordering, or of the nearest trained one, with m = --m)
 * came true: True/False CUT and ALL, and their sum of errors.  Without --tree
 * it runs the five orderings of the thesis and prints its numbers beside ours
 * (a `*` marks each of ours that differs).
 *
 * Exit status: 0; 1 when a search fails or no network loads; 2 for bad
 * arguments.
 */
#ifndef PAB_BENCH_CLASSIFY_H
#define PAB_BENCH_CLASSIFY_H

/* argv[0] is "classify". */
int bench_classify(int argc, char **argv);

#endif /* PAB_BENCH_CLASSIFY_H */

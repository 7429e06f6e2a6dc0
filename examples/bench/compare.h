/*
 * pab-bench compare: the measures of Weill (1996, section 3.1) and of the
 * thesis (chapter 6) for every algorithm and thread count, on a set of
 * positions, with the serial search as the baseline.  See pab-bench(1).
 */
#ifndef PAB_BENCH_COMPARE_H
#define PAB_BENCH_COMPARE_H

/* argv[0] is "compare". */
int bench_compare(int argc, char **argv);

#endif /* PAB_BENCH_COMPARE_H */

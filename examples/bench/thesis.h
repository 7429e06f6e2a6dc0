/*
 * The thesis' PABSim results (Manohararajah 2001, tables 6.3-6.8): serial
 * alpha-beta and the split-point schemes A, B and C on 12, 24 and 48
 * simulated processors, tg1 trees at depth 6, for pab-bench compare
 * --simulate to print beside its own.
 */
#ifndef PAB_BENCH_THESIS_H
#define PAB_BENCH_THESIS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Print the thesis' table for the tree ordering `params` ("b,wa,wb"),
 * with the calibration of t_1 and n_1 against our serial run.  False when
 * the thesis has no such table. */
bool thesis_print_beside(FILE *f, const char *params, uint64_t t1, uint64_t n1);

#endif /* PAB_BENCH_THESIS_H */

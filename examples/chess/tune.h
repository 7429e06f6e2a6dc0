/*
 * pab-chess tune: Texel tuning of the evaluation's weights (chess_eval.h).
 * tune_play() writes training positions from self-play (tune_play.c),
 * tune_fit() fits the weights to them (tune.c).  See pab-chess(1) and
 * scripts/tune-eval.sh.
 */
#ifndef PAB_CHESS_TUNE_H
#define PAB_CHESS_TUNE_H

#include <stdbool.h>

#include "../games/chess.h"

int tune_play(int argc, char **argv);
int tune_fit(int argc, char **argv);
int tune_spread(int argc, char **argv);
int tune_net(int argc, char **argv);

/* The tuner's random numbers (xorshift64*, the same on every machine),
 * and a generator state from a seed of the command line. */
uint64_t tune_random(uint64_t *state);
uint64_t tune_seed(uint64_t seed);

/* A "FEN result" line split at its last word (result 1-0, 0-1, 1/2-1/2
 * or a number from 0 to 1); the line keeps the FEN. */
bool tune_parse_line(char *line, float *result);

/* The K in sigmoid(K e) that minimises error(K, arg), an error unimodal in
 * K, by golden-section search over [0.05, 4]. */
double tune_fit_scale(double (*error)(double k, void *arg), void *arg);

/* Whether no capture changes the static value of pos and it is not in
 * check; pos is restored. */
bool tune_quiet(chess_pos *pos);

#endif /* PAB_CHESS_TUNE_H */

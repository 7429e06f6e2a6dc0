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

/* Whether no capture changes the static value of pos and it is not in
 * check; pos is restored. */
bool tune_quiet(chess_pos *pos);

#endif /* PAB_CHESS_TUNE_H */

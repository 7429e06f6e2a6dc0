/*
 * pab-chess: how long to think about one move.
 */
#ifndef PAB_CHESS_TIMEMAN_H
#define PAB_CHESS_TIMEMAN_H

#include <stdint.h>

#include "uci.h"

/* Two limits, in milliseconds from the start of the search (0: none).
 * After an iteration completes past `soft`, no new one is started: the
 * next would most likely not finish, and the library throws away an
 * unfinished iteration.  `hard` is the search's time_limit_ms, where the
 * library stops and answers with the last completed iteration. */
typedef struct tm_plan {
    uint64_t soft_ms;
    uint64_t hard_ms;
} tm_plan;

/* Moves a game is assumed still to last when the GUI does not say. */
#define TM_MOVES_TO_GO 30
/* Never plan beyond this many moves, even when movestogo is larger. */
#define TM_MOVES_TO_GO_MAX 50

/* The plan for `go` with the side to move `side` (CHESS_WHITE or
 * CHESS_BLACK), keeping `overhead_ms` per move for the pipe, the GUI and
 * the threads' start and stop.  `legal` is the number of legal moves: with
 * one, there is nothing to think about.  A `go` without movetime and
 * without this side's clock gets no time limit. */
/* Slow Mover: the soft limit scaled to `percent` of the plan's, never
 * past the hard one (a plan without a clock is left alone). */
void tm_slow_mover(tm_plan *plan, unsigned percent);
void tm_plan_move(const uci_go *go, int side, unsigned overhead_ms,
                  unsigned legal, tm_plan *plan);

#endif /* PAB_CHESS_TIMEMAN_H */

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

/* TimeStretch: the soft limit stretched or shrunk by how settled the
 * search is, judged after each completed iteration.  A best move that has
 * just changed, or a value that is falling, asks for another iteration; a
 * move kept for many iterations at a steady value can be played early.
 * The factor, in per cent of the plan's soft limit, is the product of
 *   stability: TM_UNSETTLED less TM_SETTLING per iteration the best move
 *              has stayed, down to TM_SETTLED;
 *   falling:   100 plus half the centipawns the value fell since the last
 *              iteration, from TM_RISING (the value rose) to TM_FALLING. */
#define TM_UNSETTLED 150
#define TM_SETTLING  15
#define TM_SETTLED   80
#define TM_RISING    90
#define TM_FALLING   150
/* The largest factor: the library's own soft limit is set this far out,
 * so that the engine's check after each iteration decides. */
#define TM_STRETCH_MAX (TM_UNSETTLED * TM_FALLING / 100)

typedef struct tm_trend {
    pab_move_t best;   /* the last completed iteration's move, or
                        * PAB_MOVE_NONE before the first */
    pab_score_t score; /* and its value, the side to move's */
    unsigned stable;   /* iterations since the move last changed */
} tm_trend;

void tm_trend_reset(tm_trend *t);
/* Takes a completed iteration; returns the factor, in per cent. */
unsigned tm_trend_update(tm_trend *t, pab_move_t best, pab_score_t score);

/* An increment the GUI adds but does not announce, learnt from the clock.
 * polyglot passes no increment under a second: xboard's `level 0 0:05
 * 0.05` reaches the engine as `go wtime .. btime ..`, so an engine plans
 * as at sudden death while its clock gains 50 ms a move.  Between two of
 * its moves a side's clock falls by the think the engine measured and
 * rises by the increment, less what the GUI and the pipe cost; that
 * difference, never below 0, is one sample.  The smaller of the last
 * two samples is the increment a `go` without one is given, so a single
 * jump of the clock (a new game with no ucinewgame, a GUI's pause) never
 * raises it; a clock without increment learns 0. */
#define TM_LEARN_SAMPLES 2
typedef struct tm_clock {
    int side;      /* whose clock `time` was */
    int64_t time;  /* that clock at the last timed go, or UCI_UNSET */
    int64_t spent; /* the engine's think for that go, or -1 unknown */
    int64_t sample[TM_LEARN_SAMPLES];
    unsigned samples; /* how many of sample[] hold one */
} tm_clock;

void tm_clock_reset(tm_clock *c);
/* Before planning `go` for `side`: takes the sample its clock gives and,
 * if the GUI announced no increment (and no moves to go, whose clocks
 * refill), fills this side's increment with the learnt one.  A `go`
 * without this side's clock, or a ponder search, starts no sample. */
void tm_clock_go(tm_clock *c, uci_go *go, int side);
/* The think of the last `go`, from its arrival to bestmove. */
void tm_clock_spent(tm_clock *c, int64_t ms);

#endif /* PAB_CHESS_TIMEMAN_H */

/*
 * pab-chess: time management.  The clock is split evenly over the moves
 * still to play (TM_MOVES_TO_GO when the GUI does not say), with most of
 * the increment, less the move's overhead, added since it comes back
 * after the move; no move may take more than a fixed share of what is
 * left, so a long think never leaves too little for the rest.  Playing on
 * the increment alone, the share keeps a reserve of a few increments on
 * the clock.  Within those limits, TimeStretch moves the soft one after
 * each iteration by how settled the search looks (timeman.h).  An
 * increment the GUI adds without saying so is learnt from how the clock
 * moves between the engine's moves (tm_clock_go).
 */
#include <limits.h>
#include <string.h>

#include "timeman.h"

static uint64_t at_least_1(int64_t ms)
{
    return ms < 1 ? 1 : (uint64_t)ms;
}

/* A fixed think time: all of it but the overhead, which may not eat more
 * than half of a short one. */
static void plan_movetime(int64_t movetime, unsigned overhead, tm_plan *plan)
{
    int64_t keep =
        (int64_t)overhead < movetime / 2 ? (int64_t)overhead : movetime / 2;
    plan->soft_ms = 0;
    plan->hard_ms = at_least_1(movetime - keep);
}

/* The share of the increment a move may spend.  The increment comes back
 * after the move, but the move costs its overhead on top of the think, so
 * only what is left of the increment after the overhead may be spent, and
 * at most three quarters of it: the last quarter keeps a reserve.  Were
 * the overhead taken from the clock only once, a GUI slower than a
 * quarter of the increment would hold the clock at the hard limit's
 * quarter of it, a few increments, whatever Move Overhead said. */
static int64_t from_increment(int64_t inc, unsigned overhead)
{
    int64_t left = inc - (int64_t)overhead;
    int64_t most = inc * 3 / 4;
    return left < 0 ? 0 : left < most ? left : most;
}

void tm_plan_move(const uci_go *go, int side, unsigned overhead, unsigned legal,
                  tm_plan *plan)
{
    plan->soft_ms = plan->hard_ms = 0;
    if (go->movetime != UCI_UNSET) {
        plan_movetime(go->movetime, overhead, plan);
        return;
    }
    int64_t time = side == CHESS_WHITE ? go->wtime : go->btime;
    int64_t inc = side == CHESS_WHITE ? go->winc : go->binc;
    if (time == UCI_UNSET)
        return;
    if (inc == UCI_UNSET || inc < 0)
        inc = 0;
    int64_t usable = time - (int64_t)overhead;
    if (usable < 1)
        usable = 1;
    int64_t togo = go->movestogo > 0 ? go->movestogo : TM_MOVES_TO_GO;
    if (togo > TM_MOVES_TO_GO_MAX)
        togo = TM_MOVES_TO_GO_MAX;
    int64_t base = usable / togo + from_increment(inc, overhead);
    /* At most 3/4 of the clock for the last move before a new time
     * control, 3/8 for the one before, a quarter otherwise. */
    int64_t cap = usable * 3 / 4 / (togo < 3 ? togo : 3);
    int64_t hard = base * 3 < cap ? base * 3 : cap;
    int64_t soft = base / 2 < hard ? base / 2 : hard;
    if (legal == 1)
        soft = 1; /* answer after the first iteration, for the ponder move */
    plan->soft_ms = at_least_1(soft);
    plan->hard_ms = at_least_1(hard);
}

void tm_slow_mover(tm_plan *plan, unsigned percent)
{
    if (plan->soft_ms <= 1) /* no clock, a fixed time, or one legal move */
        return;
    uint64_t soft = plan->soft_ms * percent / 100;
    plan->soft_ms = soft > plan->hard_ms ? plan->hard_ms : at_least_1(soft);
}

void tm_trend_reset(tm_trend *t)
{
    t->best = PAB_MOVE_NONE;
    t->score = 0;
    t->stable = 0;
}

static unsigned stability(unsigned stable)
{
    unsigned gone = stable * TM_SETTLING;
    return gone >= TM_UNSETTLED - TM_SETTLED ? TM_SETTLED : TM_UNSETTLED - gone;
}

/* Mate values are far from any centipawn: a fall into one clamps to
 * TM_FALLING, a rise to TM_RISING, as they should. */
static unsigned falling(int64_t fall)
{
    int64_t f = 100 + fall / 2;
    return f < TM_RISING    ? TM_RISING
           : f > TM_FALLING ? TM_FALLING
                            : (unsigned)f;
}

unsigned tm_trend_update(tm_trend *t, pab_move_t best, pab_score_t score)
{
    const bool seen = t->best != PAB_MOVE_NONE;
    int64_t fall = seen ? (int64_t)t->score - (int64_t)score : 0;
    if (seen && best == t->best && t->stable < UINT_MAX)
        t->stable++;
    else
        t->stable = 0;
    t->best = best;
    t->score = score;
    return stability(t->stable) * falling(fall) / 100;
}

void tm_clock_reset(tm_clock *c)
{
    c->side = CHESS_WHITE;
    c->time = UCI_UNSET;
    c->spent = -1;
    c->samples = 0;
}

/* What the clock gained against what the think cost it; a clock that
 * rose by more than a quarter of itself was not this game's next move. */
static void take_sample(tm_clock *c, int64_t time)
{
    int64_t gain = time - (c->time - c->spent);
    if (gain > c->time / 4)
        return;
    memmove(c->sample + 1, c->sample,
            (TM_LEARN_SAMPLES - 1) * sizeof c->sample[0]);
    c->sample[0] = gain < 0 ? 0 : gain;
    if (c->samples < TM_LEARN_SAMPLES)
        c->samples++;
}

static int64_t learnt(const tm_clock *c)
{
    int64_t least = c->sample[0];
    for (unsigned i = 1; i < c->samples; i++)
        least = c->sample[i] < least ? c->sample[i] : least;
    return least;
}

void tm_clock_go(tm_clock *c, uci_go *go, int side)
{
    int64_t time = side == CHESS_WHITE ? go->wtime : go->btime;
    int64_t *inc = side == CHESS_WHITE ? &go->winc : &go->binc;
    bool timed = go->movetime == UCI_UNSET && time != UCI_UNSET &&
                 !go->infinite && go->movestogo <= 0;
    if (!timed || c->side != side)
        c->samples = 0;
    else if (c->time != UCI_UNSET && c->spent >= 0)
        take_sample(c, time);
    bool announced = *inc != UCI_UNSET && *inc > 0;
    if (timed && !announced && c->samples == TM_LEARN_SAMPLES)
        *inc = learnt(c);
    c->side = side;
    c->time = timed && !go->ponder ? time : UCI_UNSET;
    c->spent = -1;
}

void tm_clock_spent(tm_clock *c, int64_t ms)
{
    if (c->time != UCI_UNSET)
        c->spent = ms;
}

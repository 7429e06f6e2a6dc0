/*
 * pab-chess's time management (examples/chess/timeman.c): the plan for a
 * clock, Slow Mover, and TimeStretch's factor after each iteration, each
 * checked against the values its rules give by hand.
 */
#include <criterion/criterion.h>

#include "../examples/chess/timeman.h"

static uci_go clock_go(int64_t wtime, int64_t winc)
{
    uci_go go = {.wtime = wtime,
                 .btime = UCI_UNSET,
                 .winc = winc,
                 .binc = UCI_UNSET,
                 .movetime = UCI_UNSET};
    return go;
}

/* 5 s + 0.05 s, 10 ms overhead: 4990 / 30 + 50 * 3 / 4 = 203 a move,
 * hard 3 times that (under a quarter of the clock), soft half of it;
 * Slow Mover 200 doubles the soft one. */
Test(timeman, plan_for_a_clock)
{
    uci_go go = clock_go(5000, 50);
    tm_plan plan;
    tm_plan_move(&go, CHESS_WHITE, 10, 20, &plan);
    cr_assert_eq(plan.soft_ms, 101);
    cr_assert_eq(plan.hard_ms, 609);
    tm_slow_mover(&plan, 200);
    cr_assert_eq(plan.soft_ms, 202);
    tm_plan_move(&go, CHESS_BLACK, 10, 20, &plan);
    cr_assert_eq(plan.soft_ms, 0, "black has no clock here: no limit");
    cr_assert_eq(plan.hard_ms, 0);
}

/* Of the increment, a move spends what its overhead leaves, at most three
 * quarters: 300 ms + 50 ms with 10 ms overhead plans 290 / 30 + 37 = 46,
 * with 40 ms 260 / 30 + 10 = 18, with 60 ms (more than the increment)
 * 240 / 30 + 0 = 8. */
Test(timeman, the_overhead_is_paid_from_the_increment)
{
    uci_go go = clock_go(300, 50);
    tm_plan plan;
    const unsigned overhead[] = {10, 40, 60};
    const uint64_t base[] = {46, 18, 8};
    for (int i = 0; i < 3; i++) {
        tm_plan_move(&go, CHESS_WHITE, overhead[i], 20, &plan);
        tm_slow_mover(&plan, 200);
        cr_assert_eq(plan.soft_ms, base[i] / 2 * 2, "overhead %u: soft %llu",
                     overhead[i], (unsigned long long)plan.soft_ms);
    }
}

/* A GUI that costs each move 40 ms of a 50 ms increment, Move Overhead
 * set above that at 60, and an engine that thinks for its plan (the soft
 * limit at the default Slow Mover): over 300 moves of 5 s + 0.05 s the
 * clock keeps a reserve of at least 300 ms.  While the overhead was taken
 * from the clock only once, the same setting sank to about 100 ms, the
 * hard limit's quarter of the clock holding it there: raising Move
 * Overhead bought almost nothing. */
Test(timeman, move_overhead_keeps_a_reserve_behind_a_slow_gui)
{
    const int64_t gui = 40;
    int64_t clock = 5000;
    for (int move = 0; move < 300; move++) {
        uci_go go = clock_go(clock, 50);
        tm_plan plan;
        tm_plan_move(&go, CHESS_WHITE, 60, 20, &plan);
        tm_slow_mover(&plan, 200);
        clock += 50 - (int64_t)plan.soft_ms - gui;
        cr_assert_geq(clock, 300, "move %d: %lld ms left", move,
                      (long long)clock);
    }
}

/* The same move iteration after iteration settles the factor from
 * TM_UNSETTLED by TM_SETTLING each time down to TM_SETTLED; a new move
 * unsettles it again. */
Test(timeman, stretch_settles_with_the_move)
{
    tm_trend t;
    tm_trend_reset(&t);
    const pab_move_t a = 101, b = 202;
    cr_assert_eq(tm_trend_update(&t, a, 30), 150);
    cr_assert_eq(tm_trend_update(&t, a, 30), 135);
    cr_assert_eq(tm_trend_update(&t, a, 30), 120);
    cr_assert_eq(tm_trend_update(&t, a, 30), 105);
    cr_assert_eq(tm_trend_update(&t, a, 30), 90);
    cr_assert_eq(tm_trend_update(&t, a, 30), 80);
    cr_assert_eq(tm_trend_update(&t, a, 30), 80);
    cr_assert_eq(tm_trend_update(&t, b, 30), 150);
    cr_assert_eq(tm_trend_update(&t, b, 30), 135);
    tm_trend_reset(&t);
    cr_assert_eq(tm_trend_update(&t, b, 30), 150, "reset forgets the move");
}

/* A falling value stretches by half its centipawns, up to TM_FALLING; a
 * rising one shrinks to TM_RISING at most; mates clamp. */
Test(timeman, stretch_follows_the_value)
{
    tm_trend t;
    tm_trend_reset(&t);
    const pab_move_t a = 101;
    cr_assert_eq(tm_trend_update(&t, a, 50), 150);
    cr_assert_eq(tm_trend_update(&t, a, 50), 135);
    cr_assert_eq(tm_trend_update(&t, a, 50), 120);
    /* 105 for the move, 100 + 40 / 2 = 120 for the fall: 126 */
    cr_assert_eq(tm_trend_update(&t, a, 10), 126);
    /* rose by 30: 100 - 15 = 85, clamped to 90; 90 * 90 / 100 */
    cr_assert_eq(tm_trend_update(&t, a, 40), 81);
    cr_assert_eq(tm_trend_update(&t, a, PAB_SCORE_LOSS_IN(3)),
                 TM_SETTLED * TM_FALLING / 100);
    tm_trend_reset(&t);
    cr_assert_eq(tm_trend_update(&t, a, 0), TM_UNSETTLED);
    cr_assert_eq(tm_trend_update(&t, a, PAB_SCORE_LOSS_IN(5)), 135 * 150 / 100);
    cr_assert_eq(tm_trend_update(&t, a, PAB_SCORE_WIN_IN(5)), 120 * 90 / 100);
    cr_assert(TM_STRETCH_MAX >= 150 * TM_FALLING / 100);
}

/* One move of a game whose GUI hides the increment, as polyglot does
 * under a second: the engine is told only its clock, thinks `think` ms
 * by its own measure, and the GUI charges `gui` ms more and adds `inc`.
 * Returns the increment the engine planned the move with. */
static int64_t hidden_move(tm_clock *c, int64_t *clock, int64_t think,
                           int64_t gui, int64_t inc)
{
    uci_go go = clock_go(*clock, UCI_UNSET);
    tm_clock_go(c, &go, CHESS_WHITE);
    tm_clock_spent(c, think);
    *clock += inc - think - gui;
    return go.winc;
}

/* A fresh clock memory, and `moves` moves of 100 ms behind a 5 ms GUI. */
static void fresh_game(tm_clock *c, int64_t *clock, int moves, int64_t inc)
{
    tm_clock_reset(c);
    for (int move = 0; move < moves; move++)
        hidden_move(c, clock, 100, 5, inc);
}

/* 5 s + 0.05 s with the increment hidden and a GUI that costs 5 ms a
 * move: nothing is known at the first two moves, then each sample is
 * 50 - 5 = 45 and the plan gets 45. */
Test(timeman, a_hidden_increment_is_learnt_from_the_clock)
{
    tm_clock c;
    tm_clock_reset(&c);
    int64_t clock = 5000;
    cr_assert_eq(hidden_move(&c, &clock, 200, 5, 50), UCI_UNSET);
    cr_assert_eq(hidden_move(&c, &clock, 180, 5, 50), UCI_UNSET);
    for (int move = 2; move < 20; move++)
        cr_assert_eq(hidden_move(&c, &clock, 100, 5, 50), 45, "move %d", move);
    /* and the plan spends it as an announced one */
    uci_go hidden = clock_go(clock, UCI_UNSET), told = clock_go(clock, 45);
    tm_plan a, b;
    tm_clock_go(&c, &hidden, CHESS_WHITE);
    tm_plan_move(&hidden, CHESS_WHITE, 10, 20, &a);
    tm_plan_move(&told, CHESS_WHITE, 10, 20, &b);
    cr_assert_eq(a.soft_ms, b.soft_ms);
    cr_assert_eq(a.hard_ms, b.hard_ms);
}

/* A clock without increment learns 0 (each sample is the GUI's cost,
 * below 0, taken as 0), and an announced increment is left as it is. */
Test(timeman, no_increment_learns_nothing)
{
    tm_clock c;
    int64_t clock = 5000;
    fresh_game(&c, &clock, 2, 0);
    cr_assert_eq(hidden_move(&c, &clock, 100, 5, 0), 0);
    uci_go go = clock_go(clock, 30);
    tm_clock_go(&c, &go, CHESS_WHITE);
    cr_assert_eq(go.winc, 30);
}

/* A clock that jumps up (a new game without ucinewgame) is no sample,
 * and one sample high is not enough: the smaller of the last two
 * counts.  movestogo and ucinewgame start learning again. */
Test(timeman, a_jump_of_the_clock_does_not_raise_the_increment)
{
    tm_clock c;
    int64_t clock = 3000;
    fresh_game(&c, &clock, 3, 50);
    clock = 5000; /* a new game */
    cr_assert_eq(hidden_move(&c, &clock, 100, 5, 50), 45);
    /* a GUI that once gave 500 ms back */
    cr_assert_eq(hidden_move(&c, &clock, 100, 5, 550), 45);
    cr_assert_eq(hidden_move(&c, &clock, 100, 5, 50), 45);
    uci_go go = clock_go(clock, UCI_UNSET);
    go.movestogo = 10;
    tm_clock_go(&c, &go, CHESS_WHITE);
    cr_assert_eq(go.winc, UCI_UNSET, "movestogo: the clock refills, no guess");
    cr_assert_eq(hidden_move(&c, &clock, 100, 5, 50), UCI_UNSET);
    cr_assert_eq(hidden_move(&c, &clock, 100, 5, 50), UCI_UNSET);
    cr_assert_eq(hidden_move(&c, &clock, 100, 5, 50), 45);
    tm_clock_reset(&c);
    cr_assert_eq(hidden_move(&c, &clock, 100, 5, 50), UCI_UNSET);
}

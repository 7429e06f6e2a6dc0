/*
 * Connect Four (7 columns x 6 rows) as a libpab game.
 *
 * Board: two bitboards in the usual 7 x (6 + 1) layout.  Bit 7*c + r is
 * column c (0 = leftmost), row r (0 = bottom); the seventh bit of every
 * column stays empty so that shifted patterns never run from one column
 * into the next.  `mask` holds every stone, `current` the stones of the
 * side to move; the opponent's stones are current ^ mask.
 *
 * Moves: the column, 0..6 (named "1".."7" to the user).
 *
 * Scores (Pascal Pons' convention, side to move's view): 0 for a draw; a
 * win is worth 22 minus the number of stones the winner has played when it
 * completes four (so a quicker win is worth more, at most 18); a loss is
 * the negative.  The value depends on the position alone, so the game
 * leaves PAB_GAME_DISTANCE_SCORES unset.  evaluate() knows no heuristic:
 * it gives a finished game its value, an outcome settled within the next
 * two plies its exact value, and everything else 0 (see connect4.c).
 *
 * Position text: the columns played from the empty board, one digit 1-7
 * per move, first player first ("4453" ...); the empty string is the empty
 * board.  Digits for a full column, other characters and moves after a
 * four has been made are rejected.
 *
 * Perft: a finished game before the requested depth counts nothing (flags
 * 0), so perft counts the move sequences of exactly that length that do not
 * pass through a finished game.
 */
#ifndef PAB_EXAMPLE_CONNECT4_H
#define PAB_EXAMPLE_CONNECT4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games.h"

#define C4_WIDTH  7
#define C4_HEIGHT 6
#define C4_CELLS  (C4_WIDTH * C4_HEIGHT)

typedef struct c4_pos {
    uint64_t current; /* stones of the side to move */
    uint64_t mask;    /* every stone on the board */
    int moves;        /* stones played so far */
} c4_pos;

/* The empty board. */
void c4_init(c4_pos *pos);

/* Read position text (see above).  On error return PAB_EINVAL and write one
 * line into err[errlen] (err may be NULL); *pos is then unspecified. */
int c4_parse(c4_pos *pos, const char *text, char *err, size_t errlen);

/* Whether a stone can go into column col (0..6): the column has room and
 * nobody has won yet. */
bool c4_can_play(const c4_pos *pos, int col);

/* Whether the player who moved last has four in a row. */
bool c4_last_move_won(const c4_pos *pos);

/* Fill the callback table (after pab_game_init is done here). */
void c4_game_init(pab_game *game);

/* Settings that solve pos exactly: a search to the last cell with nothing
 * pruned or reduced on a guess (null move, late-move reductions,
 * futility).  The rest of *config is left as it is. */
void c4_solve_config(pab_config *config, const c4_pos *pos);

/* The descriptor pab-bench and the tests use. */
extern const ex_game ex_connect4;

#endif /* PAB_EXAMPLE_CONNECT4_H */

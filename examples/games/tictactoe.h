/*
 * Tic-tac-toe: the smallest complete libpab game, and the model to copy.
 *
 * Squares are numbered 0..8 row by row (a person types 1..9); X moves
 * first.  The game's value is a draw.  Three scorings exercise the three
 * kinds of score a game can have:
 *   TTT_SCORE_PLAIN   a win is +100, a loss -100 (natural units -1/0/1);
 *   TTT_SCORE_STONES  a win is 10 minus the stones the winner played, like
 *                     Connect Four's Pons convention: a property of the
 *                     position alone;
 *   TTT_SCORE_MATE    a loss is PAB_SCORE_LOSS_IN(0): a distance score
 *                     (PAB_GAME_DISTANCE_SCORES), like chess mates.
 * Unfinished positions at the horizon get a small heuristic (open lines),
 * always smaller than any win.
 */
#ifndef PAB_EXAMPLE_TICTACTOE_H
#define PAB_EXAMPLE_TICTACTOE_H

#include <stdint.h>

#include <pab/pab.h>

#include "games.h"

typedef enum ttt_scoring {
    TTT_SCORE_PLAIN = 0,
    TTT_SCORE_STONES = 1,
    TTT_SCORE_MATE = 2
} ttt_scoring;

typedef struct ttt_state {
    uint8_t cell[9]; /* 0 empty, 1 X, 2 O */
    uint8_t stones;  /* X moves when even */
} ttt_state;

#define TTT_WIN_PLAIN 100

/* Fill `game` for the given scoring. */
void ttt_game(pab_game *game, ttt_scoring scoring);
void ttt_init(ttt_state *s);
/* Parse a position: nine characters of 'X', 'O', '.', or '-' (row by row),
 * with X's count equal to O's or one more; 0 or PAB_EINVAL. */
int ttt_parse(ttt_state *s, const char *text);
/* 1 if X has three in a row, 2 if O has, 0 otherwise. */
int ttt_winner(const ttt_state *s);

extern const ex_game ex_tictactoe;

#endif /* PAB_EXAMPLE_TICTACTOE_H */

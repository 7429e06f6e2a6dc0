/*
 * Othello (Reversi, 8x8) as a libpab game.
 *
 * Board: two bitboards, the discs of the side to move and those of its
 * opponent.  Square a1 is bit 0, b1 bit 1, ..., h1 bit 7, a2 bit 8, ...,
 * h8 bit 63; as in Othello diagrams, rank 1 is the top row and file a the
 * left column.  The start position has white on d4 and e5, black on d5 and
 * e4, and black moves first.
 *
 * Moves: the square index 0..63, named "a1".."h8", and OTH_PASS (named
 * "pass").  A pass is generated only when the side to move has no disc move
 * and the opponent has one; it is a move like any other and takes a ply.
 * The game is over when neither side can move: generate() then returns 0.
 *
 * Scores (side to move's view): a finished game is worth the plain disc
 * difference, own discs minus the opponent's; empty squares left at the end
 * go to nobody (the tournament rule would give them to the winner).  An
 * unfinished position at the horizon gets a small heuristic from mobility
 * and corners; it needs no exactness, since solving plays the game out.
 *
 * Position text: 64 characters for a1, b1, ..., h1, a2, ..., h8 (rank by
 * rank from the top-left corner, the order of the usual Othello position
 * files), each 'X' (black), 'O' (white) or '-' (empty; '.' is accepted
 * too), then one space and the side to move, 'X' or 'O'.  The start is
 *   ---------------------------OX------XO--------------------------- X
 *
 * Perft: the library's PAB_PERFT_COUNT_TERMINAL convention (a game over
 * before the depth is one leaf), with passes taking a ply, which is how
 * the published Othello perft figures count.
 */
#ifndef PAB_EXAMPLE_OTHELLO_H
#define PAB_EXAMPLE_OTHELLO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games.h"

#define OTH_PASS     ((pab_move_t)64)
#define OTH_TEXT_LEN 66 /* board, space, side; without the NUL */

typedef struct oth_pos {
    uint64_t own;       /* discs of the side to move */
    uint64_t opp;       /* discs of the other side */
    bool black_to_move; /* colours matter only for text, not for play */
    int undo_count;     /* entries used in flipped[] */
    /* Discs turned by each disc move still on the board, for unmake(); a
     * game places at most one disc per empty square. */
    uint64_t flipped[64];
} oth_pos;

/* The start position. */
void oth_init(oth_pos *pos);

/* Read position text (see above).  On error return PAB_EINVAL and write one
 * line into err[errlen] (err may be NULL); *pos is then unspecified. */
int oth_parse(oth_pos *pos, const char *text, char *err, size_t errlen);

/* Write position text (OTH_TEXT_LEN characters and a NUL) into buf. */
void oth_format(const oth_pos *pos, char *buf, size_t len);

/* The squares where the side to move may put a disc. */
uint64_t oth_moves(const oth_pos *pos);

/* Discs of black and of white. */
uint64_t oth_black(const oth_pos *pos);
uint64_t oth_white(const oth_pos *pos);

/* Fill the callback table (pab_game_init is done here). */
void oth_game_init(pab_game *game);

/* The descriptor pab-bench and the tests use. */
extern const ex_game ex_othello;

#endif /* PAB_EXAMPLE_OTHELLO_H */

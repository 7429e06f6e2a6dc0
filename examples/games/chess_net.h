/*
 * Chess: a small network that corrects the hand-written evaluation
 * (chess_eval.c), learned from a stronger engine's judgements
 * (pab-chess tune net; examples/chess/tune_net.c).
 *
 * Its inputs are the 768 (colour, piece, square) facts of a position; one
 * layer of CHESS_NET_HIDDEN units, each clipped to [0, 1], adds up to g.
 * The correction is g of the position as white sees it less g of the
 * position as black sees it (colours swapped, board turned over), so the
 * mirrored position gets exactly the opposite correction and the
 * evaluation stays colour-symmetric.  The weights are integers (QA is 1.0
 * for the hidden units and their weights in, QB for the weights out), so
 * the sums do not depend on the order the pieces are met in; and small
 * enough that no board's hidden sum leaves 16 bits: a unit's bias and,
 * on the CHESS_NET_PIECES squares where it is largest, each square's
 * largest weight of one sign stay within CHESS_NET_SUM_MAX, which
 * pab-chess tune net checks before it writes weights.
 *
 * A move changes two or three of the inputs, so the shipped network's
 * hidden sums live in the position (chess_pos.net) and every make and
 * unmake adds and takes away the rows of the pieces it moves, as NNUE
 * engines keep theirs: an evaluation only clips and weighs them.
 */
#ifndef PAB_EXAMPLE_CHESS_NET_H
#define PAB_EXAMPLE_CHESS_NET_H

#include <stdint.h>

#include "chess.h"

#define CHESS_NET_INPUTS  768
#define CHESS_NET_QA      256
#define CHESS_NET_QB      1024
#define CHESS_NET_PIECES  32 /* at most, so at most this many inputs are on */
#define CHESS_NET_SUM_MAX 32767
/* The weights out are wider than 16 bits (a few units carry whole
 * pawns, some many), but their magnitudes add up to no more than keeps a
 * view's g, each unit at most QA times its weight, in 32 bits (pab-chess
 * tune net checks that too). */
#define CHESS_NET_OUT_MAX (INT32_MAX / CHESS_NET_QA)

typedef struct chess_net {
    int16_t w1[CHESS_NET_INPUTS][CHESS_NET_HIDDEN];
    int16_t b1[CHESS_NET_HIDDEN];
    int32_t w2[CHESS_NET_HIDDEN];
} chess_net;

/* The weights shipped (chess_net_weights.h), and the network the
 * evaluation adds: the shipped one, another, or NULL for the hand-written
 * evaluation alone (pab-chess's EvalNet option). */
extern const chess_net chess_net_trained;
extern const chess_net *chess_net_active;

/* The inputs that are on, as white (view CHESS_WHITE) or black sees the
 * board; returns how many (at most CHESS_NET_PIECES). */
int chess_net_inputs(const chess_pos *pos, int view, uint16_t *on);

/* The input a piece on a square is, as `view` sees the board: black's
 * pieces are "ours" to black, and the board turned over. */
static inline int chess_net_input(int piece, int sq, int view)
{
    int side = CHESS_COLOR(piece) ^ view, flip = view == CHESS_WHITE ? 0 : 56;
    return (side * 6 + CHESS_TYPE(piece) - CHESS_PAWN) * 64 + (sq ^ flip);
}

/* The shipped network's sums as a piece appears on (sign 1) or leaves
 * (sign -1) a square, in make and unmake.  Additions wrap in 16 bits and
 * undo each other exactly, so only the sums of whole positions need to
 * fit. */
static inline void chess_net_change(chess_net_sums *s, int piece, int sq,
                                    int sign)
{
    for (int view = CHESS_WHITE; view <= CHESS_BLACK; view++) {
        const int16_t *w =
            chess_net_trained.w1[chess_net_input(piece, sq, view)];
        for (int j = 0; j < CHESS_NET_HIDDEN; j++)
            s->v[view][j] = (int16_t)(uint16_t)((uint16_t)s->v[view][j] +
                                                (uint16_t)(sign * w[j]));
    }
}

static inline void chess_net_move(chess_net_sums *s, int piece, int from,
                                  int to)
{
    for (int view = CHESS_WHITE; view <= CHESS_BLACK; view++) {
        const int16_t *a =
            chess_net_trained.w1[chess_net_input(piece, from, view)];
        const int16_t *b =
            chess_net_trained.w1[chess_net_input(piece, to, view)];
        for (int j = 0; j < CHESS_NET_HIDDEN; j++)
            s->v[view][j] =
                (int16_t)(uint16_t)((uint16_t)s->v[view][j] - (uint16_t)a[j] +
                                    (uint16_t)b[j]);
    }
}

/* The shipped network's sums of a position built from nothing (set-up). */
void chess_net_refresh(chess_pos *pos);

/* The network's correction in centipawns, from white's side.  For the
 * shipped network it reads the position's kept sums; any other is added
 * up from the pieces. */
int chess_net_correction(const chess_net *net, const chess_pos *pos);

#endif /* PAB_EXAMPLE_CHESS_NET_H */

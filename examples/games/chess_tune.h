/*
 * Chess: every weight of the evaluation (chess_eval.c), in centipawns.
 * "MG" is the opening and middle game, "EG" the endgame; a position mixes
 * the two by its game phase (the non-pawn material left).  The values are
 * hand-set starting points, meant to be tuned.
 */
#ifndef PAB_EXAMPLE_CHESS_TUNE_H
#define PAB_EXAMPLE_CHESS_TUNE_H

/* Material, indexed by piece type (pawn .. queen; the king has none). */
#define TUNE_PAWN_MG   85
#define TUNE_PAWN_EG   105
#define TUNE_KNIGHT_MG 330
#define TUNE_KNIGHT_EG 300
#define TUNE_BISHOP_MG 350
#define TUNE_BISHOP_EG 320
#define TUNE_ROOK_MG   470
#define TUNE_ROOK_EG   530
#define TUNE_QUEEN_MG  1000
#define TUNE_QUEEN_EG  960

/* Game phase: what each piece left on the board adds; the sum is capped
 * at TUNE_PHASE_MAX (the start position's). */
#define TUNE_PHASE_KNIGHT 1
#define TUNE_PHASE_BISHOP 1
#define TUNE_PHASE_ROOK   2
#define TUNE_PHASE_QUEEN  4
#define TUNE_PHASE_MAX    24

/* Mobility: per square a piece attacks that holds no own piece and no
 * enemy pawn guards, minus a typical count, so a usual position scores
 * near zero. */
#define TUNE_MOB_KNIGHT_MG   4
#define TUNE_MOB_KNIGHT_EG   4
#define TUNE_MOB_KNIGHT_BASE 4
#define TUNE_MOB_BISHOP_MG   5
#define TUNE_MOB_BISHOP_EG   5
#define TUNE_MOB_BISHOP_BASE 6
#define TUNE_MOB_ROOK_MG     2
#define TUNE_MOB_ROOK_EG     4
#define TUNE_MOB_ROOK_BASE   6
#define TUNE_MOB_QUEEN_MG    1
#define TUNE_MOB_QUEEN_EG    2
#define TUNE_MOB_QUEEN_BASE  12

/* Two bishops, and the side to move's small initiative. */
#define TUNE_BISHOP_PAIR_MG 30
#define TUNE_BISHOP_PAIR_EG 50
#define TUNE_TEMPO          10

/* Piece-square tables from white's side of the board: the first row is
 * rank 8, the last rank 1, files a to h left to right, as a diagram.
 * Black uses the same tables mirrored. */
/* clang-format off */
static const short tune_pawn_mg[64] = {
      0,   0,   0,   0,   0,   0,   0,   0,
     45,  50,  50,  55,  55,  50,  50,  45,
     14,  18,  24,  30,  30,  24,  18,  14,
      4,   6,  12,  22,  22,  12,   6,   4,
      0,   0,   8,  18,  18,   6,   0,   0,
      2,   2,   2,   6,   6,  -4,   2,   2,
      0,   4,   4, -14, -14,   8,   8,   2,
      0,   0,   0,   0,   0,   0,   0,   0,
};
static const short tune_pawn_eg[64] = {
      0,   0,   0,   0,   0,   0,   0,   0,
     95,  90,  85,  80,  80,  85,  90,  95,
     55,  52,  46,  42,  42,  46,  52,  55,
     28,  25,  20,  18,  18,  20,  25,  28,
     12,  10,   7,   5,   5,   7,  10,  12,
      4,   3,   2,   0,   0,   2,   3,   4,
      0,   0,   0,  -2,  -2,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
};
static const short tune_knight_mg[64] = {
    -60, -35, -25, -20, -20, -25, -35, -60,
    -30, -15,   0,   4,   4,   0, -15, -30,
    -20,   4,  14,  18,  18,  14,   4, -20,
    -15,   6,  16,  22,  22,  16,   6, -15,
    -15,   2,  14,  18,  18,  14,   2, -15,
    -20,   0,  10,  12,  12,  10,   0, -20,
    -30, -15,   0,   4,   4,   0, -15, -30,
    -55, -25, -20, -18, -18, -20, -25, -55,
};
static const short tune_knight_eg[64] = {
    -45, -30, -20, -15, -15, -20, -30, -45,
    -30, -15,  -5,   2,   2,  -5, -15, -30,
    -20,  -5,   8,  12,  12,   8,  -5, -20,
    -15,   2,  12,  18,  18,  12,   2, -15,
    -15,   2,  12,  18,  18,  12,   2, -15,
    -20,  -5,   8,  12,  12,   8,  -5, -20,
    -30, -15,  -5,   2,   2,  -5, -15, -30,
    -45, -30, -20, -15, -15, -20, -30, -45,
};
static const short tune_bishop_mg[64] = {
    -20, -10, -10, -10, -10, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   2,   6,  10,  10,   6,   2, -10,
     -8,   6,   8,  12,  12,   8,   6,  -8,
     -8,   4,  10,  12,  12,  10,   4,  -8,
     -6,   8,   8,   8,   8,   8,   8,  -6,
     -8,  10,   4,   4,   4,   4,  10,  -8,
    -20, -10, -12, -10, -10, -12, -10, -20,
};
static const short tune_bishop_eg[64] = {
    -15, -10,  -8,  -6,  -6,  -8, -10, -15,
    -10,  -4,   0,   2,   2,   0,  -4, -10,
     -8,   0,   4,   6,   6,   4,   0,  -8,
     -6,   2,   6,  10,  10,   6,   2,  -6,
     -6,   2,   6,  10,  10,   6,   2,  -6,
     -8,   0,   4,   6,   6,   4,   0,  -8,
    -10,  -4,   0,   2,   2,   0,  -4, -10,
    -15, -10,  -8,  -6,  -6,  -8, -10, -15,
};
static const short tune_rook_mg[64] = {
      6,   8,   8,  10,  10,   8,   8,   6,
     15,  20,  20,  20,  20,  20,  20,  15,
     -4,   0,   0,   2,   2,   0,   0,  -4,
     -6,   0,   0,   0,   0,   0,   0,  -6,
     -6,   0,   0,   0,   0,   0,   0,  -6,
     -6,   0,   0,   0,   0,   0,   0,  -6,
     -8,  -2,   0,   0,   0,   0,  -2,  -8,
     -4,  -2,   2,   8,   8,   4,  -2,  -4,
};
static const short tune_rook_eg[64] = {
      8,   8,   8,   8,   8,   8,   8,   8,
     12,  12,  12,  12,  12,  12,  12,  12,
      4,   4,   4,   4,   4,   4,   4,   4,
      2,   2,   2,   2,   2,   2,   2,   2,
      0,   0,   0,   0,   0,   0,   0,   0,
     -2,  -2,  -2,  -2,  -2,  -2,  -2,  -2,
     -4,  -4,  -4,  -4,  -4,  -4,  -4,  -4,
     -6,  -4,  -2,   0,   0,  -2,  -4,  -6,
};
static const short tune_queen_mg[64] = {
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,  -6,   0,   0,   0,   0,  -6, -10,
    -10,   0,   4,   4,   4,   4,   0, -10,
     -5,   0,   4,   6,   6,   4,   0,  -5,
     -5,   0,   4,   6,   6,   4,   0,  -5,
    -10,   2,   4,   4,   4,   4,   2, -10,
    -10,   0,   2,   2,   2,   0,   0, -10,
    -20, -10, -10,  -2,  -6, -10, -10, -20,
};
static const short tune_queen_eg[64] = {
    -20, -10,  -6,  -4,  -4,  -6, -10, -20,
    -10,   0,   4,   6,   6,   4,   0, -10,
     -6,   4,  10,  12,  12,  10,   4,  -6,
     -4,   6,  12,  16,  16,  12,   6,  -4,
     -4,   6,  12,  16,  16,  12,   6,  -4,
     -6,   4,  10,  12,  12,  10,   4,  -6,
    -10,   0,   4,   6,   6,   4,   0, -10,
    -20, -10,  -6,  -4,  -4,  -6, -10, -20,
};
/* The king hides behind its pawns while queens are about and walks to the
 * centre when they are gone. */
static const short tune_king_mg[64] = {
    -60, -70, -70, -80, -80, -70, -70, -60,
    -50, -60, -60, -70, -70, -60, -60, -50,
    -40, -50, -50, -60, -60, -50, -50, -40,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -20, -30, -30, -40, -40, -30, -30, -20,
    -10, -20, -20, -25, -25, -20, -20, -10,
     12,  10,  -8, -20, -20,  -8,  10,  12,
     18,  28,  10, -10,   0,   8,  30,  20,
};
static const short tune_king_eg[64] = {
    -50, -35, -25, -20, -20, -25, -35, -50,
    -30, -10,   0,   5,   5,   0, -10, -30,
    -20,   0,  15,  22,  22,  15,   0, -20,
    -18,   5,  22,  30,  30,  22,   5, -18,
    -18,   5,  22,  30,  30,  22,   5, -18,
    -20,   0,  15,  22,  22,  15,   0, -20,
    -30, -12,   0,   5,   5,   0, -12, -30,
    -50, -35, -25, -20, -20, -25, -35, -50,
};
/* clang-format on */

#endif /* PAB_EXAMPLE_CHESS_TUNE_H */

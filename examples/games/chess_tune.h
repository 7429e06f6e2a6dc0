/*
 * Chess: every weight of the evaluation (chess_eval.c), in centipawns.
 * "MG" is the opening and middle game, "EG" the endgame; a position mixes
 * the two by its game phase (the non-pawn material left).  chess_eval.h
 * names each weight and gathers them into chess_weights[], which the
 * evaluation reads and the tuner (pab-chess tune, scripts/tune-eval.sh)
 * changes.  The tuner rewrites this file: it replaces the number of each
 * "#define TUNE_<weight> <number>" line and the rows of each table, and
 * keeps everything else.
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
 * at TUNE_PHASE_MAX (the start position's).  Not tuned: it only scales. */
#define TUNE_PHASE_KNIGHT 1
#define TUNE_PHASE_BISHOP 1
#define TUNE_PHASE_ROOK   2
#define TUNE_PHASE_QUEEN  4
#define TUNE_PHASE_MAX    24

/* Mobility: per square a piece attacks that holds no own piece and no
 * enemy pawn guards, minus a typical count (the BASE, not tuned), so a
 * usual position scores near zero. */
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

/* Passed pawns (no enemy pawn ahead on its file or the files beside), by
 * the rank counted from the pawn's own side: R2 is its starting rank, R7
 * the one before promotion.  On top of the pawn tables, which pay every
 * pawn for advancing. */
#define TUNE_PASSED_R2_MG 0
#define TUNE_PASSED_R2_EG 5
#define TUNE_PASSED_R3_MG 2
#define TUNE_PASSED_R3_EG 10
#define TUNE_PASSED_R4_MG 8
#define TUNE_PASSED_R4_EG 20
#define TUNE_PASSED_R5_MG 18
#define TUNE_PASSED_R5_EG 35
#define TUNE_PASSED_R6_MG 30
#define TUNE_PASSED_R6_EG 60
#define TUNE_PASSED_R7_MG 45
#define TUNE_PASSED_R7_EG 90
/* A passed pawn whose next square is empty, per rank it has advanced. */
#define TUNE_PASSED_FREE_MG 1
#define TUNE_PASSED_FREE_EG 4
/* Kings near the square in front of a passed pawn, per square of distance
 * and per rank beyond the third: the enemy king far away helps the pawn,
 * its own king far away does not.  Only the endgame: with queens on, the
 * kings stay home. */
#define TUNE_PASSED_THEIR_KING_EG 4
#define TUNE_PASSED_OWN_KING_EG   2

/* Pawn weaknesses, per pawn: isolated (no own pawn on a file beside),
 * doubled (another own pawn behind it on its file), backward (its next
 * square is guarded by an enemy pawn and no own pawn beside or behind can
 * guard it). */
#define TUNE_ISOLATED_MG -10
#define TUNE_ISOLATED_EG -12
#define TUNE_DOUBLED_MG  -10
#define TUNE_DOUBLED_EG  -20
#define TUNE_BACKWARD_MG -6
#define TUNE_BACKWARD_EG -8

/* King shelter, per file of the king's and the ones beside it: an own
 * pawn one or two ranks ahead of the king, no own pawn on the file (semi-
 * open), or no pawn at all (open). */
#define TUNE_SHIELD_NEAR_MG   12
#define TUNE_SHIELD_NEAR_EG   0
#define TUNE_SHIELD_FAR_MG    6
#define TUNE_SHIELD_FAR_EG    0
#define TUNE_KING_SEMIOPEN_MG -15
#define TUNE_KING_SEMIOPEN_EG 0
#define TUNE_KING_OPEN_MG     -25
#define TUNE_KING_OPEN_EG     0

/* Attacks on the king's zone (its square and those around it), in units:
 * per enemy piece that attacks the zone, per attack of a zone square (each
 * piece's counted), and per kind of piece that could give a check from a
 * square the king's side does not guard.  With two attackers or more the
 * king side loses units * units / 256 in the middle game, at most the
 * cap, and units * KING_DANGER_EG / 64 in the endgame: a lone attacker is
 * seldom dangerous, several are much worse than the sum of each. */
#define TUNE_KA_KNIGHT       20
#define TUNE_KA_BISHOP       20
#define TUNE_KA_ROOK         40
#define TUNE_KA_QUEEN        80
#define TUNE_KA_SQUARE       10
#define TUNE_KA_SAFE_CHECK   30
#define TUNE_KING_DANGER_CAP 600
#define TUNE_KING_DANGER_EG  4

/* A rook on a file with no pawn, or with no own pawn; on the seventh rank
 * while the enemy king is on the eighth or enemy pawns are on the
 * seventh. */
#define TUNE_ROOK_OPEN_MG     25
#define TUNE_ROOK_OPEN_EG     10
#define TUNE_ROOK_SEMIOPEN_MG 12
#define TUNE_ROOK_SEMIOPEN_EG 6
#define TUNE_ROOK_7TH_MG      10
#define TUNE_ROOK_7TH_EG      20

/* A knight, bishop, rook or queen an enemy pawn attacks: it must move, or
 * be lost if it is not the owner's turn. */
#define TUNE_THREAT_PAWN_MG -30
#define TUNE_THREAT_PAWN_EG -20

/* Piece-square tables from white's side of the board: the first row is
 * rank 8, the last rank 1, files a to h left to right, as a diagram.
 * Black uses the same tables mirrored. */
/* clang-format off */
#define TUNE_PST_PAWN_MG \
      0,   0,   0,   0,   0,   0,   0,   0, \
     45,  50,  50,  55,  55,  50,  50,  45, \
     14,  18,  24,  30,  30,  24,  18,  14, \
      4,   6,  12,  22,  22,  12,   6,   4, \
      0,   0,   8,  18,  18,   6,   0,   0, \
      2,   2,   2,   6,   6,  -4,   2,   2, \
      0,   4,   4, -14, -14,   8,   8,   2, \
      0,   0,   0,   0,   0,   0,   0,   0
#define TUNE_PST_PAWN_EG \
      0,   0,   0,   0,   0,   0,   0,   0, \
     95,  90,  85,  80,  80,  85,  90,  95, \
     55,  52,  46,  42,  42,  46,  52,  55, \
     28,  25,  20,  18,  18,  20,  25,  28, \
     12,  10,   7,   5,   5,   7,  10,  12, \
      4,   3,   2,   0,   0,   2,   3,   4, \
      0,   0,   0,  -2,  -2,   0,   0,   0, \
      0,   0,   0,   0,   0,   0,   0,   0
#define TUNE_PST_KNIGHT_MG \
    -60, -35, -25, -20, -20, -25, -35, -60, \
    -30, -15,   0,   4,   4,   0, -15, -30, \
    -20,   4,  14,  18,  18,  14,   4, -20, \
    -15,   6,  16,  22,  22,  16,   6, -15, \
    -15,   2,  14,  18,  18,  14,   2, -15, \
    -20,   0,  10,  12,  12,  10,   0, -20, \
    -30, -15,   0,   4,   4,   0, -15, -30, \
    -55, -25, -20, -18, -18, -20, -25, -55
#define TUNE_PST_KNIGHT_EG \
    -45, -30, -20, -15, -15, -20, -30, -45, \
    -30, -15,  -5,   2,   2,  -5, -15, -30, \
    -20,  -5,   8,  12,  12,   8,  -5, -20, \
    -15,   2,  12,  18,  18,  12,   2, -15, \
    -15,   2,  12,  18,  18,  12,   2, -15, \
    -20,  -5,   8,  12,  12,   8,  -5, -20, \
    -30, -15,  -5,   2,   2,  -5, -15, -30, \
    -45, -30, -20, -15, -15, -20, -30, -45
#define TUNE_PST_BISHOP_MG \
    -20, -10, -10, -10, -10, -10, -10, -20, \
    -10,   0,   0,   0,   0,   0,   0, -10, \
    -10,   2,   6,  10,  10,   6,   2, -10, \
     -8,   6,   8,  12,  12,   8,   6,  -8, \
     -8,   4,  10,  12,  12,  10,   4,  -8, \
     -6,   8,   8,   8,   8,   8,   8,  -6, \
     -8,  10,   4,   4,   4,   4,  10,  -8, \
    -20, -10, -12, -10, -10, -12, -10, -20
#define TUNE_PST_BISHOP_EG \
    -15, -10,  -8,  -6,  -6,  -8, -10, -15, \
    -10,  -4,   0,   2,   2,   0,  -4, -10, \
     -8,   0,   4,   6,   6,   4,   0,  -8, \
     -6,   2,   6,  10,  10,   6,   2,  -6, \
     -6,   2,   6,  10,  10,   6,   2,  -6, \
     -8,   0,   4,   6,   6,   4,   0,  -8, \
    -10,  -4,   0,   2,   2,   0,  -4, -10, \
    -15, -10,  -8,  -6,  -6,  -8, -10, -15
#define TUNE_PST_ROOK_MG \
      6,   8,   8,  10,  10,   8,   8,   6, \
     15,  20,  20,  20,  20,  20,  20,  15, \
     -4,   0,   0,   2,   2,   0,   0,  -4, \
     -6,   0,   0,   0,   0,   0,   0,  -6, \
     -6,   0,   0,   0,   0,   0,   0,  -6, \
     -6,   0,   0,   0,   0,   0,   0,  -6, \
     -8,  -2,   0,   0,   0,   0,  -2,  -8, \
     -4,  -2,   2,   8,   8,   4,  -2,  -4
#define TUNE_PST_ROOK_EG \
      8,   8,   8,   8,   8,   8,   8,   8, \
     12,  12,  12,  12,  12,  12,  12,  12, \
      4,   4,   4,   4,   4,   4,   4,   4, \
      2,   2,   2,   2,   2,   2,   2,   2, \
      0,   0,   0,   0,   0,   0,   0,   0, \
     -2,  -2,  -2,  -2,  -2,  -2,  -2,  -2, \
     -4,  -4,  -4,  -4,  -4,  -4,  -4,  -4, \
     -6,  -4,  -2,   0,   0,  -2,  -4,  -6
#define TUNE_PST_QUEEN_MG \
    -20, -10, -10,  -5,  -5, -10, -10, -20, \
    -10,  -6,   0,   0,   0,   0,  -6, -10, \
    -10,   0,   4,   4,   4,   4,   0, -10, \
     -5,   0,   4,   6,   6,   4,   0,  -5, \
     -5,   0,   4,   6,   6,   4,   0,  -5, \
    -10,   2,   4,   4,   4,   4,   2, -10, \
    -10,   0,   2,   2,   2,   0,   0, -10, \
    -20, -10, -10,  -2,  -6, -10, -10, -20
#define TUNE_PST_QUEEN_EG \
    -20, -10,  -6,  -4,  -4,  -6, -10, -20, \
    -10,   0,   4,   6,   6,   4,   0, -10, \
     -6,   4,  10,  12,  12,  10,   4,  -6, \
     -4,   6,  12,  16,  16,  12,   6,  -4, \
     -4,   6,  12,  16,  16,  12,   6,  -4, \
     -6,   4,  10,  12,  12,  10,   4,  -6, \
    -10,   0,   4,   6,   6,   4,   0, -10, \
    -20, -10,  -6,  -4,  -4,  -6, -10, -20
/* The king hides behind its pawns while queens are about and walks to the
 * centre when they are gone. */
#define TUNE_PST_KING_MG \
    -60, -70, -70, -80, -80, -70, -70, -60, \
    -50, -60, -60, -70, -70, -60, -60, -50, \
    -40, -50, -50, -60, -60, -50, -50, -40, \
    -30, -40, -40, -50, -50, -40, -40, -30, \
    -20, -30, -30, -40, -40, -30, -30, -20, \
    -10, -20, -20, -25, -25, -20, -20, -10, \
     12,  10,  -8, -20, -20,  -8,  10,  12, \
     18,  28,  10, -10,   0,   8,  30,  20
#define TUNE_PST_KING_EG \
    -50, -35, -25, -20, -20, -25, -35, -50, \
    -30, -10,   0,   5,   5,   0, -10, -30, \
    -20,   0,  15,  22,  22,  15,   0, -20, \
    -18,   5,  22,  30,  30,  22,   5, -18, \
    -18,   5,  22,  30,  30,  22,   5, -18, \
    -20,   0,  15,  22,  22,  15,   0, -20, \
    -30, -12,   0,   5,   5,   0, -12, -30, \
    -50, -35, -25, -20, -20, -25, -35, -50
/* clang-format on */

#endif /* PAB_EXAMPLE_CHESS_TUNE_H */

/*
 * Chess: every weight of the evaluation (chess_eval.c), in centipawns.
 * "MG" is the opening and middle game, "EG" the endgame; a position mixes
 * the two by its game phase (the non-pawn material left).  chess_eval.h
 * names each weight and gathers them into chess_weights[], which the
 * evaluation reads and the tuner (pab-chess tune, scripts/tune-eval.sh)
 * changes.  The tuner rewrites this file: it replaces the number of each
 * "#define TUNE_<weight> <number>" line and the rows of each table, and
 * keeps everything else.
 *
 * The numbers below were fitted, tables included, to Stockfish 15.1's
 * scores at depth 8 on 247684 quiet positions of pab-chess's own games
 * (LABEL=engine TABLES=1 sh scripts/tune-eval.sh; BENCHMARKS.md, "The
 * evaluation fitted to Stockfish's scores").
 */
#ifndef PAB_EXAMPLE_CHESS_TUNE_H
#define PAB_EXAMPLE_CHESS_TUNE_H

/* Material, indexed by piece type (pawn .. queen; the king has none). */
#define TUNE_PAWN_MG   69
#define TUNE_PAWN_EG   90
#define TUNE_KNIGHT_MG 342
#define TUNE_KNIGHT_EG 295
#define TUNE_BISHOP_MG 356
#define TUNE_BISHOP_EG 314
#define TUNE_ROOK_MG   445
#define TUNE_ROOK_EG   550
#define TUNE_QUEEN_MG  1077
#define TUNE_QUEEN_EG  933

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
#define TUNE_MOB_KNIGHT_MG   7
#define TUNE_MOB_KNIGHT_EG   1
#define TUNE_MOB_KNIGHT_BASE 4
#define TUNE_MOB_BISHOP_MG   7
#define TUNE_MOB_BISHOP_EG   4
#define TUNE_MOB_BISHOP_BASE 6
#define TUNE_MOB_ROOK_MG     6
#define TUNE_MOB_ROOK_EG     4
#define TUNE_MOB_ROOK_BASE   6
#define TUNE_MOB_QUEEN_MG    3
#define TUNE_MOB_QUEEN_EG    3
#define TUNE_MOB_QUEEN_BASE  12

/* Two bishops, and the side to move's small initiative. */
#define TUNE_BISHOP_PAIR_MG 43
#define TUNE_BISHOP_PAIR_EG 55
#define TUNE_TEMPO          23

/* Passed pawns (no enemy pawn ahead on its file or the files beside), by
 * the rank counted from the pawn's own side: R2 is its starting rank, R7
 * the one before promotion.  On top of the pawn tables, which pay every
 * pawn for advancing. */
#define TUNE_PASSED_R2_MG 7
#define TUNE_PASSED_R2_EG 17
#define TUNE_PASSED_R3_MG -18
#define TUNE_PASSED_R3_EG 10
#define TUNE_PASSED_R4_MG -21
#define TUNE_PASSED_R4_EG 24
#define TUNE_PASSED_R5_MG 3
#define TUNE_PASSED_R5_EG 54
#define TUNE_PASSED_R6_MG 41
#define TUNE_PASSED_R6_EG 72
#define TUNE_PASSED_R7_MG 71
#define TUNE_PASSED_R7_EG 40
/* A passed pawn whose next square is empty, per rank it has advanced. */
#define TUNE_PASSED_FREE_MG 5
#define TUNE_PASSED_FREE_EG 7
/* Kings near the square in front of a passed pawn, per square of distance
 * and per rank beyond the third: the enemy king far away helps the pawn,
 * its own king far away does not.  Only the endgame: with queens on, the
 * kings stay home. */
#define TUNE_PASSED_THEIR_KING_EG 11
#define TUNE_PASSED_OWN_KING_EG   8

/* Pawn weaknesses, per pawn: isolated (no own pawn on a file beside),
 * doubled (another own pawn behind it on its file), backward (its next
 * square is guarded by an enemy pawn and no own pawn beside or behind can
 * guard it). */
#define TUNE_ISOLATED_MG -14
#define TUNE_ISOLATED_EG -14
#define TUNE_DOUBLED_MG  -5
#define TUNE_DOUBLED_EG  -20
#define TUNE_BACKWARD_MG -8
#define TUNE_BACKWARD_EG -13

/* King shelter, per file of the king's and the ones beside it: an own
 * pawn one or two ranks ahead of the king, no own pawn on the file (semi-
 * open), or no pawn at all (open). */
#define TUNE_SHIELD_NEAR_MG   12
#define TUNE_SHIELD_NEAR_EG   -14
#define TUNE_SHIELD_FAR_MG    3
#define TUNE_SHIELD_FAR_EG    -12
#define TUNE_KING_SEMIOPEN_MG -23
#define TUNE_KING_SEMIOPEN_EG 11
#define TUNE_KING_OPEN_MG     -19
#define TUNE_KING_OPEN_EG     -20

/* Attacks on the king's zone (its square and those around it), in units:
 * per enemy piece that attacks the zone, per attack of a zone square (each
 * piece's counted), and per kind of piece that could give a check from a
 * square the king's side does not guard.  With two attackers or more the
 * king side loses units * units / 256 in the middle game, at most the
 * cap, and units * KING_DANGER_EG / 64 in the endgame: a lone attacker is
 * seldom dangerous, several are much worse than the sum of each. */
#define TUNE_KA_KNIGHT       18
#define TUNE_KA_BISHOP       19
#define TUNE_KA_ROOK         14
#define TUNE_KA_QUEEN        73
#define TUNE_KA_SQUARE       7
#define TUNE_KA_SAFE_CHECK   49
#define TUNE_KING_DANGER_CAP 600
#define TUNE_KING_DANGER_EG  -2

/* A rook on a file with no pawn, or with no own pawn; on the seventh rank
 * while the enemy king is on the eighth or enemy pawns are on the
 * seventh. */
#define TUNE_ROOK_OPEN_MG     44
#define TUNE_ROOK_OPEN_EG     -15
#define TUNE_ROOK_SEMIOPEN_MG 19
#define TUNE_ROOK_SEMIOPEN_EG 11
#define TUNE_ROOK_7TH_MG      19
#define TUNE_ROOK_7TH_EG      26

/* A knight, bishop, rook or queen an enemy pawn attacks: it must move, or
 * be lost if it is not the owner's turn. */
#define TUNE_THREAT_PAWN_MG -47
#define TUNE_THREAT_PAWN_EG -22

/* A rook or queen a knight or bishop attacks; a queen a rook attacks; a
 * knight, bishop, rook or queen the enemy attacks and its own side does
 * not guard. */
#define TUNE_THREAT_MINOR_MG -27
#define TUNE_THREAT_MINOR_EG -20
#define TUNE_THREAT_ROOK_MG  -40
#define TUNE_THREAT_ROOK_EG  -18
#define TUNE_HANGING_MG      -15
#define TUNE_HANGING_EG      -30

/* A knight or bishop on the fourth to sixth rank, guarded by a pawn, where
 * no enemy pawn can ever attack it; a pawn guarded by a pawn or beside
 * one. */
#define TUNE_OUTPOST_MG   30
#define TUNE_OUTPOST_EG   9
#define TUNE_CONNECTED_MG 8
#define TUNE_CONNECTED_EG 4

/* Piece-square tables from white's side of the board: the first row is
 * rank 8, the last rank 1, files a to h left to right, as a diagram.
 * Black uses the same tables mirrored. */
/* clang-format off */
#define TUNE_PST_PAWN_MG \
      0,   0,   0,   0,   0,   0,   0,   0, \
    113,  61,  78, 114, 152,  70,  39, 216, \
     23,  19,  23,  28,  20,  89,  -3,  48, \
     14,  15,  25,  34,  43,  33,  17,   6, \
      5,  -5,  21,  28,  30,  22,   0,  -2, \
      6,  -1,   9,   2,   6,   1,  25,   1, \
     -4,  -5,  -1, -16, -10,  12,  16,  -7, \
      0,   0,   0,   0,   0,   0,   0,   0
#define TUNE_PST_PAWN_EG \
      0,   0,   0,   0,   0,   0,   0,   0, \
     73,  86, 106, 118, 116, 104,  95,  11, \
     15,  38,  20,  30,  48,  13,  69,  13, \
      0,   5,  -2, -11,  -2,   4,  12,   7, \
     -5,   6,  -5,  -7,   2,   5,  15,  10, \
     -5,  -1,  -3,   5,  17,   9,  -4,   7, \
      5,   0,   7,  14,   8,  16,   4,   5, \
      0,   0,   0,   0,   0,   0,   0,   0
#define TUNE_PST_KNIGHT_MG \
    -138, -37, -13, 102, -44, -138, -50, -75, \
    -25,  -8,   7,  96,  39,  28,  22, -34, \
    -14,  49,  28,  52,  46, 146,  18, -92, \
     -8,  -3,  21,  29,  26,  46,  15,  -5, \
    -19,  -8,  17,   8,  21,  26,  29,   9, \
    -25, -14,   1,  13,  12,   9,  15, -16, \
     -3, -33,   1,   8,  12,   3,  -4,   8, \
    -92, -20, -37,  -1,  11, -45, -15, -65
#define TUNE_PST_KNIGHT_EG \
    -75, -73, -10, -44, -37,  -5, -125, -134, \
    -19,  -5,  -5, -20,  14, -35, -19, -85, \
     -3,  -8, -11,   6,  34, -80, -13, -13, \
    -24,   4,  27,  29,  23,  14,  14,   9, \
    -11,   3,  20,  29,  28,  34,  -3, -21, \
     -3,  -4,   3,  18,  13,   3,   0,  -9, \
    -99,  12,  -1,  -9,  -9, -13, -11, -59, \
    -80, -35, -52,  -3, -48,  15, -42, -132
#define TUNE_PST_BISHOP_MG \
    -35, -53,  61, -44, -71, -45, 415, -39, \
    -64,   5,  15, -15, -12, -11, -37, -47, \
     10,   9,  24,  -3,  66,  24,  38,  11, \
    -16,   4,   2,  58,  14,  13,   9, -14, \
      2,  12,   2,  20,  39,   0, -11,  18, \
    -12,  20,   5,   8,   0,  10,   9,  -2, \
     10,  11,  16,  -6,   8,   9,  19,  15, \
    -27,  48,  -8,   4,  -7, -14,  29, -24
#define TUNE_PST_BISHOP_EG \
      9,  -1,   1,  59,  -3,  17, -265,   5, \
      5,  29,  -8, -16,  17,   5,  25,  37, \
     26,   3,  17,   6, -19,  28,  -5, -20, \
      5,   9,  -9,   2,  -4,   4,  13, -10, \
      2,   4,  30, -12,   4,   4,  14, -13, \
    -10,  10,   0,   9,  11,  11,  22, -10, \
    -12, -11, -10,   4,   3,  -2,  -9, -29, \
    -17, -56, -13,  -7, -31,  -6, -42,  12
#define TUNE_PST_ROOK_MG \
     10,  23,   9,  13,  19,  14,  -4,  18, \
     10,  -8,  20,  22,  24,  22,   0,  16, \
     -3,  52,  23,  43,  44,  42,   1, -20, \
      1,  29,  11,   7,  38,  33,  20, -15, \
    -10, -20,   5,  -2,  -8, -16,  16, -39, \
    -34, -26,  -5, -34, -23, -17,   8, -22, \
    -32, -21,   0, -16,  18,  21,   0, -45, \
     -9,  -6,   2,  20,  18,  32, -19, -11
#define TUNE_PST_ROOK_EG \
     21,  17,  22,  21,  31,  29,  30,  19, \
      9,  19,  18,  17,   8,  19,  23,  21, \
     27,  15,  27,  30,  28,  19,  29,  30, \
     20,  11,  24,  22,   8,  18,  14,  16, \
      0,  25,  18,  21,  24,  33,   9,  31, \
     11,  16,   3,  30,  15,   7,  -1,  -5, \
    -11,   9,   2,  -8, -27, -30,  -5,  -3, \
      0,  -4,  -2, -15, -13, -26,   2, -24
#define TUNE_PST_QUEEN_MG \
     47,  14,  22,  66,  21,  39,  36,   4, \
     10, -37, -20, -89,   2,  14, -24,  61, \
      0, -30,  -6,   2,  41,  77,  -1,  25, \
    -53, -24, -18,  -6,   4,  -7, -26, -11, \
    -22, -20, -17, -27, -12, -17,  -3, -21, \
    -22, -10, -14,  -6, -11,  -4,  -4,   1, \
    -29, -22,   7,   5,   8, -12,  38, -29, \
    -13,  -5,   2,   2,  11, -20,  -7, -25
#define TUNE_PST_QUEEN_EG \
    -28,  22,  46,  20,  83,   3,   5, -17, \
     23,  40,   6,  74,  29,  36,   4, -10, \
      8,  30,  51,  31,  28,  43,  11,  14, \
     -5,  38,  38,  67,  26,  34,  66,  49, \
     -3,  16,   2,  49,  21,  45,  37,  18, \
     -5, -30,  19,  -2,  12,  23,  24,  -4, \
      8, -19, -23, -22, -51,   5, -103,  12, \
    -24, -29, -53, -26, -34, -28, -31, -103
/* The king hides behind its pawns while queens are about and walks to the
 * centre when they are gone. */
#define TUNE_PST_KING_MG \
    -443, -85, -15, -69,   4,  16,  25,   6, \
    -56, -68, -28, -72, -67,  16, -21, -35, \
    -208, -81, -47, -22, -42, -20, -16, -46, \
    -111, -61, -35, -98, -65,  -3,  26, -36, \
    -75,   8, -34, -43, -60, -28,  29, -50, \
      4,  -6, -27, -10, -20, -22,  -9, -15, \
     29,  10,  -2, -29, -16,  -1,  10,  12, \
    -41,  43,  32, -25,  23,  -8,  27,   2
#define TUNE_PST_KING_EG \
    -45, -30,  78, -20,  74,  54,  30,  -4, \
    -15,  34,  34,   3,  22,  30,  55, -37, \
     19,  45,  35,  38,  17,  55,  37,  -4, \
     -4,  15,  29,  28,  33,  21,   2, -53, \
    -16,   9,  22,  29,  29,  16,  -8, -42, \
    -34,  -7,  14,  13,  21,  11,  -6, -32, \
    -37, -10,   5,   5,   9,  -4, -12, -34, \
     29, -46, -25, -12, -32, -18, -39, -45
/* clang-format on */

#endif /* PAB_EXAMPLE_CHESS_TUNE_H */

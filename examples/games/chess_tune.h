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
#define TUNE_PAWN_MG   75
#define TUNE_PAWN_EG   90
#define TUNE_KNIGHT_MG 342
#define TUNE_KNIGHT_EG 295
#define TUNE_BISHOP_MG 356
#define TUNE_BISHOP_EG 314
#define TUNE_ROOK_MG   445
#define TUNE_ROOK_EG   550
#define TUNE_QUEEN_MG  1071
#define TUNE_QUEEN_EG  942

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
#define TUNE_MOB_KNIGHT_EG   2
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
#define TUNE_BISHOP_PAIR_MG 41
#define TUNE_BISHOP_PAIR_EG 55
#define TUNE_TEMPO          20

/* Passed pawns (no enemy pawn ahead on its file or the files beside), by
 * the rank counted from the pawn's own side: R2 is its starting rank, R7
 * the one before promotion.  On top of the pawn tables, which pay every
 * pawn for advancing. */
#define TUNE_PASSED_R2_MG 4
#define TUNE_PASSED_R2_EG 17
#define TUNE_PASSED_R3_MG -18
#define TUNE_PASSED_R3_EG 11
#define TUNE_PASSED_R4_MG -21
#define TUNE_PASSED_R4_EG 24
#define TUNE_PASSED_R5_MG 2
#define TUNE_PASSED_R5_EG 53
#define TUNE_PASSED_R6_MG 37
#define TUNE_PASSED_R6_EG 70
#define TUNE_PASSED_R7_MG 65
#define TUNE_PASSED_R7_EG 40
/* A passed pawn whose next square is empty, per rank it has advanced. */
#define TUNE_PASSED_FREE_MG 5
#define TUNE_PASSED_FREE_EG 8
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
#define TUNE_ISOLATED_MG -20
#define TUNE_ISOLATED_EG -14
#define TUNE_DOUBLED_MG  -4
#define TUNE_DOUBLED_EG  -21
#define TUNE_BACKWARD_MG -12
#define TUNE_BACKWARD_EG -13

/* King shelter, per file of the king's and the ones beside it: an own
 * pawn one or two ranks ahead of the king, no own pawn on the file (semi-
 * open), or no pawn at all (open). */
#define TUNE_SHIELD_NEAR_MG   12
#define TUNE_SHIELD_NEAR_EG   -12
#define TUNE_SHIELD_FAR_MG    3
#define TUNE_SHIELD_FAR_EG    -10
#define TUNE_KING_SEMIOPEN_MG -25
#define TUNE_KING_SEMIOPEN_EG 11
#define TUNE_KING_OPEN_MG     -20
#define TUNE_KING_OPEN_EG     -19

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
#define TUNE_ROOK_OPEN_EG     -13
#define TUNE_ROOK_SEMIOPEN_MG 19
#define TUNE_ROOK_SEMIOPEN_EG 11
#define TUNE_ROOK_7TH_MG      22
#define TUNE_ROOK_7TH_EG      26

/* A knight, bishop, rook or queen an enemy pawn attacks: it must move, or
 * be lost if it is not the owner's turn. */
#define TUNE_THREAT_PAWN_MG -51
#define TUNE_THREAT_PAWN_EG -30

/* Piece-square tables from white's side of the board: the first row is
 * rank 8, the last rank 1, files a to h left to right, as a diagram.
 * Black uses the same tables mirrored. */
/* clang-format off */
#define TUNE_PST_PAWN_MG \
      0,   0,   0,   0,   0,   0,   0,   0, \
    101,  69,  75, 114, 150,  70,  42, 192, \
     17,  16,  19,  28,  19,  82,  -2,  48, \
     11,   5,  22,  31,  36,  29,   9,  -1, \
      2,  -8,  19,  28,  28,  19,  -8,  -4, \
      7,   1,  10,   4,   8,   2,  22,   3, \
     -3,   0,   0, -16,  -9,  12,  19,  -6, \
      0,   0,   0,   0,   0,   0,   0,   0
#define TUNE_PST_PAWN_EG \
      0,   0,   0,   0,   0,   0,   0,   0, \
     79,  86, 109, 115, 118, 104,  93,  15, \
     19,  44,  24,  32,  49,  18,  72,  18, \
      2,   9,   1,  -7,   0,   7,  16,   8, \
     -3,   9,  -5,  -7,   3,   8,  20,   9, \
     -5,   2,  -1,   6,  19,  11,   1,   6, \
      7,   2,   7,  17,   9,  17,   7,   5, \
      0,   0,   0,   0,   0,   0,   0,   0
#define TUNE_PST_KNIGHT_MG \
    -136, -37, -16,  93, -44, -128, -46, -81, \
    -25, -10,  14,  94,  37,  34,  21, -38, \
    -13,  59,  39,  64,  61, 147,  37, -93, \
     -7,   2,  32,  38,  31,  54,  15,  -6, \
    -16,  -7,  21,  12,  22,  28,  27,  12, \
    -25, -15,   0,  12,  10,   9,  13, -17, \
     -7, -35,   0,   6,  12,   2,  -5,   9, \
    -93, -22, -42,   0,   6, -49, -16, -77
#define TUNE_PST_KNIGHT_EG \
    -77, -69, -12, -37, -38,  -8, -124, -120, \
    -19,  -6,  -6, -22,  11, -31, -19, -79, \
     -4,  -3, -10,   7,  31, -75, -11, -15, \
    -20,   5,  26,  29,  25,  14,  18,  12, \
    -12,   3,  19,  29,  28,  33,  -2, -18, \
     -1,  -4,   3,  17,  13,   3,   0,  -8, \
    -96,  12,   0,  -9, -10, -14, -12, -60, \
    -79, -35, -54,  -4, -43,  10, -39, -132
#define TUNE_PST_BISHOP_MG \
    -33, -49,  48, -33, -63, -36, 319, -31, \
    -56,   8,  12, -17, -11,  -8, -17, -39, \
     16,  15,  29,   6,  68,  30,  43,  15, \
    -12,   6,  11,  70,  21,  15,  10, -14, \
      1,  12,   2,  20,  41,   1, -10,  19, \
    -13,  19,   6,   8,   0,   8,  10,  -7, \
      5,  11,  14,  -7,   6,   8,  19,  14, \
    -23,  42,  -9,  -3, -13, -16,  24, -24
#define TUNE_PST_BISHOP_EG \
     -1,  -3,   0,  52,  -8,   6, -250,   4, \
      1,  30,  -8, -16,  16,   3,  18,  33, \
     25,   7,  20,   6, -17,  30,  -2, -20, \
      5,  12,  -4,   6,  -2,   8,  21, -11, \
      1,   5,  30, -10,   6,   5,  14,  -9, \
     -9,   4,   0,   7,  10,  12,  18,  -8, \
    -13, -11, -10,   3,   3,  -2,  -9, -27, \
    -18, -56, -15,  -6, -31,  -8, -40,  11
#define TUNE_PST_ROOK_MG \
     10,  21,   9,  13,  20,  15,   2,  17, \
     10, -10,  19,  20,  22,  21,   2,  16, \
      1,  54,  25,  43,  39,  42,  11, -17, \
      3,  33,  11,   4,  38,  33,  19, -14, \
    -10, -17,   4,  -1,  -7, -13,  16, -34, \
    -35, -26,  -6, -34, -26, -17,   7, -23, \
    -32, -17,   0, -19,  14,  20,  -1, -45, \
     -9,  -6,   2,  20,  18,  32, -19, -10
#define TUNE_PST_ROOK_EG \
     20,  16,  21,  21,  27,  28,  27,  16, \
      5,  16,  18,  14,   7,  19,  23,  20, \
     26,  15,  26,  30,  28,  18,  26,  30, \
     20,  10,  21,  22,   8,  18,  14,  16, \
     -4,  23,  16,  18,  21,  28,   9,  31, \
      9,  14,   2,  25,  15,   4,  -1,  -5, \
    -11,   9,   0,  -6, -26, -29,  -5,  -4, \
      0,  -4,  -2, -15, -13, -26,   2, -24
#define TUNE_PST_QUEEN_MG \
     43,  13,  24,  65,  20,  33,  25,   3, \
     16, -35, -18, -77,   3,  13, -21,  59, \
      2, -24,  -8,   5,  40,  75,   1,  27, \
    -52, -25, -14,  -4,   1,  -4, -24, -12, \
    -23, -19, -17, -27, -14, -17,  -7, -19, \
    -22, -13, -12,  -8, -12,  -5,  -2,  -2, \
    -30, -22,   7,   4,   8, -12,  37, -30, \
    -10,  -4,   2,   2,   8, -24,  -9, -33
#define TUNE_PST_QUEEN_EG \
    -29,  14,  44,  20,  71,   4,   4, -18, \
     19,  34,   6,  50,  23,  35,   0,  -9, \
      5,  20,  50,  24,  24,  44,   7,  10, \
     -4,  32,  26,  61,  23,  34,  67,  43, \
     -2,  17,   2,  47,  19,  42,  33,  18, \
     -5, -23,  18,  -2,  12,  19,  10,  -8, \
      0, -13, -19, -15, -47,   5, -94,  10, \
    -23, -28, -51, -26, -24, -17, -31, -101
/* The king hides behind its pawns while queens are about and walks to the
 * centre when they are gone. */
#define TUNE_PST_KING_MG \
    -349, -84,  -9, -76,  -3,  14,   8,   1, \
    -52, -66, -27, -67, -68,   8, -19, -39, \
    -188, -73, -45, -28, -46, -19, -18, -44, \
    -107, -58, -35, -93, -60,  -8,  19, -33, \
    -72,   8, -35, -43, -47, -29,  28, -52, \
      3,  -6, -26, -10, -19, -20, -12, -16, \
     18,  10,  -2, -29, -16,  -3,  10,  12, \
    -40,  41,  32, -26,  23,  -8,  27,   2
#define TUNE_PST_KING_EG \
    -61, -29,  78, -20,  73,  58,  33,  -2, \
    -12,  34,  38,   3,  23,  38,  61, -31, \
     19,  45,  36,  43,  20,  56,  36,  -2, \
     -6,  15,  30,  26,  34,  22,   5, -52, \
    -16,  11,  22,  29,  28,  16,  -8, -42, \
    -31,  -6,  15,  14,  22,  11,  -6, -32, \
    -37, -13,   5,   7,   9,  -4, -12, -34, \
     29, -46, -25,  -9, -32, -18, -39, -45
/* clang-format on */

#endif /* PAB_EXAMPLE_CHESS_TUNE_H */

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
 * scores at depth 8 on 411336 quiet positions of pab-chess's own games,
 * played by 0.8.1 and 0.8.2 (LABEL=engine TABLES=1 sh
 * scripts/tune-eval.sh; BENCHMARKS.md, "The evaluation fitted to
 * Stockfish's scores" and "A second round of labels").
 */
#ifndef PAB_EXAMPLE_CHESS_TUNE_H
#define PAB_EXAMPLE_CHESS_TUNE_H

/* Material, indexed by piece type (pawn .. queen; the king has none). */
#define TUNE_PAWN_MG   69
#define TUNE_PAWN_EG   90
#define TUNE_KNIGHT_MG 342
#define TUNE_KNIGHT_EG 296
#define TUNE_BISHOP_MG 364
#define TUNE_BISHOP_EG 317
#define TUNE_ROOK_MG   446
#define TUNE_ROOK_EG   540
#define TUNE_QUEEN_MG  1159
#define TUNE_QUEEN_EG  862

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
#define TUNE_MOB_QUEEN_EG    2
#define TUNE_MOB_QUEEN_BASE  12

/* Two bishops, and the side to move's small initiative. */
#define TUNE_BISHOP_PAIR_MG 41
#define TUNE_BISHOP_PAIR_EG 58
#define TUNE_TEMPO          23

/* Passed pawns (no enemy pawn ahead on its file or the files beside), by
 * the rank counted from the pawn's own side: R2 is its starting rank, R7
 * the one before promotion.  On top of the pawn tables, which pay every
 * pawn for advancing. */
#define TUNE_PASSED_R2_MG 7
#define TUNE_PASSED_R2_EG 17
#define TUNE_PASSED_R3_MG -16
#define TUNE_PASSED_R3_EG 10
#define TUNE_PASSED_R4_MG -21
#define TUNE_PASSED_R4_EG 23
#define TUNE_PASSED_R5_MG -2
#define TUNE_PASSED_R5_EG 52
#define TUNE_PASSED_R6_MG 41
#define TUNE_PASSED_R6_EG 80
#define TUNE_PASSED_R7_MG 83
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
#define TUNE_ISOLATED_MG -12
#define TUNE_ISOLATED_EG -15
#define TUNE_DOUBLED_MG  -7
#define TUNE_DOUBLED_EG  -16
#define TUNE_BACKWARD_MG -6
#define TUNE_BACKWARD_EG -14

/* King shelter, per file of the king's and the ones beside it: an own
 * pawn one or two ranks ahead of the king, no own pawn on the file (semi-
 * open), or no pawn at all (open). */
#define TUNE_SHIELD_NEAR_MG   13
#define TUNE_SHIELD_NEAR_EG   -14
#define TUNE_SHIELD_FAR_MG    6
#define TUNE_SHIELD_FAR_EG    -12
#define TUNE_KING_SEMIOPEN_MG -21
#define TUNE_KING_SEMIOPEN_EG 10
#define TUNE_KING_OPEN_MG     -25
#define TUNE_KING_OPEN_EG     -18

/* Attacks on the king's zone (its square and those around it), in units:
 * per enemy piece that attacks the zone, per attack of a zone square (each
 * piece's counted), and per kind of piece that could give a check from a
 * square the king's side does not guard.  With two attackers or more the
 * king side loses units * units / 256 in the middle game, at most the
 * cap, and units * KING_DANGER_EG / 64 in the endgame: a lone attacker is
 * seldom dangerous, several are much worse than the sum of each. */
#define TUNE_KA_KNIGHT       21
#define TUNE_KA_BISHOP       19
#define TUNE_KA_ROOK         15
#define TUNE_KA_QUEEN        69
#define TUNE_KA_SQUARE       8
#define TUNE_KA_SAFE_CHECK   59
#define TUNE_KING_DANGER_CAP 600
#define TUNE_KING_DANGER_EG  -4

/* A rook on a file with no pawn, or with no own pawn; on the seventh rank
 * while the enemy king is on the eighth or enemy pawns are on the
 * seventh. */
#define TUNE_ROOK_OPEN_MG     48
#define TUNE_ROOK_OPEN_EG     -17
#define TUNE_ROOK_SEMIOPEN_MG 17
#define TUNE_ROOK_SEMIOPEN_EG 15
#define TUNE_ROOK_7TH_MG      11
#define TUNE_ROOK_7TH_EG      25

/* A knight, bishop, rook or queen an enemy pawn attacks: it must move, or
 * be lost if it is not the owner's turn. */
#define TUNE_THREAT_PAWN_MG -49
#define TUNE_THREAT_PAWN_EG -19

/* A rook or queen a knight or bishop attacks; a queen a rook attacks; a
 * knight, bishop, rook or queen the enemy attacks and its own side does
 * not guard. */
#define TUNE_THREAT_MINOR_MG -35
#define TUNE_THREAT_MINOR_EG -10
#define TUNE_THREAT_ROOK_MG  -49
#define TUNE_THREAT_ROOK_EG  -16
#define TUNE_HANGING_MG      -13
#define TUNE_HANGING_EG      -31

/* A knight or bishop on the fourth to sixth rank, guarded by a pawn, where
 * no enemy pawn can ever attack it; a pawn guarded by a pawn or beside
 * one. */
#define TUNE_OUTPOST_MG   35
#define TUNE_OUTPOST_EG   9
#define TUNE_CONNECTED_MG 8
#define TUNE_CONNECTED_EG 5

/* More of the king's danger, in units as above: once, when the attacking
 * side has no queen.  The units never go below zero. */
#define TUNE_KA_NO_QUEEN -9

/* Enemy pawns storming the king: on its file or a file beside, the
 * nearest enemy pawn ahead of the king two or three ranks away (middle
 * game only). */
#define TUNE_STORM_2_MG -26
#define TUNE_STORM_3_MG -7

/* Per bishop, per own pawn on squares of the bishop's colour. */
#define TUNE_BISHOP_PAWNS_MG -4
#define TUNE_BISHOP_PAWNS_EG -5

/* Piece-square tables from white's side of the board: the first row is
 * rank 8, the last rank 1, files a to h left to right, as a diagram.
 * Black uses the same tables mirrored. */
/* clang-format off */
#define TUNE_PST_PAWN_MG \
      0,   0,   0,   0,   0,   0,   0,   0, \
    147,  60,  90, 111, 155,  46,  48, 223, \
     21,  23,  32,  30,  20,  81,  -4,  22, \
     15,  17,  24,  36,  41,  30,  20,   0, \
      5,  -1,  23,  27,  28,  22,   4,  -2, \
      6,  -2,  11,  -1,   2,   2,  26,   0, \
     -4,  -3,   0, -17, -13,  13,  18,  -6, \
      0,   0,   0,   0,   0,   0,   0,   0
#define TUNE_PST_PAWN_EG \
      0,   0,   0,   0,   0,   0,   0,   0, \
     79,  82, 113,  98, 108, 118, 110,  10, \
      9,  29,  23,  11,  35,   8,  48,  18, \
      4,   3,  -2,  -7,  -2,   5,   6,  12, \
      0,   3,  -8,  -7,  -3,   4,  11,  10, \
     -5,  -2,  -3,   5,  15,  12,  -4,   6, \
      6,  -3,   7,  17,  15,  15,   3,   5, \
      0,   0,   0,   0,   0,   0,   0,   0
#define TUNE_PST_KNIGHT_MG \
    -131, -41, -15,  60, -37, -135, -51, -75, \
    -29,  -7,  22,  67,  23,  38,   9,  12, \
     -1,  26,  26,  39,  53, 130,   7, -55, \
     15,  -4,  16,  30,  22,  52,  16,   0, \
    -13, -22,  15,   8,  21,  24,  24,   7, \
    -29,  -9,  -2,   7,   8,   8,  17, -16, \
    -10, -19,  -4,   9,  10,   4,  -8,  -6, \
    -94, -25, -33,  -7,   5, -38, -17, -57
#define TUNE_PST_KNIGHT_EG \
    -62, -73, -14, -54, -31,  18, -111, -113, \
    -31, -16,  -7, -22,  17, -27, -22, -100, \
    -26,   3,   4,  14,  21, -71, -12, -12, \
    -30,   4,  25,  28,  24,   6,  11,   2, \
    -22,   3,  27,  24,  29,  20,  -8, -24, \
     -3, -13,   3,  16,  14,   0, -15, -15, \
    -92,  -9,  -5, -12, -14, -11, -19, -53, \
    -69, -40, -50, -20, -33,   6, -54, -122
#define TUNE_PST_BISHOP_MG \
    -22, -56,  40, -52, -74, -39, 402,  16, \
    -65, -15,   4,  -2,  -7, -11, -35, -52, \
      6,  10,  21,   5,  63,  24,  36,  19, \
    -18,   9,   6,  54,  14,  14,   8,   1, \
      1,   7,   3,  26,  39,   1,  -8,  13, \
     -3,  26,  13,  11,   2,  11,   7,   3, \
     25,  16,  17,  -1,  12,  12,  20,  24, \
    -22,  28,  -4,  10,   1, -10,  51, -16
#define TUNE_PST_BISHOP_EG \
     41,  21,  -5,  55,   8,   5, -248, -21, \
      5,  46,   7, -14,  21,   0,  21,  28, \
     24,  10,  14,  11, -14,  28,  -1, -16, \
     25,   6,   2,   5,   0,  19,  16,  -6, \
     -5,   5,  30,  -8,   5,  11,  18, -19, \
      7,  11,   6,  12,  15,  11,  21,  -6, \
    -26,  -8,  -7,   4,   3,  -5,  -6, -25, \
    -20, -56,  -6,  -6, -23,   2, -39,  -6
#define TUNE_PST_ROOK_MG \
     22,  32,  10,  15,  27,  12,  -3,  28, \
     10,   4,  21,  23,  33,  26, -26,   8, \
     -4,  50,  16,  41,  45,  48,  17, -17, \
      1,  18,  14,  10,  36,  42,  15, -16, \
    -11, -30,   3, -21,  -6, -14,  -1, -40, \
    -30, -25, -15, -37, -31, -19,   1, -26, \
    -27, -19,  -6, -15,   7,  18,  -5, -42, \
     -9,  -6,   2,  18,  18,  25, -19,  -7
#define TUNE_PST_ROOK_EG \
     22,  19,  33,  24,  39,  40,  28,  19, \
      9,  21,  18,  20,  12,  20,  24,  20, \
     23,  14,  27,  17,  20,   8,  25,  29, \
     23,  18,  32,  22,  17,  15,  10,  23, \
      6,  37,  19,  29,  16,  37,  19,  29, \
     10,  17,   3,  25,  15,   5,   2,  -1, \
     -8,   6,   0,  -7, -23, -31, -11, -12, \
      0,  -1,  -5, -15, -17, -20,   2, -23
#define TUNE_PST_QUEEN_MG \
     49,  -7,  24,  73,  -9,  44,  36,   5, \
    -13, -44, -25, -84,   3,   3, -16,  49, \
     -4, -34,  -2,   6,  41,  62,   3,  25, \
    -37, -30, -30,  -3,  -1,   2, -28, -11, \
    -21, -27, -17, -18,  -6, -23,  -8, -27, \
    -20,  -9, -11,  -6, -13,  -5,   1, -10, \
    -25, -18,   9,   7,  11,   0,  29, -33, \
    -10, -12,   5,   2,   9,  -8, -30,   7
#define TUNE_PST_QUEEN_EG \
    -28,  24,  53,  22,  87, -15,  -3, -16, \
     25,  42,  25,  87,  60,  58,   7, -10, \
     27,  33,  66,  55,  44,  37,  25,  20, \
     -4,  47,  56,  78,  37,  37,  75,  50, \
      3,  16,  -1,  49,  23,  46,  40,  24, \
     -5, -31,  18,  -3,   8,  25,  23,  -4, \
     14, -19, -23, -27, -51, -14, -103,  13, \
    -33, -42, -59, -39, -51, -39, -36, -103
/* The king hides behind its pawns while queens are about and walks to the
 * centre when they are gone. */
#define TUNE_PST_KING_MG \
    -451, -92, -133,  19, -36, -48, -15,   6, \
    -64, -62, -32,  26, -13,  23, -17, -30, \
    -188, -75, -27, -16,  -9, -18, -12, -33, \
    -116, -74, -36, -101, -65,  -3,  25, -34, \
    -78,   8, -33, -47, -60, -22,  29, -47, \
      8,  17, -39, -10, -20, -22,   9, -15, \
     15,  10,  11, -23, -16,   1,  10,  22, \
    -31,  39,  30, -27,  16,  -8,  29,   8
#define TUNE_PST_KING_EG \
    -79,   7, -136, -17, -55, -64, -45, -61, \
    -52,  41,  25,  27,  61,  29,  57, -27, \
      0,  36,  44,  43,  44,  43,  37,   5, \
      3,  25,  39,  36,  42,  26,  17, -41, \
    -11,  13,  23,  32,  29,  19,  -7, -36, \
    -34,  -7,  23,  13,  22,  13,  -5, -30, \
    -42, -10,   1,   7,   6,  -2, -10, -37, \
    -29, -35, -25, -11, -30, -18, -34, -44
/* clang-format on */

#endif /* PAB_EXAMPLE_CHESS_TUNE_H */

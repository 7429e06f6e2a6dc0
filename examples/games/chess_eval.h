/*
 * Chess: the evaluation's weights as one table, so that a tuner can change
 * them at run time (examples/chess/tune.c).  chess_tune.h holds their
 * values; this file names them.  Each scalar weight X is the value of
 * TUNE_X; the piece-square tables follow them, six piece types by two
 * phases by 64 squares, as drawn in chess_tune.h (a8 first).
 */
#ifndef PAB_EXAMPLE_CHESS_EVAL_H
#define PAB_EXAMPLE_CHESS_EVAL_H

#include "chess.h"

/* Every scalar weight, in the order of chess_weights[]. */
/* clang-format off */
#define CHESS_SCALAR_WEIGHTS(X)                                                \
    X(PAWN_MG) X(PAWN_EG) X(KNIGHT_MG) X(KNIGHT_EG) X(BISHOP_MG) X(BISHOP_EG)  \
    X(ROOK_MG) X(ROOK_EG) X(QUEEN_MG) X(QUEEN_EG)                              \
    X(MOB_KNIGHT_MG) X(MOB_KNIGHT_EG) X(MOB_BISHOP_MG) X(MOB_BISHOP_EG)        \
    X(MOB_ROOK_MG) X(MOB_ROOK_EG) X(MOB_QUEEN_MG) X(MOB_QUEEN_EG)              \
    X(BISHOP_PAIR_MG) X(BISHOP_PAIR_EG) X(TEMPO)                               \
    X(PASSED_R2_MG) X(PASSED_R2_EG) X(PASSED_R3_MG) X(PASSED_R3_EG)            \
    X(PASSED_R4_MG) X(PASSED_R4_EG) X(PASSED_R5_MG) X(PASSED_R5_EG)            \
    X(PASSED_R6_MG) X(PASSED_R6_EG) X(PASSED_R7_MG) X(PASSED_R7_EG)            \
    X(PASSED_FREE_MG) X(PASSED_FREE_EG) X(PASSED_THEIR_KING_EG)                \
    X(PASSED_OWN_KING_EG)                                                      \
    X(ISOLATED_MG) X(ISOLATED_EG) X(DOUBLED_MG) X(DOUBLED_EG)                  \
    X(BACKWARD_MG) X(BACKWARD_EG)                                              \
    X(SHIELD_NEAR_MG) X(SHIELD_NEAR_EG) X(SHIELD_FAR_MG) X(SHIELD_FAR_EG)      \
    X(KING_SEMIOPEN_MG) X(KING_SEMIOPEN_EG) X(KING_OPEN_MG) X(KING_OPEN_EG)    \
    X(KA_KNIGHT) X(KA_BISHOP) X(KA_ROOK) X(KA_QUEEN) X(KA_SQUARE)              \
    X(KA_SAFE_CHECK) X(KING_DANGER_CAP) X(KING_DANGER_EG)                      \
    X(ROOK_OPEN_MG) X(ROOK_OPEN_EG) X(ROOK_SEMIOPEN_MG) X(ROOK_SEMIOPEN_EG)    \
    X(ROOK_7TH_MG) X(ROOK_7TH_EG) X(THREAT_PAWN_MG) X(THREAT_PAWN_EG)        \
    X(THREAT_MINOR_MG) X(THREAT_MINOR_EG) X(THREAT_ROOK_MG) X(THREAT_ROOK_EG)  \
    X(HANGING_MG) X(HANGING_EG) X(OUTPOST_MG) X(OUTPOST_EG)                    \
    X(CONNECTED_MG) X(CONNECTED_EG)                                            \
    X(KA_NO_QUEEN) X(STORM_2_MG) X(STORM_3_MG)                                 \
    X(BISHOP_PAWNS_MG) X(BISHOP_PAWNS_EG)
/* clang-format on */

#define CHESS_WEIGHT_INDEX(name) CW_##name,
enum {
    CHESS_SCALAR_WEIGHTS(CHESS_WEIGHT_INDEX) /* CW_PAWN_MG, ... */
    CW_PST,
    CW_COUNT = CW_PST + 6 * 2 * 64
};
#undef CHESS_WEIGHT_INDEX

/* Where a table starts: piece type CHESS_PAWN..CHESS_KING, phase 0 (MG)
 * or 1 (EG). */
#define CW_PST_OF(type, phase) (CW_PST + (((type)-1) * 2 + (phase)) * 64)

/* The weights the evaluation reads; chess_tune.h's values until a program
 * changes them (only the tuner does, in its own process). */
extern int chess_weights[CW_COUNT];
/* The name of each weight: "PAWN_MG" for TUNE_PAWN_MG, "PST_PAWN_MG[12]"
 * for a table's entry (written into buf, which holds 32 bytes). */
const char *chess_weight_name(int index, char *buf);

/* The evaluation's two phases before they are blended, from white's side,
 * and the phase (0 the bare endgame .. TUNE_PHASE_MAX the opening);
 * chess_evaluate() is (mg * phase + eg * (max - phase)) / max, scaled for
 * drawish endings, plus the tempo, for the side to move. */
void chess_evaluate_parts(const chess_pos *pos, int *mg, int *eg, int *phase);

#endif /* PAB_EXAMPLE_CHESS_EVAL_H */

/*
 * Chess: the static evaluation.  Material and piece-square tables,
 * mobility and the bishop pair are summed for both phases of the game and
 * blended by the material left; the weights live in chess_tune.h.  The
 * result is for the side to move, in centipawns, and stays thousands of
 * centipawns away from the library's mate band.
 */
#include "chess_bits.h"
#include "chess_tune.h"

typedef struct phase_score {
    int mg, eg;
} phase_score;

static const short *const pst_mg[7] = {
    NULL,           tune_pawn_mg,  tune_knight_mg, tune_bishop_mg,
    tune_rook_mg,   tune_queen_mg, tune_king_mg,
};
static const short *const pst_eg[7] = {
    NULL,           tune_pawn_eg,  tune_knight_eg, tune_bishop_eg,
    tune_rook_eg,   tune_queen_eg, tune_king_eg,
};
static const int material_mg[7] = {0, TUNE_PAWN_MG, TUNE_KNIGHT_MG,
                                   TUNE_BISHOP_MG, TUNE_ROOK_MG,
                                   TUNE_QUEEN_MG, 0};
static const int material_eg[7] = {0, TUNE_PAWN_EG, TUNE_KNIGHT_EG,
                                   TUNE_BISHOP_EG, TUNE_ROOK_EG,
                                   TUNE_QUEEN_EG, 0};
static const int mobility_mg[7] = {0, 0, TUNE_MOB_KNIGHT_MG, TUNE_MOB_BISHOP_MG,
                                   TUNE_MOB_ROOK_MG, TUNE_MOB_QUEEN_MG, 0};
static const int mobility_eg[7] = {0, 0, TUNE_MOB_KNIGHT_EG, TUNE_MOB_BISHOP_EG,
                                   TUNE_MOB_ROOK_EG, TUNE_MOB_QUEEN_EG, 0};
static const int mobility_base[7] = {0, 0, TUNE_MOB_KNIGHT_BASE,
                                     TUNE_MOB_BISHOP_BASE, TUNE_MOB_ROOK_BASE,
                                     TUNE_MOB_QUEEN_BASE, 0};
static const int phase_weight[7] = {0, 0, TUNE_PHASE_KNIGHT, TUNE_PHASE_BISHOP,
                                    TUNE_PHASE_ROOK, TUNE_PHASE_QUEEN, 0};

/* The squares pawns of `color` guard. */
static uint64_t pawn_guards(const chess_pos *pos, int color)
{
    uint64_t p = pieces_of(pos, color, CHESS_PAWN);
    if (color == CHESS_WHITE)
        return ((p & ~FILE_A_BB) << 7) | ((p & ~FILE_H_BB) << 9);
    return ((p & ~FILE_A_BB) >> 9) | ((p & ~FILE_H_BB) >> 7);
}

/* Material, tables and mobility of one side's pieces. */
static phase_score side_score(const chess_pos *pos, int color, int *phase)
{
    phase_score s = {0, 0};
    const uint64_t occ = occupied(pos);
    const uint64_t free_squares = ~pos->color_bb[color] &
                                  ~pawn_guards(pos, color ^ 1);
    /* Tables are drawn from white's side: a white piece on a1 reads row 8
     * of the drawing, entry 56. */
    const int flip = color == CHESS_WHITE ? 56 : 0;
    for (int type = CHESS_PAWN; type <= CHESS_KING; type++) {
        uint64_t b = pieces_of(pos, color, type);
        while (b) {
            int sq = pop_lsb(&b);
            s.mg += material_mg[type] + pst_mg[type][sq ^ flip];
            s.eg += material_eg[type] + pst_eg[type][sq ^ flip];
            *phase += phase_weight[type];
            if (!mobility_base[type])
                continue;
            int mob = popcount(piece_attacks(type, color, sq, occ) &
                               free_squares) -
                      mobility_base[type];
            s.mg += mob * mobility_mg[type];
            s.eg += mob * mobility_eg[type];
        }
    }
    uint64_t bishops = pieces_of(pos, color, CHESS_BISHOP);
    if ((bishops & LIGHT_SQUARES) && (bishops & ~LIGHT_SQUARES)) {
        s.mg += TUNE_BISHOP_PAIR_MG;
        s.eg += TUNE_BISHOP_PAIR_EG;
    }
    return s;
}

pab_score_t chess_evaluate(const chess_pos *pos)
{
    int phase = 0;
    const int us = pos->side;
    phase_score mine = side_score(pos, us, &phase);
    phase_score theirs = side_score(pos, us ^ 1, &phase);
    if (phase > TUNE_PHASE_MAX)
        phase = TUNE_PHASE_MAX;
    int mg = mine.mg - theirs.mg, eg = mine.eg - theirs.eg;
    int blended = (mg * phase + eg * (TUNE_PHASE_MAX - phase)) / TUNE_PHASE_MAX;
    return (pab_score_t)(blended + TUNE_TEMPO);
}

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

/* What one piece type is worth: material, the table of its squares and
 * the weight of each square it reaches, for both phases, and how much of
 * the game phase it carries. */
typedef struct piece_weights {
    int material_mg, material_eg;
    const short *pst_mg, *pst_eg;
    int mobility_mg, mobility_eg, mobility_base;
    int phase;
} piece_weights;

static const piece_weights weights[7] = {
    [CHESS_PAWN] = {TUNE_PAWN_MG, TUNE_PAWN_EG, tune_pawn_mg, tune_pawn_eg, 0,
                    0, 0, 0},
    [CHESS_KNIGHT] = {TUNE_KNIGHT_MG, TUNE_KNIGHT_EG, tune_knight_mg,
                      tune_knight_eg, TUNE_MOB_KNIGHT_MG, TUNE_MOB_KNIGHT_EG,
                      TUNE_MOB_KNIGHT_BASE, TUNE_PHASE_KNIGHT},
    [CHESS_BISHOP] = {TUNE_BISHOP_MG, TUNE_BISHOP_EG, tune_bishop_mg,
                      tune_bishop_eg, TUNE_MOB_BISHOP_MG, TUNE_MOB_BISHOP_EG,
                      TUNE_MOB_BISHOP_BASE, TUNE_PHASE_BISHOP},
    [CHESS_ROOK] = {TUNE_ROOK_MG, TUNE_ROOK_EG, tune_rook_mg, tune_rook_eg,
                    TUNE_MOB_ROOK_MG, TUNE_MOB_ROOK_EG, TUNE_MOB_ROOK_BASE,
                    TUNE_PHASE_ROOK},
    [CHESS_QUEEN] = {TUNE_QUEEN_MG, TUNE_QUEEN_EG, tune_queen_mg, tune_queen_eg,
                     TUNE_MOB_QUEEN_MG, TUNE_MOB_QUEEN_EG, TUNE_MOB_QUEEN_BASE,
                     TUNE_PHASE_QUEEN},
    [CHESS_KING] = {0, 0, tune_king_mg, tune_king_eg, 0, 0, 0, 0},
};

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
    const uint64_t free_squares =
        ~pos->color_bb[color] & ~pawn_guards(pos, color ^ 1);
    /* Tables are drawn from white's side: a white piece on a1 reads row 8
     * of the drawing, entry 56. */
    const int flip = color == CHESS_WHITE ? 56 : 0;
    for (int type = CHESS_PAWN; type <= CHESS_KING; type++) {
        const piece_weights *w = &weights[type];
        uint64_t b = pieces_of(pos, color, type);
        while (b) {
            int sq = pop_lsb(&b);
            s.mg += w->material_mg + w->pst_mg[sq ^ flip];
            s.eg += w->material_eg + w->pst_eg[sq ^ flip];
            *phase += w->phase;
            if (!w->mobility_base) /* pawns and kings */
                continue;
            uint64_t reach = piece_attacks(type, color, sq, occ) & free_squares;
            int mob = popcount(reach) - w->mobility_base;
            s.mg += mob * w->mobility_mg;
            s.eg += mob * w->mobility_eg;
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

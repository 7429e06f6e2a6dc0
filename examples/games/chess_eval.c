/*
 * Chess: the static evaluation.  Material and piece-square tables,
 * mobility, the bishop pair and the bishops' own pawns, pawn structure
 * (passed, isolated, doubled, backward and connected pawns), king safety
 * (the pawn shelter, open files beside the king, enemy pawns storming it,
 * attacks on the squares around it, less without the enemy queen), rooks
 * on open files, threats (pieces attacked by pawns, rooks and queens by
 * minor pieces, queens by rooks, pieces attacked and unguarded) and
 * outposts are summed for both phases of the game and blended by the
 * material left.  The weights are chess_weights[] (chess_eval.h), set
 * from chess_tune.h.  The result is for the side to move, in centipawns,
 * and stays thousands of centipawns away from the library's mate band.
 *
 * Every term is computed from white's side and from black's the same way
 * with the board turned, so a position and its colour-flipped mirror score
 * the same (tests/test_chess.c checks it).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "chess_bits.h"
#include "chess_eval.h"
#include "chess_net.h"
#include "chess_tune.h"

#define W(name) chess_weights[CW_##name]

/* A build for any x86-64 makes __builtin_popcountll a call into libgcc;
 * counting in registers is several times cheaper, and the evaluation
 * counts a dozen sets.  With per-CPU copies (CHESS_HOT) the AVX2 and
 * POPCNT copies have the instruction, and only the plain one, which runs
 * on CPUs older than POPCNT alone, makes the call. */
#if defined(__POPCNT__) || defined(PAB_TARGET_CLONES)
#define nbits(b) popcount(b)
#else
static inline int nbits(uint64_t b)
{
    b = b - ((b >> 1) & UINT64_C(0x5555555555555555));
    b = (b & UINT64_C(0x3333333333333333)) +
        ((b >> 2) & UINT64_C(0x3333333333333333));
    b = (b + (b >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((b * UINT64_C(0x0101010101010101)) >> 56);
}
#endif

int chess_weights[CW_COUNT] = {
#define CHESS_WEIGHT_VALUE(name) [CW_##name] = TUNE_##name,
    CHESS_SCALAR_WEIGHTS(CHESS_WEIGHT_VALUE)
#undef CHESS_WEIGHT_VALUE
        [CW_PST_OF(CHESS_PAWN, 0)] = TUNE_PST_PAWN_MG,
    [CW_PST_OF(CHESS_PAWN, 1)] = TUNE_PST_PAWN_EG,
    [CW_PST_OF(CHESS_KNIGHT, 0)] = TUNE_PST_KNIGHT_MG,
    [CW_PST_OF(CHESS_KNIGHT, 1)] = TUNE_PST_KNIGHT_EG,
    [CW_PST_OF(CHESS_BISHOP, 0)] = TUNE_PST_BISHOP_MG,
    [CW_PST_OF(CHESS_BISHOP, 1)] = TUNE_PST_BISHOP_EG,
    [CW_PST_OF(CHESS_ROOK, 0)] = TUNE_PST_ROOK_MG,
    [CW_PST_OF(CHESS_ROOK, 1)] = TUNE_PST_ROOK_EG,
    [CW_PST_OF(CHESS_QUEEN, 0)] = TUNE_PST_QUEEN_MG,
    [CW_PST_OF(CHESS_QUEEN, 1)] = TUNE_PST_QUEEN_EG,
    [CW_PST_OF(CHESS_KING, 0)] = TUNE_PST_KING_MG,
    [CW_PST_OF(CHESS_KING, 1)] = TUNE_PST_KING_EG,
};

const char *chess_weight_name(int index, char *buf)
{
    static const char *const scalar[] = {
#define CHESS_WEIGHT_NAME(name) #name,
        CHESS_SCALAR_WEIGHTS(CHESS_WEIGHT_NAME)
#undef CHESS_WEIGHT_NAME
    };
    static const char *const table[] = {"PAWN", "KNIGHT", "BISHOP",
                                        "ROOK", "QUEEN",  "KING"};
    if (index < CW_PST)
        return scalar[index];
    int t = (index - CW_PST) / 64;
    snprintf(buf, 32, "PST_%s_%s[%d]", table[t / 2], t % 2 ? "EG" : "MG",
             (index - CW_PST) % 64);
    return buf;
}

/* ---- bitboard fills ------------------------------------------------------ */

static inline uint64_t north_fill(uint64_t b)
{
    b |= b << 8;
    b |= b << 16;
    return b | b << 32;
}

static inline uint64_t south_fill(uint64_t b)
{
    b |= b >> 8;
    b |= b >> 16;
    return b | b >> 32;
}

static inline uint64_t beside(uint64_t b)
{
    return ((b & ~FILE_H_BB) << 1) | ((b & ~FILE_A_BB) >> 1);
}

/* The squares ahead of each piece of b on its file, seen from `color`. */
static inline uint64_t front_span(int color, uint64_t b)
{
    return color == CHESS_WHITE ? north_fill(b << 8) : south_fill(b >> 8);
}

/* The squares pawns `p` of `color` guard. */
static inline uint64_t pawn_attacks_of(int color, uint64_t p)
{
    if (color == CHESS_WHITE)
        return ((p & ~FILE_A_BB) << 7) | ((p & ~FILE_H_BB) << 9);
    return ((p & ~FILE_A_BB) >> 9) | ((p & ~FILE_H_BB) >> 7);
}

static inline int distance(int a, int b)
{
    int df = abs(CHESS_FILE(a) - CHESS_FILE(b));
    int dr = abs(CHESS_RANK(a) - CHESS_RANK(b));
    return df > dr ? df : dr;
}

/* ---- one side's terms -----------------------------------------------------
 */

/* What the terms of one side leave for the other's king safety. */
typedef struct side_info {
    uint64_t pawns;
    uint64_t pawn_guards;
    uint64_t attacks;    /* every square the side attacks */
    uint64_t by_type[7]; /* the same by piece type */
    uint64_t king_zone;  /* the king's square and its neighbours */
    int king_sq;
    int zone_attackers; /* pieces attacking the enemy king's zone */
    int zone_units;     /* and their weight (TUNE_KA_*) */
    int mg, eg, phase;
} side_info;

/* Tables are drawn from white's side: a white piece on a1 reads row 8 of
 * the drawing, entry 56. */
static inline int pst_index(int color, int sq)
{
    return color == CHESS_WHITE ? sq ^ 56 : sq;
}

static const int mobility_base[7] = {[CHESS_KNIGHT] = TUNE_MOB_KNIGHT_BASE,
                                     [CHESS_BISHOP] = TUNE_MOB_BISHOP_BASE,
                                     [CHESS_ROOK] = TUNE_MOB_ROOK_BASE,
                                     [CHESS_QUEEN] = TUNE_MOB_QUEEN_BASE};
static const int phase_weight[7] = {[CHESS_KNIGHT] = TUNE_PHASE_KNIGHT,
                                    [CHESS_BISHOP] = TUNE_PHASE_BISHOP,
                                    [CHESS_ROOK] = TUNE_PHASE_ROOK,
                                    [CHESS_QUEEN] = TUNE_PHASE_QUEEN};

/* Material, tables, mobility, the attacks on the enemy king's zone, rooks'
 * files and the bishop pair of the knights, bishops, rooks and queens of
 * `us`; `them` has its pawns, guards and king zone set. */
CHESS_INLINE void pieces_score(const chess_pos *pos, int us, side_info *s,
                               const side_info *them)
{
    const uint64_t occ = occupied(pos);
    const uint64_t area = ~pos->color_bb[us] & ~them->pawn_guards;
    const uint64_t seventh = RANK_BB(us == CHESS_WHITE ? 6 : 1);
    const uint64_t eighth = RANK_BB(us == CHESS_WHITE ? 7 : 0);
    for (int type = CHESS_KNIGHT; type <= CHESS_QUEEN; type++) {
        const int *mat = &chess_weights[CW_PAWN_MG + 2 * (type - 1)];
        const int *pst_mg = &chess_weights[CW_PST_OF(type, 0)];
        const int *pst_eg = &chess_weights[CW_PST_OF(type, 1)];
        const int *mob = &chess_weights[CW_MOB_KNIGHT_MG + 2 * (type - 2)];
        const int ka = chess_weights[CW_KA_KNIGHT + type - CHESS_KNIGHT];
        uint64_t b = pieces_of(pos, us, type);
        while (b) {
            int sq = pop_lsb(&b);
            int at = pst_index(us, sq);
            uint64_t att = piece_attacks(type, us, sq, occ);
            int n = nbits(att & area) - mobility_base[type];
            s->mg += mat[0] + pst_mg[at] + n * mob[0];
            s->eg += mat[1] + pst_eg[at] + n * mob[1];
            s->phase += phase_weight[type];
            s->by_type[type] |= att;
            uint64_t zone = att & them->king_zone;
            if (zone) {
                s->zone_attackers++;
                s->zone_units += ka + W(KA_SQUARE) * nbits(zone);
            }
            if (type != CHESS_ROOK)
                continue;
            uint64_t file = FILE_A_BB << CHESS_FILE(sq);
            if (!(file & s->pawns)) {
                bool open = !(file & them->pawns);
                s->mg += open ? W(ROOK_OPEN_MG) : W(ROOK_SEMIOPEN_MG);
                s->eg += open ? W(ROOK_OPEN_EG) : W(ROOK_SEMIOPEN_EG);
            }
            if ((BB(sq) & seventh) &&
                ((BB(them->king_sq) & eighth) || (them->pawns & seventh))) {
                s->mg += W(ROOK_7TH_MG);
                s->eg += W(ROOK_7TH_EG);
            }
        }
        s->attacks |= s->by_type[type];
    }
    uint64_t bishops = pieces_of(pos, us, CHESS_BISHOP);
    if ((bishops & LIGHT_SQUARES) && (bishops & ~LIGHT_SQUARES)) {
        s->mg += W(BISHOP_PAIR_MG);
        s->eg += W(BISHOP_PAIR_EG);
    }
    /* Own pawns on a bishop's colour block it and leave the other colour
     * to the enemy. */
    int same =
        nbits(bishops & LIGHT_SQUARES) * nbits(s->pawns & LIGHT_SQUARES) +
        nbits(bishops & ~LIGHT_SQUARES) * nbits(s->pawns & ~LIGHT_SQUARES);
    s->mg += same * W(BISHOP_PAWNS_MG);
    s->eg += same * W(BISHOP_PAWNS_EG);
    int threatened = nbits(them->pawn_guards & pos->color_bb[us] & ~s->pawns &
                           ~pieces_of(pos, us, CHESS_KING));
    s->mg += threatened * W(THREAT_PAWN_MG);
    s->eg += threatened * W(THREAT_PAWN_EG);
}

/* Passed pawns: the bonus of their rank, more when the next square is
 * free, and the kings' distances to that square in the endgame. */
CHESS_INLINE void passed_score(const chess_pos *pos, int us, uint64_t passed,
                               side_info *s, const side_info *them)
{
    const uint64_t occ = occupied(pos);
    while (passed) {
        int sq = pop_lsb(&passed);
        int rank = us == CHESS_WHITE ? CHESS_RANK(sq) : 7 - CHESS_RANK(sq);
        int stop = us == CHESS_WHITE ? sq + 8 : sq - 8;
        const int *bonus = &chess_weights[CW_PASSED_R2_MG + 2 * (rank - 1)];
        s->mg += bonus[0];
        s->eg += bonus[1];
        if (!(occ & BB(stop))) {
            s->mg += (rank - 1) * W(PASSED_FREE_MG);
            s->eg += (rank - 1) * W(PASSED_FREE_EG);
        }
        if (rank > 2)
            s->eg += (rank - 2) *
                     (distance(them->king_sq, stop) * W(PASSED_THEIR_KING_EG) -
                      distance(s->king_sq, stop) * W(PASSED_OWN_KING_EG));
    }
}

/* Pawns and their structure, and the king's table entry. */
CHESS_INLINE void pawns_score(const chess_pos *pos, int us, side_info *s,
                              const side_info *them)
{
    const int *pst_mg = &chess_weights[CW_PST_OF(CHESS_PAWN, 0)];
    const int *pst_eg = &chess_weights[CW_PST_OF(CHESS_PAWN, 1)];
    uint64_t b = s->pawns;
    int n = nbits(b);
    s->mg += n * W(PAWN_MG);
    s->eg += n * W(PAWN_EG);
    while (b) {
        int at = pst_index(us, pop_lsb(&b));
        s->mg += pst_mg[at];
        s->eg += pst_eg[at];
    }
    int k = pst_index(us, s->king_sq);
    s->mg += chess_weights[CW_PST_OF(CHESS_KING, 0) + k];
    s->eg += chess_weights[CW_PST_OF(CHESS_KING, 1) + k];

    uint64_t blocked = front_span(us ^ 1, them->pawns);
    passed_score(pos, us, s->pawns & ~(blocked | beside(blocked)), s, them);

    uint64_t files = north_fill(south_fill(s->pawns));
    uint64_t isolated = s->pawns & ~beside(files);
    int doubled = nbits(s->pawns & front_span(us, s->pawns));
    /* A pawn whose next square an enemy pawn guards and no own pawn can
     * guard, now or by advancing. */
    uint64_t spans = us == CHESS_WHITE ? north_fill(s->pawn_guards)
                                       : south_fill(s->pawn_guards);
    uint64_t stops = us == CHESS_WHITE ? s->pawns << 8 : s->pawns >> 8;
    uint64_t weak_stops = stops & them->pawn_guards & ~spans;
    uint64_t backward =
        (us == CHESS_WHITE ? weak_stops >> 8 : weak_stops << 8) & ~isolated;
    int n_iso = nbits(isolated), n_back = nbits(backward);
    int n_conn = nbits(s->pawns & (s->pawn_guards | beside(s->pawns)));
    s->mg += n_iso * W(ISOLATED_MG) + doubled * W(DOUBLED_MG) +
             n_back * W(BACKWARD_MG) + n_conn * W(CONNECTED_MG);
    s->eg += n_iso * W(ISOLATED_EG) + doubled * W(DOUBLED_EG) +
             n_back * W(BACKWARD_EG) + n_conn * W(CONNECTED_EG);
}

/* How many ranks in front of our king, on file f, the nearest of the
 * enemy's pawns stands; 0 if none does. */
CHESS_INLINE int storm_distance(int us, int f, int kr, uint64_t enemy_pawns)
{
    const uint64_t ahead =
        enemy_pawns & front_span(us, BB(CHESS_SQUARE(f, kr)));
    if (!ahead)
        return 0;
    int sq = us == CHESS_WHITE ? lsb(ahead) : 63 - __builtin_clzll(ahead);
    return abs(CHESS_RANK(sq) - kr);
}

/* The pawns in front of our king on its file and those beside it, and
 * the enemy pawns coming at it there. */
CHESS_INLINE void shelter_score(int us, side_info *s, const side_info *them)
{
    const int kf = CHESS_FILE(s->king_sq), kr = CHESS_RANK(s->king_sq);
    const int ahead = us == CHESS_WHITE ? 8 : -8;
    for (int f = kf > 0 ? kf - 1 : 0; f <= kf + 1 && f < 8; f++) {
        uint64_t file = FILE_A_BB << f;
        const int storm = storm_distance(us, f, kr, them->pawns);
        if (storm == 2 || storm == 3)
            s->mg += chess_weights[CW_STORM_2_MG + storm - 2];
        if (!(s->pawns & file)) {
            bool open = !(them->pawns & file);
            s->mg += open ? W(KING_OPEN_MG) : W(KING_SEMIOPEN_MG);
            s->eg += open ? W(KING_OPEN_EG) : W(KING_SEMIOPEN_EG);
            continue;
        }
        int near = CHESS_SQUARE(f, kr) + ahead, far = near + ahead;
        if (near >= 0 && near < 64 && (s->pawns & BB(near))) {
            s->mg += W(SHIELD_NEAR_MG);
            s->eg += W(SHIELD_NEAR_EG);
        } else if (far >= 0 && far < 64 && (s->pawns & BB(far))) {
            s->mg += W(SHIELD_FAR_MG);
            s->eg += W(SHIELD_FAR_EG);
        }
    }
}

/* The danger to our king from the attacks `them` made on its zone, and
 * from the checks it could give where we guard nothing. */
CHESS_INLINE void king_danger(const chess_pos *pos, int us, side_info *s,
                              const side_info *them)
{
    if (them->zone_attackers < 2)
        return;
    const uint64_t occ = occupied(pos);
    const uint64_t safe = ~s->attacks & ~pos->color_bb[us ^ 1];
    const uint64_t diag = bishop_attacks(s->king_sq, occ);
    const uint64_t line = rook_attacks(s->king_sq, occ);
    const uint64_t from[7] = {
        [CHESS_KNIGHT] = chess_knight_attacks[s->king_sq],
        [CHESS_BISHOP] = diag,
        [CHESS_ROOK] = line,
        [CHESS_QUEEN] = diag | line,
    };
    int units = them->zone_units;
    for (int type = CHESS_KNIGHT; type <= CHESS_QUEEN; type++)
        if (from[type] & them->by_type[type] & safe)
            units += W(KA_SAFE_CHECK);
    if (!pieces_of(pos, us ^ 1, CHESS_QUEEN))
        units += W(KA_NO_QUEEN);
    if (units < 0)
        units = 0;
    int mg = units * units / 256;
    s->mg -= mg < W(KING_DANGER_CAP) ? mg : W(KING_DANGER_CAP);
    s->eg -= units * W(KING_DANGER_EG) / 64;
}

/* Pieces that must move or be lost: rooks and queens a minor piece
 * attacks, queens a rook attacks, pieces attacked and not guarded; and
 * minor pieces on outposts.  Needs both sides' attacks. */
CHESS_INLINE void threats_score(const chess_pos *pos, int us, side_info *s,
                                const side_info *them)
{
    const uint64_t queens = pieces_of(pos, us, CHESS_QUEEN);
    const uint64_t majors = pieces_of(pos, us, CHESS_ROOK) | queens;
    const uint64_t minors =
        pieces_of(pos, us, CHESS_KNIGHT) | pieces_of(pos, us, CHESS_BISHOP);
    const uint64_t by_minor =
        them->by_type[CHESS_KNIGHT] | them->by_type[CHESS_BISHOP];
    int minor = nbits(majors & by_minor);
    int rook = nbits(queens & them->by_type[CHESS_ROOK]);
    int hanging = nbits((minors | majors) & them->attacks & ~s->attacks);
    /* Squares no enemy pawn attacks now or after any of its advances. */
    uint64_t reach =
        pawn_attacks_of(us ^ 1, front_span(us ^ 1, them->pawns) | them->pawns);
    uint64_t ranks = us == CHESS_WHITE ? RANK_BB(3) | RANK_BB(4) | RANK_BB(5)
                                       : RANK_BB(2) | RANK_BB(3) | RANK_BB(4);
    int outposts = nbits(minors & ranks & s->pawn_guards & ~reach);
    s->mg += minor * W(THREAT_MINOR_MG) + rook * W(THREAT_ROOK_MG) +
             hanging * W(HANGING_MG) + outposts * W(OUTPOST_MG);
    s->eg += minor * W(THREAT_MINOR_EG) + rook * W(THREAT_ROOK_EG) +
             hanging * W(HANGING_EG) + outposts * W(OUTPOST_EG);
}

/* Endings the stronger side seldom wins, by the pieces alone: no pawns and
 * at most a minor piece more, or bishops of opposite colours and nothing
 * else.  Returns the share of the endgame score kept, in 64ths. */
CHESS_INLINE int endgame_scale(const chess_pos *pos, int eg)
{
    const int strong = eg > 0 ? CHESS_WHITE : CHESS_BLACK;
    const uint64_t *t = pos->type_bb;
    if (pieces_of(pos, strong, CHESS_PAWN)) {
        uint64_t b = t[CHESS_BISHOP];
        bool lone_bishops =
            !(t[CHESS_KNIGHT] | t[CHESS_ROOK] | t[CHESS_QUEEN]) &&
            nbits(b) == 2 && nbits(b & LIGHT_SQUARES) == 1 &&
            (b & pos->color_bb[0]) && (b & pos->color_bb[1]);
        return lone_bishops ? 32 : 64;
    }
    int npm[2];
    for (int c = 0; c < 2; c++) {
        uint64_t mine = pos->color_bb[c];
        npm[c] = 3 * nbits((t[CHESS_KNIGHT] | t[CHESS_BISHOP]) & mine) +
                 5 * nbits(t[CHESS_ROOK] & mine) +
                 9 * nbits(t[CHESS_QUEEN] & mine);
    }
    return npm[strong] - npm[strong ^ 1] <= 3 ? 16 : 64;
}

CHESS_INLINE void side_init(const chess_pos *pos, int color, side_info *s)
{
    *s = (side_info){0};
    s->pawns = pieces_of(pos, color, CHESS_PAWN);
    s->pawn_guards = pawn_attacks_of(color, s->pawns);
    s->king_sq = king_square(pos, color);
    s->king_zone = chess_king_attacks[s->king_sq] | BB(s->king_sq);
    s->attacks = s->pawn_guards | chess_king_attacks[s->king_sq];
}

CHESS_HOT void chess_evaluate_parts(const chess_pos *pos, int *mg, int *eg,
                                    int *phase)
{
    side_info side[2];
    side_init(pos, CHESS_WHITE, &side[0]);
    side_init(pos, CHESS_BLACK, &side[1]);
    for (int c = 0; c < 2; c++) {
        pieces_score(pos, c, &side[c], &side[c ^ 1]);
        pawns_score(pos, c, &side[c], &side[c ^ 1]);
        shelter_score(c, &side[c], &side[c ^ 1]);
    }
    /* Needs both sides' attacks, so after both loops. */
    for (int c = 0; c < 2; c++) {
        king_danger(pos, c, &side[c], &side[c ^ 1]);
        threats_score(pos, c, &side[c], &side[c ^ 1]);
    }
    int p = side[0].phase + side[1].phase;
    *phase = p > TUNE_PHASE_MAX ? TUNE_PHASE_MAX : p;
    *mg = side[0].mg - side[1].mg;
    int e = side[0].eg - side[1].eg;
    *eg = e * endgame_scale(pos, e) / 64;
}

pab_score_t chess_evaluate(const chess_pos *pos)
{
    int mg, eg, phase;
    chess_evaluate_parts(pos, &mg, &eg, &phase);
    int blended = (mg * phase + eg * (TUNE_PHASE_MAX - phase)) / TUNE_PHASE_MAX;
    if (chess_net_active != NULL)
        blended += chess_net_correction(chess_net_active, pos);
    if (pos->side == CHESS_BLACK)
        blended = -blended;
    return (pab_score_t)(blended + W(TEMPO));
}

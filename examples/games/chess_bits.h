/*
 * Chess internals shared by the chess_*.c files: bitboard helpers, the
 * attack tables built by chess_init(), the Zobrist keys, and the few
 * position queries every part needs.  Not part of the module's interface.
 */
#ifndef PAB_EXAMPLE_CHESS_BITS_H
#define PAB_EXAMPLE_CHESS_BITS_H

#include "chess.h"

/* The hottest functions (the evaluation, the network's correction, make
 * and unmake with the network's sums) are compiled three times, with AVX2
 * (which brings POPCNT), with POPCNT alone and for any x86-64, and the loader
 * runs the best copy the CPU can: a count of bits is one instruction
 * instead of a call, a row of the network's sums a few.  ISA clones, not
 * whole architectures, so that the static helpers they call are still
 * inlined into each copy.  configure defines PAB_TARGET_CLONES where the
 * toolchain can (config.h, included first by the files that use this). */
#ifdef PAB_TARGET_CLONES
#define CHESS_HOT __attribute__((target_clones("avx2", "popcnt", "default")))
#else
#define CHESS_HOT
#endif
/* A helper of a CHESS_HOT function, inlined into each of its copies (GCC
 * would otherwise keep one copy for any x86-64, called from all three). */
#define CHESS_INLINE static inline __attribute__((always_inline))

#define BB(sq)        (UINT64_C(1) << (sq))
#define FILE_A_BB     UINT64_C(0x0101010101010101)
#define FILE_H_BB     (FILE_A_BB << 7)
#define RANK_1_BB     UINT64_C(0xFF)
#define RANK_BB(r)    (RANK_1_BB << (8 * (r)))
#define LIGHT_SQUARES UINT64_C(0x55AA55AA55AA55AA)

enum { A1 = 0, B1, C1, D1, E1, F1, G1, H1 };
enum { A8 = 56, B8, C8, D8, E8, F8, G8, H8 };

static inline int lsb(uint64_t b)
{
    return __builtin_ctzll(b);
}

/* The lowest square of *b, removed from it. */
static inline int pop_lsb(uint64_t *b)
{
    int sq = lsb(*b);
    *b &= *b - 1;
    return sq;
}

static inline int popcount(uint64_t b)
{
    return __builtin_popcountll(b);
}

/* One slider's lookup: the relevant blockers, times the magic, shifted,
 * index a block of precomputed attack sets. */
typedef struct chess_magic {
    uint64_t mask;
    uint64_t magic;
    const uint64_t *attacks;
    unsigned shift;
} chess_magic;

extern chess_magic chess_bishop_magics[64];
extern chess_magic chess_rook_magics[64];
extern uint64_t chess_knight_attacks[64];
extern uint64_t chess_king_attacks[64];
extern uint64_t chess_pawn_attacks[2][64]; /* squares a pawn of colour c hits */
/* Squares strictly between two squares on a line, else 0. */
extern uint64_t chess_between[64][64];
/* The whole line through two squares on a line, else 0. */
extern uint64_t chess_line[64][64];

extern uint64_t chess_zobrist_piece[16][64];
extern uint64_t chess_zobrist_castling[16];
extern uint64_t chess_zobrist_ep[8];
extern uint64_t chess_zobrist_side;

static inline uint64_t magic_lookup(const chess_magic *m, uint64_t occ)
{
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

static inline uint64_t bishop_attacks(int sq, uint64_t occ)
{
    return magic_lookup(&chess_bishop_magics[sq], occ);
}

static inline uint64_t rook_attacks(int sq, uint64_t occ)
{
    return magic_lookup(&chess_rook_magics[sq], occ);
}

static inline uint64_t occupied(const chess_pos *pos)
{
    return pos->color_bb[0] | pos->color_bb[1];
}

static inline uint64_t pieces_of(const chess_pos *pos, int color, int type)
{
    return pos->type_bb[type] & pos->color_bb[color];
}

static inline int king_square(const chess_pos *pos, int color)
{
    return lsb(pieces_of(pos, color, CHESS_KING));
}

/* Every piece of either colour that attacks `sq` with the board `occ`. */
static inline uint64_t attackers_to(const chess_pos *pos, int sq, uint64_t occ)
{
    const uint64_t *t = pos->type_bb;
    return (chess_pawn_attacks[CHESS_WHITE][sq] & t[CHESS_PAWN] &
            pos->color_bb[CHESS_BLACK]) |
           (chess_pawn_attacks[CHESS_BLACK][sq] & t[CHESS_PAWN] &
            pos->color_bb[CHESS_WHITE]) |
           (chess_knight_attacks[sq] & t[CHESS_KNIGHT]) |
           (chess_king_attacks[sq] & t[CHESS_KING]) |
           (bishop_attacks(sq, occ) & (t[CHESS_BISHOP] | t[CHESS_QUEEN])) |
           (rook_attacks(sq, occ) & (t[CHESS_ROOK] | t[CHESS_QUEEN]));
}

/* Whether side `by` attacks `sq` with the board `occ`. */
static inline bool attacked_by(const chess_pos *pos, int sq, int by,
                               uint64_t occ)
{
    const uint64_t *t = pos->type_bb;
    const uint64_t them = pos->color_bb[by];
    if (chess_pawn_attacks[by ^ 1][sq] & t[CHESS_PAWN] & them)
        return true;
    if (chess_knight_attacks[sq] & t[CHESS_KNIGHT] & them)
        return true;
    if (chess_king_attacks[sq] & t[CHESS_KING] & them)
        return true;
    if (bishop_attacks(sq, occ) & (t[CHESS_BISHOP] | t[CHESS_QUEEN]) & them)
        return true;
    return (rook_attacks(sq, occ) & (t[CHESS_ROOK] | t[CHESS_QUEEN]) & them) !=
           0;
}

/* The attacks of one piece of type `type` and colour `color` on `sq`. */
static inline uint64_t piece_attacks(int type, int color, int sq, uint64_t occ)
{
    switch (type) {
    case CHESS_PAWN: return chess_pawn_attacks[color][sq];
    case CHESS_KNIGHT: return chess_knight_attacks[sq];
    case CHESS_BISHOP: return bishop_attacks(sq, occ);
    case CHESS_ROOK: return rook_attacks(sq, occ);
    case CHESS_QUEEN: return bishop_attacks(sq, occ) | rook_attacks(sq, occ);
    default: return chess_king_attacks[sq];
    }
}

/* Where the rook of a castling move goes from and to (`king_to` is g1, c1,
 * g8 or c8). */
static inline void castle_rook_squares(int king_to, int *from, int *to)
{
    bool king_side = CHESS_FILE(king_to) == 6;
    int rank_base = king_to & 56;
    *from = rank_base + (king_side ? 7 : 0);
    *to = rank_base + (king_side ? 5 : 3);
}

/* Generation kinds (chess_movegen.c). */
#define GEN_CAPTURES        1u /* captures, en passant, queen promotions */
#define GEN_QUIETS          2u /* other moves, castling */
#define GEN_UNDERPROMOTIONS 4u /* knight, bishop and rook promotions */
#define GEN_ALL             (GEN_CAPTURES | GEN_QUIETS | GEN_UNDERPROMOTIONS)

/* The legal moves of the kinds asked for, appended in generation order.
 * Returns the count, or -1 if they do not fit in capacity. */
int chess_generate(const chess_pos *pos, unsigned kinds, pab_move_t *moves,
                   unsigned capacity);
/* Captures (most valuable victim, then least valuable attacker) and
 * promotions first, then the quiet moves. */
int chess_generate_ordered(const chess_pos *pos, pab_move_t *moves,
                           unsigned capacity);
/* Captures and queen promotions, best first, for quiescence. */
int chess_generate_noisy(const chess_pos *pos, pab_move_t *moves,
                         unsigned capacity);
/* Whether the side to move has any legal move. */
bool chess_has_legal_move(const chess_pos *pos);

/* A draw by the search's rules (see chess.h); the caller has checked that
 * the rules apply (not perft mode, not the root). */
bool chess_rule_draw(const chess_pos *pos);

/* The null move (chess_board.c); make refuses only for a full history. */
bool chess_make_null(chess_pos *pos);
void chess_unmake_null(chess_pos *pos);

/* Key and checkers of a position whose pieces, side, rights and en-passant
 * square are set (the FEN reader). */
void chess_finish_setup(chess_pos *pos);

#endif /* PAB_EXAMPLE_CHESS_BITS_H */

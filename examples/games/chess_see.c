/*
 * Chess: static exchange evaluation, the swap algorithm.  Both sides take
 * turns capturing on the target square with their least valuable attacker;
 * a capture uncovers the sliders behind it (x-rays); either side may stop
 * when going on would lose.  gain[d] is what the side that made capture d
 * has won if the sequence stops after it; the minimax back over the list
 * gives the exchange's value.  A king that captures into a defended square
 * would be taken back for the king's value, so the minimax never lets it.
 */
#include "chess_bits.h"

/* Centipawns by piece type (none, pawn .. king). */
static const int see_value[7] = {0, 100, 320, 330, 500, 900, 20000};

/* The least valuable of `attackers` (non-empty): its type and square. */
static int least_valuable(const chess_pos *pos, uint64_t attackers, int *sq)
{
    for (int type = CHESS_PAWN; type <= CHESS_KING; type++) {
        uint64_t b = attackers & pos->type_bb[type];
        if (b) {
            *sq = lsb(b);
            return type;
        }
    }
    *sq = CHESS_NO_SQUARE;
    return 0;
}

int chess_see(const chess_pos *pos, pab_move_t m)
{
    const int from = CHESS_MOVE_FROM(m), to = CHESS_MOVE_TO(m);
    const int promo = CHESS_MOVE_PROMO(m);
    const uint64_t diagonal =
        pos->type_bb[CHESS_BISHOP] | pos->type_bb[CHESS_QUEEN];
    const uint64_t straight =
        pos->type_bb[CHESS_ROOK] | pos->type_bb[CHESS_QUEEN];
    int gain[34], d = 0;
    uint64_t occ = occupied(pos) ^ BB(from);
    int victim = CHESS_TYPE(pos->board[to]);
    if (m & CHESS_MOVE_EN_PASSANT) {
        victim = CHESS_PAWN;
        occ ^= BB(to ^ 8);
    }
    gain[0] = see_value[victim];
    /* The piece now standing on `to`, which the next capture takes. */
    int on_to = CHESS_TYPE(pos->board[from]);
    if (promo) {
        gain[0] += see_value[promo] - see_value[CHESS_PAWN];
        on_to = promo;
    }
    uint64_t attackers = attackers_to(pos, to, occ) & occ;
    int side = pos->side ^ 1;
    for (;;) {
        int sq;
        uint64_t mine = attackers & pos->color_bb[side];
        if (!mine || d + 1 >= (int)(sizeof gain / sizeof gain[0]))
            break;
        int type = least_valuable(pos, mine, &sq);
        d++;
        gain[d] = see_value[on_to] - gain[d - 1];
        occ ^= BB(sq);
        attackers |= (bishop_attacks(to, occ) & diagonal) |
                     (rook_attacks(to, occ) & straight);
        attackers &= occ;
        on_to = type;
        side ^= 1;
    }
    while (d > 0) {
        int stop = -gain[d - 1];
        gain[d - 1] = -(stop > gain[d] ? stop : gain[d]);
        d--;
    }
    return gain[0];
}

/* A noisy move's score: captures that do not lose material (static
 * exchange >= 0) and queen promotions ahead of every quiet move (0),
 * most valuable victim first, then least valuable attacker; losing
 * captures and the under-promotions behind them, by their loss. */
#define GOOD_NOISY 1000000

int32_t chess_noisy_score(const chess_pos *pos, pab_move_t m)
{
    int promo = CHESS_MOVE_PROMO(m);
    if (promo && promo != CHESS_QUEEN)
        return -1000 + promo; /* under-promotion: last, knights first */
    int victim = (m & CHESS_MOVE_EN_PASSANT)
                     ? CHESS_PAWN
                     : CHESS_TYPE(pos->board[CHESS_MOVE_TO(m)]);
    int attacker = CHESS_TYPE(pos->board[CHESS_MOVE_FROM(m)]);
    /* Taking a piece worth at least the taker's cannot lose: at worst
     * the taker is taken back (a queen promotion's too, which the pawn
     * taken pays for).  Most captures are so, and skip the exchange. */
    bool safe = victim != 0 && attacker != CHESS_KING &&
                see_value[victim] >= see_value[attacker];
    if (!safe) {
        int see = chess_see(pos, m);
        if (see < 0)
            return see;
    }
    return GOOD_NOISY + 64 * victim + 8 * promo - attacker;
}

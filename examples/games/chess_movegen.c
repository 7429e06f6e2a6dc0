/*
 * Chess: legal move generation.
 *
 * Legal from the start rather than pseudo-legal plus a test after make():
 * with the checking pieces and the pinned pieces known, every move can be
 * judged before it is written -- a king steps only to unattacked squares,
 * in check the other pieces must capture the checker or block, a pinned
 * piece stays on the line of its pin.  Only en passant (two pawns leave a
 * rank at once) is tried on a copy of the occupancy.  Perft then counts
 * the last ply without making it (PAB_PERFT_BULK).
 */
#include "chess_bits.h"

/* What every generator needs to know about the position. */
typedef struct gen_ctx {
    const chess_pos *pos;
    int us, them, king;
    uint64_t own, enemy, occ;
    uint64_t pinned; /* own pieces that shield the king from a slider */
    uint64_t target; /* where non-king moves may land: all, or the answers
                      * to a single check */
    uint64_t from;   /* the squares moves may start from: all, or one */
    bool double_check;
} gen_ctx;

/* Moves past the capacity are counted, not written, so the caller can tell
 * an overflow from a full list. */
typedef struct move_list {
    pab_move_t *moves;
    unsigned n, capacity;
} move_list;

static inline void add(move_list *l, pab_move_t m)
{
    if (l->n < l->capacity)
        l->moves[l->n] = m;
    l->n++;
}

static inline void add_targets(move_list *l, int from, uint64_t targets)
{
    while (targets)
        add(l, CHESS_MOVE(from, pop_lsb(&targets), 0, 0));
}

/* Shift a set of squares by `delta` (positive: towards rank 8). */
static inline uint64_t shift(uint64_t b, int delta)
{
    return delta > 0 ? b << delta : b >> -delta;
}

static uint64_t pinned_pieces(const chess_pos *pos, int us, int king,
                              uint64_t occ)
{
    const uint64_t *t = pos->type_bb;
    uint64_t snipers =
        ((rook_attacks(king, 0) & (t[CHESS_ROOK] | t[CHESS_QUEEN])) |
         (bishop_attacks(king, 0) & (t[CHESS_BISHOP] | t[CHESS_QUEEN]))) &
        pos->color_bb[us ^ 1];
    uint64_t pinned = 0;
    while (snipers) {
        uint64_t between = chess_between[king][pop_lsb(&snipers)] & occ;
        if (between && !(between & (between - 1)))
            pinned |= between & pos->color_bb[us];
    }
    return pinned;
}

static void setup(gen_ctx *c, const chess_pos *pos)
{
    c->pos = pos;
    c->us = pos->side;
    c->them = c->us ^ 1;
    c->king = king_square(pos, c->us);
    c->own = pos->color_bb[c->us];
    c->enemy = pos->color_bb[c->them];
    c->occ = c->own | c->enemy;
    c->pinned = pinned_pieces(pos, c->us, c->king, c->occ);
    uint64_t checkers = pos->checkers;
    c->double_check = checkers & (checkers - 1);
    c->target = ~UINT64_C(0);
    c->from = ~UINT64_C(0);
    if (checkers)
        c->target = checkers | chess_between[c->king][lsb(checkers)];
}

/* The squares the kinds asked for may land on, before check and pins. */
static uint64_t kind_targets(const gen_ctx *c, unsigned kinds)
{
    return ((kinds & GEN_CAPTURES) ? c->enemy : 0) |
           ((kinds & GEN_QUIETS) ? ~c->occ : 0);
}

static void add_promotions(move_list *l, int from, int to, unsigned kinds)
{
    if (kinds & GEN_CAPTURES)
        add(l, CHESS_MOVE(from, to, CHESS_QUEEN, 0));
    if (kinds & GEN_UNDERPROMOTIONS) {
        add(l, CHESS_MOVE(from, to, CHESS_ROOK, 0));
        add(l, CHESS_MOVE(from, to, CHESS_BISHOP, 0));
        add(l, CHESS_MOVE(from, to, CHESS_KNIGHT, 0));
    }
}

static void gen_king(const gen_ctx *c, move_list *l, unsigned kinds)
{
    if (!(c->from & BB(c->king)))
        return;
    uint64_t targets = chess_king_attacks[c->king] & kind_targets(c, kinds);
    /* The king must not hide behind itself from a slider. */
    uint64_t occ = c->occ ^ BB(c->king);
    while (targets) {
        int to = pop_lsb(&targets);
        if (!attacked_by(c->pos, to, c->them, occ))
            add(l, CHESS_MOVE(c->king, to, 0, 0));
    }
}

/* Pawns to `to` squares from to - delta: promotions where they reach the
 * last rank, the plain moves elsewhere if `plain`. */
static void add_pawn_moves(move_list *l, uint64_t to_set, int delta,
                           uint64_t last_rank, bool plain, unsigned kinds)
{
    uint64_t promos = to_set & last_rank;
    to_set &= plain ? ~last_rank : 0;
    while (to_set) {
        int to = pop_lsb(&to_set);
        add(l, CHESS_MOVE(to - delta, to, 0, 0));
    }
    while (promos) {
        int to = pop_lsb(&promos);
        add_promotions(l, to - delta, to, kinds);
    }
}

/* Pawns that are not pinned, moved all at once by shifting. */
static void gen_free_pawns(const gen_ctx *c, move_list *l, unsigned kinds)
{
    const bool white = c->us == CHESS_WHITE;
    const int up = white ? 8 : -8, west = white ? 7 : -9, east = white ? 9 : -7;
    const uint64_t last = white ? RANK_BB(7) : RANK_BB(0);
    const uint64_t third = white ? RANK_BB(2) : RANK_BB(5);
    const uint64_t pawns =
        pieces_of(c->pos, c->us, CHESS_PAWN) & ~c->pinned & c->from;
    const uint64_t empty = ~c->occ;

    uint64_t one = shift(pawns, up) & empty;
    if (kinds & GEN_QUIETS) {
        uint64_t two = shift(one & third, up) & empty & c->target;
        while (two) {
            int to = pop_lsb(&two);
            add(l, CHESS_MOVE(to - 2 * up, to, 0, CHESS_MOVE_DOUBLE_PUSH));
        }
    }
    /* add_promotions() keeps to the kinds asked for. */
    add_pawn_moves(l, one & c->target, up, last, kinds & GEN_QUIETS, kinds);
    if (!(kinds & (GEN_CAPTURES | GEN_UNDERPROMOTIONS)))
        return;
    uint64_t victims = c->enemy & c->target;
    bool plain = kinds & GEN_CAPTURES;
    add_pawn_moves(l, shift(pawns & ~FILE_A_BB, west) & victims, west, last,
                   plain, kinds);
    add_pawn_moves(l, shift(pawns & ~FILE_H_BB, east) & victims, east, last,
                   plain, kinds);
}

/* Pinned pawns one by one: they may move only along the pin. */
static void gen_pinned_pawns(const gen_ctx *c, move_list *l, unsigned kinds)
{
    const bool white = c->us == CHESS_WHITE;
    const int up = white ? 8 : -8;
    const uint64_t last = white ? RANK_BB(7) : RANK_BB(0);
    const uint64_t start = white ? RANK_BB(1) : RANK_BB(6);
    uint64_t pawns = pieces_of(c->pos, c->us, CHESS_PAWN) & c->pinned & c->from;
    while (pawns) {
        int from = pop_lsb(&pawns);
        uint64_t along = chess_line[c->king][from];
        uint64_t push = BB(from + up) & ~c->occ & along;
        bool promos = kinds & (GEN_CAPTURES | GEN_UNDERPROMOTIONS);
        if (push & last) {
            if (promos)
                add_promotions(l, from, from + up, kinds);
        } else if (push && (kinds & GEN_QUIETS)) {
            add(l, CHESS_MOVE(from, from + up, 0, 0));
            if ((BB(from) & start) && (BB(from + 2 * up) & ~c->occ))
                add(l,
                    CHESS_MOVE(from, from + 2 * up, 0, CHESS_MOVE_DOUBLE_PUSH));
        }
        uint64_t takes = chess_pawn_attacks[c->us][from] & c->enemy & along;
        if (takes & last) {
            if (promos)
                add_promotions(l, from, lsb(takes), kinds);
        } else if (takes && (kinds & GEN_CAPTURES)) {
            add(l, CHESS_MOVE(from, lsb(takes), 0, 0));
        }
    }
}

/* En passant, tried on the occupancy after the capture: the two pawns
 * leave at once, which no pin test sees. */
static void gen_en_passant(const gen_ctx *c, move_list *l)
{
    const chess_pos *pos = c->pos;
    const int ep = pos->ep, victim = ep ^ 8;
    uint64_t takers = chess_pawn_attacks[c->them][ep] &
                      pieces_of(pos, c->us, CHESS_PAWN) & c->from;
    while (takers) {
        int from = pop_lsb(&takers);
        uint64_t occ = (c->occ ^ BB(from) ^ BB(victim)) | BB(ep);
        uint64_t attackers = attackers_to(pos, c->king, occ) & c->enemy;
        if (!(attackers & ~BB(victim)))
            add(l, CHESS_MOVE(from, ep, 0, CHESS_MOVE_EN_PASSANT));
    }
}

static void gen_pieces(const gen_ctx *c, move_list *l, unsigned kinds)
{
    const chess_pos *pos = c->pos;
    const uint64_t *t = pos->type_bb;
    const uint64_t targets = kind_targets(c, kinds) & c->target;
    const uint64_t own = c->own & c->from;
    uint64_t knights =
        pieces_of(pos, c->us, CHESS_KNIGHT) & ~c->pinned & c->from;
    while (knights) {
        int from = pop_lsb(&knights);
        add_targets(l, from, chess_knight_attacks[from] & targets);
    }
    uint64_t diagonal = (t[CHESS_BISHOP] | t[CHESS_QUEEN]) & own;
    while (diagonal) {
        int from = pop_lsb(&diagonal);
        uint64_t to = bishop_attacks(from, c->occ) & targets;
        if (BB(from) & c->pinned)
            to &= chess_line[c->king][from];
        add_targets(l, from, to);
    }
    uint64_t straight = (t[CHESS_ROOK] | t[CHESS_QUEEN]) & own;
    while (straight) {
        int from = pop_lsb(&straight);
        uint64_t to = rook_attacks(from, c->occ) & targets;
        if (BB(from) & c->pinned)
            to &= chess_line[c->king][from];
        add_targets(l, from, to);
    }
}

/* Castling: the right (the FEN reader and make() keep it only while king
 * and rook are at home), empty squares between them, and no attack on the
 * king's start, path or destination. */
static void gen_castling(const gen_ctx *c, move_list *l)
{
    static const struct {
        unsigned right;
        int from, to, pass;
        uint64_t empty;
    } castles[4] = {
        {CHESS_CASTLE_WK, E1, G1, F1, BB(F1) | BB(G1)},
        {CHESS_CASTLE_WQ, E1, C1, D1, BB(B1) | BB(C1) | BB(D1)},
        {CHESS_CASTLE_BK, E8, G8, F8, BB(F8) | BB(G8)},
        {CHESS_CASTLE_BQ, E8, C8, D8, BB(B8) | BB(C8) | BB(D8)},
    };
    const chess_pos *pos = c->pos;
    if (!(c->from & BB(c->king)))
        return;
    for (int i = 2 * c->us; i < 2 * c->us + 2; i++) {
        if (!(pos->castling & castles[i].right) || (c->occ & castles[i].empty))
            continue;
        if (attacked_by(pos, castles[i].pass, c->them, c->occ) ||
            attacked_by(pos, castles[i].to, c->them, c->occ))
            continue;
        add(l,
            CHESS_MOVE(castles[i].from, castles[i].to, 0, CHESS_MOVE_CASTLE));
    }
}

static void gen_run(const gen_ctx *c, move_list *l, unsigned kinds)
{
    gen_king(c, l, kinds);
    if (c->double_check)
        return;
    gen_free_pawns(c, l, kinds);
    if (c->pinned && !c->pos->checkers) /* in check a pinned piece can't help */
        gen_pinned_pawns(c, l, kinds);
    if (c->pos->ep != CHESS_NO_SQUARE && (kinds & GEN_CAPTURES))
        gen_en_passant(c, l);
    gen_pieces(c, l, kinds);
    if ((kinds & GEN_QUIETS) && c->pos->castling && !c->pos->checkers)
        gen_castling(c, l);
}

static int finish(const move_list *l)
{
    return l->n > l->capacity ? -1 : (int)l->n;
}

int chess_generate(const chess_pos *pos, unsigned kinds, pab_move_t *moves,
                   unsigned capacity)
{
    gen_ctx c;
    move_list l = {moves, 0, capacity};
    setup(&c, pos);
    gen_run(&c, &l, kinds);
    return finish(&l);
}

int chess_legal_moves(const chess_pos *pos, pab_move_t *moves,
                      unsigned capacity)
{
    return chess_generate(pos, GEN_ALL, moves, capacity);
}

bool chess_is_legal(const chess_pos *pos, pab_move_t move)
{
    pab_move_t moves[CHESS_MAX_MOVES];
    int n = chess_generate(pos, GEN_ALL, moves, CHESS_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (moves[i] == move)
            return true;
    return false;
}

/* The kinds of generation a move code belongs to. */
static unsigned kinds_of(const chess_pos *pos, pab_move_t m)
{
    bool capture = pos->board[CHESS_MOVE_TO(m)] || (m & CHESS_MOVE_EN_PASSANT);
    int promo = CHESS_MOVE_PROMO(m);
    if (promo && promo != CHESS_QUEEN)
        return GEN_UNDERPROMOTIONS;
    return capture || promo ? GEN_CAPTURES : GEN_QUIETS;
}

bool chess_move_valid(const chess_pos *pos, pab_move_t move)
{
    const int from = CHESS_MOVE_FROM(move);
    const uint8_t piece = pos->board[from];
    if (!piece || CHESS_COLOR(piece) != pos->side || move >> 18 != 0)
        return false;
    gen_ctx c;
    pab_move_t moves[CHESS_MAX_MOVES];
    move_list l = {moves, 0, CHESS_MAX_MOVES};
    setup(&c, pos);
    c.from = BB(from); /* only that piece's moves of the move's kind */
    gen_run(&c, &l, kinds_of(pos, move));
    for (unsigned i = 0; i < l.n && i < CHESS_MAX_MOVES; i++)
        if (moves[i] == move)
            return true;
    return false;
}

bool chess_has_legal_move(const chess_pos *pos)
{
    pab_move_t moves[CHESS_MAX_MOVES];
    return chess_generate(pos, GEN_ALL, moves, CHESS_MAX_MOVES) != 0;
}

/* ---- ordering ------------------------------------------------------------ */

/* Captures first, the most valuable victim before the least valuable
 * attacker; then promotions by the piece they make; quiet moves 0. */
static int noisy_key(const chess_pos *pos, pab_move_t m)
{
    int victim = (m & CHESS_MOVE_EN_PASSANT)
                     ? CHESS_PAWN
                     : CHESS_TYPE(pos->board[CHESS_MOVE_TO(m)]);
    int key = CHESS_MOVE_PROMO(m);
    if (victim)
        key += 64 + 8 * victim - CHESS_TYPE(pos->board[CHESS_MOVE_FROM(m)]);
    return key;
}

/* Stable insertion sort by key, highest first: the lists are short. */
static void sort_noisy(const chess_pos *pos, pab_move_t *moves, int n)
{
    int keys[CHESS_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        pab_move_t m = moves[i];
        int k = noisy_key(pos, m), j = i;
        for (; j > 0 && keys[j - 1] < k; j--) {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
        }
        moves[j] = m;
        keys[j] = k;
    }
}

int chess_generate_ordered(const chess_pos *pos, pab_move_t *moves,
                           unsigned capacity)
{
    gen_ctx c;
    move_list l = {moves, 0, capacity};
    setup(&c, pos);
    gen_run(&c, &l, GEN_CAPTURES | GEN_UNDERPROMOTIONS);
    if (l.n > capacity)
        return -1;
    sort_noisy(pos, moves, (int)l.n);
    gen_run(&c, &l, GEN_QUIETS);
    return finish(&l);
}

int chess_generate_noisy(const chess_pos *pos, pab_move_t *moves,
                         unsigned capacity)
{
    int n = chess_generate(pos, GEN_CAPTURES, moves, capacity);
    if (n > 0)
        sort_noisy(pos, moves, n);
    return n;
}

/* ---- checks given -------------------------------------------------------- */

/* Whether squares a and b share a rank, a file or a diagonal. */
static inline bool aligned(int a, int b)
{
    int df = CHESS_FILE(a) - CHESS_FILE(b), dr = CHESS_RANK(a) - CHESS_RANK(b);
    return df == 0 || dr == 0 || df == dr || df == -dr;
}

/* Whether the move checks the enemy king: the moved piece from its new
 * square, or a slider of ours the move uncovers (also the rook of a
 * castling move, and a line opened by an en-passant capture). */
bool chess_gives_check(const chess_pos *pos, pab_move_t m)
{
    const int us = pos->side, from = CHESS_MOVE_FROM(m), to = CHESS_MOVE_TO(m);
    const int king = king_square(pos, us ^ 1);
    const uint64_t *t = pos->type_bb;
    uint64_t occ = (occupied(pos) ^ BB(from)) | BB(to);
    uint64_t ours = pos->color_bb[us] ^ BB(from);
    if (m & CHESS_MOVE_EN_PASSANT)
        occ ^= BB(to ^ 8);
    if (m & CHESS_MOVE_CASTLE) {
        int rook_from, rook_to;
        castle_rook_squares(to, &rook_from, &rook_to);
        occ ^= BB(rook_from) | BB(rook_to);
        ours ^= BB(rook_from);
        if (rook_attacks(rook_to, occ) & BB(king))
            return true;
    } else {
        int type = CHESS_MOVE_PROMO(m) ? CHESS_MOVE_PROMO(m)
                                       : CHESS_TYPE(pos->board[from]);
        if (type != CHESS_KING && (piece_attacks(type, us, to, occ) & BB(king)))
            return true;
        /* Only a line through `from` opens (the en-passant capture also
         * empties another square): most moves leave none to the king. */
        if (!(m & CHESS_MOVE_EN_PASSANT) && !aligned(from, king))
            return false;
    }
    return (bishop_attacks(king, occ) & (t[CHESS_BISHOP] | t[CHESS_QUEEN]) &
            ours) ||
           (rook_attacks(king, occ) & (t[CHESS_ROOK] | t[CHESS_QUEEN]) & ours);
}

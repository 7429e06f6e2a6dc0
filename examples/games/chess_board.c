/*
 * Chess: the tables built at start-up, the position's pieces and keys,
 * make/unmake with the undo stack, the game-level chess_play(), and the
 * draw rules.  See chess.h for the conventions.
 */
#include "config.h"

#include <pthread.h>
#include <string.h>

#include "chess_bits.h"
#include "chess_net.h"

chess_magic chess_bishop_magics[64];
chess_magic chess_rook_magics[64];
uint64_t chess_knight_attacks[64];
uint64_t chess_king_attacks[64];
uint64_t chess_pawn_attacks[2][64];
uint64_t chess_between[64][64];
uint64_t chess_line[64][64];
uint64_t chess_zobrist_piece[16][64];
uint64_t chess_zobrist_castling[16];
uint64_t chess_zobrist_ep[8];
uint64_t chess_zobrist_side;

/* The attack sets of every square's blocker subsets, packed ("fancy"
 * magics): the sums of 2^(relevant squares) over the 64 squares. */
static uint64_t bishop_table[5248];
static uint64_t rook_table[102400];

/* Castling rights that survive a move from or to each square. */
static uint8_t rights_kept[64];

/* ---- start-up tables ------------------------------------------------- */

/* xorshift64*: fixed seeds give the same magics and keys in every run. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * UINT64_C(2685821657736338717);
}

static bool on_board(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* The squares reached from `sq` by the steps (df, dr) given, each taken
 * once (leapers). */
static uint64_t leaper_targets(int sq, const int steps[][2], int n)
{
    uint64_t b = 0;
    for (int i = 0; i < n; i++) {
        int f = CHESS_FILE(sq) + steps[i][0], r = CHESS_RANK(sq) + steps[i][1];
        if (on_board(f, r))
            b |= BB(CHESS_SQUARE(f, r));
    }
    return b;
}

static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

/* A slider's attacks walked ray by ray: the reference the magic tables
 * are filled from.  With `inner`, only the squares whose occupancy matters
 * (the last square of each ray is attacked whatever stands there). */
static uint64_t slide(int sq, uint64_t occ, const int dirs[4][2], bool inner)
{
    uint64_t b = 0;
    for (int d = 0; d < 4; d++) {
        int f = CHESS_FILE(sq) + dirs[d][0], r = CHESS_RANK(sq) + dirs[d][1];
        while (on_board(f, r)) {
            if (inner && !on_board(f + dirs[d][0], r + dirs[d][1]))
                break;
            b |= BB(CHESS_SQUARE(f, r));
            if (occ & BB(CHESS_SQUARE(f, r)))
                break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return b;
}

/* Find a multiplier that sends every blocker subset of `sq` to a slot
 * holding its attack set (collisions allowed only between subsets with
 * equal attacks), and fill the slots.  Sparse random candidates (the and
 * of three numbers) succeed after a few thousand tries on average. */
static void find_magic(chess_magic *m, int sq, const int dirs[4][2],
                       uint64_t *table, uint64_t *seed)
{
    static uint64_t occs[4096], refs[4096];
    static unsigned stamp[4096];
    static unsigned attempt;
    m->mask = slide(sq, 0, dirs, true);
    int bits = popcount(m->mask), n = 0;
    uint64_t occ = 0;
    do { /* every subset of the mask (Carry-Rippler) */
        occs[n] = occ;
        refs[n++] = slide(sq, occ, dirs, false);
        occ = (occ - m->mask) & m->mask;
    } while (occ);
    m->shift = (unsigned)(64 - bits);
    m->attacks = table;
    for (;;) {
        uint64_t magic =
            next_random(seed) & next_random(seed) & next_random(seed);
        if (popcount((m->mask * magic) >> 56) < 6)
            continue;
        attempt++;
        bool ok = true;
        for (int i = 0; i < n && ok; i++) {
            unsigned idx = (unsigned)((occs[i] * magic) >> m->shift);
            if (stamp[idx] != attempt) {
                stamp[idx] = attempt;
                table[idx] = refs[i];
            } else if (table[idx] != refs[i]) {
                ok = false;
            }
        }
        if (ok) {
            m->magic = magic;
            return;
        }
    }
}

/* Where each square's multiplier search starts: the first seed, trying 1,
 * 2, 3, ..., whose search succeeds within 32 candidates.  Any seed builds
 * the same attack sets -- these only bring start-up down from a few
 * hundred milliseconds to about one. */
/* clang-format off */
static const uint16_t bishop_seeds[64] = {
    12, 8,  3,  2,    3,   6,  2,  19, 3,  10, 11, 1,  1,  8,  8,  8,
    2,  21, 88, 72,   12,  15, 7,  18, 3,  11, 51, 1595, 357, 85, 1, 5,
    2,  3,  62, 169,  205, 67, 5,  3,  5,  26, 3,  24, 40, 9,  5,  2,
    2,  1,  1,  1,    2,   1,  1,  8,  19, 8,  1,  2,  8,  2,  3,  12,
};
static const uint16_t rook_seeds[64] = {
    1417, 605, 984,  16570, 251, 2104, 397,  1241, 82,  156, 204, 787, 805,
    353,  108, 691,  358,   156, 1401, 1215, 75,   4539, 538, 289, 30,  139,
    473,  144, 920,  353,   144, 131,  582,  97,   1025, 63,  1009, 1741, 108,
    196,  82,  44,   156,   441, 1319, 1717, 198,  243,  43,  44,  131, 19,
    239,  864, 285,  40,    210, 390,  10,   383,  4924, 1180, 103, 4,
};
/* clang-format on */

static void init_sliders(void)
{
    uint64_t *b = bishop_table, *r = rook_table;
    for (int sq = 0; sq < 64; sq++) {
        uint64_t seed = bishop_seeds[sq] * UINT64_C(0x9E3779B97F4A7C15);
        find_magic(&chess_bishop_magics[sq], sq, bishop_dirs, b, &seed);
        b += (size_t)1 << (64 - chess_bishop_magics[sq].shift);
        seed = rook_seeds[sq] * UINT64_C(0x9E3779B97F4A7C15);
        find_magic(&chess_rook_magics[sq], sq, rook_dirs, r, &seed);
        r += (size_t)1 << (64 - chess_rook_magics[sq].shift);
    }
}

static void init_leapers(void)
{
    static const int knight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int white_pawn[2][2] = {{-1, 1}, {1, 1}};
    static const int black_pawn[2][2] = {{-1, -1}, {1, -1}};
    for (int sq = 0; sq < 64; sq++) {
        chess_knight_attacks[sq] = leaper_targets(sq, knight, 8);
        chess_king_attacks[sq] = leaper_targets(sq, king, 8);
        chess_pawn_attacks[CHESS_WHITE][sq] = leaper_targets(sq, white_pawn, 2);
        chess_pawn_attacks[CHESS_BLACK][sq] = leaper_targets(sq, black_pawn, 2);
    }
}

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

/* Between and line tables for every pair of squares on one rank, file or
 * diagonal. */
static void init_lines(void)
{
    for (int a = 0; a < 64; a++) {
        for (int b = 0; b < 64; b++) {
            int df = CHESS_FILE(b) - CHESS_FILE(a);
            int dr = CHESS_RANK(b) - CHESS_RANK(a);
            if (a == b || (df && dr && df != dr && df != -dr))
                continue;
            int sf = sign(df), sr = sign(dr);
            uint64_t between = 0, line = 0;
            int f = CHESS_FILE(a) + sf, r = CHESS_RANK(a) + sr;
            for (; CHESS_SQUARE(f, r) != b; f += sf, r += sr)
                between |= BB(CHESS_SQUARE(f, r));
            for (int s = -1; s <= 1; s += 2) {
                f = CHESS_FILE(a);
                r = CHESS_RANK(a);
                for (; on_board(f, r); f += s * sf, r += s * sr)
                    line |= BB(CHESS_SQUARE(f, r));
            }
            chess_between[a][b] = between;
            chess_line[a][b] = line;
        }
    }
}

static void init_keys(void)
{
    uint64_t seed = UINT64_C(0x2545F4914F6CDD1D);
    for (int p = 0; p < 16; p++)
        for (int sq = 0; sq < 64; sq++)
            chess_zobrist_piece[p][sq] = next_random(&seed);
    /* One key per castling right; a set of rights is their xor, so a move
     * that loses rights changes the key by the rights it loses. */
    uint64_t right[4];
    for (int i = 0; i < 4; i++)
        right[i] = next_random(&seed);
    for (int set = 0; set < 16; set++) {
        chess_zobrist_castling[set] = 0;
        for (int i = 0; i < 4; i++)
            if (set & (1 << i))
                chess_zobrist_castling[set] ^= right[i];
    }
    for (int f = 0; f < 8; f++)
        chess_zobrist_ep[f] = next_random(&seed);
    chess_zobrist_side = next_random(&seed);
}

static void init_rights(void)
{
    memset(rights_kept, 15, sizeof rights_kept);
    rights_kept[E1] = 15 & ~(CHESS_CASTLE_WK | CHESS_CASTLE_WQ);
    rights_kept[H1] = 15 & ~CHESS_CASTLE_WK;
    rights_kept[A1] = 15 & ~CHESS_CASTLE_WQ;
    rights_kept[E8] = 15 & ~(CHESS_CASTLE_BK | CHESS_CASTLE_BQ);
    rights_kept[H8] = 15 & ~CHESS_CASTLE_BK;
    rights_kept[A8] = 15 & ~CHESS_CASTLE_BQ;
}

static void init_tables(void)
{
    init_leapers();
    init_sliders();
    init_lines();
    init_keys();
    init_rights();
}

void chess_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_tables);
}

/* ---- pieces and keys ---------------------------------------------------- */

CHESS_INLINE void put_piece(chess_pos *pos, int piece, int sq)
{
    pos->board[sq] = (uint8_t)piece;
    pos->type_bb[CHESS_TYPE(piece)] |= BB(sq);
    pos->color_bb[CHESS_COLOR(piece)] |= BB(sq);
    chess_net_change(&pos->net, piece, sq, 1);
}

CHESS_INLINE void remove_piece(chess_pos *pos, int sq)
{
    int piece = pos->board[sq];
    pos->board[sq] = 0;
    pos->type_bb[CHESS_TYPE(piece)] ^= BB(sq);
    pos->color_bb[CHESS_COLOR(piece)] ^= BB(sq);
    chess_net_change(&pos->net, piece, sq, -1);
}

CHESS_INLINE void move_piece(chess_pos *pos, int from, int to)
{
    int piece = pos->board[from];
    uint64_t both = BB(from) | BB(to);
    pos->board[from] = 0;
    pos->board[to] = (uint8_t)piece;
    pos->type_bb[CHESS_TYPE(piece)] ^= both;
    pos->color_bb[CHESS_COLOR(piece)] ^= both;
    chess_net_move(&pos->net, piece, from, to);
}

uint64_t chess_compute_key(const chess_pos *pos)
{
    uint64_t key = chess_zobrist_castling[pos->castling];
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq])
            key ^= chess_zobrist_piece[pos->board[sq]][sq];
    if (pos->side == CHESS_BLACK)
        key ^= chess_zobrist_side;
    if (pos->ep != CHESS_NO_SQUARE)
        key ^= chess_zobrist_ep[CHESS_FILE(pos->ep)];
    return key;
}

CHESS_INLINE uint64_t checkers_of(const chess_pos *pos)
{
    int us = pos->side;
    return attackers_to(pos, king_square(pos, us), occupied(pos)) &
           pos->color_bb[us ^ 1];
}

bool chess_in_check(const chess_pos *pos)
{
    return pos->checkers != 0;
}

/* ---- make and unmake ----------------------------------------------------- */

CHESS_INLINE chess_undo *push_undo(chess_pos *pos)
{
    chess_undo *u = &pos->undo[pos->ply++];
    u->key = pos->key;
    u->checkers = pos->checkers;
    u->halfmove = pos->halfmove;
    u->castling = pos->castling;
    u->ep = pos->ep;
    u->captured = 0;
    return u;
}

/* Pawn moves and captures: everything but the castling rook. */
CHESS_INLINE uint64_t make_ordinary(chess_pos *pos, pab_move_t m, chess_undo *u)
{
    const int us = pos->side, from = CHESS_MOVE_FROM(m), to = CHESS_MOVE_TO(m);
    const int piece = pos->board[from];
    uint64_t(*z)[64] = chess_zobrist_piece;
    uint64_t key = 0;
    int cap_sq = (m & CHESS_MOVE_EN_PASSANT) ? to ^ 8 : to;
    int captured = pos->board[cap_sq];
    if (captured) {
        remove_piece(pos, cap_sq);
        key ^= z[captured][cap_sq];
        pos->halfmove = 0;
    }
    move_piece(pos, from, to);
    key ^= z[piece][from] ^ z[piece][to];
    u->captured = (uint8_t)captured;
    if (CHESS_TYPE(piece) != CHESS_PAWN)
        return key;
    pos->halfmove = 0;
    if (CHESS_MOVE_PROMO(m)) {
        int promoted = CHESS_PIECE(us, CHESS_MOVE_PROMO(m));
        remove_piece(pos, to);
        put_piece(pos, promoted, to);
        key ^= z[piece][to] ^ z[promoted][to];
    } else if (m & CHESS_MOVE_DOUBLE_PUSH) {
        /* Record the square only if an enemy pawn could take there. */
        int ep = (from + to) / 2;
        if (chess_pawn_attacks[us][ep] & pieces_of(pos, us ^ 1, CHESS_PAWN)) {
            pos->ep = (uint8_t)ep;
            key ^= chess_zobrist_ep[CHESS_FILE(ep)];
        }
    }
    return key;
}

CHESS_INLINE uint64_t make_castle(chess_pos *pos, pab_move_t m)
{
    const int from = CHESS_MOVE_FROM(m), to = CHESS_MOVE_TO(m);
    const int king = pos->board[from];
    int rook_from, rook_to;
    castle_rook_squares(to, &rook_from, &rook_to);
    const int rook = pos->board[rook_from];
    move_piece(pos, from, to);
    move_piece(pos, rook_from, rook_to);
    return chess_zobrist_piece[king][from] ^ chess_zobrist_piece[king][to] ^
           chess_zobrist_piece[rook][rook_from] ^
           chess_zobrist_piece[rook][rook_to];
}

CHESS_HOT bool chess_make(chess_pos *pos, pab_move_t m)
{
    /* Only a caller that makes CHESS_HISTORY_MAX moves without chess_play()
     * gets here; the library then calls unmake(), which undoes nothing. */
    if (pos->ply >= CHESS_HISTORY_MAX) {
        pos->refused++;
        return false;
    }
    chess_undo *u = push_undo(pos);
    const int us = pos->side;
    uint64_t key = pos->key ^ chess_zobrist_side;
    if (pos->ep != CHESS_NO_SQUARE) {
        key ^= chess_zobrist_ep[CHESS_FILE(pos->ep)];
        pos->ep = CHESS_NO_SQUARE;
    }
    if (pos->halfmove < UINT16_MAX)
        pos->halfmove++;
    key ^= (m & CHESS_MOVE_CASTLE) ? make_castle(pos, m)
                                   : make_ordinary(pos, m, u);
    uint8_t rights = pos->castling & rights_kept[CHESS_MOVE_FROM(m)] &
                     rights_kept[CHESS_MOVE_TO(m)];
    key ^=
        chess_zobrist_castling[pos->castling] ^ chess_zobrist_castling[rights];
    pos->castling = rights;
    pos->side = (uint8_t)(us ^ 1);
    if (us == CHESS_BLACK && pos->fullmove < UINT16_MAX)
        pos->fullmove++;
    pos->key = key;
    pos->checkers = checkers_of(pos);
    return true;
}

CHESS_HOT void chess_unmake(chess_pos *pos, pab_move_t m)
{
    if (pos->refused) {
        pos->refused--;
        return;
    }
    const chess_undo *u = &pos->undo[--pos->ply];
    const int from = CHESS_MOVE_FROM(m), to = CHESS_MOVE_TO(m);
    const int us = pos->side ^ 1;
    pos->side = (uint8_t)us;
    if (us == CHESS_BLACK && pos->fullmove > 1)
        pos->fullmove--;
    if (m & CHESS_MOVE_CASTLE) {
        int rook_from, rook_to;
        castle_rook_squares(to, &rook_from, &rook_to);
        move_piece(pos, to, from);
        move_piece(pos, rook_to, rook_from);
    } else {
        if (CHESS_MOVE_PROMO(m)) {
            remove_piece(pos, to);
            put_piece(pos, CHESS_PIECE(us, CHESS_PAWN), to);
        }
        move_piece(pos, to, from);
        if (u->captured)
            put_piece(pos, u->captured,
                      (m & CHESS_MOVE_EN_PASSANT) ? to ^ 8 : to);
    }
    pos->key = u->key;
    pos->checkers = u->checkers;
    pos->halfmove = u->halfmove;
    pos->castling = u->castling;
    pos->ep = u->ep;
}

/* The null move (chess.c decides when it is allowed).  Its record's
 * halfmove clock restarts at 0, which also stops the repetition scan: a
 * position before a null move is no real predecessor. */
bool chess_make_null(chess_pos *pos)
{
    if (pos->ply >= CHESS_HISTORY_MAX)
        return false;
    push_undo(pos);
    uint64_t key = pos->key ^ chess_zobrist_side;
    if (pos->ep != CHESS_NO_SQUARE)
        key ^= chess_zobrist_ep[CHESS_FILE(pos->ep)];
    pos->ep = CHESS_NO_SQUARE;
    pos->key = key;
    pos->halfmove = 0;
    pos->side ^= 1;
    pos->checkers = 0; /* the side that passed was not in check */
    return true;
}

void chess_unmake_null(chess_pos *pos)
{
    const chess_undo *u = &pos->undo[--pos->ply];
    pos->side ^= 1;
    pos->key = u->key;
    pos->checkers = u->checkers;
    pos->halfmove = u->halfmove;
    pos->castling = u->castling;
    pos->ep = u->ep;
}

/* Drop the records older than the halfmove clock: they can repeat
 * nothing.  The rest moves to the front of the stack. */
static void trim_history(chess_pos *pos)
{
    unsigned keep =
        pos->halfmove < CHESS_KEEP_PLIES ? pos->halfmove : CHESS_KEEP_PLIES;
    if (keep >= pos->ply)
        return;
    memmove(pos->undo, pos->undo + (pos->ply - keep),
            keep * sizeof pos->undo[0]);
    pos->ply = (uint16_t)keep;
}

int chess_play(chess_pos *pos, pab_move_t move)
{
    if (!chess_is_legal(pos, move))
        return PAB_EINVAL;
    pos->refused = 0;
    trim_history(pos); /* room for the move, whatever make() left */
    chess_make(pos, move);
    trim_history(pos);
    pos->root = pos->ply;
    return 0;
}

/* ---- draws and the outcome ---------------------------------------------- */

bool chess_insufficient_material(const chess_pos *pos)
{
    const uint64_t *t = pos->type_bb;
    if (t[CHESS_PAWN] | t[CHESS_ROOK] | t[CHESS_QUEEN])
        return false;
    uint64_t minors = t[CHESS_KNIGHT] | t[CHESS_BISHOP];
    if (popcount(minors) <= 1)
        return true;
    /* Only bishops, all on one colour of square: no mate can happen. */
    return !t[CHESS_KNIGHT] && (!(t[CHESS_BISHOP] & LIGHT_SQUARES) ||
                                !(t[CHESS_BISHOP] & ~LIGHT_SQUARES));
}

/* How many earlier positions within reach of the repetition rule equal
 * this one, counting at most `enough`. */
static int repetitions(const chess_pos *pos, int enough)
{
    int stop = (int)pos->ply - (int)pos->halfmove, found = 0;
    if (stop < 0)
        stop = 0;
    /* Two plies back cannot match: both sides would have to undo a move. */
    for (int i = (int)pos->ply - 4; i >= stop && found < enough; i -= 2)
        found += pos->undo[i].key == pos->key;
    return found;
}

bool chess_rule_draw(const chess_pos *pos)
{
    if (chess_insufficient_material(pos) || repetitions(pos, 1) > 0)
        return true;
    /* Mate given on the hundredth ply still wins. */
    return pos->halfmove >= 100 &&
           (!pos->checkers || chess_has_legal_move(pos));
}

chess_outcome chess_status(const chess_pos *pos)
{
    if (!chess_has_legal_move(pos))
        return pos->checkers ? CHESS_CHECKMATE : CHESS_STALEMATE;
    if (chess_insufficient_material(pos))
        return CHESS_DRAW_MATERIAL;
    if (pos->halfmove >= 100)
        return CHESS_DRAW_FIFTY;
    if (repetitions(pos, 2) >= 2)
        return CHESS_DRAW_REPETITION;
    return CHESS_ONGOING;
}

void chess_finish_setup(chess_pos *pos)
{
    pos->key = chess_compute_key(pos);
    pos->checkers = checkers_of(pos);
    chess_net_refresh(pos);
}

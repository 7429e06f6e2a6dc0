/*
 * Chess: FEN in and out.
 *
 * The reader accepts only positions the rules could produce as far as one
 * position shows: one king each, no pawn on the first or last rank, no
 * more pieces than promotions could make, castling rights only with king
 * and rook at home, an en-passant square only behind a pawn that has just
 * made a double step, and the side that just moved not in check.  It
 * builds into a scratch position and copies it out only when everything
 * holds, so a rejected FEN leaves the caller's position as it was.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chess_bits.h"

#define FEN_FIELDS_MAX 6
#define HALFMOVE_MAX   150  /* the 75-move rule ends the game there */
#define FULLMOVE_MAX   9999 /* beyond the longest game the rules allow */

static const char piece_letters[] = " PNBRQK  pnbrqk";

typedef struct field {
    const char *text;
    size_t len;
} field;

/* A character as it may be shown in a message. */
static const char *shown(char c, char buf[8])
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x21 && u < 0x7F)
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "0x%02X", u);
    return buf;
}

static const char *color_name(int color)
{
    return color == CHESS_WHITE ? "white" : "black";
}

static void square_name(int sq, char buf[3])
{
    buf[0] = (char)('a' + CHESS_FILE(sq));
    buf[1] = (char)('1' + CHESS_RANK(sq));
    buf[2] = '\0';
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Split on runs of blanks; more fields than fit is an error the caller
 * reports from the count (FEN_FIELDS_MAX + 1). */
static int split(const char *s, field *f)
{
    int n = 0;
    while (*s) {
        while (is_space(*s))
            s++;
        if (!*s)
            break;
        const char *start = s;
        while (*s && !is_space(*s))
            s++;
        if (n == FEN_FIELDS_MAX)
            return n + 1;
        f[n].text = start;
        f[n].len = (size_t)(s - start);
        n++;
    }
    return n;
}

static int parse_placement(chess_pos *pos, field f, char *err, size_t errlen)
{
    int rank = 7, file = 0;
    bool after_digit = false;
    char c1[8];
    for (size_t i = 0; i < f.len; i++) {
        char c = f.text[i];
        if (c == '/') {
            if (file != 8)
                return ex_error(err, errlen,
                                "fen: rank %d has %d squares, not 8", rank + 1,
                                file);
            if (rank == 0)
                return ex_error(err, errlen, "fen: more than 8 ranks");
            rank--;
            file = 0;
            after_digit = false;
            continue;
        }
        if (c >= '1' && c <= '8') {
            if (after_digit)
                return ex_error(err, errlen,
                                "fen: two digits in a row in rank %d",
                                rank + 1);
            file += c - '0';
            after_digit = true;
        } else {
            const char *p = c ? strchr(piece_letters, c) : NULL;
            if (p == NULL || c == ' ')
                return ex_error(err, errlen, "fen: unknown piece %s in rank %d",
                                shown(c, c1), rank + 1);
            if (file < 8)
                pos->board[CHESS_SQUARE(file, rank)] =
                    (uint8_t)(p - piece_letters);
            file++;
            after_digit = false;
        }
        if (file > 8)
            return ex_error(err, errlen, "fen: rank %d has more than 8 squares",
                            rank + 1);
    }
    if (file != 8)
        return ex_error(err, errlen, "fen: rank %d has %d squares, not 8",
                        rank + 1, file);
    if (rank != 0)
        return ex_error(err, errlen, "fen: %d ranks, not 8", 8 - rank);
    return 0;
}

/* Counts of each piece type of one side against what a game allows:
 * every piece beyond the initial set is a promoted pawn. */
static int check_material(const chess_pos *pos, int color, char *err,
                          size_t errlen)
{
    static const int initial[7] = {0, 8, 2, 2, 2, 1, 1};
    static const char *const names[7] = {
        "", "pawns", "knights", "bishops", "rooks", "queens", "kings"};
    int count[7];
    for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
        count[t] = popcount(pieces_of(pos, color, t));
    if (count[CHESS_KING] != 1)
        return ex_error(err, errlen, "fen: %s has %d kings, not 1",
                        color_name(color), count[CHESS_KING]);
    if (count[CHESS_PAWN] > 8)
        return ex_error(err, errlen, "fen: %s has %d pawns", color_name(color),
                        count[CHESS_PAWN]);
    int promoted = 0;
    for (int t = CHESS_KNIGHT; t <= CHESS_QUEEN; t++)
        if (count[t] > initial[t])
            promoted += count[t] - initial[t];
    if (promoted > 8 - count[CHESS_PAWN]) {
        for (int t = CHESS_KNIGHT; t <= CHESS_QUEEN; t++)
            if (count[t] > initial[t])
                return ex_error(err, errlen,
                                "fen: %s has %d %s with %d pawns left: more "
                                "promotions than missing pawns",
                                color_name(color), count[t], names[t],
                                count[CHESS_PAWN]);
    }
    return 0;
}

static int check_pieces(chess_pos *pos, char *err, size_t errlen)
{
    for (int sq = 0; sq < 64; sq++) {
        int piece = pos->board[sq];
        if (!piece)
            continue;
        pos->type_bb[CHESS_TYPE(piece)] |= BB(sq);
        pos->color_bb[CHESS_COLOR(piece)] |= BB(sq);
    }
    for (int color = CHESS_WHITE; color <= CHESS_BLACK; color++) {
        int rc = check_material(pos, color, err, errlen);
        if (rc < 0)
            return rc;
    }
    uint64_t stuck = pos->type_bb[CHESS_PAWN] & (RANK_BB(0) | RANK_BB(7));
    if (stuck) {
        char sq[3];
        square_name(lsb(stuck), sq);
        return ex_error(err, errlen, "fen: pawn on %s (first or last rank)",
                        sq);
    }
    return 0;
}

static int parse_side(chess_pos *pos, field f, char *err, size_t errlen)
{
    if (f.len == 1 && (f.text[0] == 'w' || f.text[0] == 'b')) {
        pos->side = f.text[0] == 'w' ? CHESS_WHITE : CHESS_BLACK;
        return 0;
    }
    return ex_error(err, errlen, "fen: side to move must be 'w' or 'b'");
}

static int parse_castling(chess_pos *pos, field f, char *err, size_t errlen)
{
    static const struct {
        char letter;
        unsigned right;
        int king, rook, color;
        const char *where;
    } rights[4] = {
        {'K', CHESS_CASTLE_WK, E1, H1, CHESS_WHITE,
         "white king on e1 and rook on h1"},
        {'Q', CHESS_CASTLE_WQ, E1, A1, CHESS_WHITE,
         "white king on e1 and rook on a1"},
        {'k', CHESS_CASTLE_BK, E8, H8, CHESS_BLACK,
         "black king on e8 and rook on h8"},
        {'q', CHESS_CASTLE_BQ, E8, A8, CHESS_BLACK,
         "black king on e8 and rook on a8"},
    };
    char c1[8];
    pos->castling = 0;
    if (f.len == 1 && f.text[0] == '-')
        return 0;
    if (f.len > 4)
        return ex_error(err, errlen,
                        "fen: castling field longer than \"KQkq\"");
    for (size_t i = 0; i < f.len; i++) {
        int k = 0;
        while (k < 4 && rights[k].letter != f.text[i])
            k++;
        if (k == 4)
            return ex_error(err, errlen,
                            "fen: castling right %s is not one of KQkq",
                            shown(f.text[i], c1));
        if (pos->castling & rights[k].right)
            return ex_error(err, errlen, "fen: castling right '%c' given twice",
                            rights[k].letter);
        int c = rights[k].color;
        if (pos->board[rights[k].king] != CHESS_PIECE(c, CHESS_KING) ||
            pos->board[rights[k].rook] != CHESS_PIECE(c, CHESS_ROOK))
            return ex_error(err, errlen,
                            "fen: castling right '%c' needs the %s",
                            rights[k].letter, rights[k].where);
        pos->castling |= (uint8_t)rights[k].right;
    }
    return 0;
}

/* The en-passant square must lie behind an enemy pawn that has just made
 * a double step: empty, with the pawn's start square empty too. */
static int parse_ep(chess_pos *pos, field f, char *err, size_t errlen)
{
    pos->ep = CHESS_NO_SQUARE;
    if (f.len == 1 && f.text[0] == '-')
        return 0;
    if (f.len != 2 || f.text[0] < 'a' || f.text[0] > 'h' || f.text[1] < '1' ||
        f.text[1] > '8')
        return ex_error(err, errlen,
                        "fen: en-passant field is not '-' or a square");
    int sq = CHESS_SQUARE(f.text[0] - 'a', f.text[1] - '1');
    int us = pos->side, them = us ^ 1;
    int want_rank = us == CHESS_WHITE ? 5 : 2;
    int forward = us == CHESS_WHITE ? 8 : -8; /* from sq towards rank 8 */
    if (CHESS_RANK(sq) != want_rank)
        return ex_error(err, errlen,
                        "fen: en-passant square %.2s is not on rank %d", f.text,
                        want_rank + 1);
    if (pos->board[sq] || pos->board[sq + forward] ||
        pos->board[sq - forward] != CHESS_PIECE(them, CHESS_PAWN))
        return ex_error(
            err, errlen,
            "fen: en-passant square %.2s with no %s pawn just past it", f.text,
            color_name(them));
    /* Keep it only if a pawn can take there (see chess.h: keys). */
    if (chess_pawn_attacks[them][sq] & pieces_of(pos, us, CHESS_PAWN))
        pos->ep = (uint8_t)sq;
    return 0;
}

static int parse_number(field f, long max, long *out)
{
    if (f.len == 0 || f.len > 5)
        return -1;
    long v = 0;
    for (size_t i = 0; i < f.len; i++) {
        if (f.text[i] < '0' || f.text[i] > '9')
            return -1;
        v = v * 10 + (f.text[i] - '0');
    }
    if (v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_counters(chess_pos *pos, const field *f, int n, bool ep_given,
                          char *err, size_t errlen)
{
    long half = 0, full = 1;
    if (n == 6) {
        if (parse_number(f[4], HALFMOVE_MAX, &half) < 0)
            return ex_error(err, errlen,
                            "fen: halfmove clock \"%.*s\" is not a number 0-%d",
                            (int)(f[4].len > 8 ? 8 : f[4].len), f[4].text,
                            HALFMOVE_MAX);
        if (parse_number(f[5], FULLMOVE_MAX, &full) < 0 || full < 1)
            return ex_error(
                err, errlen, "fen: move number \"%.*s\" is not a number 1-%d",
                (int)(f[5].len > 8 ? 8 : f[5].len), f[5].text, FULLMOVE_MAX);
    }
    if (ep_given && half != 0)
        return ex_error(err, errlen,
                        "fen: en-passant square with a halfmove clock of %ld "
                        "(a double step sets it to 0)",
                        half);
    pos->halfmove = (uint16_t)half;
    pos->fullmove = (uint16_t)full;
    return 0;
}

/* The side that just moved may not be in check, and no position has three
 * pieces giving check. */
static int check_checks(const chess_pos *pos, char *err, size_t errlen)
{
    int us = pos->side, them = us ^ 1;
    uint64_t occ = occupied(pos);
    if (attackers_to(pos, king_square(pos, them), occ) & pos->color_bb[us])
        return ex_error(err, errlen, "fen: %s is in check but %s is to move",
                        color_name(them), color_name(us));
    if (popcount(pos->checkers) > 2)
        return ex_error(err, errlen, "fen: %d pieces give check at once",
                        popcount(pos->checkers));
    return 0;
}

static int parse_fields(chess_pos *pos, const field *f, int n, char *err,
                        size_t errlen)
{
    int rc;
    if ((rc = parse_placement(pos, f[0], err, errlen)) < 0 ||
        (rc = check_pieces(pos, err, errlen)) < 0 ||
        (rc = parse_side(pos, f[1], err, errlen)) < 0 ||
        (rc = parse_castling(pos, f[2], err, errlen)) < 0 ||
        (rc = parse_ep(pos, f[3], err, errlen)) < 0)
        return rc;
    bool ep_given = !(f[3].len == 1 && f[3].text[0] == '-');
    if ((rc = parse_counters(pos, f, n, ep_given, err, errlen)) < 0)
        return rc;
    chess_finish_setup(pos);
    return check_checks(pos, err, errlen);
}

int chess_from_fen(chess_pos *out, const char *fen, char *err, size_t errlen)
{
    chess_init();
    if (fen == NULL)
        return ex_error(err, errlen, "fen: no text");
    field f[FEN_FIELDS_MAX];
    int n = split(fen, f);
    if (n != 6 && n != 4)
        return ex_error(err, errlen, "fen: %s%d fields, not 6 (or 4 as in EPD)",
                        n > FEN_FIELDS_MAX ? "more than " : "",
                        n > FEN_FIELDS_MAX ? FEN_FIELDS_MAX : n);
    /* Only the part before the undo records needs building and copying. */
    chess_pos scratch;
    memset(&scratch, 0, offsetof(chess_pos, undo));
    int rc = parse_fields(&scratch, f, n, err, errlen);
    if (rc < 0)
        return rc;
    memcpy(out, &scratch, offsetof(chess_pos, undo));
    return 0;
}

void chess_start(chess_pos *pos)
{
    int rc = chess_from_fen(pos, CHESS_START_FEN, NULL, 0);
    (void)rc; /* the start position is valid */
}

void chess_to_fen(const chess_pos *pos, char *buf, size_t len)
{
    char out[CHESS_FEN_MAX];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int piece = pos->board[CHESS_SQUARE(file, rank)];
            if (!piece) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty);
            empty = 0;
            out[n++] = piece_letters[piece];
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (rank)
            out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = pos->side == CHESS_WHITE ? 'w' : 'b';
    out[n++] = ' ';
    if (!pos->castling)
        out[n++] = '-';
    for (int i = 0; i < 4; i++)
        if (pos->castling & (1u << i))
            out[n++] = "KQkq"[i];
    out[n++] = ' ';
    if (pos->ep == CHESS_NO_SQUARE) {
        out[n++] = '-';
    } else {
        square_name(pos->ep, out + n);
        n += 2;
    }
    snprintf(out + n, sizeof out - n, " %u %u", (unsigned)pos->halfmove,
             (unsigned)pos->fullmove);
    snprintf(buf, len, "%s", out);
}

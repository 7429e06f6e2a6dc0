/*
 * Chess: move notation -- UCI (long algebraic, what engines speak) and SAN
 * (standard algebraic, what people write).  Both readers accept only legal
 * moves: they name a move by matching it against the generated list.
 */
#include <stdio.h>
#include <string.h>

#include "chess_bits.h"

static const char promo_letters[] = "  nbrq"; /* by piece type, UCI case */
static const char san_letters[] = "  NBRQK";

static int square_at(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return -1;
    return CHESS_SQUARE(s[0] - 'a', s[1] - '1');
}

static int promo_type(char c)
{
    switch (c) {
    case 'n':
    case 'N': return CHESS_KNIGHT;
    case 'b':
    case 'B': return CHESS_BISHOP;
    case 'r':
    case 'R': return CHESS_ROOK;
    case 'q':
    case 'Q': return CHESS_QUEEN;
    default: return 0;
    }
}

void chess_move_to_uci(pab_move_t move, char *buf, size_t len)
{
    if (move == PAB_MOVE_NONE) {
        snprintf(buf, len, "0000");
        return;
    }
    int from = CHESS_MOVE_FROM(move), to = CHESS_MOVE_TO(move);
    int promo = CHESS_MOVE_PROMO(move);
    snprintf(buf, len, "%c%c%c%c%.*s", 'a' + CHESS_FILE(from),
             '1' + CHESS_RANK(from), 'a' + CHESS_FILE(to), '1' + CHESS_RANK(to),
             promo ? 1 : 0, &promo_letters[promo]);
}

pab_move_t chess_move_from_uci(const chess_pos *pos, const char *text)
{
    if (text == NULL)
        return PAB_MOVE_NONE;
    size_t len = strlen(text);
    if (len != 4 && len != 5)
        return PAB_MOVE_NONE;
    int from = square_at(text), to = square_at(text + 2);
    int promo = len == 5 ? promo_type(text[4]) : 0;
    if (from < 0 || to < 0 || (len == 5 && !promo))
        return PAB_MOVE_NONE;
    pab_move_t moves[CHESS_MAX_MOVES];
    int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (CHESS_MOVE_FROM(moves[i]) == from &&
            CHESS_MOVE_TO(moves[i]) == to &&
            CHESS_MOVE_PROMO(moves[i]) == promo)
            return moves[i];
    return PAB_MOVE_NONE;
}

/* ---- SAN ----------------------------------------------------------------- */

/* A copy of the pieces and rights without the history, to try a move on
 * without touching the caller's position. */
static void copy_board(chess_pos *dst, const chess_pos *src)
{
    memcpy(dst, src, offsetof(chess_pos, undo));
    dst->ply = dst->root = dst->refused = 0;
}

static bool is_capture(const chess_pos *pos, pab_move_t m)
{
    return (m & CHESS_MOVE_EN_PASSANT) || pos->board[CHESS_MOVE_TO(m)];
}

/* "b", "1" or "b1": what tells the move from others of the same piece
 * type to the same square, "" if nothing needs to. */
static void disambiguation(const chess_pos *pos, pab_move_t move,
                           const pab_move_t *moves, int n, char out[3])
{
    int from = CHESS_MOVE_FROM(move), to = CHESS_MOVE_TO(move);
    int type = CHESS_TYPE(pos->board[from]);
    bool rivals = false, same_file = false, same_rank = false;
    for (int i = 0; i < n; i++) {
        int other = CHESS_MOVE_FROM(moves[i]);
        if (CHESS_MOVE_TO(moves[i]) != to || other == from ||
            CHESS_TYPE(pos->board[other]) != type)
            continue;
        rivals = true;
        same_file |= CHESS_FILE(other) == CHESS_FILE(from);
        same_rank |= CHESS_RANK(other) == CHESS_RANK(from);
    }
    int k = 0;
    if (rivals && (!same_file || same_rank))
        out[k++] = (char)('a' + CHESS_FILE(from));
    if (rivals && same_file)
        out[k++] = (char)('1' + CHESS_RANK(from));
    out[k] = '\0';
}

static char check_mark(const chess_pos *pos, pab_move_t move)
{
    chess_pos after;
    copy_board(&after, pos);
    chess_make(&after, move);
    if (!after.checkers)
        return '\0';
    return chess_has_legal_move(&after) ? '+' : '#';
}

void chess_move_to_san(const chess_pos *pos, pab_move_t move, char *buf,
                       size_t len)
{
    char san[16];
    int from = CHESS_MOVE_FROM(move), to = CHESS_MOVE_TO(move);
    int type = CHESS_TYPE(pos->board[from]);
    if (move == PAB_MOVE_NONE || !chess_is_legal(pos, move)) {
        snprintf(buf, len, "--");
        return;
    }
    if (move & CHESS_MOVE_CASTLE) {
        snprintf(san, sizeof san, "%s", CHESS_FILE(to) == 6 ? "O-O" : "O-O-O");
    } else {
        pab_move_t moves[CHESS_MAX_MOVES];
        int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
        char prefix[4] = "";
        if (type == CHESS_PAWN) {
            if (is_capture(pos, move))
                prefix[0] = (char)('a' + CHESS_FILE(from));
        } else {
            prefix[0] = san_letters[type];
            disambiguation(pos, move, moves, n, prefix + 1);
        }
        int promo = CHESS_MOVE_PROMO(move);
        char promotion[3] = "";
        if (promo) {
            promotion[0] = '=';
            promotion[1] = san_letters[promo];
        }
        snprintf(san, sizeof san, "%s%s%c%c%s", prefix,
                 is_capture(pos, move) ? "x" : "", 'a' + CHESS_FILE(to),
                 '1' + CHESS_RANK(to), promotion);
    }
    char mark = check_mark(pos, move);
    size_t k = strlen(san);
    if (mark) {
        san[k++] = mark;
        san[k] = '\0';
    }
    snprintf(buf, len, "%s", san);
}

/* What a SAN text asks for; -1 for "any". */
typedef struct san_query {
    int type, to, promo, from_file, from_rank;
    int castle_file; /* 6 or 2 for castling, else -1 */
} san_query;

static bool parse_castle(const char *s, size_t len, san_query *q)
{
    if ((len == 3 || len == 5) && (s[0] == 'O' || s[0] == '0')) {
        for (size_t i = 0; i < len; i++)
            if (s[i] != (i % 2 ? '-' : s[0]))
                return false;
        q->castle_file = len == 3 ? 6 : 2;
        return true;
    }
    return false;
}

static bool parse_san(const char *text, san_query *q)
{
    char s[16];
    size_t len = strlen(text);
    while (len && strchr("+#!? \t\r\n", text[len - 1]))
        len--;
    if (len == 0 || len >= sizeof s)
        return false;
    memcpy(s, text, len);
    s[len] = '\0';
    *q = (san_query){CHESS_PAWN, -1, 0, -1, -1, -1};
    if (parse_castle(s, len, q))
        return true;
    /* Promotion at the end: "=Q" or a bare "Q". */
    if (len >= 3 && strchr("NBRQ", s[len - 1])) {
        q->promo = promo_type(s[len - 1]);
        len -= s[len - 2] == '=' ? 2 : 1;
    }
    if (len < 2 || (q->to = square_at(s + len - 2)) < 0)
        return false;
    len -= 2;
    size_t i = 0;
    if (len && strchr("NBRQK", s[0])) {
        q->type = (int)(strchr(san_letters, s[0]) - san_letters);
        i = 1;
    }
    if (len && (s[len - 1] == 'x' || s[len - 1] == ':'))
        len--;
    for (; i < len; i++) {
        if (s[i] >= 'a' && s[i] <= 'h' && q->from_file < 0)
            q->from_file = s[i] - 'a';
        else if (s[i] >= '1' && s[i] <= '8' && q->from_rank < 0)
            q->from_rank = s[i] - '1';
        else
            return false;
    }
    /* A pawn named without a file pushes straight ahead. */
    if (q->type == CHESS_PAWN && q->from_file < 0)
        q->from_file = CHESS_FILE(q->to);
    return true;
}

static bool san_matches(const chess_pos *pos, const san_query *q, pab_move_t m)
{
    int from = CHESS_MOVE_FROM(m);
    if (q->castle_file >= 0)
        return (m & CHESS_MOVE_CASTLE) &&
               CHESS_FILE(CHESS_MOVE_TO(m)) == q->castle_file;
    return CHESS_TYPE(pos->board[from]) == q->type &&
           CHESS_MOVE_TO(m) == q->to && CHESS_MOVE_PROMO(m) == q->promo &&
           (q->from_file < 0 || CHESS_FILE(from) == q->from_file) &&
           (q->from_rank < 0 || CHESS_RANK(from) == q->from_rank);
}

pab_move_t chess_move_from_san(const chess_pos *pos, const char *text)
{
    san_query q;
    if (text == NULL || !parse_san(text, &q))
        return PAB_MOVE_NONE;
    pab_move_t moves[CHESS_MAX_MOVES], found = PAB_MOVE_NONE;
    int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        if (!san_matches(pos, &q, moves[i]))
            continue;
        if (found != PAB_MOVE_NONE)
            return PAB_MOVE_NONE; /* ambiguous */
        found = moves[i];
    }
    return found;
}

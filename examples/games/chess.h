/*
 * Chess as a libpab game.
 *
 * Board: bitboards, one per piece type and one per colour, plus a 64-byte
 * mailbox for "what stands on this square".  Square a1 is 0, b1 1, ..., h1
 * 7, a2 8, ..., h8 63 (file + 8 * rank).  Sliding pieces use magic
 * bitboards whose multipliers are searched for at start-up from fixed
 * seeds, so every run builds the same tables (chess_init(), once per
 * process, thread-safe, about 2 ms).
 *
 * Moves: 32 bits -- from (bits 0-5), to (6-11), promotion piece type
 * (12-14, 0 for none) and three flags: castling (the king's move, e1g1),
 * en passant, and a pawn's double step.  Generation is strictly legal, so
 * make() never refuses a generated move.  Notation: UCI ("e2e4", "e7e8q")
 * and SAN ("e4", "Nbd2", "exd6", "e8=Q+", "O-O").
 *
 * Keys: Zobrist, kept up to date by make()/unmake(): pieces on squares,
 * the side to move, the castling rights, and the en-passant file -- only
 * when a pawn of the side to move stands next to the pawn that just made a
 * double step (it may still be pinned).  So positions that differ only by a
 * capture nobody can make share a key, as the repetition rule wants, and
 * FEN output writes the square only then (the X-FEN habit; input accepts
 * either form).
 *
 * History: the state carries an undo record per move made, which also
 * holds the key of every earlier position.  chess_play() (the game, e.g.
 * a UCI "position ... moves" list) drops the records that can no longer
 * matter and marks the new position as the root; make() (the search) adds
 * to them.  The state has a fixed size (about 25 KiB) and is copied with
 * memcpy.
 *
 * Draws (generate() and evaluate() report them as 0 with no moves):
 *  - repetition: the position equals an earlier one with the same side to
 *    move since the last capture, pawn move or null move -- twofold, the
 *    usual search rule, with earlier positions of the game counting too;
 *  - the fifty-move rule: the halfmove clock reached 100, unless the side to
 *    move is checkmated;
 *  - insufficient material (no mate is possible: K v K, K+minor v K, or
 *    kings and bishops all on squares of one colour).
 * The root itself (the position chess_from_fen() or chess_play() made;
 * hand pab_search() no other) is never declared drawn, so a search always
 * has a move to answer with; chess_status() tells the game's own outcome
 * (threefold repetition there).  A drawn or mated position the library
 * finds in its table before calling generate() keeps the stored value:
 * the usual path-dependence of repetition draws in a table.  Checkmate is
 * PAB_SCORE_LOSS_IN(0) (the game sets PAB_GAME_DISTANCE_SCORES), stalemate 0.
 *
 * Perft mode (`perft` in the state): no draw rules and no move ordering,
 * so pab_perft() counts exactly the published figures (a repetition or a
 * bare-kings ending inside perft is not a leaf).  The ex_chess descriptor
 * turns it on by default, since pab-bench's perft is its first use; its
 * params "rules" turns it off (pab-bench search --params=rules).
 *
 * Evaluation (side to move, centipawns, far from the mate band): material
 * and piece-square tables tapered between opening and endgame by the
 * material left, mobility, the bishop pair and a tempo bonus; every weight
 * is in chess_tune.h.  At the horizon the library calls evaluate() without
 * generate(): evaluate() finds checkmate (it tries the replies when the
 * side to move is in check) and the draw rules above, but not stalemate --
 * as in most engines; quiescence search covers the rest.
 */
#ifndef PAB_EXAMPLE_CHESS_H
#define PAB_EXAMPLE_CHESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games.h"

/* ---- squares, pieces, moves -------------------------------------------- */

#define CHESS_NO_SQUARE          64
#define CHESS_SQUARE(file, rank) ((file) + 8 * (rank))
#define CHESS_FILE(sq)           (7 & (sq))
#define CHESS_RANK(sq)           ((sq) >> 3)

enum { CHESS_WHITE = 0, CHESS_BLACK = 1 };

/* Piece types; 0 means "none" (an empty square, no promotion). */
enum {
    CHESS_PAWN = 1,
    CHESS_KNIGHT = 2,
    CHESS_BISHOP = 3,
    CHESS_ROOK = 4,
    CHESS_QUEEN = 5,
    CHESS_KING = 6
};

/* A piece on the board: its type and, in bit 3, its colour. */
#define CHESS_PIECE(color, type) ((uint8_t)((type) | ((color) << 3)))
#define CHESS_TYPE(piece)        (7 & (piece))
#define CHESS_COLOR(piece)       ((piece) >> 3)

/* Castling rights. */
#define CHESS_CASTLE_WK 1u /* white, king side (e1g1) */
#define CHESS_CASTLE_WQ 2u
#define CHESS_CASTLE_BK 4u
#define CHESS_CASTLE_BQ 8u

#define CHESS_MOVE_CASTLE      (1u << 15)
#define CHESS_MOVE_EN_PASSANT  (1u << 16)
#define CHESS_MOVE_DOUBLE_PUSH (1u << 17)

#define CHESS_MOVE(from, to, promo, flags)                                     \
    ((pab_move_t)((unsigned)(from) | (unsigned)(to) << 6 |                     \
                  (unsigned)(promo) << 12 | (flags)))
#define CHESS_MOVE_FROM(m)  ((int)(63 & (m)))
#define CHESS_MOVE_TO(m)    ((int)(((m) >> 6) & 63))
#define CHESS_MOVE_PROMO(m) ((int)(((m) >> 12) & 7))

/* Room for the moves of any position (at most 218 are legal). */
#define CHESS_MAX_MOVES 256
/* Undo records a state holds: the game since its last capture or pawn
 * move (chess_play() keeps at most CHESS_KEEP_PLIES) plus a search. */
#define CHESS_HISTORY_MAX 1024
#define CHESS_KEEP_PLIES  128
/* Longest FEN chess_to_fen() writes, with its NUL. */
#define CHESS_FEN_MAX 96

#define CHESS_START_FEN                                                        \
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* natural_score(): centipawns, or +-(CHESS_MATE_NATURAL - plies) for a
 * forced mate in that many plies (positive: the side to move mates). */
#define CHESS_MATE_NATURAL 100000L

/* What make() needs to take a move back. */
typedef struct chess_undo {
    uint64_t key;      /* the position's key before the move */
    uint64_t checkers; /* its checking pieces */
    uint16_t halfmove; /* its halfmove clock */
    uint8_t castling;  /* its castling rights */
    uint8_t ep;        /* its en-passant square */
    uint8_t captured;  /* the piece the move took, 0 for none */
} chess_undo;

/* The hidden sums of the evaluation's learned correction for the shipped
 * weights (chess_net.h), as white sees the board and as black does.  Every
 * change of a piece keeps them, so an evaluation adds up no rows. */
#define CHESS_NET_HIDDEN 256
typedef struct chess_net_sums {
    int16_t v[2][CHESS_NET_HIDDEN];
} chess_net_sums;

typedef struct chess_pos {
    uint64_t type_bb[7];  /* [CHESS_PAWN..CHESS_KING]; [0] unused */
    uint64_t color_bb[2]; /* every piece of each side */
    uint64_t key;         /* Zobrist key */
    uint64_t checkers;    /* pieces giving check to the side to move */
    chess_net_sums net;   /* kept with the pieces */
    uint8_t board[64];    /* piece per square, 0 if empty */
    uint8_t side;         /* CHESS_WHITE or CHESS_BLACK */
    uint8_t castling;     /* CHESS_CASTLE_* */
    uint8_t ep;           /* en-passant square, or CHESS_NO_SQUARE */
    bool perft;           /* perft mode: no draw rules, no ordering */
    uint16_t halfmove;    /* plies since the last capture or pawn move */
    uint16_t fullmove;    /* FEN's move number */
    uint16_t ply;         /* undo records in use */
    uint16_t root;        /* undo records before the root position */
    uint16_t refused;     /* makes refused for a full history (see make) */
    chess_undo undo[CHESS_HISTORY_MAX];
} chess_pos;

/* ---- set-up ------------------------------------------------------------- */

/* Build the attack tables and keys; every other function calls it when it
 * may be the first.  Thread-safe, idempotent. */
void chess_init(void);

/* The initial position. */
void chess_start(chess_pos *pos);

/* Read a FEN (six fields; four, EPD-style, mean "0 1").  On error return
 * PAB_EINVAL, write one line into err[errlen] (err may be NULL) and leave
 * *pos untouched.  The result is a root with no history, not in perft
 * mode. */
int chess_from_fen(chess_pos *pos, const char *fen, char *err, size_t errlen);

/* Write the position as FEN (at most CHESS_FEN_MAX bytes with the NUL). */
void chess_to_fen(const chess_pos *pos, char *buf, size_t len);

/* ---- moves -------------------------------------------------------------- */

/* The legal moves, in generation order; returns how many (negative if
 * capacity is too small). */
int chess_legal_moves(const chess_pos *pos, pab_move_t *moves,
                      unsigned capacity);
/* Whether `move` is one of them. */
bool chess_is_legal(const chess_pos *pos, pab_move_t move);
/* The same, fast: only the moving piece's moves of the move's kind are
 * generated (the table move's test, before any generation). */
bool chess_move_valid(const chess_pos *pos, pab_move_t move);
/* Static exchange evaluation (chess_see.c): the material, in centipawns,
 * the side to move wins (> 0) or loses (< 0) on the move's target square
 * when both sides capture there with their least valuable piece first and
 * either may stop; a promotion counts its gain. */
int chess_see(const chess_pos *pos, pab_move_t move);
/* The ordering score of a capture or promotion for generate_scored():
 * captures that do not lose material and queen promotions above every
 * quiet move (0), most valuable victim first; losing captures and
 * under-promotions below 0. */
int32_t chess_noisy_score(const chess_pos *pos, pab_move_t move);

/* Play a move inside a search (the library's make/unmake).  make() returns
 * false only when the history is full; unmake() must follow then too. */
bool chess_make(chess_pos *pos, pab_move_t move);
void chess_unmake(chess_pos *pos, pab_move_t move);

/* Play a move in the game: it must be legal (else PAB_EINVAL, nothing
 * changes).  The new position is the root; history that no rule can use
 * any more is dropped, so games of any length fit. */
int chess_play(chess_pos *pos, pab_move_t move);

bool chess_in_check(const chess_pos *pos);
/* Whether the move (legal in pos) gives check. */
bool chess_gives_check(const chess_pos *pos, pab_move_t move);
/* The key recomputed from the pieces and rights (tests compare it with the
 * incremental one). */
uint64_t chess_compute_key(const chess_pos *pos);
/* A key of the pawns and the side to move: the game's correction_key (the
 * evaluation's errors about a pawn structure repeat in every position
 * that has it, which the search's correction history learns). */
uint64_t chess_pawn_key(const chess_pos *pos);

typedef enum chess_outcome {
    CHESS_ONGOING = 0,
    CHESS_CHECKMATE, /* the side to move is mated */
    CHESS_STALEMATE,
    CHESS_DRAW_REPETITION, /* the third occurrence of the position */
    CHESS_DRAW_FIFTY,      /* halfmove clock at 100 */
    CHESS_DRAW_MATERIAL    /* no mate possible */
} chess_outcome;

/* The game's outcome in `pos` as a referee sees it (threefold repetition,
 * not the search's twofold). */
chess_outcome chess_status(const chess_pos *pos);
bool chess_insufficient_material(const chess_pos *pos);

/* ---- notation ------------------------------------------------------------ */

/* UCI: "e2e4", "e7e8q", "e1g1"; "0000" for PAB_MOVE_NONE.  buf >= 6. */
void chess_move_to_uci(pab_move_t move, char *buf, size_t len);
/* The legal move named, or PAB_MOVE_NONE. */
pab_move_t chess_move_from_uci(const chess_pos *pos, const char *text);
/* SAN of a legal move, with + or #.  buf >= 8. */
void chess_move_to_san(const chess_pos *pos, pab_move_t move, char *buf,
                       size_t len);
/* The legal move named in SAN (check marks and !? optional; "0-0" and
 * "e8Q" accepted), or PAB_MOVE_NONE if none or more than one fits. */
pab_move_t chess_move_from_san(const chess_pos *pos, const char *text);

/* ---- the game ------------------------------------------------------------ */

/* Static value for the side to move (chess_eval.c). */
pab_score_t chess_evaluate(const chess_pos *pos);

/* Fill the callback table (after pab_game_init is done here): the engine's
 * own, libpab 0.4 members (staged generation scored by MVV/LVA and static
 * exchange, move_valid). */
void chess_game_init(pab_game *game);
/* The table of libpab 0.1-0.3: one generate() in the game's order. */
void chess_game_init_plain(pab_game *game);

/* The descriptor pab-bench and the tests use (perft mode by default; see
 * above). */
/* An EPD test position: its id, FEN and best moves in SAN. */
typedef struct chess_epd {
    const char *id;
    const char *fen;
    const char *bm; /* one or more SAN moves separated by spaces */
} chess_epd;

/* The 24 Bratko-Kopec positions (chess_bk.c). */
#define CHESS_BK_COUNT 24
extern const chess_epd chess_bk_positions[CHESS_BK_COUNT];

extern const ex_game ex_chess;

#endif /* PAB_EXAMPLE_CHESS_H */

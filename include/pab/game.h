/*
 * libpab: the game contract -- scores, moves and the callback table a game
 * implements.  See pab(7) for the rules every callback must follow.
 */
#ifndef PAB_GAME_H
#define PAB_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pab/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Scores are negamax values from the side to move's point of view.  A game
 * keeps every value it returns inside [-PAB_SCORE_MAX, PAB_SCORE_MAX]; the
 * values beyond belong to the library (infinity, ABDADA's ON_EVALUATION). */
typedef int32_t pab_score_t;

#define PAB_SCORE_MAX           ((pab_score_t)1073741823) /* 2^30 - 1 */
#define PAB_SCORE_MIN           (-PAB_SCORE_MAX)
#define PAB_SCORE_INF           (PAB_SCORE_MAX + 1)
#define PAB_SCORE_ON_EVALUATION (PAB_SCORE_MAX + 2)

/* Distance scores (chess "mate in N"), used only by games that set
 * PAB_GAME_DISTANCE_SCORES.  A game reports them relative to the position it
 * is asked about: PAB_SCORE_WIN_IN(d) means the side to move wins in d plies
 * from here, PAB_SCORE_LOSS_IN(0) that it has lost already (checkmated).
 * The library turns them into distances from the root while searching and
 * back into distances from the node in the transposition table, so they
 * keep their meaning whatever path reaches a position.  Distances must stay
 * below PAB_MATE_PLY_MAX - PAB_PLY_MAX (3840 plies) and the game's other
 * scores outside the band of PAB_MATE_PLY_MAX values next to
 * +-PAB_SCORE_MATE.  Scores that are a
 * property of the position alone (Connect Four's "22 minus the stones the
 * winner played") need nothing of this: leave the flag unset. */
#define PAB_SCORE_MATE       PAB_SCORE_MAX
#define PAB_MATE_PLY_MAX     4096
#define PAB_SCORE_WIN_IN(d)  ((pab_score_t)(PAB_SCORE_MATE - (d)))
#define PAB_SCORE_LOSS_IN(d) ((pab_score_t)(-PAB_SCORE_MATE + (d)))
#define PAB_SCORE_IS_WIN(s)                                                    \
    ((s) >= PAB_SCORE_MATE - PAB_MATE_PLY_MAX && (s) <= PAB_SCORE_MATE)
#define PAB_SCORE_IS_LOSS(s)                                                   \
    ((s) <= -PAB_SCORE_MATE + PAB_MATE_PLY_MAX && (s) >= -PAB_SCORE_MATE)

/* What a stored or returned score is known to be. */
typedef enum pab_bound {
    PAB_BOUND_NONE = 0,  /* nothing is known */
    PAB_BOUND_UPPER = 1, /* the true value is <= score (fail low) */
    PAB_BOUND_LOWER = 2, /* the true value is >= score (fail high) */
    PAB_BOUND_EXACT = 3  /* the true value is score */
} pab_bound;

/* A move is any 32-bit encoding the game likes except PAB_MOVE_NONE. */
typedef uint32_t pab_move_t;
#define PAB_MOVE_NONE ((pab_move_t)0xFFFFFFFFu)

/* Capacity of the move buffer passed to generate() when the game leaves
 * max_moves at 0. */
#define PAB_MAX_MOVES 256

/* pab_game.flags */
#define PAB_GAME_DISTANCE_SCORES                                               \
    0x1u /* scores near +-PAB_SCORE_MATE are distances */

/* pab_game.flags: generate_scored() answers PAB_STAGE_NOISY and
 * PAB_STAGE_QUIET, so the library can search the table move and the noisy
 * moves before the quiet ones are generated (libpab 0.4). */
#define PAB_GAME_STAGED 0x2u

/* pab_game.flags: a move's history index is its own low bits,
 * move & (move_index_count - 1), and move_index() is not called (it may
 * be NULL); move_index_count must be a power of two (libpab 0.4).  For
 * engines whose moves carry from and to squares in their low bits: the
 * history heuristic without a call per move. */
#define PAB_GAME_INDEX_LOW_BITS 0x4u

/* The `stage` argument of generate_scored() (libpab 0.4). */
#define PAB_STAGE_ALL   0u /* every move, as generate() */
#define PAB_STAGE_NOISY 1u /* the tactical moves (PAB_MOVE_TACTICAL) */
#define PAB_STAGE_QUIET 2u /* the others; their union is PAB_STAGE_ALL */

/* pab_game.move_flags() result bits */
#define PAB_MOVE_TACTICAL                                                      \
    0x1u                    /* capture, promotion: never reduced or pruned     \
                             */
#define PAB_MOVE_CHECK 0x2u /* gives check: never reduced or pruned */

/* The callback table.  Fill it after pab_game_init(); every callback gets
 * the game's `user` pointer as its last argument.  The library copies the
 * table when a searcher is created, so the table itself may go away, but
 * `user` must stay valid while any searcher uses the game.  Callbacks run on
 * the library's search threads, each thread on its own copy of the
 * position; a callback may read `user` concurrently from several threads. */
typedef struct pab_game {
    size_t size;        /* sizeof(pab_game), set by pab_game_init() */
    size_t state_size;  /* bytes of one position (copied with memcpy) */
    unsigned max_moves; /* capacity of the move buffers, 0: PAB_MAX_MOVES */
    unsigned flags;     /* PAB_GAME_* */
    void *user;         /* passed to every callback */

    /* Required (or generate_scored).  Write the moves of `state` into
     * moves[0..capacity) in the order they should be searched (best first as
     * far as the game can tell) and return how many.  Return 0 when the
     * position is over and store its score (side to move's view) in *terminal.
     * A pseudo-legal generator also stores there the value the position would
     * have if every move it returns proved illegal (mate or stalemate); the
     * library sets *terminal to 0 before each call.  A negative return is an
     * error and stops the search with PAB_EGAME. */
    int (*generate)(const void *state, pab_move_t *moves, unsigned capacity,
                    pab_score_t *terminal, void *user);
    /* Required (or make_undo).  Play `move`.  Return false if the move turned
     * out to be illegal (a pseudo-legal generator); the library then calls
     * unmake() and skips it. */
    bool (*make)(void *state, pab_move_t move, void *user);
    /* Required (or unmake_undo).  Take back the last move made by make(). */
    void (*unmake)(void *state, pab_move_t move, void *user);
    /* Required (or evaluate_mut).  Static value for the side to move.  The
     * library calls it at the horizon without calling generate(), so it must
     * score a finished game exactly as generate() would. */
    pab_score_t (*evaluate)(const void *state, void *user);
    /* Required.  64-bit key of the position (Zobrist or any good mix). */
    uint64_t (*hash)(const void *state, void *user);

    /* Optional: deep copy for positions that own memory.  dst points to
     * state_size uninitialised bytes.  Return 0 or a negative error.
     * Default: memcpy of state_size bytes. */
    int (*clone)(void *dst, const void *src, void *user);
    /* Optional: release what clone() allocated (not dst itself). */
    void (*destroy)(void *state, void *user);
    /* Optional: captures and promotions for quiescence search; same
     * contract as generate() without the terminal score.  Default: none,
     * the horizon is scored by evaluate(). */
    int (*generate_noisy)(const void *state, pab_move_t *moves,
                          unsigned capacity, void *user);
    /* Optional: pass the move to the opponent.  Return false when a null
     * move is unsafe here (in check, zugzwang-prone material); the position
     * is then unchanged.  Both or neither. */
    bool (*make_null)(void *state, void *user);
    void (*unmake_null)(void *state, void *user);
    /* Optional: a small index for history tables, < move_index_count.
     * Default: no history heuristic. */
    unsigned (*move_index)(const void *state, pab_move_t move, void *user);
    unsigned move_index_count;
    /* Optional: PAB_MOVE_* bits of a move in `state`, before it is made.
     * Used by late-move reductions and futility pruning.  Default: 0. */
    unsigned (*move_flags)(const void *state, pab_move_t move, void *user);
    /* Optional: whether the side to move is in check (check extension, no
     * reduction or null move in check, and quiescence searches every
     * evasion instead of standing pat).  Default: false. */
    bool (*in_check)(const void *state, void *user);
    /* Optional: a result fixed by a rule that does not depend on the moves
     * (a draw by repetition or the fifty-move rule): return true and store
     * the score.  The search asks before it looks in the transposition
     * table, so a stored value reached along another path cannot hide a
     * repetition.  Default: only generate() ends games. */
    bool (*decided)(const void *state, pab_score_t *score, void *user);

    /* ---- libpab 0.4 (PAB_GAME_SIZE_V2): what a ported engine needs; see
     * pab-porting(7).  A callback below that takes `void *state` gets the
     * calling thread's own position: it may change it while it runs if it
     * leaves it as it found it. */

    /* Bytes of undo data one make_undo() keeps; the library owns a buffer
     * of this size for every ply of every thread.  0: none. */
    size_t undo_size;
    /* Optional, both or neither (with undo_size > 0); they replace make()
     * and unmake(), which may then be NULL.  make_undo() writes into
     * `undo` what unmake_undo() needs to take the move back; the library
     * hands unmake_undo() the same bytes, untouched. */
    bool (*make_undo)(void *state, pab_move_t move, void *undo, void *user);
    void (*unmake_undo)(void *state, pab_move_t move, const void *undo,
                        void *user);
    /* Optional, both or neither, only with make_undo(): the null move with
     * undo data; they replace make_null() and unmake_null(). */
    bool (*make_null_undo)(void *state, void *undo, void *user);
    void (*unmake_null_undo)(void *state, const void *undo, void *user);
    /* Optional: generate() with the game's own ordering score for every
     * move (larger first) in scores[0..n), by stage (PAB_STAGE_*).
     * Without PAB_GAME_STAGED the library asks only for PAB_STAGE_ALL;
     * with it only for PAB_STAGE_NOISY and then, if no cutoff came first,
     * PAB_STAGE_QUIET.  *terminal is read after PAB_STAGE_ALL and
     * PAB_STAGE_QUIET, as generate() stores it.  It replaces generate(),
     * which may then be NULL.  See pab(7), MOVE ORDERING. */
    int (*generate_scored)(void *state, unsigned stage, pab_move_t *moves,
                           int32_t *scores, unsigned capacity,
                           pab_score_t *terminal, void *user);
    /* Optional, for PAB_GAME_STAGED: whether `move` (a table move from
     * another position with the same key, perhaps) is one generate would
     * return here.  With it the table move is searched before anything is
     * generated. */
    bool (*move_valid)(void *state, pab_move_t move, void *user);
    /* Optional: evaluate() on a mutable position; it replaces evaluate(),
     * which may then be NULL. */
    pab_score_t (*evaluate_mut)(void *state, void *user);

    /* ---- libpab 0.11 (PAB_GAME_SIZE_V3). */

    /* Optional: a key of what evaluate() tends to misjudge alike (in
     * chess, the pawns and the side to move).  With config.correction_bits
     * the search learns, per key, how far the searched values have been
     * from evaluate()'s and corrects the static value by it (correction
     * history).  Default: no correction. */
    uint64_t (*correction_key)(const void *state, void *user);
} pab_game;

/* The size of each published layout of pab_game: game.size must be one of
 * these (see pab(7), ABI POLICY).
 *   V1 (libpab 0.1): up to decided     V2 (libpab 0.4): up to evaluate_mut
 *   V3 (libpab 0.11): up to correction_key */
#define PAB_GAME_SIZE_V1 offsetof(pab_game, undo_size)
#define PAB_GAME_SIZE_V2 offsetof(pab_game, correction_key)
#define PAB_GAME_SIZE_V3 sizeof(pab_game)

PAB_API void pab_game_init_size(pab_game *game, size_t size);

/* Zero a callback table and set its size field to the size of the
 * pab_game this program was compiled with. */
static inline void pab_game_init(pab_game *game)
{
    pab_game_init_size(game, sizeof *game);
}

#ifdef __cplusplus
}
#endif

#endif /* PAB_GAME_H */

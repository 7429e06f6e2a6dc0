/*
 * The example games as pab-bench and the tests see them: one descriptor per
 * game, on top of the game's own pab_game callbacks.  Each game lives in
 * examples/games/<name>.c with its own header; this table only names them.
 * A game module uses nothing but <pab/pab.h>.
 */
#ifndef PAB_EXAMPLE_GAMES_H
#define PAB_EXAMPLE_GAMES_H

#include <stddef.h>
#include <stdint.h>

#include <pab/pab.h>

/* Largest position any example game uses, in bytes (the chess state, which
 * carries its history, is the largest). */
#define EX_STATE_MAX 65536

typedef struct ex_game {
    const char *name; /* "tictactoe", "connect4", "othello", "tree", "chess" */
    const char *description;
    /* Fill *game and write the position into `state` (EX_STATE_MAX bytes).
     * `params` is the game's parameter string (tree: "b,wa,wb"; NULL for
     * defaults); `position` the game's own position text (NULL: the initial
     * position).  On error return a negative PAB_ code and write one line
     * (no newline) into err[errlen].  The game may keep what it allocates
     * in game->user; teardown releases it. */
    int (*setup)(pab_game *game, void *state, const char *params,
                 const char *position, char *err, size_t errlen);
    void (*teardown)(pab_game *game);
    /* The move in the game's notation (Connect Four column 1-7, Othello
     * "d3" or "pass", tree child index from 1, chess UCI). */
    void (*move_name)(const pab_game *game, const void *state, pab_move_t move,
                      char *buf, size_t len);
    /* The move named by `text`, or PAB_MOVE_NONE if it is not a legal move
     * in `state`. */
    pab_move_t (*parse_move)(const pab_game *game, const void *state,
                             const char *text);
    /* A solved score (exact game value, side to move) in the game's natural
     * units (Connect Four: Pons' convention; Othello: disc difference;
     * tic-tac-toe: -1/0/1). */
    long (*natural_score)(const pab_game *game, const void *state,
                          pab_score_t score);
    /* Optional: an upper bound on the plies left to the end of the game
     * from `state`, the depth `solve` searches to (NULL: PAB_DEPTH_MAX with
     * iterative deepening). */
    int (*solve_depth)(const pab_game *game, const void *state);
    unsigned perft_flags; /* PAB_PERFT_* convention of the game */
    /* Optional: the positions `pab-bench compare` uses by default, by
     * index, NULL past the last; and the depth it searches them to. */
    const char *(*bench_position)(unsigned index);
    int bench_depth;
    int default_depth;  /* pab-bench search default */
    bool plain_default; /* tree: true */
} ex_game;

/* The registry: NULL-terminated. */
extern const ex_game *const ex_games[];

/* Write one line (printf-style) into err[errlen] when err is not NULL,
 * and return PAB_EINVAL: how every game's parser reports bad text. */
int ex_error(char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* SplitMix64's finaliser: a bijective 64-bit mix in which every input bit
 * moves about half the output bits; the games build their keys with it. */
uint64_t ex_mix64(uint64_t x);

/* The game called `name`, or NULL. */
const ex_game *ex_game_find(const char *name);

#endif /* PAB_EXAMPLE_GAMES_H */

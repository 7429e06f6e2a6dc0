/*
 * pab-chess: the text side of the UCI protocol -- one input line to a
 * command, a `position` command to a chess position, `setoption` to the
 * engine's settings, scores and variations to text.  Nothing here starts a
 * thread or a search, so tests/fuzz_uci.c drives exactly the code the
 * engine runs on what a GUI sends.
 */
#ifndef PAB_CHESS_UCI_H
#define PAB_CHESS_UCI_H

#include <stdbool.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include <pab/pab.h>

#include "../games/chess.h"

typedef enum uci_kind {
    UCI_NONE = 0, /* an empty line, or no command word in it */
    UCI_UCI,
    UCI_DEBUG,
    UCI_ISREADY,
    UCI_SETOPTION,
    UCI_REGISTER,
    UCI_NEWGAME,
    UCI_POSITION,
    UCI_GO,
    UCI_STOP,
    UCI_PONDERHIT,
    UCI_QUIT,
    UCI_DISPLAY, /* "d": not UCI; the board and its FEN, for a person */
    UCI_EVAL     /* "eval": not UCI; the static evaluation, as Stockfish's */
} uci_kind;

/* Marks a time `go` did not give (a GUI may send a negative clock: the
 * player overstepped). */
#define UCI_UNSET INT64_MIN

/* `go perft` with no number, or not one that fits an int. */
#define UCI_PERFT_BAD INT_MIN

/* `go`'s parameters.  Times are milliseconds, UCI_UNSET when not given;
 * counts are 0 when not given. */
typedef struct uci_go {
    int64_t wtime, btime, winc, binc;
    int64_t movetime;
    int movestogo;
    int depth;
    int mate;
    bool perft_given; /* go perft N: count leaves instead of searching */
    int perft;        /* N; UCI_PERFT_BAD when it is not a number */
    uint64_t nodes;
    bool ponder;
    bool infinite;
    unsigned nsearchmoves;
    const char *const *searchmoves; /* tokens of the line, unchecked */
} uci_go;

/* One parsed line.  Every pointer points into memory the command owns:
 * release it with uci_cmd_free(). */
typedef struct uci_cmd {
    uci_kind kind;
    bool debug_on;     /* debug on|off */
    const char *name;  /* setoption: the name, words joined by one space */
    const char *value; /* setoption: the value, or NULL for a button */
    bool startpos;     /* position startpos */
    const char *fen;   /* position fen ...: the FEN's words joined */
    unsigned nmoves;   /* position ... moves: the move tokens */
    const char *const *moves;
    uci_go go;
    /* storage */
    char *text; /* the line's tokens, NUL-separated */
    char *joined;
    char **tok;
    unsigned ntok;
} uci_cmd;

/* Parse one line (without or with its newline).  Unknown words before the
 * command word are skipped and unknown tokens after it ignored, as the
 * protocol asks; malformed numbers leave their parameter unset.  Returns
 * 0, or PAB_ENOMEM (the command is then UCI_NONE).  Always call
 * uci_cmd_free() afterwards. */
int uci_parse(const char *line, uci_cmd *cmd);
void uci_cmd_free(uci_cmd *cmd);

/* Set *pos from a `position` command: start position or FEN, then every
 * move in turn through chess_play(), which keeps the game's history for
 * the repetition rule.  On failure write the reason into err (one line)
 * and leave *pos as it was. */
int uci_set_position(const uci_cmd *cmd, chess_pos *pos, char *err,
                     size_t errlen);

/* ---- settings and UCI options -------------------------------------------- */

#define UCI_THREADS_MAX        256
#define UCI_HASH_MB_DEFAULT    16
#define UCI_HASH_MB_MAX        65536
#define UCI_OVERHEAD_DEFAULT   10
#define UCI_SLOW_MOVER_DEFAULT 200

/* What the options set.  `config` holds the library's own fields (the
 * algorithm variants and search switches) as the options set them; the
 * rest is filled in for each search. */
typedef struct uci_settings {
    unsigned threads;
    unsigned hash_mb;
    int algorithm; /* as chosen; see uci_algorithm() for the one used */
    unsigned multipv;
    bool ponder;
    unsigned move_overhead_ms;
    unsigned slow_mover; /* per cent of the planned time a move may take */
    bool staged;         /* StagedMoves: the 0.4 game table (chess_game_init) */
    bool eval_net;       /* EvalNet: the evaluation's learned correction */
    bool time_stretch;   /* TimeStretch: the soft limit by how settled */
    pab_config config;
} uci_settings;

/* What a setoption asks of the caller beyond the settings. */
enum {
    UCI_EFFECT_NONE = 0,
    UCI_EFFECT_HASH = 1,  /* the table must be made anew at hash_mb */
    UCI_EFFECT_CLEAR = 2, /* "Clear Hash" */
    UCI_EFFECT_GAME = 3,  /* the searcher must be made anew for the game
                           * table that `staged` names */
    UCI_EFFECT_EVAL = 4   /* the evaluation changes as `eval_net` says */
};

/* The algorithm the engine starts with. */
#define UCI_ALGORITHM_DEFAULT PAB_ALGO_LAZY_SMP

void uci_settings_init(uci_settings *s);

/* Apply `setoption name NAME value VALUE` (NAME case-insensitive).  Returns
 * a UCI_EFFECT_* value, or a negative PAB_ code with the reason in err; a
 * refused value leaves the settings as they were. */
int uci_setoption(uci_settings *s, const char *name, const char *value,
                  char *err, size_t errlen);

/* The `option name ...` lines, one per option, the defaults taken from s. */
void uci_write_options(const uci_settings *s, FILE *out);

/* The algorithm a search runs with: serial whenever it would have one
 * thread (serial is the only algorithm pab_config accepts at one thread
 * that does no parallel bookkeeping), and one thread whenever the choice
 * is serial. */
int uci_algorithm(int chosen, unsigned threads);
unsigned uci_threads(int chosen, unsigned threads);

/* ---- output -------------------------------------------------------------- */

/* "cp 31", "mate 3" (the side to move mates in 3 moves) or "mate -2" (it
 * is mated in 2), from a score of the side to move.  buf >= 24. */
void uci_score_text(pab_score_t score, char *buf, size_t len);

/* The moves as UCI text separated by spaces; returns the length written
 * (truncated to fit, never in the middle of a move). */
size_t uci_moves_text(const pab_move_t *moves, unsigned n, char *buf,
                      size_t len);

#endif /* PAB_CHESS_UCI_H */

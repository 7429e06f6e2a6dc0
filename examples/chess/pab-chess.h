/*
 * pab-chess: what its parts share.  pab-chess.c reads the command line and
 * calls one of the entry points below; engine.c speaks UCI, bench.c runs
 * the Bratko-Kopec positions, play.c plays a person at a terminal.
 */
#ifndef PAB_CHESS_PAB_CHESS_H
#define PAB_CHESS_PAB_CHESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <pab/pab.h>

#include "../games/chess.h"

extern const char *const pc_prog; /* "pab-chess", for messages */

/* The entry points; each returns the process's exit status.  argv[0] is
 * the subcommand's name. */
int pc_uci(void);
int pc_bench(int argc, char **argv);
/* pab-chess direct [depth]: the library's serial search against the same
 * search written as one direct loop (direct.c); 1 if the counts differ. */
int pc_direct(int argc, char **argv);
int pc_bk(int argc, char **argv);
int pc_play(int argc, char **argv);
/* pab-chess tune play|fit: training positions and Texel tuning (tune.c). */
int pc_tune(int argc, char **argv);

/* A number from the command line; prints one line and exits with status 2
 * when it is not one in [lo, hi]. */
long pc_number(const char *what, const char *text, long lo, long hi);
/* An algorithm name; exits with status 2 when unknown. */
int pc_algorithm(const char *text);

/* A searcher for chess with a table of hash_mb MiB; prints the error. */
int pc_searcher_new(const pab_game *game, unsigned hash_mb,
                    pab_searcher **searcher);

/* The board as text, white at the bottom unless black_down. */
void pc_print_board(FILE *out, const chess_pos *pos, bool black_down);

/* Monotonic clock. */
uint64_t pc_now_ns(void);

#endif /* PAB_CHESS_PAB_CHESS_H */

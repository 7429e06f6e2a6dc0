/*
 * MPI for the example programs (pab-bench, pab-chess): when the program was
 * built with libpab-mpi and an MPI launcher started it, its searchers span
 * every rank of MPI_COMM_WORLD and only rank 0 prints; otherwise every
 * function here is the plain single-process behaviour, so the programs run
 * without mpirun exactly as without MPI.
 */
#ifndef PAB_EXAMPLES_RANKS_H
#define PAB_EXAMPLES_RANKS_H

#include <stdbool.h>
#include <stddef.h>

#include <pab/pab.h>

/* MPI_Init_thread (MPI_THREAD_MULTIPLE) if launched; MPI_Finalize at
 * exit.  Rank 0 keeps stdout; the others' goes to /dev/null. */
void ex_ranks_init(int *argc, char ***argv);
bool ex_ranks_active(void); /* launched and initialised */
int ex_ranks_rank(void);    /* 0 without MPI */
int ex_ranks_size(void);    /* 1 without MPI */

/* A searcher over every rank when active (collective), else an ordinary
 * one. */
int ex_ranks_searcher_create(pab_searcher **s, const pab_game *game,
                             size_t bytes);

/* Collective over every rank: a searcher over the first `n` ranks
 * (*s is NULL on the others, and 0 is returned), for pab-bench compare
 * --ranks.  n = 1 without MPI. */
int ex_ranks_searcher_of(pab_searcher **s, const pab_game *game, size_t bytes,
                         int n);

/* Every rank waits for every other, polling rather than spinning. */
void ex_ranks_barrier(void);

/* The time the last search of `s` spent in operations on the distributed
 * table, summed over its ranks and threads, in ms (0: not over ranks). */
double ex_ranks_mpi_ms(const pab_searcher *s);

/* One line on what the last search of `s` cost in communication, or ""
 * when it is not a searcher over ranks. */
void ex_ranks_describe(const pab_searcher *s, char *buf, size_t len);

/* Rank 0's input, given to every rank: rank 0 sends each line it reads
 * (NULL at the end of its input); the other ranks take them in order
 * (NULL at the end), each a string to free().  The others wait by polling,
 * not spinning.  Without MPI, or on one rank, sending does nothing. */
void ex_ranks_send_line(const char *line);
char *ex_ranks_next_line(void);

#endif /* PAB_EXAMPLES_RANKS_H */

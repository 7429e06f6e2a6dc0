/*
 * pab-chess: a UCI chess engine on libpab, with a benchmark and a way to
 * play it at a terminal.  See pab-chess(1).
 *
 *   pab-chess                      UCI on standard input and output
 *   pab-chess bench [D] [T] [A]    the Bratko-Kopec positions to depth D
 *   pab-chess bk [MS] [T] [A]      how many of them it solves in MS each
 *   pab-chess direct [D] [R]       the per-node cost of the library
 *   pab-chess play [options]       a game against a person
 *   pab-chess tune play|spread|fit ...  the evaluation's weights
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/ranks.h"
#include "pab-chess.h"

const char *const pc_prog = "pab-chess";

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: %s                      speak UCI on standard input/output\n"
        "       %s bench [depth] [threads] [algorithm] [staged|plain]\n"
        "       %s bk [movetime-ms] [threads] [algorithm] [staged|plain]\n"
        "       %s direct [depth] [repeat] [NAME=VALUE...]\n"
        "       %s play [--fen FEN] [--side white|black] [--movetime MS]\n"
        "                      [--threads N] [--algorithm A]\n"
        "       %s tune play [--games N] [--depth D] [--random-plies P] "
        "[--seed S]\n"
        "       %s tune spread [--walks N] [--plies K] [--seed S] "
        "<FILE\n"
        "       %s tune fit FILE [--passes N] [--tables] [--quiet]\n"
        "                      [--limit N] [--prior L] [--header "
        "chess_tune.h]\n"
        "                      [--out FILE]\n"
        "       %s --help | --version\n",
        pc_prog, pc_prog, pc_prog, pc_prog, pc_prog, pc_prog, pc_prog, pc_prog,
        pc_prog);
}

long pc_number(const char *what, const char *text, long lo, long hi)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "%s: %s must be a number from %ld to %ld, not '%s'\n",
                pc_prog, what, lo, hi, text);
        exit(2);
    }
    return v;
}

int pc_algorithm(const char *text)
{
    int a = pab_algorithm_from_name(text);
    if (a < 0) {
        fprintf(stderr, "%s: unknown algorithm '%s' (known:", pc_prog, text);
        for (int i = 0; i < PAB_ALGO_COUNT; i++)
            fprintf(stderr, " %s", pab_algorithm_name(i));
        fprintf(stderr, ")\n");
        exit(2);
    }
    return a;
}

int pc_searcher_new(const pab_game *game, unsigned hash_mb,
                    pab_searcher **searcher)
{
    int rc = ex_ranks_searcher_create(searcher, game, (size_t)hash_mb << 20);
    if (rc < 0)
        fprintf(stderr, "%s: table of %u MB: %s\n", pc_prog, hash_mb,
                pab_strerror(rc));
    return rc;
}

uint64_t pc_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static char piece_letter(uint8_t piece)
{
    static const char letters[] = ".pnbrqk";
    char c = letters[CHESS_TYPE(piece)];
    return piece && CHESS_COLOR(piece) == CHESS_WHITE ? (char)(c - 'a' + 'A')
                                                      : c;
}

void pc_print_board(FILE *out, const chess_pos *pos, bool black_down)
{
    fprintf(out, "  +-----------------+\n");
    for (int row = 0; row < 8; row++) {
        int rank = black_down ? row : 7 - row;
        fprintf(out, "%d |", rank + 1);
        for (int col = 0; col < 8; col++) {
            int file = black_down ? 7 - col : col;
            fprintf(out, " %c",
                    piece_letter(pos->board[CHESS_SQUARE(file, rank)]));
        }
        fprintf(out, " |\n");
    }
    fprintf(out, "  +-----------------+\n   ");
    for (int col = 0; col < 8; col++)
        fprintf(out, " %c", black_down ? 'h' - col : 'a' + col);
    fprintf(out, "\n");
}

int main(int argc, char **argv)
{
    ex_ranks_init(&argc, &argv);
    if (argc < 2)
        return pc_uci();
    const char *cmd = argv[1];
    if (!strcmp(cmd, "bench"))
        return pc_bench(argc - 1, argv + 1);
    if (!strcmp(cmd, "direct"))
        return pc_direct(argc - 1, argv + 1);
    if (!strcmp(cmd, "bk"))
        return pc_bk(argc - 1, argv + 1);
    if (!strcmp(cmd, "play"))
        return pc_play(argc - 1, argv + 1);
    if (!strcmp(cmd, "tune"))
        return pc_tune(argc - 1, argv + 1);
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("pab-chess %s\n", pab_version());
        return 0;
    }
    fprintf(stderr, "%s: unknown command '%s' (try --help)\n", pc_prog, cmd);
    return 2;
}

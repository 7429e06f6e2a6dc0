/*
 * libFuzzer target: arbitrary bytes as FEN.  A rejected FEN must leave the
 * position alone and say why in one line; an accepted one must write back
 * a FEN that reads in again to the same position, key and text, and its
 * moves must generate, make and unmake cleanly.
 *
 * Built by tests/fuzz/run-fuzzers.sh with clang -fsanitize=fuzzer,address
 * from this file and the sources of the games library and libpab, read
 * from the build's own lists:
 *   fuzz-sources: $(examples_games_libpabgames_la_SOURCES)
 *   fuzz-sources: $(lib_libpab_la_SOURCES)
 *   fuzz-packages: atomic_ops
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../examples/games/chess.h"

#define INPUT_MAX 512

static chess_pos pos, again, untouched;

static void check(bool ok)
{
    if (!ok)
        abort();
}

/* Every legal move made and taken back leaves the FEN and key as they
 * were; the incremental key matches a fresh one after each move. */
static void exercise_moves(chess_pos *p)
{
    pab_move_t moves[CHESS_MAX_MOVES];
    char before[CHESS_FEN_MAX], after[CHESS_FEN_MAX];
    int n = chess_legal_moves(p, moves, CHESS_MAX_MOVES);
    check(n >= 0);
    chess_to_fen(p, before, sizeof before);
    uint64_t key = p->key;
    for (int i = 0; i < n; i++) {
        bool gives = chess_gives_check(p, moves[i]);
        check(chess_make(p, moves[i]));
        check(p->key == chess_compute_key(p));
        check(gives == chess_in_check(p));
        chess_unmake(p, moves[i]);
        chess_to_fen(p, after, sizeof after);
        check(strcmp(before, after) == 0 && p->key == key);
        char san[16];
        chess_move_to_san(p, moves[i], san, sizeof san);
        check(chess_move_from_san(p, san) == moves[i]);
    }
    (void)chess_evaluate(p);
    (void)chess_status(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[INPUT_MAX + 1];
    char err[128], out[CHESS_FEN_MAX], out2[CHESS_FEN_MAX];
    if (size > INPUT_MAX)
        size = INPUT_MAX;
    memcpy(text, data, size);
    text[size] = '\0';

    chess_start(&pos);
    memcpy(&untouched, &pos, offsetof(chess_pos, undo));
    err[0] = '\0';
    if (chess_from_fen(&pos, text, err, sizeof err) < 0) {
        check(err[0] != '\0' && strchr(err, '\n') == NULL);
        check(memcmp(&pos, &untouched, offsetof(chess_pos, undo)) == 0);
        return 0;
    }
    chess_to_fen(&pos, out, sizeof out);
    check(chess_from_fen(&again, out, err, sizeof err) == 0);
    chess_to_fen(&again, out2, sizeof out2);
    check(strcmp(out, out2) == 0);
    check(again.key == pos.key && pos.key == chess_compute_key(&pos));
    exercise_moves(&pos);
    return 0;
}

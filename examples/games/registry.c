/* The example games pab-bench and the tests know, by name. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games.h"

extern const ex_game ex_tictactoe;
extern const ex_game ex_connect4;
extern const ex_game ex_othello;
extern const ex_game ex_tree;
extern const ex_game ex_chess;

const ex_game *const ex_games[] = {
    &ex_tictactoe, &ex_connect4, &ex_othello, &ex_tree, &ex_chess, NULL,
};

const ex_game *ex_game_find(const char *name)
{
    for (int i = 0; ex_games[i] != NULL; i++)
        if (strcmp(ex_games[i]->name, name) == 0)
            return ex_games[i];
    return NULL;
}

int ex_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (err != NULL && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return PAB_EINVAL;
}

uint64_t ex_mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= UINT64_C(0xbf58476d1ce4e5b9);
    x ^= x >> 27;
    x *= UINT64_C(0x94d049bb133111eb);
    return x ^ (x >> 31);
}

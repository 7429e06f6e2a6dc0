/*
 * Tic-tac-toe on libpab: every required callback and the move-index hook,
 * in the fewest lines that stay clear.
 */
#include <stdio.h>
#include <string.h>

#include "tictactoe.h"

static const uint8_t lines[8][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6},
};

/* Centre, corners, edges: the usual best-first order. */
static const uint8_t move_order[9] = {4, 0, 2, 6, 8, 1, 3, 5, 7};

static const ttt_scoring scorings[3] = {TTT_SCORE_PLAIN, TTT_SCORE_STONES,
                                        TTT_SCORE_MATE};

int ttt_winner(const ttt_state *s)
{
    for (int i = 0; i < 8; i++) {
        uint8_t a = s->cell[lines[i][0]];
        if (a != 0 && a == s->cell[lines[i][1]] && a == s->cell[lines[i][2]])
            return a;
    }
    return 0;
}

static int side_to_move(const ttt_state *s)
{
    return (s->stones & 1) ? 2 : 1;
}

/* The side to move has lost (the only way a game ends with a winner). */
static pab_score_t loss_score(const ttt_state *s, ttt_scoring scoring)
{
    switch (scoring) {
    case TTT_SCORE_STONES: {
        int winner_stones = (s->stones + 1) / 2; /* the last mover's */
        return -(10 - winner_stones);
    }
    case TTT_SCORE_MATE: return PAB_SCORE_LOSS_IN(0);
    default: return -TTT_WIN_PLAIN;
    }
}

/* Lines still open for the side to move minus those open for the other. */
static pab_score_t heuristic(const ttt_state *s)
{
    int me = side_to_move(s), them = 3 - me, h = 0;
    for (int i = 0; i < 8; i++) {
        bool mine = false, theirs = false;
        for (int k = 0; k < 3; k++) {
            mine |= s->cell[lines[i][k]] == me;
            theirs |= s->cell[lines[i][k]] == them;
        }
        h += (!theirs) - (!mine);
    }
    return h;
}

static int ttt_generate(const void *state, pab_move_t *moves, unsigned capacity,
                        pab_score_t *terminal, void *user)
{
    const ttt_state *s = state;
    if (ttt_winner(s)) {
        *terminal = loss_score(s, *(const ttt_scoring *)user);
        return 0;
    }
    int n = 0;
    for (int i = 0; i < 9 && (unsigned)n < capacity; i++)
        if (s->cell[move_order[i]] == 0)
            moves[n++] = move_order[i];
    *terminal = 0; /* a full board is a draw */
    return n;
}

static bool ttt_make(void *state, pab_move_t m, void *user)
{
    ttt_state *s = state;
    s->cell[m] = (uint8_t)side_to_move(s);
    s->stones++;
    return true;
}

static void ttt_unmake(void *state, pab_move_t m, void *user)
{
    ttt_state *s = state;
    s->cell[m] = 0;
    s->stones--;
}

static pab_score_t ttt_evaluate(const void *state, void *user)
{
    const ttt_state *s = state;
    if (ttt_winner(s))
        return loss_score(s, *(const ttt_scoring *)user);
    if (s->stones == 9)
        return 0;
    return heuristic(s);
}

/* The board read as a base-3 number is already unique; a 64-bit mix spreads
 * it over the whole key so the table's shards and buckets are all used. */
static uint64_t ttt_hash(const void *state, void *user)
{
    const ttt_state *s = state;
    uint64_t x = 0;
    for (int i = 0; i < 9; i++)
        x = x * 3 + s->cell[i];
    return ex_mix64(x + 0x9e3779b97f4a7c15u);
}

static unsigned ttt_move_index(const void *state, pab_move_t m, void *user)
{
    return (unsigned)m;
}

void ttt_game(pab_game *g, ttt_scoring scoring)
{
    pab_game_init(g);
    g->state_size = sizeof(ttt_state);
    g->max_moves = 9;
    g->flags = scoring == TTT_SCORE_MATE ? PAB_GAME_DISTANCE_SCORES : 0;
    g->user = (void *)&scorings[scoring];
    g->generate = ttt_generate;
    g->make = ttt_make;
    g->unmake = ttt_unmake;
    g->evaluate = ttt_evaluate;
    g->hash = ttt_hash;
    g->move_index = ttt_move_index;
    g->move_index_count = 9;
}

void ttt_init(ttt_state *s)
{
    memset(s, 0, sizeof *s);
}

int ttt_parse(ttt_state *s, const char *text)
{
    ttt_state t;
    int x = 0, o = 0;
    ttt_init(&t);
    if (text == NULL || strlen(text) != 9)
        return PAB_EINVAL;
    for (int i = 0; i < 9; i++) {
        switch (text[i]) {
        case 'X':
        case 'x':
            t.cell[i] = 1;
            x++;
            break;
        case 'O':
        case 'o':
            t.cell[i] = 2;
            o++;
            break;
        case '.':
        case '-': break;
        default: return PAB_EINVAL;
        }
    }
    if (x != o && x != o + 1)
        return PAB_EINVAL;
    t.stones = (uint8_t)(x + o);
    *s = t;
    return 0;
}

/* ---- the pab-bench descriptor ------------------------------------------- */

static int ex_setup(pab_game *g, void *state, const char *params,
                    const char *position, char *err, size_t errlen)
{
    ttt_scoring scoring = TTT_SCORE_PLAIN;
    if (params != NULL) {
        if (strcmp(params, "plain") == 0)
            scoring = TTT_SCORE_PLAIN;
        else if (strcmp(params, "stones") == 0)
            scoring = TTT_SCORE_STONES;
        else if (strcmp(params, "mate") == 0)
            scoring = TTT_SCORE_MATE;
        else {
            snprintf(err, errlen,
                     "tictactoe: unknown scoring '%s' (plain, stones, mate)",
                     params);
            return PAB_EINVAL;
        }
    }
    ttt_game(g, scoring);
    if (position == NULL) {
        ttt_init(state);
        return 0;
    }
    if (ttt_parse(state, position) < 0) {
        snprintf(err, errlen,
                 "tictactoe: bad position '%s' (nine of X, O, '.', row by "
                 "row; X moves first)",
                 position);
        return PAB_EINVAL;
    }
    return 0;
}

static void ex_move_name(const pab_game *g, const void *state, pab_move_t m,
                         char *buf, size_t len)
{
    snprintf(buf, len, "%u", (unsigned)m + 1);
}

static pab_move_t ex_parse_move(const pab_game *g, const void *state,
                                const char *text)
{
    const ttt_state *s = state;
    if (text[0] < '1' || text[0] > '9' || text[1] != '\0')
        return PAB_MOVE_NONE;
    unsigned sq = (unsigned)(text[0] - '1');
    if (s->cell[sq] != 0 || ttt_winner(s))
        return PAB_MOVE_NONE;
    return sq;
}

static long ex_natural_score(const pab_game *g, const void *state,
                             pab_score_t score)
{
    return score > 0 ? 1 : score < 0 ? -1 : 0;
}

static int ex_solve_depth(const pab_game *g, const void *state)
{
    return 9 - ((const ttt_state *)state)->stones;
}

static const char *ex_bench_position(unsigned index)
{
    static const char *const positions[] = {".........", "X........",
                                            "....X....", "X...O...."};
    return index < 4 ? positions[index] : NULL;
}

const ex_game ex_tictactoe = {
    .name = "tictactoe",
    .description = "tic-tac-toe (params: plain, stones or mate scoring)",
    .setup = ex_setup,
    .move_name = ex_move_name,
    .parse_move = ex_parse_move,
    .natural_score = ex_natural_score,
    .solve_depth = ex_solve_depth,
    .perft_flags = 0,
    .default_depth = 9,
    .bench_position = ex_bench_position,
    .bench_depth = 9,
};

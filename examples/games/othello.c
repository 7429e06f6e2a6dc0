/*
 * Othello for libpab: bitboard move generation by shifting in the eight
 * directions, flips found ray by ray, passes as moves.  See othello.h for
 * the board layout, the scores and the position text.
 */
#include "othello.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define FILE_A    UINT64_C(0x0101010101010101)
#define FILE_H    UINT64_C(0x8080808080808080)
#define CORNERS   UINT64_C(0x8100000000000081)
#define X_SQUARES UINT64_C(0x0042000000004200) /* b2 g2 b7 g7 */
#define C_SQUARES UINT64_C(0x4281000000008142) /* b1 g1 a2 h2 a7 h7 b8 g8 */
#define EDGES     (FILE_A | FILE_H | UINT64_C(0xFF000000000000FF))

/* One step in each of the eight directions: a shift, and the squares that
 * can be reached by it (a step east must not wrap from file h to file a of
 * the next rank). */
typedef struct direction {
    int shift;     /* > 0 shifts left, < 0 right */
    uint64_t keep; /* squares a step may land on */
} direction;

static const direction directions[8] = {
    {+1, ~FILE_A}, {-1, ~FILE_H}, {+8, ~UINT64_C(0)}, {-8, ~UINT64_C(0)},
    {+9, ~FILE_A}, {-9, ~FILE_H}, {+7, ~FILE_H},      {-7, ~FILE_A},
};

static uint64_t step(uint64_t b, const direction *d)
{
    return (d->shift > 0 ? b << d->shift : b >> -d->shift) & d->keep;
}

/* Squares where a disc of `own` outflanks at least one disc of `opp`: grow
 * runs of opponent discs out of our discs one step at a time (a run has at
 * most six discs), then the empty square right after a run is a move. */
static uint64_t legal_moves(uint64_t own, uint64_t opp)
{
    uint64_t empty = ~(own | opp), moves = 0;
    for (int i = 0; i < 8; i++) {
        const direction *d = &directions[i];
        uint64_t run = step(own, d) & opp;
        for (int k = 0; k < 5; k++)
            run |= step(run, d) & opp;
        moves |= step(run, d) & empty;
    }
    return moves;
}

/* The opponent discs a disc on `square` turns over: along each ray, the run
 * of opponent discs counts if one of our discs closes it. */
static uint64_t flips_of(uint64_t own, uint64_t opp, int square)
{
    uint64_t start = UINT64_C(1) << square, flips = 0;
    for (int i = 0; i < 8; i++) {
        const direction *d = &directions[i];
        uint64_t run = 0, x = step(start, d);
        while (x & opp) {
            run |= x;
            x = step(x, d);
        }
        if (x & own)
            flips |= run;
    }
    return flips;
}

static int popcount64(uint64_t x)
{
    return __builtin_popcountll(x);
}

static int lowest_square(uint64_t x)
{
    return __builtin_ctzll(x);
}

static pab_score_t disc_difference(const oth_pos *pos)
{
    return (pab_score_t)(popcount64(pos->own) - popcount64(pos->opp));
}

static void swap_sides(oth_pos *pos)
{
    uint64_t t = pos->own;
    pos->own = pos->opp;
    pos->opp = t;
    pos->black_to_move = !pos->black_to_move;
}

void oth_init(oth_pos *pos)
{
    memset(pos, 0, sizeof *pos);
    /* Black (to move): d5 (bit 35), e4 (bit 28); white: d4 (27), e5 (36). */
    pos->own = (UINT64_C(1) << 35) | (UINT64_C(1) << 28);
    pos->opp = (UINT64_C(1) << 27) | (UINT64_C(1) << 36);
    pos->black_to_move = true;
}

uint64_t oth_moves(const oth_pos *pos)
{
    return legal_moves(pos->own, pos->opp);
}

uint64_t oth_black(const oth_pos *pos)
{
    return pos->black_to_move ? pos->own : pos->opp;
}

uint64_t oth_white(const oth_pos *pos)
{
    return pos->black_to_move ? pos->opp : pos->own;
}

/* Search order by square class, best first: corners can never be turned
 * back; edges are next; the squares next to an empty corner (C and X
 * squares) tend to give that corner away, the diagonal X squares most. */
static const uint64_t square_classes[] = {
    CORNERS,   EDGES & ~CORNERS & ~C_SQUARES, ~EDGES & ~X_SQUARES, C_SQUARES,
    X_SQUARES,
};

static int oth_generate(const void *state, pab_move_t *moves, unsigned capacity,
                        pab_score_t *terminal, void *user)
{
    const oth_pos *pos = state;
    (void)user;
    uint64_t legal = legal_moves(pos->own, pos->opp);
    if (!legal) {
        if (!legal_moves(pos->opp, pos->own)) {
            *terminal = disc_difference(pos);
            return 0;
        }
        if (capacity < 1)
            return PAB_EINVAL;
        moves[0] = OTH_PASS;
        return 1;
    }
    if (capacity < (unsigned)popcount64(legal))
        return PAB_EINVAL;
    int n = 0;
    for (size_t c = 0; c < sizeof square_classes / sizeof square_classes[0];
         c++)
        for (uint64_t m = legal & square_classes[c]; m; m &= m - 1)
            moves[n++] = (pab_move_t)lowest_square(m);
    return n;
}

/* Only moves from generate() come here, so every disc move is legal. */
static bool oth_make(void *state, pab_move_t move, void *user)
{
    oth_pos *pos = state;
    (void)user;
    if (move != OTH_PASS) {
        uint64_t flips = flips_of(pos->own, pos->opp, (int)move);
        pos->flipped[pos->undo_count++] = flips;
        pos->own |= flips | (UINT64_C(1) << move);
        pos->opp &= ~flips;
    }
    swap_sides(pos);
    return true;
}

static void oth_unmake(void *state, pab_move_t move, void *user)
{
    oth_pos *pos = state;
    (void)user;
    swap_sides(pos);
    if (move != OTH_PASS) {
        uint64_t flips = pos->flipped[--pos->undo_count];
        pos->own &= ~(flips | (UINT64_C(1) << move));
        pos->opp |= flips;
    }
}

/* A finished game is its disc difference, as in generate().  Otherwise:
 * having more moves than the opponent, and corners, are the two things a
 * beginner learns first; the weights keep the value within a few dozen,
 * the scale of a disc difference. */
static pab_score_t oth_evaluate(const void *state, void *user)
{
    const oth_pos *pos = state;
    (void)user;
    int mine = popcount64(legal_moves(pos->own, pos->opp));
    int theirs = popcount64(legal_moves(pos->opp, pos->own));
    if (mine == 0 && theirs == 0)
        return disc_difference(pos);
    int corners =
        popcount64(pos->own & CORNERS) - popcount64(pos->opp & CORNERS);
    return (pab_score_t)(2 * (mine - theirs) + 8 * corners);
}

/* The two boards are relative to the side to move, so they already say
 * whose turn it is; the colours play no part in the value and stay out. */
static uint64_t oth_hash(const void *state, void *user)
{
    const oth_pos *pos = state;
    (void)user;
    return ex_mix64(pos->own ^ ex_mix64(pos->opp));
}

/* No move_flags: without it the library neither reduces nor prunes, so an
 * endgame searched to the end is solved exactly.  No move_index: sorting by
 * history searched slightly more nodes than the square classes alone on
 * 14-empty endgames, and ordering by the opponent's mobility after each
 * move saved nodes but cost more time than it saved (and made perft six
 * times slower). */
void oth_game_init(pab_game *game)
{
    pab_game_init(game);
    game->state_size = sizeof(oth_pos);
    game->max_moves = 64;
    game->generate = oth_generate;
    game->make = oth_make;
    game->unmake = oth_unmake;
    game->evaluate = oth_evaluate;
    game->hash = oth_hash;
}

/* Position text. */

static const char usage[] =
    "expected 64 squares a1..h8 of 'X', 'O' or '-', a space and 'X' or 'O'";

int oth_parse(oth_pos *pos, const char *text, char *err, size_t errlen)
{
    if (!text) {
        oth_init(pos);
        return 0;
    }
    memset(pos, 0, sizeof *pos);
    uint64_t black = 0, white = 0;
    for (int sq = 0; sq < 64; sq++) {
        char c = text[sq];
        if (c == '\0')
            return ex_error(err, errlen, "othello: only %d squares; %s", sq,
                            usage);
        if (c == 'X')
            black |= UINT64_C(1) << sq;
        else if (c == 'O')
            white |= UINT64_C(1) << sq;
        else if (c != '-' && c != '.')
            return ex_error(err, errlen, "othello: square %c%d is '%c'; %s",
                            'a' + sq % 8, 1 + sq / 8, c, usage);
    }
    const char *rest = text + 64;
    if (rest[0] != ' ' || (rest[1] != 'X' && rest[1] != 'O'))
        return ex_error(err, errlen,
                        "othello: no side to move after the 64 squares; %s",
                        usage);
    for (const char *p = rest + 2; *p; p++)
        if (!isspace((unsigned char)*p))
            return ex_error(err, errlen,
                            "othello: unexpected text after the side to"
                            " move: \"%s\"",
                            rest + 2);
    pos->black_to_move = rest[1] == 'X';
    pos->own = pos->black_to_move ? black : white;
    pos->opp = pos->black_to_move ? white : black;
    return 0;
}

void oth_format(const oth_pos *pos, char *buf, size_t len)
{
    char text[OTH_TEXT_LEN + 1];
    uint64_t black = oth_black(pos), white = oth_white(pos);
    for (int sq = 0; sq < 64; sq++) {
        uint64_t bit = UINT64_C(1) << sq;
        text[sq] = (black & bit) ? 'X' : (white & bit) ? 'O' : '-';
    }
    text[64] = ' ';
    text[65] = pos->black_to_move ? 'X' : 'O';
    text[66] = '\0';
    snprintf(buf, len, "%s", text);
}

/* The descriptor. */

static int ex_oth_setup(pab_game *game, void *state, const char *params,
                        const char *position, char *err, size_t errlen)
{
    if (params && *params)
        return ex_error(err, errlen,
                        "othello: takes no parameters (got \"%s\")", params);
    oth_game_init(game);
    return oth_parse(state, position, err, errlen);
}

static void ex_oth_teardown(pab_game *game)
{
    (void)game;
}

static void ex_oth_move_name(const pab_game *game, const void *state,
                             pab_move_t move, char *buf, size_t len)
{
    (void)game;
    (void)state;
    if (move == OTH_PASS)
        snprintf(buf, len, "pass");
    else if (move < 64)
        snprintf(buf, len, "%c%u", 'a' + (int)(move % 8), move / 8 + 1);
    else
        snprintf(buf, len, "?");
}

static pab_move_t ex_oth_parse_move(const pab_game *game, const void *state,
                                    const char *text)
{
    const oth_pos *pos = state;
    (void)game;
    if (!text)
        return PAB_MOVE_NONE;
    uint64_t legal = oth_moves(pos);
    if (strcmp(text, "pass") == 0) {
        bool can_pass = !legal && legal_moves(pos->opp, pos->own);
        return can_pass ? OTH_PASS : PAB_MOVE_NONE;
    }
    int file = tolower((unsigned char)text[0]) - 'a';
    int rank = text[0] ? text[1] - '1' : -1;
    if (file < 0 || file > 7 || rank < 0 || rank > 7 || text[2])
        return PAB_MOVE_NONE;
    int sq = rank * 8 + file;
    return (legal >> sq) & 1 ? (pab_move_t)sq : PAB_MOVE_NONE;
}

static long ex_oth_natural_score(const pab_game *game, const void *state,
                                 pab_score_t score)
{
    (void)game;
    (void)state;
    return (long)score;
}

/* Every disc move fills a square and at most one pass comes before each,
 * so the game ends within twice the empty squares. */
static int ex_oth_solve_depth(const pab_game *game, const void *state)
{
    const oth_pos *pos = state;
    (void)game;
    int plies = 2 * (64 - popcount64(pos->own | pos->opp));
    return plies < PAB_DEPTH_MAX ? plies : PAB_DEPTH_MAX;
}

/* pab-bench compare's default: four middle games, 20 plies of varied
 * play from the start. */
static const char *ex_oth_bench_position(unsigned index)
{
    static const char *const positions[] = {
        "------------O----XX-OO---OOOOXOO--OOXOO----XXOO----XX-------X--- X",
        "------------X------XOX---XXOOXX-OXOOOX--XX--O-------XOOO------O- X",
        "---------XO-----O-OOOX--XOOOOO----OXXXO-XXXXX--O---------------- X",
        "------------------OOO-X----OOXO-OOOOXX--OOXXXX--O-X--X---X------ X",
    };
    return index < 4 ? positions[index] : NULL;
}

const ex_game ex_othello = {
    .name = "othello",
    .description = "Othello 8x8, bitboards; passes are moves; scores are "
                   "disc differences",
    .setup = ex_oth_setup,
    .teardown = ex_oth_teardown,
    .move_name = ex_oth_move_name,
    .parse_move = ex_oth_parse_move,
    .natural_score = ex_oth_natural_score,
    .solve_depth = ex_oth_solve_depth,
    .perft_flags = PAB_PERFT_COUNT_TERMINAL,
    .default_depth = 10,
    .plain_default = false,
    .bench_position = ex_oth_bench_position,
    .bench_depth = 10,
};

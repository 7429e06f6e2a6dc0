/*
 * Connect Four for libpab: bitboards, Pons' scores, centre-first ordering
 * with immediate wins and forced blocks in front.  See connect4.h for the
 * board layout, the scores and the position text.
 */
#include "connect4.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define COL_BITS (C4_HEIGHT + 1)

/* Row 0 of every column. */
#define BOTTOM_ROW UINT64_C(0x0000040810204081)
/* The 42 playable cells (the guard bit of each column excluded). */
#define BOARD_CELLS (BOTTOM_ROW * ((UINT64_C(1) << C4_HEIGHT) - 1))

/* Search order: the centre columns take part in more fours. */
static const int centre_first[C4_WIDTH] = {3, 2, 4, 1, 5, 0, 6};

static uint64_t column_cells(int col)
{
    return ((UINT64_C(1) << C4_HEIGHT) - 1) << (col * COL_BITS);
}

static uint64_t bottom_cell(int col)
{
    return UINT64_C(1) << (col * COL_BITS);
}

static int popcount64(uint64_t x)
{
    return __builtin_popcountll(x);
}

/* Whether the stones `p` contain four in a row.  Pairing shifts by d and
 * then by 2d finds four in a row along d; the empty guard row stops a run
 * from wrapping from one column into the next. */
static bool has_four(uint64_t p)
{
    static const int steps[] = {1, COL_BITS, COL_BITS - 1, COL_BITS + 1};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        uint64_t pairs = p & (p >> steps[i]);
        if (pairs & (pairs >> (2 * steps[i])))
            return true;
    }
    return false;
}

/* The empty cells where one more stone of `p` would make four (whether or
 * not they can be played yet). */
static uint64_t winning_cells(uint64_t p, uint64_t mask)
{
    /* Vertically only "three below" is possible. */
    uint64_t cells = (p << 1) & (p << 2) & (p << 3);
    static const int steps[] = {COL_BITS, COL_BITS - 1, COL_BITS + 1};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        int d = steps[i];
        uint64_t two_before = (p << d) & (p << 2 * d);
        uint64_t two_after = (p >> d) & (p >> 2 * d);
        cells |= two_before & (p << 3 * d); /* XXX_ */
        cells |= two_before & (p >> d);     /* XX_X */
        cells |= two_after & (p << d);      /* X_XX */
        cells |= two_after & (p >> 3 * d);  /* _XXX */
    }
    return cells & BOARD_CELLS & ~mask;
}

/* The lowest empty cell of every column that has one. */
static uint64_t playable_cells(uint64_t mask)
{
    return (mask + BOTTOM_ROW) & BOARD_CELLS;
}

static uint64_t opponent_stones(const c4_pos *pos)
{
    return pos->current ^ pos->mask;
}

/* Stones played so far by the side to move and by the side that just
 * moved (the first player moves on even counts). */
static int mover_stones(const c4_pos *pos)
{
    return pos->moves / 2;
}

static int last_mover_stones(const c4_pos *pos)
{
    return (pos->moves + 1) / 2;
}

/* Pons' value of a win completed with the winner's n-th stone. */
static pab_score_t win_score(int stones)
{
    return (pab_score_t)(C4_CELLS / 2 + 1 - stones);
}

void c4_init(c4_pos *pos)
{
    memset(pos, 0, sizeof *pos);
}

bool c4_last_move_won(const c4_pos *pos)
{
    return has_four(opponent_stones(pos));
}

bool c4_can_play(const c4_pos *pos, int col)
{
    if (col < 0 || col >= C4_WIDTH || c4_last_move_won(pos))
        return false;
    return (playable_cells(pos->mask) & column_cells(col)) != 0;
}

/* Drop a stone into `col`.  The side to move changes: the old opponent's
 * stones become `current`, and the new stone belongs to neither `current`
 * nor the old mover's set, which is exactly the opponent's view. */
static void play(c4_pos *pos, int col)
{
    pos->current ^= pos->mask;
    pos->mask |= pos->mask + bottom_cell(col);
    pos->moves++;
}

static void take_back(c4_pos *pos, int col)
{
    uint64_t stack = pos->mask & column_cells(col);
    /* The stones of a column are contiguous from the bottom, so adding the
     * bottom bit lands just above the top stone. */
    uint64_t top = (stack + bottom_cell(col)) >> 1;
    pos->mask ^= top;
    pos->current ^= pos->mask;
    pos->moves--;
}

/* Exact value of a finished game, or false when the game goes on. */
static bool finished_score(const c4_pos *pos, pab_score_t *score)
{
    if (c4_last_move_won(pos)) {
        *score = -win_score(last_mover_stones(pos));
        return true;
    }
    if (pos->moves == C4_CELLS) {
        *score = 0;
        return true;
    }
    return false;
}

/* Order key of one move: lower classes first, then more follow-up threats.
 * Classes: 0 wins now, 1 blocks the opponent's immediate win, 2 ordinary,
 * 3 fills the cell right under an opponent's winning cell. */
static int move_key(const c4_pos *pos, uint64_t cell, uint64_t my_wins,
                    uint64_t opp_wins, uint64_t playable)
{
    int cls;
    if (cell & my_wins)
        cls = 0;
    else if (cell & opp_wins & playable)
        cls = 1;
    else if ((cell << 1) & opp_wins)
        cls = 3;
    else
        cls = 2;
    int threats =
        popcount64(winning_cells(pos->current | cell, pos->mask | cell));
    return cls * 64 - threats;
}

static int c4_generate(const void *state, pab_move_t *moves, unsigned capacity,
                       pab_score_t *terminal, void *user)
{
    const c4_pos *pos = state;
    (void)user;
    if (finished_score(pos, terminal))
        return 0;
    uint64_t playable = playable_cells(pos->mask);
    if (capacity < (unsigned)popcount64(playable))
        return PAB_EINVAL;
    uint64_t my_wins = winning_cells(pos->current, pos->mask);
    uint64_t opp_wins = winning_cells(opponent_stones(pos), pos->mask);
    int keys[C4_WIDTH];
    int n = 0;
    for (int i = 0; i < C4_WIDTH; i++) {
        int col = centre_first[i];
        uint64_t cell = playable & column_cells(col);
        if (!cell)
            continue;
        int key = move_key(pos, cell, my_wins, opp_wins, playable);
        /* Insertion sort; equal keys keep the centre-first order. */
        int j = n++;
        for (; j > 0 && keys[j - 1] > key; j--) {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
        }
        keys[j] = key;
        moves[j] = (pab_move_t)col;
    }
    return n;
}

static bool c4_make(void *state, pab_move_t move, void *user)
{
    (void)user;
    play(state, (int)move);
    return true;
}

static void c4_unmake(void *state, pab_move_t move, void *user)
{
    (void)user;
    take_back(state, (int)move);
}

/* Only finished games and outcomes settled within the next two plies get a
 * non-zero value; everything else is 0.  Scores are integers and a win is
 * worth at least 1, so no heuristic could stay strictly between a draw and
 * the smallest win: solving searches to the end of the game anyway. */
static pab_score_t c4_evaluate(const void *state, void *user)
{
    const c4_pos *pos = state;
    pab_score_t score;
    (void)user;
    if (finished_score(pos, &score))
        return score;

    uint64_t playable = playable_cells(pos->mask);
    if (winning_cells(pos->current, pos->mask) & playable)
        return win_score(mover_stones(pos) + 1);
    /* The opponent wins with its next stone when we cannot stop it: two
     * immediate wins, or every move we have uncovers one.  That needs a
     * cell left for the opponent after our move. */
    if (pos->moves > C4_CELLS - 2)
        return 0;
    uint64_t opp_wins = winning_cells(opponent_stones(pos), pos->mask);
    uint64_t forced = opp_wins & playable;
    uint64_t safe = playable & ~(opp_wins >> 1);
    if (forced) {
        if (forced & (forced - 1))
            safe = 0;
        else
            safe &= forced;
    }
    if (!safe)
        return -win_score(last_mover_stones(pos) + 1);
    return 0;
}

/* A bijective 64-bit mixer (the finaliser of the SplitMix generator): keys
 * that differ anywhere give unrelated hashes, and distinct keys never
 * collide. */

/* current + mask + bottom row marks, per column, the cell above the top
 * stone and keeps the mover's stones below it: a unique key. */
static uint64_t c4_hash(const void *state, void *user)
{
    const c4_pos *pos = state;
    (void)user;
    return ex_mix64(pos->current + pos->mask + BOTTOM_ROW);
}

/* No move_index: the library would sort quiet moves by history and undo
 * the wins-and-blocks-first order of generate().  No move_flags: without it
 * the library neither reduces nor prunes, so a search to the end is exact. */
void c4_solve_config(pab_config *config, const c4_pos *pos)
{
    config->max_depth = C4_CELLS - pos->moves;
    config->null_move = false;
    config->late_move_reductions = false;
    config->futility_pruning = false;
}

void c4_game_init(pab_game *game)
{
    pab_game_init(game);
    game->state_size = sizeof(c4_pos);
    game->max_moves = C4_WIDTH;
    game->generate = c4_generate;
    game->make = c4_make;
    game->unmake = c4_unmake;
    game->evaluate = c4_evaluate;
    game->hash = c4_hash;
}

int c4_parse(c4_pos *pos, const char *text, char *err, size_t errlen)
{
    c4_init(pos);
    if (!text)
        return 0;
    for (int i = 0; text[i]; i++) {
        char c = text[i];
        int n = i + 1;
        if (c < '1' || c > '0' + C4_WIDTH)
            return ex_error(err, errlen,
                            "connect4: character %d of the moves is '%c',"
                            " not a column 1-7",
                            n, c);
        if (c4_last_move_won(pos))
            return ex_error(err, errlen,
                            "connect4: move %d comes after the game ended"
                            " (four in a row at move %d)",
                            n, i);
        int col = c - '1';
        if (!c4_can_play(pos, col))
            return ex_error(err, errlen,
                            "connect4: move %d plays column %d, which is"
                            " full",
                            n, col + 1);
        play(pos, col);
    }
    return 0;
}

/* The descriptor. */

static int ex_c4_setup(pab_game *game, void *state, const char *params,
                       const char *position, char *err, size_t errlen)
{
    if (params && *params) {
        if (err && errlen)
            snprintf(err, errlen, "connect4: takes no parameters (got \"%s\")",
                     params);
        return PAB_EINVAL;
    }
    c4_game_init(game);
    return c4_parse(state, position, err, errlen);
}

static void ex_c4_teardown(pab_game *game)
{
    (void)game;
}

static void ex_c4_move_name(const pab_game *game, const void *state,
                            pab_move_t move, char *buf, size_t len)
{
    (void)game;
    (void)state;
    if (move < C4_WIDTH)
        snprintf(buf, len, "%u", (unsigned)move + 1);
    else
        snprintf(buf, len, "?");
}

static pab_move_t ex_c4_parse_move(const pab_game *game, const void *state,
                                   const char *text)
{
    (void)game;
    if (!text || text[0] < '1' || text[0] > '0' + C4_WIDTH || text[1])
        return PAB_MOVE_NONE;
    int col = text[0] - '1';
    return c4_can_play(state, col) ? (pab_move_t)col : PAB_MOVE_NONE;
}

static long ex_c4_natural_score(const pab_game *game, const void *state,
                                pab_score_t score)
{
    (void)game;
    (void)state;
    return (long)score;
}

/* Every move fills a cell, so the game ends within the cells left. */
static int ex_c4_solve_depth(const pab_game *game, const void *state)
{
    const c4_pos *pos = state;
    (void)game;
    return C4_CELLS - pos->moves;
}

/* pab-bench compare's default: middle games, the first ten moves of four
 * lines of tests/data/connect4.txt. */
static const char *ex_c4_bench_position(unsigned index)
{
    static const char *const positions[] = {"2252576253", "7422341735",
                                            "2316341612", "5621545643"};
    return index < 4 ? positions[index] : NULL;
}

const ex_game ex_connect4 = {
    .name = "connect4",
    .description = "Connect Four 7x6, bitboards; scores in Pons' units "
                   "(22 - winner's stones)",
    .setup = ex_c4_setup,
    .teardown = ex_c4_teardown,
    .move_name = ex_c4_move_name,
    .parse_move = ex_c4_parse_move,
    .natural_score = ex_c4_natural_score,
    .solve_depth = ex_c4_solve_depth,
    .perft_flags = 0,
    .default_depth = 12,
    .plain_default = false,
    .bench_position = ex_c4_bench_position,
    .bench_depth = 20,
};

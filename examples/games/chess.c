/*
 * Chess for libpab: the callback table and the ex_chess descriptor.  The
 * board, moves and rules are in chess_board.c, chess_movegen.c,
 * chess_fen.c and chess_notation.c, the evaluation in chess_eval.c; see
 * chess.h for the conventions.
 */
#include <stdio.h>
#include <string.h>

#include "chess_bits.h"

/* Draw rules apply after a move from the root, and never in perft. */
static bool draw_by_rule(const chess_pos *pos)
{
    return !pos->perft && pos->ply > pos->root && chess_rule_draw(pos);
}

static int chess_cb_generate(const void *state, pab_move_t *moves,
                             unsigned capacity, pab_score_t *terminal,
                             void *user)
{
    const chess_pos *pos = state;
    (void)user;
    if (draw_by_rule(pos))
        return 0; /* *terminal stays 0 */
    int n = pos->perft ? chess_generate(pos, GEN_ALL, moves, capacity)
                       : chess_generate_ordered(pos, moves, capacity);
    if (n < 0)
        return PAB_EINVAL; /* more moves than the buffer holds */
    if (n == 0 && pos->checkers)
        *terminal = PAB_SCORE_LOSS_IN(0);
    return n;
}

static bool chess_cb_make(void *state, pab_move_t move, void *user)
{
    (void)user;
    return chess_make(state, move);
}

static void chess_cb_unmake(void *state, pab_move_t move, void *user)
{
    (void)user;
    chess_unmake(state, move);
}

/* Draws and checkmate as generate() reports them; stalemate would need a
 * move generation at every leaf and is left to the search. */
static pab_score_t chess_cb_evaluate(const void *state, void *user)
{
    const chess_pos *pos = state;
    (void)user;
    if (draw_by_rule(pos))
        return 0;
    if (pos->checkers && !chess_has_legal_move(pos))
        return PAB_SCORE_LOSS_IN(0);
    return chess_evaluate(pos);
}

static uint64_t chess_cb_hash(const void *state, void *user)
{
    (void)user;
    return ((const chess_pos *)state)->key;
}

static int chess_cb_generate_noisy(const void *state, pab_move_t *moves,
                                   unsigned capacity, void *user)
{
    (void)user;
    int n = chess_generate_noisy(state, moves, capacity);
    return n < 0 ? PAB_EINVAL : n;
}

/* A null move is unsound in check and where passing would be the best
 * move (zugzwang), which is likeliest with nothing but king and pawns. */
static bool chess_cb_make_null(void *state, void *user)
{
    chess_pos *pos = state;
    (void)user;
    uint64_t pieces = pos->color_bb[pos->side] &
                      ~(pos->type_bb[CHESS_PAWN] | pos->type_bb[CHESS_KING]);
    if (pos->checkers || !pieces)
        return false;
    return chess_make_null(pos);
}

static void chess_cb_unmake_null(void *state, void *user)
{
    (void)user;
    chess_unmake_null(state);
}

static unsigned chess_cb_move_index(const void *state, pab_move_t move,
                                    void *user)
{
    (void)state;
    (void)user;
    return (unsigned)(CHESS_MOVE_FROM(move) * 64 + CHESS_MOVE_TO(move));
}

/* Captures and promotions: what the noisy stage generates. */
static bool tactical(const chess_pos *pos, pab_move_t move)
{
    return pos->board[CHESS_MOVE_TO(move)] || CHESS_MOVE_PROMO(move) ||
           (move & CHESS_MOVE_EN_PASSANT);
}

static unsigned chess_cb_move_flags(const void *state, pab_move_t move,
                                    void *user)
{
    const chess_pos *pos = state;
    (void)user;
    unsigned flags = 0;
    if (tactical(pos, move))
        flags |= PAB_MOVE_TACTICAL;
    if (chess_gives_check(pos, move))
        flags |= PAB_MOVE_CHECK;
    return flags;
}

uint64_t chess_pawn_key(const chess_pos *pos)
{
    const uint64_t pawns = pos->type_bb[CHESS_PAWN];
    uint64_t h = (pawns & pos->color_bb[CHESS_WHITE]) * 0x9E3779B97F4A7C15u ^
                 (pawns & pos->color_bb[CHESS_BLACK]) * 0xC2B2AE3D27D4EB4Fu ^
                 (pos->side == CHESS_WHITE ? 0 : 0x165667B19E3779F9u);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9u;
    return h ^ (h >> 29);
}

static uint64_t chess_cb_correction_key(const void *state, void *user)
{
    (void)user;
    return chess_pawn_key(state);
}

static bool chess_cb_in_check(const void *state, void *user)
{
    (void)user;
    return ((const chess_pos *)state)->checkers != 0;
}

/* Repetition and the fifty-move rule, asked before the table so that a
 * stored score from another path cannot hide a draw. */
static bool chess_cb_decided(const void *state, pab_score_t *score, void *user)
{
    (void)user;
    if (!draw_by_rule(state))
        return false;
    *score = 0;
    return true;
}

/* ---- staged, scored generation (libpab 0.4) --------------------------- */

static const unsigned stage_kinds[3] = {
    [PAB_STAGE_ALL] = GEN_ALL,
    [PAB_STAGE_NOISY] = GEN_CAPTURES | GEN_UNDERPROMOTIONS,
    [PAB_STAGE_QUIET] = GEN_QUIETS,
};

static int chess_cb_generate_scored(void *state, unsigned stage,
                                    pab_move_t *moves, int32_t *scores,
                                    unsigned capacity, pab_score_t *terminal,
                                    void *user)
{
    const chess_pos *pos = state;
    (void)user;
    if (stage > PAB_STAGE_QUIET)
        return PAB_EINVAL;
    if (draw_by_rule(pos))
        return 0; /* *terminal stays 0 */
    int n = chess_generate(pos, stage_kinds[stage], moves, capacity);
    if (n < 0)
        return PAB_EINVAL; /* more moves than the buffer holds */
    for (int i = 0; i < n; i++)
        scores[i] = stage == PAB_STAGE_QUIET ? 0
                    : stage == PAB_STAGE_NOISY || tactical(pos, moves[i])
                        ? chess_noisy_score(pos, moves[i])
                        : 0;
    /* The generator is legal: with no move at all the position is mate
     * or stalemate, whatever the stage. */
    if (pos->checkers)
        *terminal = PAB_SCORE_LOSS_IN(0);
    return n;
}

static bool chess_cb_move_valid(void *state, pab_move_t move, void *user)
{
    (void)user;
    return !draw_by_rule(state) && chess_move_valid(state, move);
}

void chess_game_init(pab_game *game)
{
    chess_game_init_plain(game);
    /* generate() stays, for programs that list moves themselves; the
     * library prefers generate_scored(). */
    game->generate_scored = chess_cb_generate_scored;
    /* A move's low 12 bits are its from and to squares: the history index
     * without a call (the same slots as move_index(), numbered apart). */
    game->flags |= PAB_GAME_STAGED | PAB_GAME_INDEX_LOW_BITS;
    game->move_valid = chess_cb_move_valid;
    /* Quiescence then takes the noisy stage, whose exchange scores let it
     * leave out captures that lose material (qsearch_skip_bad). */
    game->generate_noisy = NULL;
}

void chess_game_init_plain(pab_game *game)
{
    chess_init();
    pab_game_init(game);
    game->state_size = sizeof(chess_pos);
    game->max_moves = CHESS_MAX_MOVES;
    game->flags = PAB_GAME_DISTANCE_SCORES;
    game->generate = chess_cb_generate;
    game->make = chess_cb_make;
    game->unmake = chess_cb_unmake;
    game->evaluate = chess_cb_evaluate;
    game->hash = chess_cb_hash;
    game->generate_noisy = chess_cb_generate_noisy;
    game->make_null = chess_cb_make_null;
    game->unmake_null = chess_cb_unmake_null;
    game->move_index = chess_cb_move_index;
    game->move_index_count = 64 * 64;
    game->move_flags = chess_cb_move_flags;
    game->in_check = chess_cb_in_check;
    game->decided = chess_cb_decided;
    game->correction_key = chess_cb_correction_key;
}

/* ---- the descriptor --------------------------------------------------- */

#define POSITION_TEXT_MAX 4096

/* "FEN" or "FEN moves e2e4 e7e5 ...", "startpos" for the initial FEN. */
static int set_position(chess_pos *pos, const char *text, char *err,
                        size_t errlen)
{
    char fen[POSITION_TEXT_MAX];
    if (text == NULL || *text == '\0') {
        chess_start(pos);
        return 0;
    }
    if (strlen(text) >= sizeof fen) {
        snprintf(err, errlen, "chess: position text longer than %d bytes",
                 POSITION_TEXT_MAX - 1);
        return PAB_EINVAL;
    }
    strcpy(fen, text);
    char *moves = strstr(fen, "moves");
    if (moves)
        *moves = '\0';
    int rc;
    if (strncmp(fen, "startpos", 8) == 0 &&
        strspn(fen + 8, " ") == strlen(fen + 8))
        rc = chess_from_fen(pos, CHESS_START_FEN, err, errlen);
    else
        rc = chess_from_fen(pos, fen, err, errlen);
    if (rc < 0 || moves == NULL)
        return rc;
    char *save = NULL;
    for (char *m = strtok_r(moves + 5, " ", &save); m;
         m = strtok_r(NULL, " ", &save)) {
        pab_move_t move = chess_move_from_uci(pos, m);
        if (move == PAB_MOVE_NONE || chess_play(pos, move) < 0) {
            snprintf(err, errlen, "chess: move '%.8s' is not legal here", m);
            return PAB_EINVAL;
        }
    }
    return 0;
}

static int ex_chess_setup(pab_game *game, void *state, const char *params,
                          const char *position, char *err, size_t errlen)
{
    bool perft = true;
    if (params != NULL && *params != '\0') {
        if (strcmp(params, "rules") == 0) {
            perft = false;
        } else if (strcmp(params, "perft") != 0) {
            snprintf(err, errlen,
                     "chess: unknown params '%s' (perft: no draw rules, the "
                     "default; rules: draws by repetition, fifty moves, "
                     "material)",
                     params);
            return PAB_EINVAL;
        }
    }
    chess_game_init(game);
    int rc = set_position(state, position, err, errlen);
    if (rc < 0)
        return rc;
    ((chess_pos *)state)->perft = perft;
    return 0;
}

static void ex_chess_teardown(pab_game *game)
{
    (void)game;
}

static void ex_chess_move_name(const pab_game *game, const void *state,
                               pab_move_t move, char *buf, size_t len)
{
    (void)game;
    (void)state;
    chess_move_to_uci(move, buf, len);
}

static pab_move_t ex_chess_parse_move(const pab_game *game, const void *state,
                                      const char *text)
{
    (void)game;
    return chess_move_from_uci(state, text);
}

static long ex_chess_natural_score(const pab_game *game, const void *state,
                                   pab_score_t score)
{
    (void)game;
    (void)state;
    if (PAB_SCORE_IS_WIN(score))
        return CHESS_MATE_NATURAL - (long)(PAB_SCORE_MATE - score);
    if (PAB_SCORE_IS_LOSS(score))
        return -(CHESS_MATE_NATURAL - (long)(score + PAB_SCORE_MATE));
    return (long)score;
}

/* pab-bench compare's default chess positions: Bratko-Kopec. */
static const char *ex_chess_bench_position(unsigned index)
{
    return index < CHESS_BK_COUNT ? chess_bk_positions[index].fen : NULL;
}

const ex_game ex_chess = {
    .name = "chess",
    .description = "chess, bitboards and legal moves; position: FEN [moves "
                   "uci...]; params: perft (default, no draw rules) or rules; "
                   "scores in centipawns, mates as +-(100000 - plies)",
    .setup = ex_chess_setup,
    .teardown = ex_chess_teardown,
    .move_name = ex_chess_move_name,
    .parse_move = ex_chess_parse_move,
    .natural_score = ex_chess_natural_score,
    .solve_depth = NULL,
    .perft_flags = PAB_PERFT_BULK,
    .default_depth = 6,
    .plain_default = false,
    .bench_position = ex_chess_bench_position,
    .bench_depth = 8,
};

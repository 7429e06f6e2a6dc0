/*
 * pab-chess tune play: training positions for the tuner (tune.c), from
 * games the engine plays against itself at a fixed depth.  Each game opens
 * with a few random moves, so that games differ; a game whose first search
 * finds one side far ahead is dropped, since its result says more about
 * the random moves than about the positions.  The positions kept are the
 * quiet ones, where the evaluation means most: not in check, the engine's
 * move is not a capture or promotion, and no capture changes the static
 * value (a small quiescence search here, over the module's own moves).
 * Each is written as "FEN result" once the game is over.
 */
#include <stdlib.h>
#include <string.h>

#include "../games/chess_net.h"
#include "pab-chess.h"
#include "tune.h"

#define PLAY_HASH_MB     16
#define PLAY_MAX_PLIES   400
#define PLAY_OPEN_LIMIT  150  /* drop games whose first score is beyond */
#define PLAY_WIN_SCORE   1000 /* adjudicate after WIN_MOVES such scores */
#define PLAY_WIN_MOVES   4
#define PLAY_QUIESCE_MAX 8 /* plies of the quiet test's captures */
#define PLAY_DROPPED     (-2)

typedef struct play_opts {
    long games, depth, random_plies;
    uint64_t seed;
} play_opts;

/* xorshift64*: the same games for the same seed on every machine. */
uint64_t tune_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * UINT64_C(2685821657736338717);
}

uint64_t tune_seed(uint64_t seed)
{
    return seed * UINT64_C(0x9E3779B97F4A7C15) | 1; /* odd, never 0 */
}

static bool is_noisy(const chess_pos *pos, pab_move_t m)
{
    return pos->board[CHESS_MOVE_TO(m)] != 0 || CHESS_MOVE_PROMO(m) != 0 ||
           (m & CHESS_MOVE_EN_PASSANT);
}

/* Captures that do not lose material, until the position is quiet. */
static int quiesce(chess_pos *pos, int alpha, int beta, int depth)
{
    int stand = chess_evaluate(pos);
    if (stand >= beta || depth == 0)
        return stand;
    if (stand > alpha)
        alpha = stand;
    pab_move_t moves[CHESS_MAX_MOVES];
    int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        if (!is_noisy(pos, moves[i]) || chess_see(pos, moves[i]) < 0)
            continue;
        if (!chess_make(pos, moves[i])) {
            chess_unmake(pos, moves[i]);
            continue;
        }
        int v = -quiesce(pos, -beta, -alpha, depth - 1);
        chess_unmake(pos, moves[i]);
        if (v >= beta)
            return v;
        if (v > alpha)
            alpha = v;
    }
    return alpha;
}

bool tune_quiet(chess_pos *pos)
{
    if (chess_in_check(pos))
        return false;
    int stand = chess_evaluate(pos);
    return quiesce(pos, -PAB_SCORE_MAX, PAB_SCORE_MAX, PLAY_QUIESCE_MAX) ==
           stand;
}

/* Random legal moves from the start; false if the game ended among them. */
static bool random_opening(chess_pos *pos, long plies, uint64_t *rng)
{
    chess_start(pos);
    for (long i = 0; i < plies; i++) {
        pab_move_t moves[CHESS_MAX_MOVES];
        int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
        if (n <= 0)
            return false;
        chess_play(pos, moves[tune_random(rng) % (uint64_t)n]);
    }
    return chess_status(pos) == CHESS_ONGOING;
}

/* The positions of one game kept so far, as FEN. */
typedef struct fen_list {
    char (*fen)[CHESS_FEN_MAX];
    size_t n;
} fen_list;

/* 1, 0.5 or 0 for white once the game is decided, else -1. */
static double referee(const chess_pos *pos, int score, int *streak)
{
    switch (chess_status(pos)) {
    case CHESS_ONGOING: break;
    case CHESS_CHECKMATE: return pos->side == CHESS_WHITE ? 0.0 : 1.0;
    default: return 0.5;
    }
    int white = pos->side == CHESS_WHITE ? score : -score;
    if (white >= PLAY_WIN_SCORE)
        *streak = *streak > 0 ? *streak + 1 : 1;
    else if (white <= -PLAY_WIN_SCORE)
        *streak = *streak < 0 ? *streak - 1 : -1;
    else
        *streak = 0;
    if (*streak >= PLAY_WIN_MOVES)
        return 1.0;
    if (*streak <= -PLAY_WIN_MOVES)
        return 0.0;
    return pos->ply >= PLAY_MAX_PLIES ? 0.5 : -1.0;
}

/* One game from the current position; writes its positions to out.
 * Returns how many, PLAY_DROPPED for an unbalanced opening, or -1 if the
 * search failed. */
static long play_game(pab_searcher *s, chess_pos *pos, const pab_config *cfg,
                      fen_list *kept, FILE *out)
{
    int streak = 0;
    double result = -1.0;
    kept->n = 0;
    pab_tt_clear(pab_searcher_tt(s));
    pab_searcher_forget(s);
    for (int ply = 0; result < 0; ply++) {
        pab_result r;
        if (pab_search(s, pos, cfg, &r) < 0 || r.best_move == PAB_MOVE_NONE)
            return -1;
        if (ply == 0 &&
            (r.score > PLAY_OPEN_LIMIT || r.score < -PLAY_OPEN_LIMIT))
            return PLAY_DROPPED;
        bool mate_near =
            PAB_SCORE_IS_WIN(r.score) || PAB_SCORE_IS_LOSS(r.score);
        if (!mate_near && !is_noisy(pos, r.best_move) && tune_quiet(pos) &&
            kept->n < PLAY_MAX_PLIES)
            chess_to_fen(pos, kept->fen[kept->n++], CHESS_FEN_MAX);
        chess_play(pos, r.best_move);
        int score = mate_near ? (r.score > 0 ? PLAY_WIN_SCORE : -PLAY_WIN_SCORE)
                              : (int)r.score;
        /* The score was for the side that moved; the referee wants the
         * side to move now. */
        result = referee(pos, -score, &streak);
    }
    const char *text = result == 1.0   ? "1-0"
                       : result == 0.0 ? "0-1"
                                       : "1/2-1/2";
    for (size_t i = 0; i < kept->n; i++)
        fprintf(out, "%s %s\n", kept->fen[i], text);
    return (long)kept->n;
}

static void play_usage(void)
{
    fprintf(stderr,
            "usage: %s tune play [--games N] [--depth D] [--random-plies P] "
            "[--seed S]\n",
            pc_prog);
    exit(2);
}

static void play_options(int argc, char **argv, play_opts *o)
{
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc)
            play_usage();
        const char *v = argv[++i];
        if (!strcmp(argv[i - 1], "--games"))
            o->games = pc_number("games", v, 1, 100000000);
        else if (!strcmp(argv[i - 1], "--depth"))
            o->depth = pc_number("depth", v, 1, 30);
        else if (!strcmp(argv[i - 1], "--random-plies"))
            o->random_plies = pc_number("random plies", v, 0, 40);
        else if (!strcmp(argv[i - 1], "--seed"))
            o->seed = (uint64_t)pc_number("seed", v, 1, 2147483647);
        else
            play_usage();
    }
}

int tune_play(int argc, char **argv)
{
    play_opts o = {.games = 100, .depth = 5, .random_plies = 8, .seed = 1};
    play_options(argc, argv, &o);
    chess_init();
    pab_game game;
    chess_game_init(&game);
    pab_searcher *s;
    chess_pos *pos = malloc(sizeof *pos);
    fen_list kept = {malloc(PLAY_MAX_PLIES * sizeof *kept.fen), 0};
    if (pos == NULL || kept.fen == NULL ||
        pc_searcher_new(&game, PLAY_HASH_MB, &s) < 0)
        return 1;
    pab_config cfg;
    pab_config_init(&cfg);
    cfg.max_depth = (int)o.depth;
    uint64_t rng = tune_seed(o.seed);
    long played = 0, positions = 0;
    int status = 0;
    /* Openings are dropped only when lopsided: a bound on the tries keeps
     * a mistake there from looping forever. */
    for (long tries = 0; played < o.games && tries < 20 * o.games; tries++) {
        if (!random_opening(pos, o.random_plies, &rng))
            continue;
        long n = play_game(s, pos, &cfg, &kept, stdout);
        if (n == PLAY_DROPPED)
            continue;
        if (n < 0) {
            fprintf(stderr, "%s tune play: search failed\n", pc_prog);
            status = 1;
            break;
        }
        played++;
        positions += n;
    }
    fprintf(stderr, "%s tune play: %ld games, %ld positions, depth %ld\n",
            pc_prog, played, positions, o.depth);
    pab_searcher_destroy(s);
    free(kept.fen);
    free(pos);
    return status;
}

/* ---- tune spread: more positions near the ones a file has ---------------- */

typedef struct spread_opts {
    long walks, plies;
    uint64_t seed;
} spread_opts;

static void spread_usage(void)
{
    fprintf(stderr,
            "usage: %s tune spread [--walks N] [--plies K] [--seed S] "
            "<positions >positions\n",
            pc_prog);
    exit(2);
}

/* One walk of 1..plies random legal moves from pos (restored after);
 * writes where it ends if that is quiet and the game goes on there. */
static bool walk_once(chess_pos *pos, long plies, uint64_t *rng,
                      const char *result, FILE *out)
{
    pab_move_t path[64];
    long n = 1 + (long)(tune_random(rng) % (uint64_t)plies), done = 0;
    while (done < n) {
        pab_move_t moves[CHESS_MAX_MOVES];
        int legal = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
        if (legal <= 0)
            break;
        path[done] = moves[tune_random(rng) % (uint64_t)legal];
        chess_make(pos, path[done++]);
    }
    bool keep =
        done == n && chess_status(pos) == CHESS_ONGOING && tune_quiet(pos);
    if (keep) {
        char fen[CHESS_FEN_MAX];
        chess_to_fen(pos, fen, sizeof fen);
        fprintf(out, "%s %s\n", fen, result);
    }
    while (done > 0)
        chess_unmake(pos, path[--done]);
    return keep;
}

/* Self-play at a fixed depth makes a few thousand positions a minute, all
 * on the lines the engine likes; a few random moves from each of them
 * make many more, cheaply, with the pieces where the engine would not put
 * them, which is what an evaluation must also judge.  Each "FEN result"
 * line of the input gives up to `walks` quiet positions with its result. */
int tune_spread(int argc, char **argv)
{
    spread_opts o = {.walks = 8, .plies = 4, .seed = 1};
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc)
            spread_usage();
        const char *v = argv[++i];
        if (!strcmp(argv[i - 1], "--walks"))
            o.walks = pc_number("walks", v, 1, 1000);
        else if (!strcmp(argv[i - 1], "--plies"))
            o.plies = pc_number("plies", v, 1, 64);
        else if (!strcmp(argv[i - 1], "--seed"))
            o.seed = (uint64_t)pc_number("seed", v, 1, 2147483647);
        else
            spread_usage();
    }
    chess_init();
    /* Quiet by the hand-written evaluation, whatever network is built in,
     * so that the positions do not depend on the weights they will train. */
    chess_net_active = NULL;
    chess_pos *pos = malloc(sizeof *pos);
    if (pos == NULL)
        return 1;
    uint64_t rng = tune_seed(o.seed);
    char line[512], err[128];
    long read = 0, bad = 0, written = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        char *result = strrchr(line, ' ');
        if (result == NULL)
            continue;
        *result++ = '\0';
        read++;
        if (chess_from_fen(pos, line, err, sizeof err) < 0) {
            bad++;
            continue;
        }
        for (long w = 0; w < o.walks; w++)
            written += walk_once(pos, o.plies, &rng, result, stdout);
    }
    fprintf(stderr,
            "%s tune spread: %ld positions read (%ld not FEN), %ld written\n",
            pc_prog, read, bad, written);
    free(pos);
    return 0;
}

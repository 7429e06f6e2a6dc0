/*
 * pab-chess play: a game against a person at a terminal.  The person
 * types moves in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3) notation, or a
 * command; a move that is not legal is refused with the reason and the
 * position stays.  See pab-chess(1).
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "pab-chess.h"
#include "uci.h"

#define PLAY_MOVETIME_DEFAULT 1000
#define PLAY_HASH_MB          64
#define PLAY_INPUT_MAX        256

typedef struct game {
    chess_pos *pos;
    const char *fen;   /* where the game started */
    pab_move_t *moves; /* played since, for undo */
    size_t nmoves, cap;
    int person; /* CHESS_WHITE or CHESS_BLACK */
    pab_game rules;
    pab_searcher *searcher;
    pab_config cfg;
} game;

static const char *const piece_names[] = {"",     "pawn",  "knight", "bishop",
                                          "rook", "queen", "king"};

static void help(void)
{
    printf("Type a move in SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, "
           "e7e8q), or:\n"
           "  moves   list the legal moves\n"
           "  board   show the board again\n"
           "  fen     show the position as FEN\n"
           "  undo    take back your last move and the reply\n"
           "  switch  swap sides with the engine\n"
           "  quit    leave\n");
}

/* ---- options ------------------------------------------------------------- */

static const char *option_arg(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "%s play: %s needs a value\n", pc_prog, argv[*i]);
        exit(2);
    }
    return argv[++*i];
}

static void parse_options(int argc, char **argv, game *g, unsigned *threads,
                          int *algorithm, long *movetime)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--fen")) {
            g->fen = option_arg(argc, argv, &i);
        } else if (!strcmp(a, "--side")) {
            const char *v = option_arg(argc, argv, &i);
            if (strcmp(v, "white") && strcmp(v, "black")) {
                fprintf(stderr, "%s play: --side is white or black\n", pc_prog);
                exit(2);
            }
            g->person = !strcmp(v, "white") ? CHESS_WHITE : CHESS_BLACK;
        } else if (!strcmp(a, "--movetime")) {
            *movetime = pc_number("--movetime", option_arg(argc, argv, &i), 1,
                                  3600L * 1000);
        } else if (!strcmp(a, "--threads")) {
            *threads = (unsigned)pc_number(
                "--threads", option_arg(argc, argv, &i), 1, UCI_THREADS_MAX);
        } else if (!strcmp(a, "--algorithm")) {
            *algorithm = pc_algorithm(option_arg(argc, argv, &i));
        } else {
            fprintf(stderr, "%s play: unknown option '%s'\n", pc_prog, a);
            exit(2);
        }
    }
}

/* ---- the game record ----------------------------------------------------- */

static int record(game *g, pab_move_t m)
{
    if (g->nmoves == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        pab_move_t *p = realloc(g->moves, cap * sizeof *p);
        if (p == NULL)
            return PAB_ENOMEM;
        g->moves = p;
        g->cap = cap;
    }
    g->moves[g->nmoves++] = m;
    return chess_play(g->pos, m);
}

/* Back to the start and forward again: chess_play() keeps the history the
 * repetition rule needs, which taking moves back could not restore. */
static void take_back(game *g, size_t plies)
{
    size_t keep = g->nmoves > plies ? g->nmoves - plies : 0;
    chess_from_fen(g->pos, g->fen, NULL, 0);
    for (size_t i = 0; i < keep; i++)
        chess_play(g->pos, g->moves[i]);
    g->nmoves = keep;
}

/* ---- what the person typed ----------------------------------------------- */

static bool looks_like_uci(const char *t)
{
    size_t n = strlen(t);
    return (n == 4 || n == 5) && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' &&
           t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' &&
           t[3] <= '8';
}

static int square_of(const char *t)
{
    return CHESS_SQUARE(t[0] - 'a', t[1] - '1');
}

static void square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + CHESS_FILE(sq));
    buf[1] = (char)('1' + CHESS_RANK(sq));
    buf[2] = '\0';
}

/* Why a move in UCI notation is not legal. */
static void explain_uci(const chess_pos *pos, const char *t)
{
    int from = square_of(t), to = square_of(t + 2);
    uint8_t piece = pos->board[from];
    pab_move_t moves[CHESS_MAX_MOVES];
    int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
    if (piece == 0) {
        printf("There is no piece on %.2s.\n", t);
        return;
    }
    if (CHESS_COLOR(piece) != pos->side) {
        printf("The %s on %.2s is not yours.\n", piece_names[CHESS_TYPE(piece)],
               t);
        return;
    }
    for (int i = 0; i < n; i++)
        if (CHESS_MOVE_FROM(moves[i]) == from &&
            CHESS_MOVE_TO(moves[i]) == to) {
            printf("Say which piece the pawn becomes: %.4sq, r, b or n.\n", t);
            return;
        }
    printf("The %s on %.2s cannot go to %.2s%s.\n",
           piece_names[CHESS_TYPE(piece)], t, t + 2,
           chess_in_check(pos) ? ": your king is in check" : "");
}

/* The piece type and target square a SAN text names; false when it is not
 * SAN-shaped. */
static bool san_shape(const char *t, int *type, int *to)
{
    const char *p = strchr("NBRQK", t[0]);
    *type = t[0] != '\0' && p != NULL ? CHESS_KNIGHT + (int)(p - "NBRQK")
                                      : CHESS_PAWN;
    *to = -1;
    for (const char *s = t; s[0] != '\0' && s[1] != '\0'; s++) {
        if (*s == '=')
            break;
        if (s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8')
            *to = square_of(s);
    }
    return *to >= 0;
}

/* Why a SAN text names no legal move: nothing of that kind goes there, or
 * more than one does. */
static void explain_san(const chess_pos *pos, const char *t)
{
    int type, to, fits = 0;
    char list[160] = "", san[16], sq[3];
    if (!strncmp(t, "O-O", 3) || !strncmp(t, "0-0", 3)) {
        printf("Castling that way is not legal here.\n");
        return;
    }
    if (!san_shape(t, &type, &to)) {
        printf("'%s' is neither a move (e4, Nf3, O-O, e2e4) nor a command "
               "(type help).\n",
               t);
        return;
    }
    pab_move_t moves[CHESS_MAX_MOVES];
    int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        if (CHESS_MOVE_TO(moves[i]) != to ||
            CHESS_TYPE(pos->board[CHESS_MOVE_FROM(moves[i])]) != type)
            continue;
        chess_move_to_san(pos, moves[i], san, sizeof san);
        if (strlen(list) + strlen(san) + 5 < sizeof list)
            strcat(strcat(list, fits ? " or " : ""), san);
        fits++;
    }
    square_name(to, sq);
    if (fits > 1)
        printf("'%s' is ambiguous: %s.\n", t, list);
    else if (fits == 1)
        printf("'%s' is not legal as written; did you mean %s?\n", t, list);
    else
        printf("No %s of yours can go to %s%s.\n", piece_names[type], sq,
               chess_in_check(pos) ? " that gets your king out of check" : "");
}

static pab_move_t read_move(const chess_pos *pos, const char *t)
{
    pab_move_t m = chess_move_from_uci(pos, t);
    if (m == PAB_MOVE_NONE)
        m = chess_move_from_san(pos, t);
    if (m != PAB_MOVE_NONE)
        return m;
    if (looks_like_uci(t))
        explain_uci(pos, t);
    else
        explain_san(pos, t);
    return PAB_MOVE_NONE;
}

/* ---- output -------------------------------------------------------------- */

static void show(const game *g)
{
    printf("\n");
    pc_print_board(stdout, g->pos, g->person == CHESS_BLACK);
    printf("%s to move%s\n", g->pos->side == CHESS_WHITE ? "White" : "Black",
           chess_in_check(g->pos) ? ", in check" : "");
}

static void list_moves(const chess_pos *pos)
{
    pab_move_t moves[CHESS_MAX_MOVES];
    char san[16];
    int n = chess_legal_moves(pos, moves, CHESS_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        chess_move_to_san(pos, moves[i], san, sizeof san);
        printf("%s%s", i ? " " : "", san);
    }
    printf("\n");
}

/* The engine's view as a person reads it: pawns from white's side, or who
 * mates in how many moves. */
static void eval_text(pab_score_t s, int side, char *buf, size_t len)
{
    const char *engine = side == CHESS_WHITE ? "white" : "black";
    const char *other = side == CHESS_WHITE ? "black" : "white";
    if (PAB_SCORE_IS_WIN(s))
        snprintf(buf, len, "%s mates in %d", engine,
                 (int)(PAB_SCORE_MATE - s + 1) / 2);
    else if (PAB_SCORE_IS_LOSS(s))
        snprintf(buf, len, "%s mates in %d", other,
                 (int)(s + PAB_SCORE_MATE + 1) / 2);
    else
        snprintf(buf, len, "%+.2f", (side == CHESS_WHITE ? s : -s) / 100.0);
}

/* Announce the end of the game; false while it goes on. */
static bool game_over(const chess_pos *pos)
{
    const char *winner = pos->side == CHESS_WHITE ? "Black" : "White";
    switch (chess_status(pos)) {
    case CHESS_CHECKMATE: printf("Checkmate: %s wins.\n", winner); return true;
    case CHESS_STALEMATE: printf("Stalemate: draw.\n"); return true;
    case CHESS_DRAW_REPETITION:
        printf("Draw by threefold repetition.\n");
        return true;
    case CHESS_DRAW_FIFTY:
        printf("Draw by the fifty-move rule.\n");
        return true;
    case CHESS_DRAW_MATERIAL:
        printf("Draw: neither side has the material to mate.\n");
        return true;
    case CHESS_ONGOING: break;
    }
    return false;
}

/* ---- turns --------------------------------------------------------------- */

static int engine_turn(game *g)
{
    pab_result r;
    char san[16], eval[48];
    int rc = pab_search(g->searcher, g->pos, &g->cfg, &r);
    if (rc < 0 && g->cfg.algorithm != PAB_ALGO_SERIAL) {
        printf("(%s failed: %s; thinking serially)\n",
               pab_algorithm_name(g->cfg.algorithm), pab_strerror(rc));
        g->cfg.algorithm = PAB_ALGO_SERIAL;
        g->cfg.threads = 1;
        rc = pab_search(g->searcher, g->pos, &g->cfg, &r);
    }
    if (rc < 0 || r.best_move == PAB_MOVE_NONE) {
        fprintf(stderr, "%s: search failed: %s\n", pc_prog, pab_strerror(rc));
        return 1;
    }
    chess_move_to_san(g->pos, r.best_move, san, sizeof san);
    eval_text(r.score, g->pos->side, eval, sizeof eval);
    printf("pab-chess plays %s   (eval %s, depth %d, %.1f s)\n", san, eval,
           r.depth, r.time_ms / 1000.0);
    return record(g, r.best_move) < 0 ? 1 : 0;
}

/* A command word; false when `t` is not one.  Sets *quit for quit. */
static bool command(game *g, const char *t, bool *quit)
{
    char fen[CHESS_FEN_MAX];
    if (!strcmp(t, "quit") || !strcmp(t, "exit")) {
        *quit = true;
    } else if (!strcmp(t, "help") || !strcmp(t, "?")) {
        help();
    } else if (!strcmp(t, "moves")) {
        list_moves(g->pos);
    } else if (!strcmp(t, "board")) {
        show(g);
    } else if (!strcmp(t, "fen")) {
        chess_to_fen(g->pos, fen, sizeof fen);
        printf("%s\n", fen);
    } else if (!strcmp(t, "undo")) {
        if (g->nmoves < 2)
            printf("Nothing of yours to take back.\n");
        else
            take_back(g, 2);
        show(g);
    } else if (!strcmp(t, "switch")) {
        g->person = !g->person;
    } else {
        return false;
    }
    return true;
}

/* The line without surrounding blanks. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* One of the person's turns: 0 after a move or a command, -1 to leave, 1
 * on failure. */
static int person_turn(game *g)
{
    char line[PLAY_INPUT_MAX];
    bool quit = false;
    printf("Your move (%s): ", g->person == CHESS_WHITE ? "white" : "black");
    fflush(stdout);
    if (fgets(line, sizeof line, stdin) == NULL) {
        printf("\n");
        return -1;
    }
    if (strchr(line, '\n') == NULL && !feof(stdin)) {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
        printf("That line is too long.\n");
        return 0;
    }
    char *t = trim(line);
    if (*t == '\0' || command(g, t, &quit))
        return quit ? -1 : 0;
    pab_move_t m = read_move(g->pos, t);
    if (m != PAB_MOVE_NONE && record(g, m) < 0)
        return 1;
    return 0;
}

/* ---- the game ------------------------------------------------------------ */

static int setup(game *g, unsigned threads, int algorithm, long movetime)
{
    char err[160];
    chess_init();
    g->pos = malloc(sizeof *g->pos);
    if (g->pos == NULL)
        return 1;
    if (chess_from_fen(g->pos, g->fen, err, sizeof err) < 0) {
        fprintf(stderr, "%s play: %s\n", pc_prog, err);
        return 2;
    }
    chess_game_init(&g->rules);
    if (pc_searcher_new(&g->rules, PLAY_HASH_MB, &g->searcher) < 0)
        return 1;
    pab_config_init(&g->cfg);
    g->cfg.algorithm = uci_algorithm(algorithm, threads);
    g->cfg.threads = uci_threads(g->cfg.algorithm, threads);
    g->cfg.time_limit_ms = (uint64_t)movetime;
    return 0;
}

int pc_play(int argc, char **argv)
{
    game g = {.fen = CHESS_START_FEN, .person = CHESS_WHITE};
    unsigned threads = 1;
    int algorithm = UCI_ALGORITHM_DEFAULT;
    long movetime = PLAY_MOVETIME_DEFAULT;
    parse_options(argc, argv, &g, &threads, &algorithm, &movetime);
    int status = setup(&g, threads, algorithm, movetime);
    if (status == 0) {
        printf("pab-chess %s: you play %s; type help for the commands.\n",
               pab_version(), g.person == CHESS_WHITE ? "white" : "black");
        show(&g);
    }
    while (status == 0 && !game_over(g.pos)) {
        bool mine = g.pos->side == g.person;
        size_t before = g.nmoves;
        status = mine ? person_turn(&g) : engine_turn(&g);
        if (status == 0 && g.nmoves > before && !mine)
            show(&g);
    }
    if (status < 0)
        status = 0; /* the person left */
    pab_searcher_destroy(g.searcher);
    free(g.pos);
    free(g.moves);
    return status;
}

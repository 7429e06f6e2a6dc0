/*
 * pab-tictactoe: play tic-tac-toe against libpab, or watch it play itself.
 * See pab-tictactoe(1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pab/pab.h>

#include "../games/tictactoe.h"

typedef struct player_opts {
    bool self_play;
    bool human_first;
    int depth;
    const char *algo;
    unsigned threads;
} player_opts;

static void print_board(const ttt_state *s)
{
    static const char mark[3] = {'.', 'X', 'O'};
    for (int r = 0; r < 3; r++)
        printf(" %c %c %c    %d %d %d\n", mark[s->cell[3 * r]],
               mark[s->cell[3 * r + 1]], mark[s->cell[3 * r + 2]], 3 * r + 1,
               3 * r + 2, 3 * r + 3);
}

static int usage(void)
{
    fprintf(stderr, "usage: pab-tictactoe [--self] [--first=human|computer] "
                    "[--depth=1..9] [--algo=NAME] [--threads=N]\n");
    return 2;
}

static int parse_args(int argc, char **argv, player_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--self") == 0)
            o->self_play = true;
        else if (strcmp(a, "--first=human") == 0)
            o->human_first = true;
        else if (strcmp(a, "--first=computer") == 0)
            o->human_first = false;
        else if (strncmp(a, "--depth=", 8) == 0 && a[8] >= '1' && a[8] <= '9' &&
                 a[9] == '\0')
            o->depth = a[8] - '0';
        else if (strncmp(a, "--algo=", 7) == 0)
            o->algo = a + 7;
        else if (strncmp(a, "--threads=", 10) == 0 && atoi(a + 10) > 0)
            o->threads = (unsigned)atoi(a + 10);
        else {
            fprintf(stderr, "pab-tictactoe: unknown option '%s'\n", a);
            return usage();
        }
    }
    return 0;
}

/* Read a square 1-9 from the person; bad input is refused and asked again,
 * the board is kept.  Returns PAB_MOVE_NONE at end of input. */
static pab_move_t ask_move(const ttt_state *s)
{
    char line[64];
    for (;;) {
        printf("your move (1-9): ");
        fflush(stdout);
        if (fgets(line, sizeof line, stdin) == NULL)
            return PAB_MOVE_NONE;
        line[strcspn(line, "\r\n")] = '\0';
        pab_move_t m = ex_tictactoe.parse_move(NULL, s, line);
        if (m != PAB_MOVE_NONE)
            return m;
        printf("'%s' is not an empty square from 1 to 9; try again\n", line);
    }
}

static int computer_move(pab_searcher *sr, const ttt_state *s,
                         const player_opts *o, pab_move_t *m)
{
    pab_config cfg;
    pab_result res;
    pab_config_init(&cfg);
    cfg.max_depth = o->depth;
    cfg.threads = o->threads;
    if (o->algo != NULL) {
        int a = pab_algorithm_from_name(o->algo);
        if (a < 0)
            return a;
        cfg.algorithm = (pab_algorithm)a;
    }
    int rc = pab_search(sr, s, &cfg, &res);
    if (rc < 0)
        return rc;
    printf("computer plays %u (score %d, %llu nodes)\n",
           (unsigned)res.best_move + 1, (int)res.score,
           (unsigned long long)res.stats.nodes);
    *m = res.best_move;
    return 0;
}

static void announce_result(const ttt_state *s)
{
    int w = ttt_winner(s);
    if (w == 0)
        printf("draw\n");
    else
        printf("%c wins\n", w == 1 ? 'X' : 'O');
}

int main(int argc, char **argv)
{
    player_opts o = {.depth = 9, .threads = 1};
    int rc = parse_args(argc, argv, &o);
    if (rc != 0)
        return rc;
    pab_game game;
    pab_searcher *sr;
    ttt_state s;
    ttt_game(&game, TTT_SCORE_MATE);
    ttt_init(&s);
    rc = pab_searcher_create(&sr, &game, 0);
    if (rc < 0) {
        fprintf(stderr, "pab-tictactoe: %s\n", pab_strerror(rc));
        return 1;
    }
    while (!ttt_winner(&s) && s.stones < 9) {
        print_board(&s);
        bool human = !o.self_play && ((s.stones % 2 == 0) == o.human_first);
        pab_move_t m;
        if (human) {
            m = ask_move(&s);
            if (m == PAB_MOVE_NONE) {
                printf("\nend of input: game abandoned\n");
                pab_searcher_destroy(sr);
                return 0;
            }
        } else if ((rc = computer_move(sr, &s, &o, &m)) < 0) {
            fprintf(stderr, "pab-tictactoe: %s\n", pab_strerror(rc));
            pab_searcher_destroy(sr);
            return 1;
        }
        game.make(&s, m, game.user);
    }
    print_board(&s);
    announce_result(&s);
    pab_searcher_destroy(sr);
    return 0;
}

/*
 * pab_search() with the serial algorithm on tic-tac-toe: exact game values,
 * equality with brute-force minimax (normal and plain mode, all three kinds
 * of score, through a table shared across searches), limits, stop, the
 * edge cases, and perft.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include <pab/pab.h>

#include "../examples/games/tictactoe.h"

/* ---- an independent brute-force negamax over the callbacks --------------- */

/* Root-relative values, as pab_search reports them: a distance score found
 * at ply p counts p more plies. */
static pab_score_t game_value(const pab_game *g, pab_score_t s, int ply)
{
    if (!(g->flags & PAB_GAME_DISTANCE_SCORES))
        return s;
    if (PAB_SCORE_IS_WIN(s))
        return s - ply;
    if (PAB_SCORE_IS_LOSS(s))
        return s + ply;
    return s;
}

static pab_score_t minimax(const pab_game *g, ttt_state *s, int depth, int ply)
{
    pab_move_t moves[9];
    pab_score_t terminal = 0;
    if (depth == 0)
        return game_value(g, g->evaluate(s, g->user), ply);
    int n = g->generate(s, moves, 9, &terminal, g->user);
    if (n == 0)
        return game_value(g, terminal, ply);
    pab_score_t best = -PAB_SCORE_INF;
    for (int i = 0; i < n; i++) {
        g->make(s, moves[i], g->user);
        pab_score_t v = -minimax(g, s, depth - 1, ply + 1);
        g->unmake(s, moves[i], g->user);
        if (v > best)
            best = v;
    }
    return best;
}

/* Every position reachable from the empty board with `stones` stones. */
static int positions(ttt_state *out, int max, int stones)
{
    int n = 0;
    for (int code = 0; code < 19683 && n < max; code++) {
        ttt_state s;
        int c = code, x = 0, o = 0;
        ttt_init(&s);
        for (int i = 0; i < 9; i++, c /= 3) {
            s.cell[i] = (uint8_t)(c % 3);
            x += s.cell[i] == 1;
            o += s.cell[i] == 2;
        }
        if (x + o != stones || (x != o && x != o + 1))
            continue;
        s.stones = (uint8_t)stones;
        /* Reachable: at most the last mover has a line. */
        int w = ttt_winner(&s);
        if (w != 0 && w != ((stones & 1) ? 1 : 2))
            continue;
        out[n++] = s;
    }
    return n;
}

static pab_result search_ttt(pab_searcher *sr, const ttt_state *s, int depth,
                             bool plain)
{
    pab_config cfg;
    pab_result r;
    pab_config_init(&cfg);
    cfg.max_depth = depth;
    cfg.plain = plain;
    int rc = pab_search(sr, s, &cfg, &r);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    return r;
}

/* The principal variation is a legal line and starts with the best move. */
static void check_pv(const pab_game *g, const ttt_state *root,
                     const pab_result *r)
{
    ttt_state s = *root;
    cr_assert(r->pv_length >= 1);
    cr_assert_eq(r->pv[0], r->best_move);
    for (unsigned i = 0; i < r->pv_length; i++) {
        cr_assert(r->pv[i] < 9 && s.cell[r->pv[i]] == 0 && !ttt_winner(&s),
                  "pv move %u illegal", i);
        g->make(&s, r->pv[i], g->user);
    }
}

/* The usual test set-up: a game with its scoring, a position ("" for the
 * empty board), a searcher with the default table. */
static pab_searcher *setup(pab_game *g, ttt_state *s, ttt_scoring scoring,
                           const char *position)
{
    pab_searcher *sr;
    ttt_game(g, scoring);
    if (position[0] == '\0')
        ttt_init(s);
    else
        cr_assert_eq(ttt_parse(s, position), 0);
    cr_assert_eq(pab_searcher_create(&sr, g, 0), 0);
    return sr;
}

static void compare_all(ttt_scoring scoring, bool plain, bool shared_table)
{
    static ttt_state pos[6000];
    pab_game g;
    pab_searcher *sr = NULL;
    ttt_game(&g, scoring);
    for (int stones = 0; stones <= 8; stones++) {
        int n = positions(pos, 6000, stones);
        cr_assert(n > 0);
        for (int i = 0; i < n; i++) {
            if (sr == NULL || !shared_table) {
                if (sr)
                    pab_searcher_destroy(sr);
                cr_assert_eq(pab_searcher_create(&sr, &g, 1 << 20), 0);
            }
            int depth = 9 - stones;
            pab_score_t want = minimax(&g, &pos[i], depth, 0);
            pab_result r = search_ttt(sr, &pos[i], depth, plain);
            cr_assert_eq(r.score, want, "stones %d #%d: got %d want %d", stones,
                         i, (int)r.score, (int)want);
            if (!ttt_winner(&pos[i]))
                check_pv(&g, &pos[i], &r);
            if (!shared_table) {
                pab_searcher_destroy(sr);
                sr = NULL;
            }
            if (!shared_table && i > 40)
                break; /* a sample per level is enough without sharing */
        }
    }
    if (sr)
        pab_searcher_destroy(sr);
}

Test(search, empty_board_is_a_draw_every_scoring_and_mode, .timeout = 60)
{
    for (int scoring = 0; scoring < 3; scoring++) {
        for (int plain = 0; plain < 2; plain++) {
            pab_game g;
            pab_searcher *sr;
            ttt_state s;
            ttt_game(&g, (ttt_scoring)scoring);
            ttt_init(&s);
            cr_assert_eq(pab_searcher_create(&sr, &g, 0), 0);
            pab_result r = search_ttt(sr, &s, 9, plain);
            cr_assert_eq(r.score, 0, "scoring %d plain %d", scoring, plain);
            cr_assert_eq(r.depth, 9);
            cr_assert_eq(r.bound, PAB_BOUND_EXACT);
            cr_assert(r.best_move < 9);
            cr_assert(r.stats.nodes > 0);
            pab_searcher_destroy(sr);
        }
    }
}

/* The table is shared across every search, so entries stored at one ply are
 * read at others: distance scores must keep their meaning through it. */
Test(search, mate_scores_through_shared_table, .timeout = 120)
{
    compare_all(TTT_SCORE_MATE, false, true);
}

Test(search, stone_scores_through_shared_table, .timeout = 120)
{
    compare_all(TTT_SCORE_STONES, false, true);
}

Test(search, plain_scores_fresh_table, .timeout = 120)
{
    compare_all(TTT_SCORE_PLAIN, false, false);
}

Test(search, plain_mode_equals_minimax, .timeout = 120)
{
    compare_all(TTT_SCORE_MATE, true, false);
    compare_all(TTT_SCORE_STONES, true, false);
}

/* Fixed depths short of the end: the heuristic decides, both modes agree
 * with depth-limited minimax. */
Test(search, partial_depths_equal_minimax, .timeout = 120)
{
    static ttt_state pos[200];
    pab_game g;
    ttt_game(&g, TTT_SCORE_PLAIN);
    for (int stones = 0; stones <= 3; stones++) {
        int n = positions(pos, 200, stones);
        for (int i = 0; i < n; i += 3) {
            for (int depth = 1; depth <= 4; depth++) {
                for (int plain = 0; plain < 2; plain++) {
                    pab_searcher *sr;
                    cr_assert_eq(pab_searcher_create(&sr, &g, 0), 0);
                    pab_score_t want = minimax(&g, &pos[i], depth, 0);
                    pab_result r = search_ttt(sr, &pos[i], depth, plain);
                    cr_assert_eq(r.score, want, "depth %d plain %d", depth,
                                 plain);
                    cr_assert_eq(r.depth, depth);
                    pab_searcher_destroy(sr);
                }
            }
        }
    }
}

Test(search, known_wins_have_their_distance)
{
    /* X: 0,1 ; O: 3,4 ; X to move wins at once on square 2. */
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    sr = setup(&g, &s, TTT_SCORE_MATE, "XX.OO....");
    pab_result r = search_ttt(sr, &s, 5, false);
    cr_assert_eq(r.best_move, 2);
    cr_assert_eq(r.score, PAB_SCORE_WIN_IN(1));
    pab_searcher_destroy(sr);

    ttt_game(&g, TTT_SCORE_STONES);
    cr_assert_eq(pab_searcher_create(&sr, &g, 0), 0);
    r = search_ttt(sr, &s, 5, false);
    cr_assert_eq(r.best_move, 2);
    cr_assert_eq(r.score, 10 - 3); /* X wins with its third stone */
    pab_searcher_destroy(sr);
}

/* ---- edge cases ---------------------------------------------------------- */

Test(search, no_legal_root_move)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "XXXOO...."); /* O to move, lost */
    pab_result r = search_ttt(sr, &s, 5, false);
    cr_assert_eq(r.best_move, PAB_MOVE_NONE);
    cr_assert_eq(r.score, -TTT_WIN_PLAIN);
    cr_assert_eq(r.depth, 0);
    cr_assert_eq(r.pv_length, 0);
    cr_assert_eq(ttt_parse(&s, "XOXXOOOXX"), 0); /* full board, draw */
    r = search_ttt(sr, &s, 5, true);
    cr_assert_eq(r.best_move, PAB_MOVE_NONE);
    cr_assert_eq(r.score, 0);
    pab_searcher_destroy(sr);
}

Test(search, depth_zero_is_static_value_and_a_legal_move)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "X...O....");
    for (int plain = 0; plain < 2; plain++) {
        pab_result r = search_ttt(sr, &s, 0, plain);
        cr_assert_eq(r.depth, 0);
        cr_assert_eq(r.score, g.evaluate(&s, g.user));
        cr_assert(r.best_move < 9 && s.cell[r.best_move] == 0);
    }
    pab_searcher_destroy(sr);
}

static void stop_at_depth_3(const pab_result *r, void *user)
{
    if (r->depth == 3)
        pab_searcher_stop(user);
}

Test(search, stop_returns_last_completed_iteration, .timeout = 30)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "");
    pab_config_init(&cfg);
    cfg.max_depth = 9;
    cfg.info = stop_at_depth_3;
    cfg.info_user = sr;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert_eq(r.depth, 3);
    cr_assert(r.stopped);
    cr_assert(r.best_move < 9);
    /* The next search is not affected by the old stop. */
    cfg.info = NULL;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert_eq(r.depth, 9);
    cr_assert(!r.stopped);
    pab_searcher_destroy(sr);
}

/* A stop made after a ticket was taken reaches the search that carries it,
 * even when the search starts later; a stop made before the ticket, or
 * with no ticket, reaches only a search already running. */
Test(search, stop_before_start_reaches_the_ticketed_search, .timeout = 30)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "");
    pab_config_init(&cfg);
    cfg.max_depth = 9;
    cfg.use_tt = false;
    cfg.stop_ticket = pab_searcher_ticket(sr);
    cr_assert_neq(cfg.stop_ticket, 0);
    pab_searcher_stop(sr);
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert(r.stopped);
    cr_assert_eq(r.depth, 0);
    cr_assert(r.best_move < 9);
    /* The same stale stop, without a ticket or with a newer one: no
     * effect. */
    cfg.stop_ticket = 0;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert(!r.stopped);
    cr_assert_eq(r.depth, 9);
    pab_searcher_stop(sr);
    cfg.stop_ticket = pab_searcher_ticket(sr);
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert(!r.stopped);
    cr_assert_eq(r.depth, 9);
    pab_searcher_destroy(sr);
}

Test(search, ticket_errors)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "");
    cr_assert_eq(pab_searcher_ticket(NULL), 0);
    pab_searcher_stop(NULL); /* harmless */
    pab_config_init(&cfg);
    cr_assert_eq(cfg.stop_ticket, 0);
    cfg.max_depth = 2;
    cfg.stop_ticket = pab_searcher_ticket(sr) + 1; /* not issued yet */
    memset(&r, 0xA5, sizeof r);
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), PAB_EINVAL);
    cr_assert_eq(r.depth, (int)0xA5A5A5A5); /* the result is untouched */
    /* The searcher is free again after the refusal. */
    cfg.stop_ticket = 0;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert_eq(r.depth, 2);
    pab_searcher_destroy(sr);
}

Test(search, node_and_time_limits_return_a_legal_move, .timeout = 30)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "");
    pab_config_init(&cfg);
    cfg.node_limit = 50;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert(r.stopped);
    cr_assert(r.best_move < 9);
    cr_assert(r.depth < 9);
    pab_config_init(&cfg);
    cfg.time_limit_ms = 1;
    cfg.use_tt = false;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert(r.best_move < 9);
    pab_searcher_destroy(sr);
}

static void search_again(const pab_result *r, void *user)
{
    pab_searcher *sr = user;
    ttt_state s;
    pab_config cfg;
    pab_result inner;
    ttt_init(&s);
    pab_config_init(&cfg);
    cr_assert_eq(pab_search(sr, &s, &cfg, &inner), PAB_EBUSY);
    uint64_t n = 5; /* a count occupies the searcher as a search does */
    cr_assert_eq(pab_searcher_perft(sr, &s, 1, 0, 0, &n), PAB_EBUSY);
    cr_assert_eq(n, 5);
}

Test(search, one_search_at_a_time_per_searcher)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "");
    pab_config_init(&cfg);
    cfg.max_depth = 2;
    cfg.info = search_again;
    cfg.info_user = sr;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    pab_searcher_destroy(sr);
}

static int info_calls;
static void count_info(const pab_result *r, void *user)
{
    info_calls++;
    cr_assert_eq(r->depth, info_calls);
}

Test(search, info_after_every_iteration)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "");
    pab_config_init(&cfg);
    cfg.max_depth = 6;
    cfg.info = count_info;
    info_calls = 0;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert_eq(info_calls, 6);
    pab_searcher_destroy(sr);
}

/* ---- perft --------------------------------------------------------------- */

Test(perft, tictactoe_depths_1_to_9)
{
    static const uint64_t want[10] = {1,     9,     72,     504,    3024,
                                      15120, 54720, 148176, 200448, 127872};
    pab_game g;
    ttt_state s;
    ttt_game(&g, TTT_SCORE_PLAIN);
    ttt_init(&s);
    for (int d = 0; d <= 9; d++) {
        uint64_t n = 0;
        cr_assert_eq(pab_perft(&g, &s, d, 0, &n), 0);
        cr_assert_eq(n, want[d], "depth %d: %llu", d, (unsigned long long)n);
    }
    uint64_t bulk = 0;
    cr_assert_eq(pab_perft(&g, &s, 5, PAB_PERFT_BULK, &bulk), 0);
    cr_assert_eq(bulk, want[5]);
}

Test(perft, errors)
{
    pab_game g;
    ttt_state s;
    uint64_t n;
    ttt_game(&g, TTT_SCORE_PLAIN);
    ttt_init(&s);
    cr_assert_eq(pab_perft(&g, &s, -1, 0, &n), PAB_EDEPTH);
    cr_assert_eq(pab_perft(&g, NULL, 1, 0, &n), PAB_EINVAL);
    cr_assert_eq(pab_perft(&g, &s, 1, 0, NULL), PAB_EINVAL);
    g.generate = NULL;
    cr_assert_eq(pab_perft(&g, &s, 1, 0, &n), PAB_ECALLBACK);
}

/* The searcher's count equals pab_perft's, and a stop with a ticket ends
 * it with PAB_ESTOPPED, leaving *count alone. */
Test(perft, searcher_count_equals_pab_perft)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "");
    for (int d = 0; d <= 9; d++) {
        uint64_t want = 0, got = 0;
        cr_assert_eq(pab_perft(&g, &s, d, 0, &want), 0);
        cr_assert_eq(pab_searcher_perft(sr, &s, d, 0, 0, &got), 0);
        cr_assert_eq(got, want, "depth %d", d);
    }
    uint64_t n = 42;
    uint64_t ticket = pab_searcher_ticket(sr);
    pab_searcher_stop(sr);
    cr_assert_eq(pab_searcher_perft(sr, &s, 9, 0, ticket, &n), PAB_ESTOPPED);
    cr_assert_eq(n, 42);
    /* Without a ticket the old stop is history. */
    cr_assert_eq(pab_searcher_perft(sr, &s, 3, 0, 0, &n), 0);
    cr_assert_eq(n, 504);
    cr_assert_eq(pab_searcher_perft(sr, &s, -1, 0, 0, &n), PAB_EDEPTH);
    cr_assert_eq(pab_searcher_perft(sr, &s, PAB_PLY_MAX + 1, 0, 0, &n),
                 PAB_EDEPTH);
    cr_assert_eq(pab_searcher_perft(NULL, &s, 1, 0, 0, &n), PAB_EINVAL);
    cr_assert_eq(pab_searcher_perft(sr, NULL, 1, 0, 0, &n), PAB_EINVAL);
    cr_assert_eq(pab_searcher_perft(sr, &s, 1, 0, 0, NULL), PAB_EINVAL);
    cr_assert_eq(pab_searcher_perft(sr, &s, 1, 0, ticket + 5, &n), PAB_EINVAL);
    cr_assert_eq(
        strcmp(pab_strerror(PAB_ESTOPPED), "stopped before it was done"), 0);
    pab_searcher_destroy(sr);
}

/* A game without end: two moves everywhere, so a deep count never finishes
 * by itself (2^200 leaves). */
static int endless_gen(const void *s, pab_move_t *m, unsigned cap,
                       pab_score_t *terminal, void *user)
{
    (void)s, (void)cap, (void)terminal, (void)user;
    m[0] = 0;
    m[1] = 1;
    return 2;
}
static bool endless_make(void *s, pab_move_t m, void *user)
{
    (void)user;
    *(uint64_t *)s = *(uint64_t *)s * 3 + m + 1;
    return true;
}
static void endless_unmake(void *s, pab_move_t m, void *user)
{
    (void)user;
    *(uint64_t *)s = (*(uint64_t *)s - m - 1) / 3;
}
static pab_score_t endless_eval(const void *s, void *user)
{
    (void)s, (void)user;
    return 0;
}
static uint64_t endless_hash(const void *s, void *user)
{
    (void)user;
    return *(const uint64_t *)s * 0x9E3779B97F4A7C15u;
}

static void *stop_after_50ms(void *arg)
{
    struct timespec ts = {0, 50 * 1000000L};
    nanosleep(&ts, NULL);
    pab_searcher_stop(arg);
    return NULL;
}

Test(perft, stop_ends_an_endless_count, .timeout = 30)
{
    pab_game g;
    pab_searcher *sr;
    uint64_t root = 0, n = 7;
    pthread_t t;
    pab_game_init(&g);
    g.state_size = sizeof root;
    g.max_moves = 2;
    g.generate = endless_gen;
    g.make = endless_make;
    g.unmake = endless_unmake;
    g.evaluate = endless_eval;
    g.hash = endless_hash;
    cr_assert_eq(pab_searcher_create(&sr, &g, 1 << 16), 0);
    cr_assert_eq(pthread_create(&t, NULL, stop_after_50ms, sr), 0);
    cr_assert_eq(pab_searcher_perft(sr, &root, 200, 0, 0, &n), PAB_ESTOPPED);
    cr_assert_eq(n, 7);
    pthread_join(t, NULL);
    pab_searcher_destroy(sr);
}

/* ---- MultiPV, root-move subsets, mate-limited search, deadlines --------- */

/* Line i of a MultiPV search is move i's exact value, and lines come best
 * first: checked against brute force for every root move, for the serial
 * algorithm and the root-sharing parallel ones. */
Test(search, multipv_lines_are_exact_and_sorted, .timeout = 60)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    ttt_game(&g, TTT_SCORE_MATE);
    cr_assert_eq(ttt_parse(&s, "X...O...."), 0);
    cr_assert_eq(pab_searcher_create(&sr, &g, 1 << 20), 0);
    for (int a = 0; a < PAB_ALGO_COUNT; a++) { /* every algorithm */
        pab_config cfg;
        pab_result r;
        pab_config_init(&cfg);
        cfg.algorithm = (pab_algorithm)a;
        cfg.threads = a == PAB_ALGO_SERIAL ? 1 : 2;
        cfg.lazy_same_depth = true;
        cfg.multipv = PAB_MULTIPV_MAX; /* more than the 7 legal moves */
        cfg.max_depth = 7;
        pab_tt_clear(pab_searcher_tt(sr));
        pab_searcher_forget(sr);
        cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
        cr_assert_eq(r.lines, 7);
        cr_assert_eq(r.best_move, r.line[0].move);
        cr_assert_eq(r.score, r.line[0].score);
        bool seen[9] = {false};
        for (unsigned i = 0; i < r.lines; i++) {
            pab_move_t m = r.line[i].move;
            cr_assert(m < 9 && s.cell[m] == 0 && !seen[m]);
            seen[m] = true;
            ttt_state child = s;
            g.make(&child, m, g.user);
            pab_score_t want = -minimax(&g, &child, 6, 1);
            cr_assert_eq(r.line[i].score, want, "%s line %u (move %u)",
                         pab_algorithm_name(a), i, (unsigned)m);
            cr_assert_eq(r.line[i].pv[0], m);
            if (i > 0)
                cr_assert_geq(r.line[i - 1].score, r.line[i].score);
        }
    }
    pab_searcher_destroy(sr);
}

Test(search, root_moves_restrict_the_search)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    sr = setup(&g, &s, TTT_SCORE_MATE, "XX.OO...."); /* 2 wins at once */
    pab_move_t only[] = {8, 5};
    pab_config_init(&cfg);
    cfg.root_moves = only;
    cfg.root_move_count = 2;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert(r.best_move == 8 || r.best_move == 5);
    ttt_state child = s;
    g.make(&child, r.best_move, g.user);
    cr_assert_eq(r.score, -minimax(&g, &child, 9, 1));
    /* None of them legal: the subset is ignored. */
    pab_move_t taken[] = {0};
    cfg.root_moves = taken;
    cfg.root_move_count = 1;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert_eq(r.best_move, 2);
    /* A count without moves is an error. */
    cfg.root_moves = NULL;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), PAB_EINVAL);
    pab_searcher_destroy(sr);
}

Test(search, mate_limited_search_stops_at_the_mate)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    sr = setup(&g, &s, TTT_SCORE_MATE, "XX.OO....");
    pab_config_init(&cfg);
    cfg.mate_moves = 1;
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    cr_assert_eq(r.score, PAB_SCORE_WIN_IN(1));
    cr_assert_eq(r.depth, 1); /* did not go on to depth 9 */
    cr_assert(!r.stopped);
    pab_searcher_destroy(sr);
}

static void *shorten_deadline(void *arg)
{
    struct timespec ts = {0, 30 * 1000 * 1000};
    nanosleep(&ts, NULL);
    pab_searcher_set_time_limit(arg, 20);
    return NULL;
}

/* Pondering: a search without limits gets a deadline while it runs. */
Test(search, deadline_set_during_the_search, .timeout = 30)
{
    pab_game g;
    pab_searcher *sr;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    pthread_t t;
    sr = setup(&g, &s, TTT_SCORE_PLAIN, "");
    pab_config_init(&cfg);
    cfg.use_tt = false; /* slow enough to be running */
    cfg.iterative_deepening = false;
    cfg.max_depth = PAB_DEPTH_MAX; /* never ends by itself: ply cap */
    cfg.move_ordering = false;
    cr_assert_eq(pthread_create(&t, NULL, shorten_deadline, sr), 0);
    cr_assert_eq(pab_search(sr, &s, &cfg, &r), 0);
    pthread_join(t, NULL);
    cr_assert(r.best_move < 9);
    pab_searcher_destroy(sr);
}

/* ---- decided(): results fixed by a rule come before the table ----------- */

/* A rule that ends every game at three stones, scoring +5 for the side to
 * move there (so the root, X to move, is worth -5). */
static bool three_stones_decided(const void *state, pab_score_t *score,
                                 void *user)
{
    if (((const ttt_state *)state)->stones != 3)
        return false;
    *score = 5;
    return true;
}

Test(search, decided_positions_override_the_table, .timeout = 30)
{
    pab_game g, ruled;
    pab_tt *tt;
    pab_searcher *plain, *with_rule;
    ttt_state s;
    pab_config cfg;
    pab_result r;
    ttt_game(&g, TTT_SCORE_PLAIN);
    ttt_init(&s);
    ruled = g;
    ruled.decided = three_stones_decided;
    cr_assert_eq(pab_tt_create(&tt, 1 << 20, 1), 0);
    cr_assert_eq(pab_searcher_create_with_tt(&plain, &g, tt), 0);
    cr_assert_eq(pab_searcher_create_with_tt(&with_rule, &ruled, tt), 0);
    pab_config_init(&cfg);
    /* Fill the shared table with the true values (a draw everywhere). */
    cr_assert_eq(pab_search(plain, &s, &cfg, &r), 0);
    cr_assert_eq(r.score, 0);
    /* The rule must win over those entries at every depth. */
    for (int depth = 3; depth <= 9; depth++) {
        cfg.max_depth = depth;
        cr_assert_eq(pab_search(with_rule, &s, &cfg, &r), 0);
        cr_assert_eq(r.score, -5, "depth %d: %d", depth, (int)r.score);
    }
    pab_searcher_destroy(plain);
    pab_searcher_destroy(with_rule);
    pab_tt_destroy(tt);
}

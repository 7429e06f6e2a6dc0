/*
 * The libpab 0.4 game table (PAB_GAME_SIZE_V2): undo records, scored and
 * staged generation with move_valid, evaluate_mut, and the 0.1 layout
 * still accepted.
 *
 * Each new path is checked against the old one on the same game: a
 * wrapper around an example game (chess, Connect Four) takes the new
 * callbacks and answers them from the old ones.  Where the search is the
 * same, the node counts must be equal: the undo wrapper against the game
 * itself, every algorithm; staged generation against the same scores
 * given all at once.  The virtual processors of the simulator are
 * deterministic, so every parallel algorithm is compared there node for
 * node; on real threads the values must equal serial in plain mode.
 */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include <pab/pab.h>

#include "../examples/games/games.h"
#include "../examples/games/chess.h"

/* ---- the wrapper game ---------------------------------------------------- */

enum {
    W_UNDO = 1u << 0,      /* make_undo/unmake_undo, make/unmake NULL */
    W_SCORED = 1u << 1,    /* generate_scored(ALL), generate NULL */
    W_STAGED = 1u << 2,    /* PAB_GAME_STAGED */
    W_VALID = 1u << 3,     /* move_valid */
    W_MUT = 1u << 4,       /* evaluate_mut, evaluate NULL */
    W_NO_NOISY = 1u << 5,  /* no generate_noisy: quiescence from the stage */
    W_NO_HISTORY = 1u << 6 /* no move_index: killers only */
};

/* Noisy moves score above every quiet one, in the game's own order. */
#define NOISY_BASE 1000000

typedef struct wrap {
    const ex_game *ex;
    pab_game inner;
    unsigned mode;
    void *root;
    unsigned long undo_calls; /* make_undo() calls, to see they happen */
} wrap;

static bool w_make_undo(void *state, pab_move_t m, void *undo, void *user)
{
    wrap *w = user;
    w->undo_calls++;
    memcpy(undo, state, w->inner.state_size);
    return w->inner.make(state, m, w->inner.user);
}

/* The inner game's unmake is never called: the record is the position. */
static void w_unmake_undo(void *state, pab_move_t m, const void *undo,
                          void *user)
{
    wrap *w = user;
    (void)m;
    memcpy(state, undo, w->inner.state_size);
}

static bool w_make_null_undo(void *state, void *undo, void *user)
{
    wrap *w = user;
    memcpy(undo, state, w->inner.state_size);
    return w->inner.make_null(state, w->inner.user);
}

static void w_unmake_null_undo(void *state, const void *undo, void *user)
{
    wrap *w = user;
    memcpy(state, undo, w->inner.state_size);
}

static bool tactical(const wrap *w, const void *state, pab_move_t m)
{
    return w->inner.move_flags != NULL &&
           (w->inner.move_flags(state, m, w->inner.user) & PAB_MOVE_TACTICAL);
}

static int w_generate_scored(void *state, unsigned stage, pab_move_t *moves,
                             int32_t *scores, unsigned capacity,
                             pab_score_t *terminal, void *user)
{
    wrap *w = user;
    pab_move_t all[PAB_MAX_MOVES];
    int n =
        w->inner.generate(state, all, PAB_MAX_MOVES, terminal, w->inner.user);
    int k = 0;
    for (int i = 0; i < n; i++) {
        bool t = tactical(w, state, all[i]);
        if ((stage == PAB_STAGE_NOISY && !t) || (stage == PAB_STAGE_QUIET && t))
            continue;
        if ((unsigned)k == capacity)
            return -1;
        moves[k] = all[i];
        scores[k++] = t ? NOISY_BASE + (n - i) : 0;
    }
    return n < 0 ? n : k;
}

static bool w_move_valid(void *state, pab_move_t m, void *user)
{
    wrap *w = user;
    pab_move_t all[PAB_MAX_MOVES];
    pab_score_t terminal = 0;
    int n =
        w->inner.generate(state, all, PAB_MAX_MOVES, &terminal, w->inner.user);
    for (int i = 0; i < n; i++)
        if (all[i] == m)
            return true;
    return false;
}

static pab_score_t w_evaluate_mut(void *state, void *user)
{
    wrap *w = user;
    return w->inner.evaluate(state, w->inner.user);
}

static void wrap_open(wrap *w, const char *game, const char *position,
                      unsigned mode)
{
    char err[160] = "";
    memset(w, 0, sizeof *w);
    w->ex = ex_game_find(game);
    cr_assert_not_null(w->ex);
    w->root = aligned_alloc(64, EX_STATE_MAX);
    cr_assert_eq(
        w->ex->setup(&w->inner, w->root, NULL, position, err, sizeof err), 0,
        "%s", err);
    /* The wrapper plays a program of libpab 0.4, whose chess table
     * quiesced through generate_noisy; the staged table of today leaves
     * quiescence to its noisy stage, whose exchange scores the wrapper's
     * own stage lacks (without them Kiwipete at depth 4 takes 17 million
     * quiescence nodes). */
    if (strcmp(game, "chess") == 0) {
        pab_game plain;
        chess_game_init_plain(&plain);
        w->inner.generate_noisy = plain.generate_noisy;
    }
    w->mode = mode;
}

static void wrap_close(wrap *w)
{
    if (w->ex->teardown != NULL)
        w->ex->teardown(&w->inner);
    free(w->root);
}

/* ---- forwarders: the wrapper is every callback's user ------------------- */

#define INNER(u) (&((wrap *)(u))->inner)

static int f_generate(const void *s, pab_move_t *m, unsigned c, pab_score_t *t,
                      void *u)
{
    return INNER(u)->generate(s, m, c, t, INNER(u)->user);
}
static bool f_make(void *s, pab_move_t m, void *u)
{
    return INNER(u)->make(s, m, INNER(u)->user);
}
static void f_unmake(void *s, pab_move_t m, void *u)
{
    INNER(u)->unmake(s, m, INNER(u)->user);
}
static pab_score_t f_evaluate(const void *s, void *u)
{
    return INNER(u)->evaluate(s, INNER(u)->user);
}
static uint64_t f_hash(const void *s, void *u)
{
    return INNER(u)->hash(s, INNER(u)->user);
}
static int f_noisy(const void *s, pab_move_t *m, unsigned c, void *u)
{
    return INNER(u)->generate_noisy(s, m, c, INNER(u)->user);
}
static bool f_make_null(void *s, void *u)
{
    return INNER(u)->make_null(s, INNER(u)->user);
}
static void f_unmake_null(void *s, void *u)
{
    INNER(u)->unmake_null(s, INNER(u)->user);
}
static unsigned f_index(const void *s, pab_move_t m, void *u)
{
    return INNER(u)->move_index(s, m, INNER(u)->user);
}
static unsigned f_flags(const void *s, pab_move_t m, void *u)
{
    return INNER(u)->move_flags(s, m, INNER(u)->user);
}
static bool f_in_check(const void *s, void *u)
{
    return INNER(u)->in_check(s, INNER(u)->user);
}
static bool f_decided(const void *s, pab_score_t *v, void *u)
{
    return INNER(u)->decided(s, v, INNER(u)->user);
}

/* The inner game's table with the wrapper as user. */
static pab_game forwarding(wrap *w)
{
    const pab_game *in = &w->inner;
    pab_game g;
    pab_game_init(&g);
    g.state_size = in->state_size;
    g.max_moves = in->max_moves;
    /* The old generate() and move_index() only. */
    g.flags = in->flags & ~(PAB_GAME_STAGED | PAB_GAME_INDEX_LOW_BITS);
    g.user = w;
    g.generate = f_generate;
    g.make = f_make;
    g.unmake = f_unmake;
    g.evaluate = f_evaluate;
    g.hash = f_hash;
    cr_assert_null(in->clone, "the wrapper copies positions with memcpy");
    g.generate_noisy = in->generate_noisy ? f_noisy : NULL;
    g.make_null = in->make_null ? f_make_null : NULL;
    g.unmake_null = in->unmake_null ? f_unmake_null : NULL;
    g.move_index = in->move_index ? f_index : NULL;
    g.move_index_count = in->move_index_count;
    g.move_flags = in->move_flags ? f_flags : NULL;
    g.in_check = in->in_check ? f_in_check : NULL;
    g.decided = in->decided ? f_decided : NULL;
    return g;
}

/* The table a program of libpab 0.4 fills for the wrapper's mode. */
static pab_game wrap_game(wrap *w)
{
    pab_game g = forwarding(w);
    if (w->mode & W_UNDO) {
        g.undo_size = w->inner.state_size;
        g.make_undo = w_make_undo;
        g.unmake_undo = w_unmake_undo;
        g.make = NULL;
        g.unmake = NULL;
        if (w->inner.make_null != NULL) {
            g.make_null_undo = w_make_null_undo;
            g.unmake_null_undo = w_unmake_null_undo;
            g.make_null = NULL;
            g.unmake_null = NULL;
        }
    }
    if (w->mode & (W_SCORED | W_STAGED)) {
        g.generate_scored = w_generate_scored;
        g.generate = NULL;
    }
    if (w->mode & W_STAGED)
        g.flags |= PAB_GAME_STAGED;
    if (w->mode & W_VALID)
        g.move_valid = w_move_valid;
    if (w->mode & W_MUT) {
        g.evaluate_mut = w_evaluate_mut;
        g.evaluate = NULL;
    }
    if (w->mode & W_NO_NOISY)
        g.generate_noisy = NULL;
    if (w->mode & W_NO_HISTORY) {
        g.move_index = NULL;
        g.move_index_count = 0;
    }
    return g;
}

/* ---- searching ------------------------------------------------------------
 */

static pab_result search_with(const pab_game *g, const void *root,
                              const pab_config *c)
{
    pab_searcher *s;
    pab_result r;
    cr_assert_eq(pab_searcher_create(&s, g, 4u << 20), 0);
    int rc = pab_search(s, root, c, &r);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    pab_searcher_destroy(s);
    return r;
}

static pab_config config(pab_algorithm a, unsigned threads, int depth)
{
    pab_config c;
    pab_config_init(&c);
    c.algorithm = a;
    c.threads = threads;
    c.max_depth = depth;
    c.simulate = threads > 1;
    return c;
}

/* Two tables that must search the same tree: the same value, best move
 * and node count, for every algorithm (serial, and each parallel one on
 * four deterministic virtual processors). */
static void same_tree(wrap *a, wrap *b, const char *what,
                      const pab_config *base)
{
    const pab_game ga = wrap_game(a), gb = wrap_game(b);
    for (int alg = 0; pab_algorithm_name(alg) != NULL; alg++) {
        pab_config c = *base;
        c.algorithm = alg;
        c.threads = alg == PAB_ALGO_SERIAL ? 1 : 4;
        c.simulate = c.threads > 1;
        pab_result ra = search_with(&ga, a->root, &c);
        pab_result rb = search_with(&gb, b->root, &c);
        cr_assert_eq(ra.score, rb.score, "%s, %s: score", what,
                     pab_algorithm_name(alg));
        cr_assert_eq(ra.best_move, rb.best_move, "%s, %s: best move", what,
                     pab_algorithm_name(alg));
        cr_assert_eq(ra.stats.nodes, rb.stats.nodes, "%s, %s: %llu != %llu",
                     what, pab_algorithm_name(alg),
                     (unsigned long long)ra.stats.nodes,
                     (unsigned long long)rb.stats.nodes);
    }
}

static const char *const KIWIPETE =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/* Connect Four after 4 4 4 4 3 (columns from 1): a middle game. */
static const char *const C4_MIDDLE = "44443";

/* ---- undo records ---------------------------------------------------------
 */

Test(porting, undo_records_search_the_same_tree, .timeout = 300)
{
    const char *games[][2] = {
        {"chess", NULL}, {"chess", KIWIPETE}, {"connect4", C4_MIDDLE}};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        wrap plain, undo;
        wrap_open(&plain, games[i][0], games[i][1], 0);
        wrap_open(&undo, games[i][0], games[i][1], W_UNDO);
        pab_config c = config(PAB_ALGO_SERIAL, 1, i == 2 ? 9 : 5);
        same_tree(&plain, &undo, games[i][0], &c);
        cr_assert_gt(undo.undo_calls, 0);
        cr_assert_eq(plain.undo_calls, 0);
        wrap_close(&plain);
        wrap_close(&undo);
    }
}

Test(porting, perft_through_every_new_path)
{
    /* Published counts: the start position to depth 4, Kiwipete to 3. */
    const struct {
        const char *fen;
        int depth;
        uint64_t count;
    } cases[] = {{NULL, 4, 197281}, {KIWIPETE, 3, 97862}};
    const unsigned modes[] = {W_UNDO, W_SCORED, W_STAGED | W_VALID,
                              W_UNDO | W_STAGED | W_MUT};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
            wrap w;
            wrap_open(&w, "chess", cases[i].fen, modes[k]);
            pab_game g = wrap_game(&w);
            uint64_t n = 0;
            cr_assert_eq(
                pab_perft(&g, w.root, cases[i].depth, w.ex->perft_flags, &n),
                0);
            cr_assert_eq(n, cases[i].count, "mode %#x: %llu", modes[k],
                         (unsigned long long)n);
            wrap_close(&w);
        }
}

/* ---- scored and staged generation ------------------------------------------
 */

/* The game's scores with the library's ordering off: the order generated,
 * so the same tree as the old generate().  252 s under AddressSanitizer on
 * an idle machine: the timeout leaves room for a loaded one and still
 * fails a deadlock. */
Test(porting, scores_without_ordering_keep_the_generated_order, .timeout = 900)
{
    wrap plain, scored;
    wrap_open(&plain, "chess", KIWIPETE, 0);
    wrap_open(&scored, "chess", KIWIPETE, W_SCORED | W_MUT);
    pab_config c = config(PAB_ALGO_SERIAL, 1, 4);
    c.move_ordering = false;
    same_tree(&plain, &scored, "kiwipete", &c);
    wrap_close(&plain);
    wrap_close(&scored);
}

/* Staged generation with move_valid searches the same order as the same
 * scores given at once: the table move, the noisy moves that do not lose,
 * the quiet ones (killers first among equals), the losing noisy ones.
 * History is left out: a staged node sorts its quiet moves after its
 * noisy ones were searched, with the history those searches left, so
 * with history the two orders may differ (by design: the fresher one). */
Test(porting, staged_searches_the_order_of_the_same_scores, .timeout = 300)
{
    const char *games[][2] = {
        {"chess", NULL}, {"chess", KIWIPETE}, {"connect4", C4_MIDDLE}};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        wrap all, staged;
        wrap_open(&all, games[i][0], games[i][1], W_SCORED | W_NO_HISTORY);
        wrap_open(&staged, games[i][0], games[i][1],
                  W_STAGED | W_VALID | W_NO_HISTORY | W_UNDO);
        pab_config c = config(PAB_ALGO_SERIAL, 1, i == 2 ? 9 : 5);
        /* A staged node tries the null move, and evaluates for
         * futility, before it knows whether the position has a move at
         * all (stalemate, a finished game): a pruned stalemate, and an
         * evaluation that costs simulated time, are left out here. */
        c.null_move = false;
        c.futility_pruning = false;
        c.rfp_depth = c.lmp_depth = 0; /* they evaluate first too */
        /* Losing captures are known as such only by a staged node. */
        c.see_prune_depth = 0;
        /* A staged game has quiescence from its noisy stage; Connect
         * Four's old table has none (and no noisy moves), and the extra
         * expansion would change the simulated timing. */
        c.quiescence = false;
        same_tree(&all, &staged, games[i][0], &c);
        wrap_close(&all);
        wrap_close(&staged);
    }
}

/* YBWC and Jamboree walk a staged game's moves stage by stage, as serial
 * does, until a node may split: on one thread, with every node below
 * split_min_depth, they search serial's tree node for node (history and
 * all); before 0.5 they generated both stages at every node. */
Test(porting, split_point_searches_stage_like_serial_where_none_may_split,
     .timeout = 300)
{
    const char *fens[] = {NULL, KIWIPETE};
    const int algos[] = {PAB_ALGO_YBWC, PAB_ALGO_JAMBOREE};
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        wrap w;
        wrap_open(&w, "chess", fens[i], W_STAGED | W_VALID | W_UNDO);
        pab_game g = wrap_game(&w);
        pab_config c = config(PAB_ALGO_SERIAL, 1, 6);
        const pab_result want = search_with(&g, w.root, &c);
        for (size_t k = 0; k < sizeof algos / sizeof algos[0]; k++) {
            c.algorithm = algos[k];
            c.split_min_depth = 7;
            const pab_result r = search_with(&g, w.root, &c);
            cr_assert_eq(r.score, want.score, "%zu %d: score", i, algos[k]);
            cr_assert_eq(r.stats.nodes, want.stats.nodes,
                         "%zu %d: %llu != %llu", i, algos[k],
                         (unsigned long long)r.stats.nodes,
                         (unsigned long long)want.stats.nodes);
        }
        wrap_close(&w);
    }
}

/* Quiescence from the noisy stage when the game has no generate_noisy. */
Test(porting, quiescence_from_the_noisy_stage, .timeout = 120)
{
    wrap w;
    wrap_open(&w, "chess", KIWIPETE, W_STAGED | W_VALID | W_NO_NOISY);
    pab_game g = wrap_game(&w);
    pab_config c = config(PAB_ALGO_SERIAL, 1, 3);
    pab_result r = search_with(&g, w.root, &c);
    cr_assert_gt(r.stats.qnodes, 0);
    cr_assert(w_move_valid(w.root, r.best_move, &w));
    c.quiescence = false;
    r = search_with(&g, w.root, &c);
    cr_assert_eq(r.stats.qnodes, 0);
    wrap_close(&w);
}

/* In plain mode every algorithm on real threads returns serial's value
 * through every new callback at once. */
Test(porting, every_algorithm_equals_serial_through_the_new_table,
     .timeout = 300)
{
    wrap w;
    wrap_open(&w, "connect4", C4_MIDDLE, W_UNDO | W_STAGED | W_VALID | W_MUT);
    pab_game g = wrap_game(&w);
    pab_config c = config(PAB_ALGO_SERIAL, 1, 8);
    c.plain = true;
    const pab_score_t want = search_with(&g, w.root, &c).score;
    for (int alg = 1; pab_algorithm_name(alg) != NULL; alg++) {
        c.algorithm = alg;
        c.threads = 2;
        cr_assert_eq(search_with(&g, w.root, &c).score, want, "%s",
                     pab_algorithm_name(alg));
    }
    wrap_close(&w);
}

/* ---- the order the library searches a game's scored moves in ----------------
 */

/* A game of three plies with six moves everywhere: 0-2 noisy, 3-5 quiet,
 * the scores below.  It logs the moves made at the root. */
typedef struct order_pos {
    int ply;
    uint32_t path;
} order_pos;

static const int32_t ORDER_SCORE[6] = {5, 9, -3, 0, 0, 2};
static pab_move_t order_log[64];
static unsigned order_logged;

static int order_generate(void *state, unsigned stage, pab_move_t *moves,
                          int32_t *scores, unsigned capacity,
                          pab_score_t *terminal, void *user)
{
    const order_pos *p = state;
    int n = 0;
    (void)terminal;
    (void)user;
    if (p->ply >= 3)
        return 0;
    for (pab_move_t m = 0; m < 6 && (unsigned)n < capacity; m++) {
        bool noisy = m < 3;
        if ((stage == PAB_STAGE_NOISY && !noisy) ||
            (stage == PAB_STAGE_QUIET && noisy))
            continue;
        moves[n] = m;
        scores[n++] = ORDER_SCORE[m];
    }
    return n;
}

static bool order_make(void *state, pab_move_t m, void *user)
{
    order_pos *p = state;
    (void)user;
    if (p->ply == 0 && order_logged < 64)
        order_log[order_logged++] = m;
    p->ply++;
    p->path = p->path * 7 + m + 1;
    return true;
}

static void order_unmake(void *state, pab_move_t m, void *user)
{
    order_pos *p = state;
    (void)user;
    p->ply--;
    p->path = (p->path - m - 1) / 7;
}

static pab_score_t order_evaluate(const void *state, void *user)
{
    const order_pos *p = state;
    (void)user;
    uint64_t h = ex_mix64(p->path);
    return (pab_score_t)(h % 201) - 100;
}

static uint64_t order_hash(const void *state, void *user)
{
    const order_pos *p = state;
    (void)user;
    return ex_mix64(((uint64_t)p->ply << 32) ^ p->path);
}

static unsigned order_flags(const void *state, pab_move_t m, void *user)
{
    (void)state;
    (void)user;
    return m < 3 ? PAB_MOVE_TACTICAL : 0;
}

static bool order_valid(void *state, pab_move_t m, void *user)
{
    const order_pos *p = state;
    (void)user;
    return p->ply < 3 && m < 6;
}

static pab_game order_game(bool staged)
{
    pab_game g;
    pab_game_init(&g);
    g.state_size = sizeof(order_pos);
    g.generate_scored = order_generate;
    g.make = order_make;
    g.unmake = order_unmake;
    g.evaluate = order_evaluate;
    g.hash = order_hash;
    g.move_flags = order_flags;
    if (staged) {
        g.flags = PAB_GAME_STAGED;
        g.move_valid = order_valid;
    }
    return g;
}

static void expect_root_order(const pab_move_t *want, const char *what)
{
    cr_assert_geq(order_logged, 6, "%s", what);
    const pab_move_t *got = order_log + order_logged - 6;
    for (int i = 0; i < 6; i++)
        cr_assert_eq(got[i], want[i], "%s: move %d is %u, not %u", what, i,
                     got[i], want[i]);
}

Test(porting, scored_moves_are_searched_in_the_documented_order)
{
    /* No table move yet: the good noisy moves by score, then the quiet
     * ones by score, then the noisy move that loses. */
    const pab_move_t first[6] = {1, 0, 5, 3, 4, 2};
    order_pos root = {0, 0};
    for (int staged = 0; staged < 2; staged++)
        for (int alg = 0; alg <= PAB_ALGO_YBWC; alg += PAB_ALGO_YBWC) {
            pab_game g = order_game(staged);
            pab_config c = config(alg, 1, 1);
            c.iterative_deepening = false;
            order_logged = 0;
            pab_result r = search_with(&g, &root, &c);
            expect_root_order(first, staged ? "staged" : "all at once");

            /* Depth 2 after depth 1: that iteration's best move first. */
            pab_move_t second[6] = {r.best_move};
            for (int i = 0, k = 1; i < 6; i++)
                if (first[i] != r.best_move)
                    second[k++] = first[i];
            c.iterative_deepening = true;
            c.aspiration = false;
            c.max_depth = 2;
            order_logged = 0;
            search_with(&g, &root, &c);
            expect_root_order(second, staged ? "staged, iteration 2"
                                             : "all at once, iteration 2");
        }
}

/* ---- validation and the 0.1 layout ------------------------------------------
 */

static int create_rc(const pab_game *g)
{
    pab_searcher *s = NULL;
    int rc = pab_searcher_create(&s, g, 0);
    pab_searcher_destroy(s);
    return rc;
}

Test(porting, inconsistent_tables_are_refused)
{
    const pab_game good = order_game(true);
    cr_assert_eq(create_rc(&good), 0);
    pab_game g = good;
    g.generate_scored = NULL; /* staged without the generator */
    cr_assert_eq(create_rc(&g), PAB_ECALLBACK);
    g = good;
    g.make = NULL;
    g.unmake = NULL; /* no way to play a move */
    cr_assert_eq(create_rc(&g), PAB_ECALLBACK);
    g.make_undo = w_make_undo; /* half a pair */
    g.undo_size = 8;
    cr_assert_eq(create_rc(&g), PAB_ECALLBACK);
    g.unmake_undo = w_unmake_undo;
    cr_assert_eq(create_rc(&g), 0);
    g.undo_size = 0; /* records of no size */
    cr_assert_eq(create_rc(&g), PAB_EINVAL);
    g.undo_size = 65537; /* more than the library keeps per ply */
    cr_assert_eq(create_rc(&g), PAB_EINVAL);
    g = good;
    g.undo_size = 8; /* a size without the callbacks */
    cr_assert_eq(create_rc(&g), PAB_EINVAL);
    g = good;
    g.make_null_undo = w_make_null_undo; /* needs make_undo */
    g.unmake_null_undo = w_unmake_null_undo;
    cr_assert_eq(create_rc(&g), PAB_ECALLBACK);
    g = good;
    g.evaluate = NULL;
    cr_assert_eq(create_rc(&g), PAB_ECALLBACK);
    g.evaluate_mut = w_evaluate_mut;
    cr_assert_eq(create_rc(&g), 0);
}

/* A program built against libpab 0.1-0.3 passes a table that ends at
 * `decided`: nothing after it is read (here it is garbage). */
Test(porting, the_old_layout_is_read_to_its_end_only)
{
    wrap w;
    wrap_open(&w, "chess", NULL, 0);
    _Alignas(max_align_t) unsigned char buf[sizeof(pab_game)];
    memset(buf, 0xA5, sizeof buf);
    pab_game *g = (pab_game *)buf;
    pab_game_init_size(g, PAB_GAME_SIZE_V1);
    pab_game full = forwarding(&w);
    memcpy((unsigned char *)g + sizeof g->size,
           (unsigned char *)&full + sizeof full.size,
           PAB_GAME_SIZE_V1 - sizeof g->size);
    g->size = PAB_GAME_SIZE_V1;
    uint64_t n = 0;
    cr_assert_eq(pab_perft(g, w.root, 3, w.ex->perft_flags, &n), 0);
    cr_assert_eq(n, 8902);
    pab_config c = config(PAB_ALGO_SERIAL, 1, 4);
    pab_result r = search_with(g, w.root, &c);
    pab_result want = search_with(&full, w.root, &c);
    cr_assert_eq(r.stats.nodes, want.stats.nodes);
    cr_assert_eq(r.best_move, want.best_move);
    wrap_close(&w);
}

/* PAB_GAME_INDEX_LOW_BITS: the history slots the move's own bits give
 * (chess: from and to squares) are move_index()'s numbered apart, so the
 * tree is the same without the call, for every algorithm. */
Test(porting, history_by_low_bits_searches_the_same_tree, .timeout = 300)
{
    const ex_game *ex = ex_game_find("chess");
    pab_game with, without;
    void *root = aligned_alloc(64, EX_STATE_MAX);
    char err[160];
    cr_assert_eq(ex->setup(&with, root, NULL, KIWIPETE, err, sizeof err), 0);
    cr_assert(with.flags & PAB_GAME_INDEX_LOW_BITS);
    without = with;
    without.flags &= ~PAB_GAME_INDEX_LOW_BITS;
    cr_assert_not_null(without.move_index);
    for (int alg = 0; pab_algorithm_name(alg) != NULL; alg++) {
        pab_config c = config(alg, alg == PAB_ALGO_SERIAL ? 1 : 4, 5);
        /* Flat memory: the two put a move's history in different lines,
         * which under MSI cost differently and so interleave otherwise. */
        c.sim_memory = PAB_SIM_MEMORY_FLAT;
        pab_result a = search_with(&with, root, &c);
        pab_result b = search_with(&without, root, &c);
        cr_assert_eq(a.stats.nodes, b.stats.nodes, "%s",
                     pab_algorithm_name(alg));
        cr_assert_eq(a.best_move, b.best_move);
    }
    /* The count must be a power of two. */
    with.move_index_count = 1000;
    pab_searcher *s = NULL;
    cr_assert_eq(pab_searcher_create(&s, &with, 0), PAB_EINVAL);
    free(root);
}

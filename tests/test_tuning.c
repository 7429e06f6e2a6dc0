/*
 * The libpab 0.4 config (PAB_CONFIG_SIZE_V4), with the tunables 0.6,
 * 0.8 and 0.12 added: the search's tunables by name, the progress callback
 * inside an iteration, and the soft time limit.
 *
 * Tunables at their defaults must search exactly the tree of a default
 * config (every algorithm; the parallel ones on deterministic virtual
 * processors); each tunable moved off its default must change the tree,
 * so each one is wired; and the mates the chess tests know must still be
 * found with aggressive settings.
 */
#include <criterion/criterion.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pab/pab.h>

#include "../examples/games/chess.h"
#include "../examples/games/chess_net.h"

static const char *const KIWIPETE =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/* The tunables and a value off each one's default. */
static const struct {
    const char *name, *other;
} TUNABLES[] = {
    {"null_min_depth", "2"},
    {"null_r_base", "3"},
    {"null_r_div", "3"},
    {"lmr_min_depth", "2"},
    {"lmr_min_moves", "2"},
    {"lmr_r", "2"},
    {"lmr_deep_depth", "4"},
    {"lmr_deep_moves", "4"},
    {"lmr_deep_r", "3"},
    {"futility_depth", "2"},
    {"extension_max_ply", "2"},
    {"rfp_depth", "2"},
    {"rfp_margin", "40"},
    {"lmp_depth", "3"},
    {"lmp_moves", "1"},
    {"iir_depth", "3"},
    {"see_prune_depth", "1"},
    /* libpab 0.8 */
    {"singular_depth", "4"},
    {"singular_margin", "10"},
    {"null_r_eval", "100"},
    {"lmr_history", "1000"},
    /* Few bits, so that many earlier moves share a row: with 0.8.3's
     * evaluation, 4, 5 and 8 bits happen to order this depth-7 tree as
     * 6 do. */
    {"cont_history_bits", "3"},
    {"aspiration_growth", "33"},
    /* libpab 0.12 */
    {"probcut_depth", "5"},
    {"probcut_margin", "100"},
};
/* The switches of libpab 0.6 and their defaults. */
static const struct {
    const char *name;
    bool on;
} SWITCHES[] = {
    {"lmr_log", true},       {"countermove", true},
    {"history_malus", true}, {"mate_distance_pruning", true},
    {"qsearch_tt", false},   {"qsearch_skip_bad", true},
    {"improving", false},    {"history_gravity", false},
};
#define N_SWITCHES (sizeof SWITCHES / sizeof SWITCHES[0])
#define N_TUNABLES (sizeof TUNABLES / sizeof TUNABLES[0])

static chess_pos *new_pos(const char *fen)
{
    chess_pos *pos = malloc(sizeof *pos);
    char err[160] = "";
    cr_assert_not_null(pos);
    cr_assert_eq(chess_from_fen(pos, fen, err, sizeof err), 0, "%s", err);
    return pos;
}

static pab_result search(const void *root, const pab_config *c)
{
    pab_game g;
    pab_searcher *s;
    pab_result r;
    chess_game_init(&g);
    cr_assert_eq(pab_searcher_create(&s, &g, 8u << 20), 0);
    int rc = pab_search(s, root, c, &r);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    pab_searcher_destroy(s);
    return r;
}

static const pab_option_info *option_named(const char *name)
{
    const pab_option_info *o;
    for (unsigned i = 0; (o = pab_config_option(i)) != NULL; i++)
        if (!strcmp(o->name, name))
            return o;
    cr_assert_fail("no option %s", name);
    return NULL;
}

/* A default config of algorithm `alg` to `depth`: serial on one thread,
 * the others on `threads` deterministic virtual processors. */
static pab_config config_for(int alg, unsigned threads, int depth)
{
    pab_config c;
    pab_config_init(&c);
    c.algorithm = alg;
    c.threads = alg == PAB_ALGO_SERIAL ? 1 : threads;
    c.simulate = c.threads > 1;
    c.max_depth = depth;
    return c;
}

/* ---- tunables --------------------------------------------------------- */

Test(tuning, tunables_at_their_defaults_search_the_same_tree, .timeout = 300)
{
    chess_pos *pos = new_pos(KIWIPETE);
    for (int alg = 0; pab_algorithm_name(alg) != NULL; alg++) {
        pab_config plain = config_for(alg, 4, 6), named = plain;
        for (size_t i = 0; i < N_TUNABLES; i++) {
            char text[32];
            const pab_option_info *o = option_named(TUNABLES[i].name);
            snprintf(text, sizeof text, "%lld", o->default_value);
            cr_assert_eq(pab_config_set_option(&named, o->name, text), 0);
        }
        cr_assert_eq(memcmp(&plain, &named, sizeof plain), 0);
        pab_result a = search(pos, &plain), b = search(pos, &named);
        cr_assert_eq(a.stats.nodes, b.stats.nodes, "%s",
                     pab_algorithm_name(alg));
        cr_assert_eq(a.best_move, b.best_move);
    }
    free(pos);
}

/* Every algorithm reads the table entry's draft, bound and score that the
 * singular extension tests (ABDADA's RetrieveAsk replaced the plain probe
 * and lost them until libpab 0.8.7: on one thread its tree was 17 % smaller
 * than serial's on the first eight Bratko-Kopec positions at depth 10). */
Test(tuning, the_singular_extension_acts_in_every_algorithm, .timeout = 300)
{
    chess_pos *pos = new_pos(KIWIPETE);
    for (int alg = 0; pab_algorithm_name(alg) != NULL; alg++) {
        pab_config on, off;
        pab_config_init(&on);
        on.algorithm = alg;
        on.max_depth = 7;
        on.singular_depth = 5; /* 8 by default: deeper than this search */
        off = on;
        off.singular_depth = 0;
        cr_assert_neq(search(pos, &on).stats.nodes,
                      search(pos, &off).stats.nodes, "%s",
                      pab_algorithm_name(alg));
    }
    free(pos);
}

/* singular_negative (off by default) acts where the singular test fails
 * and the table move's score beats beta: a depth-8 search with tests from
 * depth 5 has such nodes (the default, 8, is too deep for it to show). */
Test(tuning, a_negative_singular_extension_changes_the_tree, .timeout = 120)
{
    chess_pos *pos = new_pos(KIWIPETE);
    pab_config on, off;
    pab_config_init(&on);
    on.max_depth = 8;
    on.singular_depth = 5;
    off = on;
    cr_assert_not(off.singular_negative);
    cr_assert_eq(pab_config_set_option(&on, "singular_negative", "true"), 0);
    cr_assert(on.singular_negative);
    cr_assert_neq(search(pos, &on).stats.nodes, search(pos, &off).stats.nodes);
    free(pos);
}

/* ProbCut's two fields are checked against their ranges. */
Test(tuning, probcut_out_of_range_is_refused)
{
    pab_config c;
    pab_config_init(&c);
    cr_assert_eq(c.probcut_depth, 0);
    cr_assert_eq(c.probcut_margin, 200);
    c.probcut_depth = PAB_DEPTH_MAX + 1;
    cr_assert_eq(pab_config_validate(&c), PAB_EINVAL);
    c.probcut_depth = -1;
    cr_assert_eq(pab_config_validate(&c), PAB_EINVAL);
    c.probcut_depth = 5;
    cr_assert_eq(pab_config_validate(&c), 0);
    c.probcut_margin = 0;
    cr_assert_eq(pab_config_validate(&c), PAB_EINVAL);
    cr_assert_eq(pab_config_set_option(&c, "probcut_margin", "0"), PAB_EINVAL);
    cr_assert_eq(c.probcut_margin, 0); /* a refused value changes nothing */
}

/* split_adopt_depth acts where a thread joins another's split point, and
 * nowhere else: on deterministic virtual processors it changes the tree
 * of the four split-point algorithms and of no other. */
Test(tuning, helpers_adopt_history_in_the_split_point_algorithms,
     .timeout = 300)
{
    chess_pos *pos = new_pos(KIWIPETE);
    for (int alg = 0; pab_algorithm_name(alg) != NULL; alg++) {
        pab_config adopt = config_for(alg, 8, 7), own;
        adopt.split_adopt_depth = 2;
        own = adopt;
        own.split_adopt_depth = 0;
        const bool splits = alg == PAB_ALGO_YBWC || alg == PAB_ALGO_JAMBOREE ||
                            alg == PAB_ALGO_PVSPLIT || alg == PAB_ALGO_DTS;
        const uint64_t a = search(pos, &adopt).stats.nodes;
        const uint64_t b = search(pos, &own).stats.nodes;
        if (splits)
            cr_assert_neq(a, b, "%s", pab_algorithm_name(alg));
        else
            cr_assert_eq(a, b, "%s", pab_algorithm_name(alg));
    }
    free(pos);
}

Test(tuning, every_tunable_changes_the_tree, .timeout = 300)
{
    chess_pos *pos = new_pos(KIWIPETE);
    pab_config c;
    pab_config_init(&c);
    c.max_depth = 7;
    /* The deep reductions start at depth 6, where a depth-7 search has
     * next to no node that has searched 6 moves: they start at 4 here, so
     * that their move count and amount are seen. */
    c.lmr_deep_depth = 4;
    /* The deep rule is the linear reductions' (lmr_log replaces it). */
    c.lmr_log = false;
    c.lmp_depth = 4;       /* off by default: lmp_moves would change nothing */
    c.see_prune_depth = 3; /* off by default too */
    c.singular_depth = 5;  /* 8 by default: deeper than this search */
    c.history_gravity = true; /* lmr_history and cont_history_bits need it */
    c.probcut_depth = 4;      /* off by default: probcut_margin would change
                               * nothing */
    /* A narrow window fails twice somewhere, where its growth shows. */
    c.aspiration_window = 5;
    const uint64_t base = search(pos, &c).stats.nodes;
    for (size_t i = 0; i < N_TUNABLES; i++) {
        pab_config t = c;
        long long v;
        const char *other = strcmp(TUNABLES[i].name, "lmr_deep_depth")
                                ? TUNABLES[i].other
                                : "6";
        cr_assert_eq(pab_config_set_option(&t, TUNABLES[i].name, other), 0);
        cr_assert_eq(pab_config_get_option(&t, TUNABLES[i].name, &v), 0);
        cr_assert_eq(v, atoll(other));
        cr_assert_neq(search(pos, &t).stats.nodes, base, "%s=%s",
                      TUNABLES[i].name, other);
    }
    free(pos);
}

Test(tuning, every_switch_changes_the_tree, .timeout = 300)
{
    /* Mate-distance pruning needs mates within the horizon. */
    static const char *const ROOK_MATE = "7k/8/8/8/8/8/R7/1R5K w - - 0 1";
    for (size_t i = 0; i < N_SWITCHES; i++) {
        const char *name = SWITCHES[i].name;
        const bool mates = !strcmp(name, "mate_distance_pruning");
        chess_pos *pos = new_pos(mates ? ROOK_MATE : KIWIPETE);
        pab_config c, t;
        long long v;
        pab_config_init(&c);
        c.max_depth = 9;
        t = c;
        cr_assert_eq(pab_config_get_option(&t, name, &v), 0);
        cr_assert_eq(v, SWITCHES[i].on, "%s's default", name);
        cr_assert_eq(
            pab_config_set_option(&t, name, SWITCHES[i].on ? "false" : "true"),
            0);
        cr_assert_neq(search(pos, &t).stats.nodes, search(pos, &c).stats.nodes,
                      "%s flipped", name);
        free(pos);
    }
}

Test(tuning, mates_survive_aggressive_pruning, .timeout = 120)
{
    static const struct {
        const char *fen;
        int plies, depth;
    } mates[] = {
        {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1, 4},
        {"7k/8/8/8/8/8/R7/1R5K w - - 0 1", 3, 6},
        {"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 3,
         6},
    };
    /* The search's rules against the hand-written evaluation: with 0.8.5's
     * learned correction (which puts KRR against K three pawns lower, a
     * material it rarely saw) the tree changes and these settings miss
     * the mate in 2 at depth 6 (a +10 score instead); the default settings
     * find it at depth 6 with the correction too. */
    chess_net_active = NULL;
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        chess_pos *pos = new_pos(mates[i].fen);
        pab_config c;
        pab_config_init(&c);
        c.max_depth = mates[i].depth;
        for (size_t k = 0; k < N_TUNABLES; k++)
            cr_assert_eq(
                pab_config_set_option(&c, TUNABLES[k].name, TUNABLES[k].other),
                0);
        pab_result r = search(pos, &c);
        cr_assert_eq(r.score, PAB_SCORE_WIN_IN(mates[i].plies), "%s: %d",
                     mates[i].fen, (int)r.score);
        free(pos);
    }
}

Test(tuning, soft_limit_after_the_hard_one_is_einval)
{
    pab_config c;
    pab_config_init(&c);
    c.time_limit_ms = 100;
    c.time_soft_ms = 101;
    cr_assert_eq(pab_config_validate(&c), PAB_EINVAL);
    c.time_soft_ms = 100;
    cr_assert_eq(pab_config_validate(&c), 0);
    c.time_limit_ms = 0; /* a soft limit alone is fine */
    cr_assert_eq(pab_config_validate(&c), 0);
    cr_assert_eq(pab_config_set_option(&c, "lmr_r", "-1"), PAB_EINVAL);
    c.lmr_r = -1;
    cr_assert_eq(pab_config_validate(&c), PAB_EINVAL);
    c.lmr_r = 1;
    c.null_r_div = 0; /* a division by zero, refused */
    cr_assert_eq(pab_config_validate(&c), PAB_EINVAL);
}

/* ---- progress --------------------------------------------------------- */

typedef struct seen {
    pthread_t caller;
    bool foreign; /* a call on another thread */
    unsigned calls, periodic;
    unsigned root_calls;
    int depth;            /* of the root-move calls so far */
    unsigned last_number; /* currmove_number in this root search */
    bool out_of_order;    /* a number that was not the next one */
    bool bad_move;        /* a currmove that is not a root move */
    bool nodes_fell;
    uint64_t nodes;
    const pab_move_t *legal;
    int n_legal;
} seen;

static void on_progress(const pab_progress *p, void *user)
{
    seen *s = user;
    s->calls++;
    if (!pthread_equal(pthread_self(), s->caller))
        s->foreign = true;
    if (p->nodes < s->nodes)
        s->nodes_fell = true;
    s->nodes = p->nodes;
    if (p->currmove_number == 0) {
        s->periodic += p->currmove == PAB_MOVE_NONE;
        return;
    }
    s->root_calls++;
    bool found = false;
    for (int i = 0; i < s->n_legal; i++)
        found |= s->legal[i] == p->currmove;
    s->bad_move |= !found;
    /* A new root search starts again at 1 (a new iteration or a wider
     * aspiration window). */
    if (p->currmove_number != 1 && p->currmove_number != s->last_number + 1)
        s->out_of_order = true;
    s->last_number = p->currmove_number;
    s->depth = p->depth;
}

static void watch(seen *s, pab_config *c, const chess_pos *pos,
                  pab_move_t *legal)
{
    memset(s, 0, sizeof *s);
    s->caller = pthread_self();
    pab_game g;
    pab_score_t terminal = 0;
    chess_game_init(&g); /* pseudo-legal moves: a superset of the legal */
    s->n_legal = g.generate(pos, legal, PAB_MAX_MOVES, &terminal, g.user);
    s->legal = legal;
    c->progress = on_progress;
    c->progress_user = s;
}

Test(tuning, progress_reports_each_root_move_in_order, .timeout = 120)
{
    chess_pos *pos = new_pos(KIWIPETE);
    pab_move_t legal[PAB_MAX_MOVES];
    seen s;
    pab_config c;
    pab_config_init(&c);
    c.max_depth = 5;
    c.progress_interval_ms = 0; /* root moves only */
    watch(&s, &c, pos, legal);
    pab_result r = search(pos, &c);
    cr_assert_geq(s.root_calls, (unsigned)s.n_legal * 5);
    cr_assert_eq(s.periodic, 0);
    cr_assert_not(s.out_of_order);
    cr_assert_not(s.bad_move);
    cr_assert_not(s.nodes_fell);
    cr_assert_not(s.foreign);
    cr_assert_eq(s.depth, r.depth);
    cr_assert_leq(s.nodes, r.stats.nodes);
    free(pos);
}

Test(tuning, progress_reports_periodically, .timeout = 120)
{
    chess_pos *pos = new_pos(KIWIPETE);
    pab_move_t legal[PAB_MAX_MOVES];
    seen s;
    pab_config c;
    pab_config_init(&c);
    c.max_depth = 64;
    c.node_limit = 2000000; /* far longer than a millisecond */
    c.progress_interval_ms = 1;
    watch(&s, &c, pos, legal);
    search(pos, &c);
    cr_assert_gt(s.periodic, 0);
    cr_assert_not(s.nodes_fell);
    free(pos);
}

/* Every algorithm reports root moves, on real threads only from the
 * thread that called pab_search(), and on virtual processors too. */
Test(tuning, every_algorithm_reports_on_the_calling_thread, .timeout = 300)
{
    chess_pos *pos = new_pos(KIWIPETE);
    pab_move_t legal[PAB_MAX_MOVES];
    for (int alg = 0; pab_algorithm_name(alg) != NULL; alg++)
        for (int sim = 0; sim < 2; sim++) {
            seen s;
            pab_config c;
            pab_config_init(&c);
            c.algorithm = alg;
            c.threads = alg == PAB_ALGO_SERIAL ? 1 : 2;
            c.simulate = sim;
            c.max_depth = 5;
            watch(&s, &c, pos, legal);
            search(pos, &c);
            cr_assert_gt(s.root_calls, 0, "%s", pab_algorithm_name(alg));
            cr_assert_not(s.foreign, "%s", pab_algorithm_name(alg));
            cr_assert_not(s.bad_move, "%s", pab_algorithm_name(alg));
        }
    free(pos);
}

/* ---- the soft time limit ------------------------------------------------ */

/* With a soft limit far below the hard one the search ends on its own,
 * at an iteration's end or with a steady best move: not stopped. */
Test(tuning, soft_limit_ends_the_search_normally, .timeout = 120)
{
    chess_pos *pos = new_pos(KIWIPETE);
    for (int alg = 0; pab_algorithm_name(alg) != NULL; alg++) {
        pab_config c;
        pab_config_init(&c);
        c.algorithm = alg;
        c.threads = alg == PAB_ALGO_SERIAL ? 1 : 2;
        c.max_depth = PAB_DEPTH_MAX;
        c.time_soft_ms = 30;
        c.time_limit_ms = 60000;
        pab_result r = search(pos, &c);
        cr_assert_not(r.stopped, "%s", pab_algorithm_name(alg));
        cr_assert_geq(r.depth, 1, "%s", pab_algorithm_name(alg));
        cr_assert_lt(r.depth, PAB_DEPTH_MAX, "%s", pab_algorithm_name(alg));
        cr_assert_neq(r.best_move, PAB_MOVE_NONE);
    }
    free(pos);
}

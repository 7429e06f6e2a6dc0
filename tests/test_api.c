/*
 * The API's contracts: versions, error texts, algorithm names, config and
 * game validation with their exact error codes.
 */
#include "config.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pab/pab.h>

#include "../examples/games/tictactoe.h"

Test(api, version_matches_headers_and_package)
{
    cr_assert_str_eq(pab_version(), PAB_VERSION_STRING);
    cr_assert_str_eq(pab_version(), PACKAGE_VERSION);
    cr_assert_eq(pab_version_number(), PAB_VERSION_NUMBER);
    cr_assert_eq(PAB_VERSION_NUMBER >> 16, PAB_VERSION_MAJOR);
}

Test(api, every_error_has_its_own_text)
{
    int codes[] = {
#define CODE(name, value, text) PAB_##name,
        PAB_ERRNO_MAP(CODE)
#undef CODE
    };
    size_t n = sizeof codes / sizeof codes[0];
    cr_assert_str_eq(pab_strerror(0), "success");
    cr_assert_str_eq(pab_strerror(12345), "unknown error");
    for (size_t i = 0; i < n; i++) {
        cr_assert_lt(codes[i], 0);
        cr_assert_str_neq(pab_strerror(codes[i]), "unknown error");
        for (size_t j = i + 1; j < n; j++) {
            cr_assert_neq(codes[i], codes[j]);
            cr_assert_str_neq(pab_strerror(codes[i]), pab_strerror(codes[j]));
        }
    }
    cr_assert_str_eq(pab_strerror(PAB_ENOTSUP),
                     "algorithm not supported by this version of libpab");
}

Test(api, algorithm_names_round_trip)
{
    static const char *names[] = {"serial",  "abdada",   "simplified-abdada",
                                  "ybwc",    "jamboree", "lazy-smp",
                                  "pvsplit", "dts"};
    for (int i = 0; i < PAB_ALGO_COUNT; i++) {
        cr_assert_str_eq(pab_algorithm_name(i), names[i]);
        cr_assert_eq(pab_algorithm_from_name(names[i]), i);
    }
    cr_assert_eq(pab_algorithm_from_name("mtdf"), PAB_EALGO);
    cr_assert_eq(pab_algorithm_from_name("Serial"), PAB_EALGO);
    cr_assert_eq(pab_algorithm_from_name(NULL), PAB_EINVAL);
    cr_assert_null(pab_algorithm_name(-1));
    cr_assert_null(pab_algorithm_name(PAB_ALGO_COUNT));
}

Test(api, config_defaults_are_valid)
{
    pab_config c;
    memset(&c, 0xff, sizeof c);
    pab_config_init(&c);
    cr_assert_eq(c.size, sizeof c);
    cr_assert_eq(c.algorithm, PAB_ALGO_SERIAL);
    cr_assert_eq(c.threads, 1);
    cr_assert_eq(c.max_depth, PAB_DEPTH_MAX);
    cr_assert_eq(c.time_limit_ms, 0);
    cr_assert_eq(c.node_limit, 0);
    cr_assert(c.iterative_deepening && c.use_tt && !c.plain);
    cr_assert_null(c.info);
    cr_assert_eq(pab_config_validate(&c), 0);
}

Test(api, config_validation_codes)
{
    pab_config c;
    cr_assert_eq(pab_config_validate(NULL), PAB_EINVAL);
    pab_config_init(&c);
    c.threads = 0;
    cr_assert_eq(pab_config_validate(&c), PAB_ETHREADS);
    pab_config_init(&c);
    c.threads = PAB_THREADS_MAX + 1;
    c.algorithm = PAB_ALGO_ABDADA;
    cr_assert_eq(pab_config_validate(&c), PAB_ETHREADS);
    pab_config_init(&c);
    c.threads = 2; /* serial runs on one thread */
    cr_assert_eq(pab_config_validate(&c), PAB_ETHREADS);
    pab_config_init(&c);
    c.max_depth = -1;
    cr_assert_eq(pab_config_validate(&c), PAB_EDEPTH);
    c.max_depth = PAB_DEPTH_MAX + 1;
    cr_assert_eq(pab_config_validate(&c), PAB_EDEPTH);
    pab_config_init(&c);
    c.algorithm = (pab_algorithm)PAB_ALGO_COUNT;
    cr_assert_eq(pab_config_validate(&c), PAB_EALGO);
    pab_config_init(&c);
    c.size = 3;
    cr_assert_eq(pab_config_validate(&c), PAB_EVERSION);
    pab_config_init(&c);
    c.aspiration_window = 0;
    cr_assert_eq(pab_config_validate(&c), PAB_EINVAL);
}

static void free_state(void *state, void *user)
{
    free(state);
}

Test(api, searcher_creation_errors)
{
    pab_game g;
    pab_searcher *s = (pab_searcher *)&g;
    ttt_game(&g, TTT_SCORE_PLAIN);
    cr_assert_eq(pab_searcher_create(NULL, &g, 0), PAB_EINVAL);
    cr_assert_eq(pab_searcher_create(&s, NULL, 0), PAB_EINVAL);
    cr_assert_null(s);
    cr_assert_eq(pab_searcher_create(&s, &g, (size_t)1 << 62), PAB_ESIZE);
    cr_assert_eq(pab_searcher_create(&s, &g, 100), PAB_ESIZE);
    cr_assert_eq(pab_searcher_create_with_tt(&s, &g, NULL), PAB_EINVAL);
    pab_game bad = g;
    bad.generate = NULL;
    cr_assert_eq(pab_searcher_create(&s, &bad, 0), PAB_ECALLBACK);
    bad = g;
    bad.hash = NULL;
    cr_assert_eq(pab_searcher_create(&s, &bad, 0), PAB_ECALLBACK);
    bad = g;
    bad.make_null = NULL;
    bad.unmake_null = g.unmake_null;
    bad.clone = NULL;
    bad.destroy = free_state; /* destroy without clone */
    cr_assert_eq(pab_searcher_create(&s, &bad, 0), PAB_ECALLBACK);
    bad = g;
    bad.state_size = 0;
    cr_assert_eq(pab_searcher_create(&s, &bad, 0), PAB_EINVAL);
    bad = g;
    bad.size = 0;
    cr_assert_eq(pab_searcher_create(&s, &bad, 0), PAB_EVERSION);
}

Test(api, search_argument_errors)
{
    pab_game g;
    pab_searcher *s;
    ttt_state st;
    pab_config c;
    pab_result r;
    ttt_game(&g, TTT_SCORE_PLAIN);
    ttt_init(&st);
    cr_assert_eq(pab_searcher_create(&s, &g, 0), 0);
    pab_config_init(&c);
    cr_assert_eq(pab_search(NULL, &st, &c, &r), PAB_EINVAL);
    cr_assert_eq(pab_search(s, NULL, &c, &r), PAB_EINVAL);
    cr_assert_eq(pab_search(s, &st, NULL, &r), PAB_EINVAL);
    cr_assert_eq(pab_search(s, &st, &c, NULL), PAB_EINVAL);
    /* Every algorithm runs; with one thread each is a serial search. */
    for (int a = 0; a < PAB_ALGO_COUNT; a++) {
        c.algorithm = (pab_algorithm)a;
        cr_assert_eq(pab_search(s, &st, &c, &r), 0, "%s",
                     pab_algorithm_name(a));
        cr_assert_eq(r.score, 0);
    }
    pab_searcher_destroy(s);
}

/* A callback that fails stops the search with PAB_EGAME. */
static int broken_generate(const void *st, pab_move_t *m, unsigned cap,
                           pab_score_t *t, void *u)
{
    return -1;
}

Test(api, game_errors_surface_as_egame)
{
    pab_game g;
    pab_searcher *s;
    ttt_state st;
    pab_config c;
    pab_result r;
    ttt_game(&g, TTT_SCORE_PLAIN);
    g.generate = broken_generate;
    ttt_init(&st);
    cr_assert_eq(pab_searcher_create(&s, &g, 0), 0);
    pab_config_init(&c);
    cr_assert_eq(pab_search(s, &st, &c, &r), PAB_EGAME);
    pab_searcher_destroy(s);
}

Test(api, borrowed_table_is_used_and_survives)
{
    pab_game g;
    pab_searcher *s;
    pab_tt *tt;
    ttt_state st;
    pab_config c;
    pab_result r;
    ttt_game(&g, TTT_SCORE_PLAIN);
    ttt_init(&st);
    cr_assert_eq(pab_tt_create(&tt, 1 << 20, 2), 0);
    cr_assert_eq(pab_searcher_create_with_tt(&s, &g, tt), 0);
    cr_assert_eq(pab_searcher_tt(s), tt);
    pab_config_init(&c);
    cr_assert_eq(pab_search(s, &st, &c, &r), 0);
    pab_searcher_destroy(s);
    pab_tt_entry e;
    cr_assert(pab_tt_probe(tt, g.hash(&st, g.user), &e));
    cr_assert_eq(e.bound, PAB_BOUND_EXACT);
    cr_assert_eq(e.score, 0);
    pab_tt_destroy(tt);
}

Test(api, config_options_by_name)
{
    pab_config c;
    pab_config_init(&c);
    cr_assert_eq(pab_config_set_option(&c, "algorithm", "ybwc"), 0);
    cr_assert_eq(c.algorithm, PAB_ALGO_YBWC);
    cr_assert_eq(pab_config_set_option(&c, "threads", "8"), 0);
    cr_assert_eq(c.threads, 8);
    cr_assert_eq(pab_config_set_option(&c, "ybwc_strong", "false"), 0);
    cr_assert(!c.ybwc_strong);
    cr_assert_eq(pab_config_set_option(&c, "defer_depth", "5"), 0);
    cr_assert_eq(c.defer_depth, 5);
    cr_assert_eq(pab_config_set_option(&c, "split_policy", "highest"), 0);
    cr_assert_eq(c.split_policy, PAB_SPLIT_HIGHEST);
    cr_assert_eq(pab_config_set_option(&c, "node_limit", "123456789012"), 0);
    cr_assert_eq(c.node_limit, 123456789012ull);
    cr_assert_eq(pab_config_validate(&c), 0);
    /* Bad values and names change nothing. */
    cr_assert_eq(pab_config_set_option(&c, "threads", "many"), PAB_EINVAL);
    cr_assert_eq(pab_config_set_option(&c, "threads", "-1"), PAB_EINVAL);
    cr_assert_eq(c.threads, 8);
    cr_assert_eq(pab_config_set_option(&c, "ybwc_strong", "maybe"), PAB_EINVAL);
    cr_assert_eq(pab_config_set_option(&c, "split_policy", "left"), PAB_EINVAL);
    cr_assert_eq(c.split_policy, PAB_SPLIT_HIGHEST);
    cr_assert_eq(pab_config_set_option(&c, "split_policy", "select"), 0);
    cr_assert_eq(c.split_policy, PAB_SPLIT_SELECT);
    cr_assert_eq(c.split_scheme, PAB_SPLIT_SCHEME_AUTO);
    cr_assert_eq(pab_config_set_option(&c, "split_scheme", "auto"), 0);
    cr_assert_eq(pab_config_set_option(&c, "split_scheme", "d"), PAB_EINVAL);
    cr_assert_eq(c.split_scheme, PAB_SPLIT_SCHEME_AUTO);
    cr_assert_eq(pab_config_set_option(&c, "algorithm", "mtdf"), PAB_EALGO);
    cr_assert_eq(pab_config_set_option(&c, "warp_speed", "9"), PAB_EOPTION);
    cr_assert_eq(pab_config_set_option(NULL, "threads", "1"), PAB_EINVAL);
    /* Every listed name is settable. */
    unsigned n = 0;
    for (const char *name; (name = pab_config_option_name(n)) != NULL; n++)
        cr_assert_neq(pab_config_set_option(&c, name, "x"), PAB_EOPTION, "%s",
                      name);
    cr_assert_geq(n, 20);
}

/* Programs built with older (smaller) or newer (larger) structures: the
 * library writes exactly the caller's size and refuses what it cannot
 * read. */
Test(api, init_respects_the_callers_size)
{
    unsigned char buf[sizeof(pab_config) + 64];
    memset(buf, 0xab, sizeof buf);
    pab_config_init_size((pab_config *)buf, 100);
    cr_assert_eq(((pab_config *)buf)->size, 100);
    for (size_t i = 100; i < sizeof buf; i++)
        cr_assert_eq(buf[i], 0xab, "byte %zu written", i);
    cr_assert_eq(pab_config_validate((pab_config *)buf), PAB_EVERSION);

    memset(buf, 0xab, sizeof buf);
    pab_config_init_size((pab_config *)buf, sizeof buf); /* newer program */
    cr_assert_eq(((pab_config *)buf)->size, sizeof buf);
    cr_assert_eq(buf[sizeof buf - 1], 0);
    cr_assert_eq(pab_config_validate((pab_config *)buf), PAB_EVERSION);

    unsigned char gbuf[sizeof(pab_game) + 16];
    memset(gbuf, 0xab, sizeof gbuf);
    pab_game_init_size((pab_game *)gbuf, 40);
    cr_assert_eq(((pab_game *)gbuf)->size, 40);
    cr_assert_eq(gbuf[40], 0xab);
    pab_searcher *s;
    cr_assert_eq(pab_searcher_create(&s, (pab_game *)gbuf, 0), PAB_EVERSION);
}

/* A game whose values leave the range the contract gives it. */
static pab_score_t out_of_range(const void *state, void *user)
{
    return PAB_SCORE_MAX + 1;
}

Test(api, out_of_range_scores_are_egame)
{
    pab_game g;
    pab_searcher *s;
    ttt_state st;
    pab_config c;
    pab_result r;
    ttt_game(&g, TTT_SCORE_PLAIN);
    g.evaluate = out_of_range;
    ttt_init(&st);
    cr_assert_eq(pab_searcher_create(&s, &g, 0), 0);
    pab_config_init(&c);
    c.max_depth = 2;
    cr_assert_eq(pab_search(s, &st, &c, &r), PAB_EGAME);
    pab_searcher_destroy(s);
}

/* The same for a finished game's value and for decided(), with every
 * algorithm, on real threads and on virtual processors: pab(7) promises
 * PAB_EGAME for any value outside [PAB_SCORE_MIN, PAB_SCORE_MAX]. */
static int bad_terminal(const void *st, pab_move_t *m, unsigned cap,
                        pab_score_t *t, void *u)
{
    pab_game g;
    ttt_game(&g, TTT_SCORE_PLAIN);
    int n = g.generate(st, m, cap, t, u);
    if (n == 0)
        *t = PAB_SCORE_MIN - 1;
    return n;
}

static bool bad_decided(const void *st, pab_score_t *v, void *u)
{
    *v = PAB_SCORE_MAX + 7;
    return true;
}

static void assert_egame_everywhere(const pab_game *g, int depth)
{
    ttt_state st;
    pab_searcher *s;
    ttt_init(&st);
    /* A position four moves from a finished game: X to win on the top row. */
    st.cell[0] = st.cell[1] = 1;
    st.cell[3] = st.cell[4] = 2;
    st.stones = 4;
    cr_assert_eq(pab_searcher_create(&s, g, 1 << 16), 0);
    for (int a = 0; a < PAB_ALGO_COUNT; a++)
        for (int sim = 0; sim <= 1; sim++) {
            pab_config c;
            pab_result r;
            pab_config_init(&c);
            c.algorithm = a;
            c.threads = a == PAB_ALGO_SERIAL ? 1 : 2;
            c.simulate = sim;
            c.max_depth = depth;
            cr_assert_eq(pab_search(s, &st, &c, &r), PAB_EGAME, "%s%s",
                         pab_algorithm_name(a), sim ? " simulated" : "");
        }
    pab_searcher_destroy(s);
}

Test(api, out_of_range_terminal_and_decided_are_egame, .timeout = 60)
{
    pab_game g;
    ttt_game(&g, TTT_SCORE_PLAIN);
    g.generate = bad_terminal;
    assert_egame_everywhere(&g, 9);
    ttt_game(&g, TTT_SCORE_PLAIN);
    g.decided = bad_decided;
    assert_egame_everywhere(&g, 3);
}

/* A program of an older layout: `past`, a field of a later one, is beyond
 * its config and not settable by name; `own`, one of its own, is, and the
 * config validates. */
static void older_layout(size_t size, const char *past, const char *own,
                         const char *value)
{
    pab_config c;
    memset(&c, 0xA5, sizeof c);
    pab_config_init_size(&c, size);
    cr_assert_eq(pab_config_set_option(&c, past, "6"), PAB_EVERSION, "%s",
                 past);
    cr_assert_eq(pab_config_set_option(&c, own, value), 0, "%s", own);
    cr_assert_eq(pab_config_validate(&c), 0);
}

/* The published layouts: a 0.2 program's config (no stop_ticket) is read
 * without the garbage after it, and gets the whole 0.2 result; a size no
 * version ever had is refused. */
Test(api, published_layouts_only)
{
    pab_game g;
    pab_searcher *s;
    ttt_state st;
    pab_config c;
    pab_result r;
    ttt_game(&g, TTT_SCORE_PLAIN);
    ttt_init(&st);
    cr_assert_eq(g.size, PAB_GAME_SIZE_V3);
    cr_assert_lt(PAB_GAME_SIZE_V1, PAB_GAME_SIZE_V2);
    cr_assert_lt(PAB_GAME_SIZE_V2, PAB_GAME_SIZE_V3);
    /* 0.4's sizeof: the 0.11 member starts where it ended. */
    cr_assert_eq(PAB_GAME_SIZE_V2,
                 offsetof(pab_game, evaluate_mut) + sizeof g.evaluate_mut);
    cr_assert_eq(pab_searcher_create(&s, &g, 0), 0);
    cr_assert_lt(PAB_CONFIG_SIZE_V1, PAB_CONFIG_SIZE_V2);
    cr_assert_lt(PAB_CONFIG_SIZE_V2, PAB_CONFIG_SIZE_V3);
    cr_assert_lt(PAB_CONFIG_SIZE_V3, PAB_CONFIG_SIZE_V4);
    cr_assert_lt(PAB_CONFIG_SIZE_V4, PAB_CONFIG_SIZE_V5);
    cr_assert_lt(PAB_CONFIG_SIZE_V5, PAB_CONFIG_SIZE_V6);
    cr_assert_lt(PAB_CONFIG_SIZE_V6, PAB_CONFIG_SIZE_V7);
    /* 0.6's sizeof, padding included: its programs still pass it. */
    cr_assert_eq(PAB_CONFIG_SIZE_V6 % _Alignof(pab_config), 0);
    cr_assert_eq(PAB_CONFIG_SIZE_V6, (offsetof(pab_config, split_m_cc) +
                                      sizeof(int) + _Alignof(pab_config) - 1) /
                                         _Alignof(pab_config) *
                                         _Alignof(pab_config));
    cr_assert_lt(PAB_CONFIG_SIZE_V7, PAB_CONFIG_SIZE_V8);
    /* 0.7's sizeof, padding included, likewise. */
    cr_assert_eq(PAB_CONFIG_SIZE_V7, (offsetof(pab_config, sim_cs_depth) +
                                      sizeof(int) + _Alignof(pab_config) - 1) /
                                         _Alignof(pab_config) *
                                         _Alignof(pab_config));
    cr_assert_lt(PAB_CONFIG_SIZE_V8, PAB_CONFIG_SIZE_V9);
    /* 0.8's sizeof, padding included, likewise. */
    cr_assert_eq(PAB_CONFIG_SIZE_V8,
                 (offsetof(pab_config, aspiration_growth) + sizeof(unsigned) +
                  _Alignof(pab_config) - 1) /
                     _Alignof(pab_config) * _Alignof(pab_config));
    cr_assert_lt(PAB_CONFIG_SIZE_V9, PAB_CONFIG_SIZE_V10);
    /* 0.9's sizeof, padding included, likewise. */
    cr_assert_eq(PAB_CONFIG_SIZE_V9, (offsetof(pab_config, split_adopt_depth) +
                                      sizeof(int) + _Alignof(pab_config) - 1) /
                                         _Alignof(pab_config) *
                                         _Alignof(pab_config));
    cr_assert_lt(PAB_CONFIG_SIZE_V10, PAB_CONFIG_SIZE_V11);
    /* 0.10's sizeof, padding included, likewise. */
    cr_assert_eq(PAB_CONFIG_SIZE_V10,
                 (offsetof(pab_config, sim_node_extra) + sizeof(unsigned) +
                  _Alignof(pab_config) - 1) /
                     _Alignof(pab_config) * _Alignof(pab_config));
    cr_assert_lt(PAB_CONFIG_SIZE_V11, PAB_CONFIG_SIZE_V12);
    /* 0.11's sizeof, padding included, likewise. */
    cr_assert_eq(PAB_CONFIG_SIZE_V11,
                 (offsetof(pab_config, lmr_tt_noisy) + sizeof(bool) +
                  _Alignof(pab_config) - 1) /
                     _Alignof(pab_config) * _Alignof(pab_config));
    cr_assert_eq(PAB_CONFIG_SIZE_V12, sizeof c);
    memset(&c, 0xA5, sizeof c); /* stop_ticket: a ticket never issued */
    pab_config_init_size(&c, PAB_CONFIG_SIZE_V2);
    c.max_depth = 3;
    memset(&r, 0x5A, sizeof r);
    cr_assert_eq(pab_search(s, &st, &c, &r), 0);
    cr_assert_eq(r.depth, 3);
    cr_assert_eq(r.ticks, 0); /* written: the 0.2 result has it */
    for (size_t bad = PAB_CONFIG_SIZE_V1 + 1; bad < PAB_CONFIG_SIZE_V12; bad++)
        if (bad != PAB_CONFIG_SIZE_V2 && bad != PAB_CONFIG_SIZE_V3 &&
            bad != PAB_CONFIG_SIZE_V4 && bad != PAB_CONFIG_SIZE_V5 &&
            bad != PAB_CONFIG_SIZE_V6 && bad != PAB_CONFIG_SIZE_V7 &&
            bad != PAB_CONFIG_SIZE_V8 && bad != PAB_CONFIG_SIZE_V9 &&
            bad != PAB_CONFIG_SIZE_V10 && bad != PAB_CONFIG_SIZE_V11) {
            c.size = bad;
            cr_assert_eq(pab_config_validate(&c), PAB_EVERSION, "size %zu",
                         bad);
        }
    /* A 0.5 program: the selectivity after its config is garbage, unread
     * (the 0.6 defaults instead), and not settable by name. */
    memset(&c, 0xA5, sizeof c);
    pab_config_init_size(&c, PAB_CONFIG_SIZE_V5);
    c.max_depth = 4;
    cr_assert_eq(pab_config_validate(&c), 0);
    cr_assert_eq(pab_config_set_option(&c, "rfp_depth", "2"), PAB_EVERSION);
    cr_assert_eq(pab_search(s, &st, &c, &r), 0);
    cr_assert_eq(r.depth, 4);
    older_layout(PAB_CONFIG_SIZE_V8, "split_adopt_depth", "aspiration_growth",
                 "50");
    older_layout(PAB_CONFIG_SIZE_V9, "sim_node_extra", "split_adopt_depth",
                 "4");
    older_layout(PAB_CONFIG_SIZE_V10, "correction_bits", "sim_node_extra", "4");
    older_layout(PAB_CONFIG_SIZE_V11, "probcut_depth", "correction_bits", "4");
    /* A 0.3 program: the tunables after its config are garbage, unread;
     * it sets its own fields by name but not the ones it lacks. */
    memset(&c, 0xA5, sizeof c);
    pab_config_init_size(&c, PAB_CONFIG_SIZE_V3);
    cr_assert_eq(pab_config_set_option(&c, "max_depth", "4"), 0);
    cr_assert_eq(pab_config_set_option(&c, "lmr_r", "2"), PAB_EVERSION);
    long long v;
    cr_assert_eq(pab_config_get_option(&c, "time_soft_ms", &v), PAB_EVERSION);
    cr_assert_eq(pab_config_validate(&c), 0);
    cr_assert_eq(pab_search(s, &st, &c, &r), 0);
    cr_assert_eq(r.depth, 4);
    /* A 0.4 program simulating: the memory model and noise after its
     * config are garbage, unread (flat memory, no noise: the 0.4 ticks). */
    pab_config_init(&c);
    c.max_depth = 4;
    c.algorithm = PAB_ALGO_ABDADA;
    c.threads = 3;
    c.simulate = true;
    cr_assert_eq(c.sim_jitter, 10);                 /* 0.5's default: noise */
    cr_assert_eq(c.sim_memory, PAB_SIM_MEMORY_MSI); /* 0.13's default */
    c.sim_jitter = 0;
    c.sim_memory = PAB_SIM_MEMORY_FLAT;
    pab_result flat;
    cr_assert_eq(pab_search(s, &st, &c, &flat), 0);
    memset(&c, 0xA5, sizeof c);
    pab_config_init_size(&c, PAB_CONFIG_SIZE_V4);
    c.max_depth = 4;
    c.algorithm = PAB_ALGO_ABDADA;
    c.threads = 3;
    c.simulate = true;
    cr_assert_eq(pab_config_set_option(&c, "sim_jitter", "5"), PAB_EVERSION);
    cr_assert_eq(pab_config_validate(&c), 0);
    cr_assert_eq(pab_search(s, &st, &c, &r), 0);
    cr_assert_eq(r.ticks, flat.ticks, "%llu %llu", (unsigned long long)r.ticks,
                 (unsigned long long)flat.ticks);
    cr_assert_eq(r.stats.nodes, flat.stats.nodes);
    g.size = PAB_GAME_SIZE_V1 + 8;
    pab_searcher *s2;
    cr_assert_eq(pab_searcher_create(&s2, &g, 0), PAB_EVERSION);
    g.size = PAB_GAME_SIZE_V3 + 8; /* from headers newer than the library */
    cr_assert_eq(pab_searcher_create(&s2, &g, 0), PAB_EVERSION);
    g.size = PAB_GAME_SIZE_V2; /* a 0.4 program's table */
    cr_assert_eq(pab_searcher_create(&s2, &g, 0), 0);
    pab_searcher_destroy(s2);
    pab_searcher_destroy(s);
}

/* The option table describes every field by name truly: its default is
 * what pab_config_init() sets, its range is what pab_config_set_option()
 * accepts and pab_config_validate() keeps, and the names are unique. */
static void check_int_option(const pab_option_info *o)
{
    char text[32];
    long long got;
    pab_config c;
    pab_config_init(&c);
    c.algorithm = PAB_ALGO_YBWC; /* any thread count is fine */
    long long ends[2] = {o->min, o->max};
    for (int e = 0; e < 2; e++) {
        snprintf(text, sizeof text, "%lld", ends[e]);
        cr_assert_eq(pab_config_set_option(&c, o->name, text), 0, "%s=%s",
                     o->name, text);
        cr_assert_eq(pab_config_get_option(&c, o->name, &got), 0);
        cr_assert_eq(got, ends[e], "%s", o->name);
        cr_assert_eq(pab_config_validate(&c), 0, "%s=%s", o->name, text);
    }
    if (o->min > LLONG_MIN) {
        snprintf(text, sizeof text, "%lld", o->min - 1);
        cr_assert_eq(pab_config_set_option(&c, o->name, text), PAB_EINVAL,
                     "%s=%s", o->name, text);
    }
    if (o->max < LLONG_MAX) {
        snprintf(text, sizeof text, "%lld", o->max + 1);
        cr_assert_eq(pab_config_set_option(&c, o->name, text), PAB_EINVAL,
                     "%s=%s", o->name, text);
    }
}

Test(api, option_table_is_true)
{
    pab_config d;
    pab_config_init(&d);
    unsigned n = 0;
    for (const pab_option_info *o; (o = pab_config_option(n)) != NULL; n++) {
        cr_assert_str_eq(o->name, pab_config_option_name(n));
        cr_assert(o->description != NULL && o->description[0] != '\0');
        cr_assert(o->unit != NULL);
        for (unsigned k = 0; k < n; k++)
            cr_assert_str_neq(o->name, pab_config_option(k)->name);
        long long v;
        cr_assert_eq(pab_config_get_option(&d, o->name, &v), 0);
        cr_assert_eq(v, o->default_value, "%s default", o->name);
        cr_assert(o->min <= o->default_value && o->default_value <= o->max,
                  "%s", o->name);
        switch (o->kind) {
        case PAB_OPTION_BOOL:
            cr_assert(o->min == 0 && o->max == 1, "%s", o->name);
            break;
        case PAB_OPTION_INT: check_int_option(o); break;
        case PAB_OPTION_CHOICE: {
            long long count = 0;
            while (o->choices[count] != NULL)
                count++;
            cr_assert_eq(o->max, count - 1, "%s", o->name);
            break;
        }
        case PAB_OPTION_ALGORITHM:
            cr_assert_eq(o->max, PAB_ALGO_COUNT - 1);
            break;
        default: cr_assert_fail("%s: unknown kind", o->name);
        }
    }
    cr_assert_eq(pab_config_option_name(n), NULL);
    cr_assert_geq(n, 39);
    long long v;
    cr_assert_eq(pab_config_get_option(&d, "warp_speed", &v), PAB_EOPTION);
    cr_assert_eq(pab_config_get_option(NULL, "threads", &v), PAB_EINVAL);
    cr_assert_eq(pab_config_get_option(&d, "threads", NULL), PAB_EINVAL);
    cr_assert_eq(pab_config_set_option(&d, "split_policy", "highest"), 0);
    cr_assert_eq(pab_config_get_option(&d, "split_policy", &v), 0);
    cr_assert_eq(v, PAB_SPLIT_HIGHEST);
}

/*
 * config.diagnostics: pab_result.by_depth and iteration_nodes add up to the
 * search's own counters, say what each algorithm is known to do (serial
 * never shares a node, Lazy SMP's threads all search the root, a small
 * table loses entries), and change nothing a simulation measures.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <pab/pab.h>

#include "../examples/games/tree.h"

typedef struct tree_pos {
    pab_game game;
    void *root;
} tree_pos;

static void tree_open(tree_pos *t, uint32_t seed)
{
    const tree_params shape = {8, 60, 20, TREE_HEIGHT_MAX};
    cr_assert_eq(tree_game_init(&t->game, &shape), 0);
    t->root = malloc(t->game.state_size);
    cr_assert_eq(tree_root(&t->game, t->root, seed), 0);
}

static void tree_close(tree_pos *t)
{
    free(t->root);
    tree_game_free(&t->game);
}

static pab_result search(const tree_pos *t, const pab_config *c, size_t tt)
{
    pab_searcher *s;
    pab_result r;
    cr_assert_eq(pab_searcher_create(&s, &t->game, tt), 0);
    int rc = pab_search(s, t->root, c, &r);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    pab_searcher_destroy(s);
    return r;
}

static pab_depth_stats total(const pab_result *r)
{
    pab_depth_stats t = {0};
    for (int d = 0; d < PAB_DIAG_DEPTHS; d++) {
        t.nodes += r->by_depth[d].nodes;
        t.shared += r->by_depth[d].shared;
        t.late += r->by_depth[d].late;
        t.deferrals += r->by_depth[d].deferrals;
        t.re_searches += r->by_depth[d].re_searches;
        t.evictions += r->by_depth[d].evictions;
    }
    return t;
}

static uint64_t iteration_total(const pab_result *r)
{
    uint64_t n = 0;
    for (int d = 0; d < PAB_DIAG_DEPTHS; d++)
        n += r->iteration_nodes[d];
    return n;
}

static void configure(pab_config *c, pab_algorithm a, unsigned threads)
{
    pab_config_init(c);
    c->max_depth = 6;
    c->algorithm = a;
    c->threads = threads;
    c->diagnostics = true;
}

/* One thread: every iteration's nodes add up to the search's, nothing is
 * shared (but for the rare occupancy counter two path nodes share), and
 * the re-searches by depth are the re-searches. */
Test(diagnostics, serial_adds_up, .timeout = 60)
{
    tree_pos t;
    tree_open(&t, 7u);
    pab_config c;
    configure(&c, PAB_ALGO_SERIAL, 1);
    pab_result r = search(&t, &c, 1 << 20);
    pab_depth_stats s = total(&r);
    cr_assert_eq(iteration_total(&r), r.stats.nodes);
    cr_assert_gt(s.nodes, 0u);
    cr_assert_lt(s.nodes, r.stats.nodes);
    cr_assert_leq(s.shared * 1000, s.nodes, "one thread shared %llu",
                  (unsigned long long)s.shared);
    cr_assert_eq(s.re_searches, r.stats.re_searches);
    cr_assert_eq(s.deferrals, 0u);
    /* Without diagnostics nothing is written there. */
    c.diagnostics = false;
    pab_result q = search(&t, &c, 1 << 20);
    cr_assert_eq(q.stats.nodes, r.stats.nodes);
    cr_assert_eq(total(&q).nodes, 0u);
    cr_assert_eq(iteration_total(&q), 0u);
    /* Plain mode counts its interior nodes too. */
    c.diagnostics = true;
    c.plain = true;
    r = search(&t, &c, 1 << 20);
    cr_assert_gt(total(&r).nodes, 0u);
    cr_assert_eq(iteration_total(&r), r.stats.nodes);
    tree_close(&t);
}

/* Every parallel algorithm on 7 virtual processors, flat and MSI with
 * noise: diagnostics on or off, the same ticks, nodes and answer; the
 * deferrals by depth are the algorithm's own count. */
Test(diagnostics, change_nothing_simulated, .timeout = 120)
{
    tree_pos t;
    tree_open(&t, 11u);
    for (int a = 0; pab_algorithm_name(a) != NULL; a++) {
        if (a == PAB_ALGO_SERIAL)
            continue;
        for (int msi = 0; msi < 2; msi++) {
            pab_config c;
            configure(&c, (pab_algorithm)a, 7);
            c.simulate = true;
            if (msi) {
                c.sim_memory = PAB_SIM_MEMORY_MSI;
                c.sim_jitter = 10;
                c.sim_seed = 5;
            }
            pab_result on = search(&t, &c, 1 << 20);
            c.diagnostics = false;
            pab_result off = search(&t, &c, 1 << 20);
            const char *name = pab_algorithm_name(a);
            cr_assert_eq(on.ticks, off.ticks, "%s msi %d", name, msi);
            cr_assert_eq(on.stats.nodes, off.stats.nodes, "%s", name);
            cr_assert_eq(on.score, off.score, "%s", name);
            cr_assert_eq(on.best_move, off.best_move, "%s", name);
            pab_depth_stats s = total(&on);
            cr_assert_gt(s.nodes, 0u, "%s", name);
            cr_assert_eq(s.re_searches, on.stats.re_searches, "%s", name);
            cr_assert_eq(s.deferrals,
                         on.stats.deferrals + on.stats.on_evaluation, "%s",
                         name);
            cr_assert_leq(s.late, s.shared, "%s", name);
            cr_assert_leq(s.shared, s.nodes, "%s", name);
        }
    }
    tree_close(&t);
}

/* Lazy SMP's threads all start at the root: its nodes near the root are
 * searched by several at once, and so are the iterations of every thread
 * (which add up to all its nodes). */
Test(diagnostics, lazy_smp_shares, .timeout = 60)
{
    tree_pos t;
    tree_open(&t, 3u);
    pab_config c;
    configure(&c, PAB_ALGO_LAZY_SMP, 4);
    c.simulate = true;
    c.lazy_same_depth = true;
    pab_result r = search(&t, &c, 1 << 20);
    cr_assert_gt(r.by_depth[c.max_depth].shared, 0u);
    cr_assert_gt(total(&r).shared, total(&r).nodes / 10);
    cr_assert_eq(iteration_total(&r), r.stats.nodes);
    tree_close(&t);
}

/* The smallest table loses entries of the search; a roomy one,
 * searched shallowly, none. */
Test(diagnostics, evictions, .timeout = 60)
{
    tree_pos t;
    tree_open(&t, 5u);
    pab_config c;
    configure(&c, PAB_ALGO_SERIAL, 1);
    c.max_depth = 9;
    pab_result small = search(&t, &c, PAB_TT_MIN_BYTES);
    cr_assert_gt(total(&small).evictions, 100u);
    c.max_depth = 2;
    pab_result roomy = search(&t, &c, (size_t)64 << 20);
    cr_assert_eq(total(&roomy).evictions, 0u);
    tree_close(&t);
}

/* A 0.4 program's result ends where the 0.4 result ended. */
Test(diagnostics, old_result_untouched)
{
    tree_pos t;
    tree_open(&t, 9u);
    pab_config c;
    pab_config_init_size(&c, PAB_CONFIG_SIZE_V4);
    c.max_depth = 3;
    _Alignas(pab_result) unsigned char buf[sizeof(pab_result)];
    memset(buf, 0x5A, sizeof buf);
    pab_searcher *s;
    cr_assert_eq(pab_searcher_create(&s, &t.game, 1 << 20), 0);
    cr_assert_eq(pab_search(s, t.root, &c, (pab_result *)(void *)buf), 0);
    for (size_t i = PAB_RESULT_SIZE_V2; i < sizeof buf; i++)
        cr_assert_eq(buf[i], 0x5A, "byte %zu of the result written", i);
    cr_assert_eq(pab_config_set_option(&c, "diagnostics", "true"),
                 PAB_EVERSION);
    pab_searcher_destroy(s);
    tree_close(&t);
}

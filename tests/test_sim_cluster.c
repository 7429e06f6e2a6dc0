/*
 * The simulated multiprocessor as a cluster (config.sim_nodes): one
 * machine is what it was, a cluster still finds the serial value with
 * every algorithm that runs across machines (abdada, simplified-abdada,
 * lazy-smp), runs are deterministic, and the network's latency costs
 * time.  Like test_simulate.c, one OS thread: nothing for
 * ThreadSanitizer.
 */
#include <criterion/criterion.h>
#include <stdlib.h>

#include <pab/pab.h>

#include "tree_fixture.h"

static const pab_algorithm across[] = {
    PAB_ALGO_ABDADA, PAB_ALGO_SIMPLIFIED_ABDADA, PAB_ALGO_LAZY_SMP};
#define N_ACROSS (sizeof across / sizeof across[0])

static pab_result run(const tree_pos *t, const pab_config *c)
{
    pab_searcher *s;
    pab_result r;
    cr_assert_eq(pab_searcher_create(&s, &t->game, 1 << 20), 0);
    int rc = pab_search(s, t->root, c, &r);
    cr_assert_eq(rc, 0, "pab_search: %s", pab_strerror(rc));
    pab_searcher_destroy(s);
    return r;
}

static pab_config cluster(pab_algorithm a, unsigned procs, unsigned nodes)
{
    pab_config c;
    pab_config_init(&c);
    c.algorithm = a;
    c.threads = procs;
    c.simulate = true;
    c.sim_nodes = nodes;
    c.max_depth = 5;
    c.lazy_same_depth = true;
    return c;
}

Test(sim_cluster, one_machine_is_no_cluster, .timeout = 120)
{
    tree_pos t;
    tree_open(&t, 8, 79, 5, 11);
    for (size_t a = 0; a < N_ACROSS; a++) {
        pab_config c0 = cluster(across[a], 4, 0);
        pab_config c1 = cluster(across[a], 4, 1);
        pab_result r0 = run(&t, &c0), r1 = run(&t, &c1);
        cr_assert_eq(r0.ticks, r1.ticks);
        cr_assert_eq(r0.stats.nodes, r1.stats.nodes);
    }
    tree_close(&t);
}

Test(sim_cluster, clusters_equal_serial, .timeout = 300)
{
    static const unsigned shape[][2] = {{2, 2}, {4, 2}, {8, 3}, {16, 4}};
    for (uint32_t seed = 1; seed <= 4; seed++) {
        tree_pos t;
        tree_open(&t, 8, 79, 5, seed);
        pab_config sc;
        pab_config_init(&sc);
        sc.max_depth = 5;
        sc.plain = true;
        const pab_score_t want = run(&t, &sc).score;
        for (size_t a = 0; a < N_ACROSS; a++)
            for (size_t k = 0; k < sizeof shape / sizeof shape[0]; k++) {
                pab_config c = cluster(across[a], shape[k][0], shape[k][1]);
                c.plain = true;
                c.sim_net_depth = 1 + (int)(k % 3);
                c.sim_cs_depth = (int)(k % 3);
                c.sim_jitter = 10;
                c.sim_seed = seed;
                pab_result r = run(&t, &c);
                cr_assert_eq(r.score, want,
                             "seed %u, %s, %u processors on %u machines: %d, "
                             "serial %d",
                             (unsigned)seed, pab_algorithm_name(across[a]),
                             shape[k][0], shape[k][1], (int)r.score, (int)want);
            }
        tree_close(&t);
    }
}

Test(sim_cluster, deterministic_and_latency_costs_time, .timeout = 120)
{
    tree_pos t;
    tree_open(&t, 8, 79, 5, 3);
    pab_config c = cluster(PAB_ALGO_ABDADA, 4, 2);
    c.sim_net_depth = 1;
    c.sim_net_latency = 0;
    pab_result fast = run(&t, &c), again = run(&t, &c);
    cr_assert_eq(fast.ticks, again.ticks);
    cr_assert_eq(fast.stats.nodes, again.stats.nodes);
    c.sim_net_latency = 500;
    pab_result slow = run(&t, &c);
    cr_assert_gt(slow.ticks, fast.ticks, "latency 500: %lu ticks, 0: %lu",
                 (unsigned long)slow.ticks, (unsigned long)fast.ticks);
    /* Two machines of one processor share what they store; two machines
     * whose entries are never deep enough share nothing, and search at
     * least as many nodes as one alone. */
    pab_config solo = cluster(PAB_ALGO_ABDADA, 1, 1);
    pab_config apart = cluster(PAB_ALGO_ABDADA, 2, 2);
    apart.sim_net_depth = PAB_TT_MAX_DEPTH;
    pab_result one = run(&t, &solo), two = run(&t, &apart);
    cr_assert_geq(two.stats.nodes, 2 * one.stats.nodes * 9 / 10);
    tree_close(&t);
}

Test(sim_cluster, options, .timeout = 60)
{
    /* More machines than processors: as many machines as processors. */
    tree_pos t;
    tree_open(&t, 8, 79, 5, 5);
    pab_config c = cluster(PAB_ALGO_ABDADA, 4, 9), four = c;
    four.sim_nodes = 4;
    cr_assert_eq(pab_config_validate(&c), 0);
    pab_result r9 = run(&t, &c), r4 = run(&t, &four);
    cr_assert_eq(r9.ticks, r4.ticks);
    cr_assert_eq(r9.stats.nodes, r4.stats.nodes);
    tree_close(&t);
    c.sim_nodes = PAB_THREADS_MAX + 1;
    cr_assert_eq(pab_config_validate(&c), PAB_EINVAL);
    c.sim_nodes = 4;
    cr_assert_eq(pab_config_set_option(&c, "sim_net_depth", "0"), PAB_EINVAL);
    cr_assert_eq(pab_config_set_option(&c, "sim_nodes", "3"), 0);
    long long v;
    cr_assert_eq(pab_config_get_option(&c, "sim_net_latency", &v), 0);
    cr_assert_eq(v, 4);
    cr_assert_eq(pab_config_get_option(&c, "sim_cs_depth", &v), 0);
    cr_assert_eq(v, 6);
}

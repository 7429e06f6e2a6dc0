/*
 * The artificial trees of the thesis (examples/games/tree.c): the random
 * routines and seed sets against the printed tables, hand-computed
 * children, equations 4.1/4.2 against table 4.5, the tree's independence
 * from expansion order, distinct keys, pab_search (plain and normal)
 * against brute-force minimax, and f_best of the library against an
 * alpha-beta written here after figure 4.3 and against table 4.4.
 */
#include <criterion/criterion.h>
#include <fann.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pab/pab.h>

#include "../examples/bench/classify.h"
#include "../examples/bench/network.h"
#include "../examples/bench/ordering.h"
#include "../examples/bench/train.h"
#include "../examples/games/tree.h"

/* ---- helpers ------------------------------------------------------------- */

static pab_game new_game(unsigned b, unsigned wa, unsigned wb, int height)
{
    pab_game g;
    tree_params p = {b, wa, wb, height};
    cr_assert_eq(tree_game_init(&g, &p), 0);
    return g;
}

static void *new_root(const pab_game *g, uint32_t seed)
{
    void *st = malloc(g->state_size);
    cr_assert_not_null(st);
    cr_assert_eq(tree_root(g, st, seed), 0);
    return st;
}

static void play(const pab_game *g, void *st, pab_move_t m)
{
    cr_assert(g->make(st, m, g->user), "move %u refused", (unsigned)m);
}

static uint32_t seed_of(const char *set, unsigned n)
{
    uint32_t seeds[TREE_TG2_COUNT];
    tree_seed_set(set, seeds, TREE_TG2_COUNT);
    return seeds[n];
}

/* Full negamax over the callbacks down to the leaves, checking on the way
 * that every interior node's static value is its exact value (the pscore
 * of a node is its minimax value by construction). */
static pab_score_t minimax(const pab_game *g, void *st, unsigned long *nodes)
{
    pab_move_t moves[TREE_BRANCH_MAX];
    pab_score_t terminal = 0;
    int n = g->generate(st, moves, TREE_BRANCH_MAX, &terminal, g->user);
    (*nodes)++;
    if (n == 0) {
        cr_assert_eq(terminal, g->evaluate(st, g->user));
        return terminal;
    }
    pab_score_t best = -PAB_SCORE_INF;
    for (int i = 0; i < n; i++) {
        play(g, st, moves[i]);
        pab_score_t v = -minimax(g, st, nodes);
        g->unmake(st, moves[i], g->user);
        if (v > best)
            best = v;
    }
    cr_assert_eq(best, g->evaluate(st, g->user),
                 "interior value is not "
                 "the pscore at ply %u",
                 tree_ply(st));
    return best;
}

/* ---- figure 4.1 and appendix A ------------------------------------------ */

Test(tree, random_routines_by_hand)
{
    tree_rnd r;
    tree_random_seed(&r, 1);
    cr_assert_eq(r.state, 16807u);
    /* 16807 * 48271 = 811290697 < 2^31 - 1: no reduction yet. */
    cr_assert_eq(tree_random(&r), 811290697u);
    cr_assert_eq(tree_random(&r), 301448195u);
    cr_assert_eq(tree_random(&r), 2004112420u);

    /* 16807 * 1335380035 mod (2^31 - 1) = 380653448, then
     * 48271 * 380653448 mod (2^31 - 1) = 652504676. */
    tree_random_seed(&r, 1335380035u);
    cr_assert_eq(r.state, 380653448u);
    cr_assert_eq(tree_random(&r), 652504676u);
    /* RANDOMRANGE keeps 64 bits: RANDOM * span / limit + lower. */
    cr_assert_eq(tree_random_range(&r, 0, 99), 95u);
    cr_assert_eq(tree_random_range(&r, 0, TREE_MIDPOINT), 727844727u);
    cr_assert_eq(tree_random_range(&r, TREE_MIDPOINT, TREE_SCORE_MAX),
                 2034093920u);

    /* The range never leaves [lower, upper]: RANDOM < random_limit. */
    r.state = TREE_RANDOM_LIMIT - 1; /* next RANDOM: the largest of a run */
    for (int i = 0; i < 100000; i++) {
        uint32_t v = tree_random_range(&r, 7, 9);
        cr_assert(v >= 7 && v <= 9);
    }
}

Test(tree, tg1_is_table_a1)
{
    uint32_t s[TREE_TG1_COUNT];
    cr_assert_eq(tree_seed_set("tg1", s, TREE_TG1_COUNT), 100u);
    /* First, the column breaks and the last values of table A.1. */
    cr_assert_eq(s[0], 1335380035u);
    cr_assert_eq(s[1], 380653449u);
    cr_assert_eq(s[2], 288732931u);
    cr_assert_eq(s[3], 1568812745u);
    cr_assert_eq(s[24], 1087273641u);
    cr_assert_eq(s[25], 869731965u);
    cr_assert_eq(s[49], 1028055477u);
    cr_assert_eq(s[50], 2022461825u);
    cr_assert_eq(s[74], 1686244787u);
    cr_assert_eq(s[75], 374445651u);
    cr_assert_eq(s[97], 1512895742u);
    cr_assert_eq(s[98], 1032355315u);
    cr_assert_eq(s[99], 1275395093u);
    /* The recurrence printed in the text (no + 1) would give 1335380034. */
    cr_assert_neq(s[0], (uint32_t)(16807ull * 12345678u % 2147483647u));
}

Test(tree, tg2_is_tables_a2_a3)
{
    uint32_t s[TREE_TG2_COUNT];
    cr_assert_eq(tree_seed_set("tg2", s, TREE_TG2_COUNT), 200u);
    cr_assert_eq(s[0], 314159265u);
    cr_assert_eq(s[1], 358979323u);
    cr_assert_eq(s[6], 97494459u); /* printed 097494459 */
    cr_assert_eq(s[25], 564823378u);
    cr_assert_eq(s[99], 766914730u);
    cr_assert_eq(s[100], 359825349u);
    cr_assert_eq(s[101], 42875546u); /* printed 042875546 */
    cr_assert_eq(s[197], 680498862u);
    cr_assert_eq(s[198], 723279178u);
    cr_assert_eq(s[199], 608578438u);
    cr_assert_eq(tree_seed_set("tg3", s, TREE_TG2_COUNT), 0u);
    /* A short buffer gets a prefix, the size of the set all the same. */
    uint32_t two[2];
    cr_assert_eq(tree_seed_set("tg1", two, 2), 100u);
    cr_assert_eq(two[1], 380653449u);
}

/* ---- figures 4.2 and 4.4 ------------------------------------------------- */

static void assert_children(const tree_child *c, const uint32_t want[][2],
                            unsigned b)
{
    for (unsigned i = 0; i < b; i++) {
        cr_assert_eq(c[i].seed, want[i][0], "child %u seed", i);
        cr_assert_eq(c[i].pscore, want[i][1], "child %u pscore", i);
    }
}

Test(tree, branch_generate_and_order_max_node)
{
    /* The root of the first tg1 tree with b = 5, by hand from figure 4.1:
     * per child the pscore draw in [0, pscore] (not for the first), then
     * the seed draw. */
    static const uint32_t generated[5][2] = {{652504676u, 1073741823u},
                                             {1455689454u, 1029024147u},
                                             {1000656643u, 960352097u},
                                             {227614147u, 747312964u},
                                             {814145282u, 318075892u}};
    /* w_a = w_b = 0: every position picked at random; pscores move, seeds
     * do not. */
    static const uint32_t ordered[5][2] = {{652504676u, 1029024147u},
                                           {1455689454u, 747312964u},
                                           {1000656643u, 318075892u},
                                           {227614147u, 1073741823u},
                                           {814145282u, 960352097u}};
    tree_child c[5];
    tree_rnd r;
    tree_branch_generate(&r, 1335380035u, TREE_MIDPOINT, true, c, 5);
    assert_children(c, generated, 5);
    tree_branch_order(&r, true, c, 5, 0, 0, NULL);
    assert_children(c, ordered, 5);

    tree_params p = {5, 0, 0, 3};
    tree_children(&p, 1335380035u, TREE_MIDPOINT, true, c);
    assert_children(c, ordered, 5);
    /* w_a = w_b = 100 sorts best first. */
    p.wa = p.wb = 100;
    tree_children(&p, 1335380035u, TREE_MIDPOINT, true, c);
    for (unsigned i = 0; i + 1 < 5; i++)
        cr_assert_geq(c[i].pscore, c[i + 1].pscore);
}

Test(tree, branch_generate_and_order_min_node)
{
    /* A MIN node draws its other children in [pscore, score_max]. */
    static const uint32_t generated[3][2] = {{1584638951u, 1073741823u},
                                             {25121137u, 1517132437u},
                                             {1727390961u, 1794555432u}};
    static const uint32_t ordered[3][2] = {{1584638951u, 1073741823u},
                                           {25121137u, 1794555432u},
                                           {1727390961u, 1517132437u}};
    tree_child c[3];
    tree_rnd r;
    tree_branch_generate(&r, 314159265u, TREE_MIDPOINT, false, c, 3);
    assert_children(c, generated, 3);
    tree_branch_order(&r, false, c, 3, 0, 0, NULL);
    assert_children(c, ordered, 3);
}

Test(tree, labels_follow_the_pscores)
{
    tree_child c[32];
    unsigned labels[32];
    tree_rnd r;
    tree_branch_generate(&r, 1335380035u, TREE_MIDPOINT, true, c, 32);
    uint32_t original[32];
    for (unsigned i = 0; i < 32; i++) {
        original[i] = c[i].pscore;
        labels[i] = i;
    }
    tree_branch_order(&r, true, c, 32, 30, 30, labels);
    for (unsigned i = 0; i < 32; i++)
        cr_assert_eq(c[i].pscore, original[labels[i]]);
}

Test(tree, equations_match_table_4_5)
{
    static const double table[20] = {
        0.705500, 0.068510, 0.053108, 0.041085, 0.031714, 0.024420, 0.018754,
        0.014359, 0.010957, 0.008329, 0.006305, 0.004749, 0.003557, 0.002646,
        0.001953, 0.001428, 0.001032, 0.000734, 0.000513, 0.000349};
    double sum = 0.0;
    for (unsigned n = 1; n <= 20; n++) {
        double p = tree_model_probability(20, 69, 19, n);
        cr_assert_float_eq(p, table[n - 1], 6e-7, "p_%u = %f", n, p);
        sum += p;
    }
    cr_assert_float_eq(sum, 1.0, 1e-12);
    cr_assert_float_eq(tree_model_probability(32, 0, 0, 7), 1.0 / 32, 1e-15);
}

/* ---- parameters, scores, the position ------------------------------------ */

Test(tree, params_parse)
{
    tree_params p;
    char err[200];
    cr_assert_eq(tree_params_parse("32,79,5", &p, err, sizeof err), 0);
    cr_assert(p.b == 32 && p.wa == 79 && p.wb == 5);
    cr_assert_eq(p.height, TREE_HEIGHT_MAX);
    cr_assert_eq(tree_params_parse("20,69,19,6", &p, err, sizeof err), 0);
    cr_assert(p.b == 20 && p.wa == 69 && p.wb == 19 && p.height == 6);
    static const char *bad[] = {"",           "32",        "32,79",   "0,1,1",
                                "257,1,1",    "32,101,5",  "32,5,-1", "32,5,5,",
                                "32,5,5,129", "a,b,c",     "32,,5",   "32,5,5 ",
                                " 32,5,5",    "32,5,5,7,1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        cr_assert_eq(tree_params_parse(bad[i], &p, err, sizeof err), PAB_EINVAL,
                     "accepted \"%s\"", bad[i]);
        cr_assert_neq(err[0], '\0');
    }
}

Test(tree, scores_map_order_preservingly)
{
    cr_assert_eq(tree_score_from_pscore(TREE_MIDPOINT, true), 0);
    cr_assert_eq(tree_score_from_pscore(TREE_SCORE_MAX, true), PAB_SCORE_MAX);
    cr_assert_eq(tree_score_from_pscore(TREE_SCORE_MIN, true), PAB_SCORE_MIN);
    cr_assert_eq(tree_score_from_pscore(TREE_SCORE_MAX, false), PAB_SCORE_MIN);
    cr_assert_eq(tree_score_from_pscore(5, false), 1073741818);
    for (uint32_t p = 0; p < TREE_SCORE_MAX; p += 1234567) {
        cr_assert_lt(tree_score_from_pscore(p, true),
                     tree_score_from_pscore(p + 1, true));
        cr_assert_eq(
            tree_pscore_from_score(tree_score_from_pscore(p, false), false), p);
    }
}

Test(tree, leaves_and_interior_nodes)
{
    pab_game g = new_game(3, 79, 5, 2);
    void *st = new_root(&g, 1335380035u);
    pab_move_t moves[8];
    pab_score_t terminal = 12345;
    cr_assert_eq(g.generate(st, moves, 8, &terminal, g.user), 3);
    cr_assert(moves[0] == 0 && moves[1] == 1 && moves[2] == 2);
    cr_assert_eq(terminal, 12345); /* untouched at an interior node */
    cr_assert_eq(g.generate(st, moves, 2, &terminal, g.user), PAB_EINVAL);
    cr_assert_eq(g.evaluate(st, g.user), 0);
    cr_assert(tree_node_is_max(st));

    /* Root children (by hand, b = 3, w_a = 79, w_b = 5): pscores 1073741823,
     * 1029024147, 960352097; the grandchildren under child 2 are
     * 1597637789, 1029024147, 1467866373 -- a MIN node's minimum is its
     * own pscore. */
    play(&g, st, 1);
    cr_assert_eq(tree_ply(st), 1u);
    cr_assert_not(tree_node_is_max(st));
    cr_assert_eq(tree_node_seed(st), 1455689454u);
    cr_assert_eq(tree_node_pscore(st), 1029024147u);
    cr_assert_eq(g.evaluate(st, g.user),
                 (pab_score_t)(1073741823 - 1029024147));
    static const uint32_t grand[3] = {1597637789u, 1029024147u, 1467866373u};
    for (unsigned i = 0; i < 3; i++) {
        play(&g, st, i);
        cr_assert_eq(tree_node_pscore(st), grand[i]);
        cr_assert_eq(g.generate(st, moves, 8, &terminal, g.user), 0);
        cr_assert_eq(terminal, (pab_score_t)grand[i] - 1073741823);
        cr_assert_eq(g.evaluate(st, g.user), terminal);
        /* Past a leaf no move is legal; make() says so and stays balanced. */
        cr_assert_not(g.make(st, 0, g.user));
        g.unmake(st, 0, g.user);
        g.unmake(st, i, g.user);
    }
    cr_assert_not(g.make(st, 3, g.user)); /* beyond b */
    g.unmake(st, 3, g.user);
    cr_assert_eq(tree_ply(st), 1u);
    free(st);
    tree_game_free(&g);
}

Test(tree, bad_roots_and_heights)
{
    pab_game g = new_game(4, 50, 50, 3);
    void *st = malloc(g.state_size);
    cr_assert_eq(tree_root(&g, st, 0), PAB_EINVAL);
    cr_assert_eq(tree_root(&g, st, TREE_RANDOM_LIMIT), PAB_EINVAL);
    cr_assert_eq(tree_set_height(&g, -1), PAB_EINVAL);
    cr_assert_eq(tree_set_height(&g, TREE_HEIGHT_MAX + 1), PAB_EINVAL);
    cr_assert_eq(tree_set_height(&g, 1), 0);
    cr_assert_eq(tree_game_params(&g)->height, 1);
    tree_params p = {0, 0, 0, 1};
    pab_game g2;
    cr_assert_eq(tree_game_init(&g2, &p), PAB_EINVAL);
    free(st);
    tree_game_free(&g);
}

/* ---- the tree does not depend on how it is walked ----------------------- */

/* Record every node of the tree, numbered by its path, visiting children
 * in increasing or decreasing order. */
typedef struct node_record {
    uint32_t seed, pscore;
    uint64_t key;
} node_record;

static void record(const pab_game *g, void *st, unsigned b, unsigned long id,
                   bool reverse, node_record *out, unsigned long *count)
{
    out[id].seed = tree_node_seed(st);
    out[id].pscore = tree_node_pscore(st);
    out[id].key = g->hash(st, g->user);
    (*count)++;
    pab_move_t moves[TREE_BRANCH_MAX];
    pab_score_t terminal;
    int n = g->generate(st, moves, TREE_BRANCH_MAX, &terminal, g->user);
    for (int k = 0; k < n; k++) {
        int i = reverse ? n - 1 - k : k;
        play(g, st, moves[i]);
        record(g, st, b, id * b + 1 + (unsigned long)i, reverse, out, count);
        g->unmake(st, moves[i], g->user);
    }
}

static int key_order(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

Test(tree, expansion_order_does_not_matter_and_keys_are_distinct)
{
    /* b = 6, height 5: 9331 nodes, numbered 0 .. (6^6 - 1) / 5 - 1. */
    const unsigned b = 6;
    const unsigned long total = 9331;
    pab_game g = new_game(b, 60, 20, 5);
    node_record *fwd = calloc(total, sizeof *fwd);
    node_record *rev = calloc(total, sizeof *rev);
    uint64_t *keys = malloc((2 * total + 1) * sizeof *keys);
    unsigned long nf = 0, nr = 0;
    void *st = new_root(&g, seed_of("tg2", 3));
    record(&g, st, b, 0, false, fwd, &nf);
    cr_assert_eq(tree_ply(st), 0u);
    record(&g, st, b, 0, true, rev, &nr);
    cr_assert_eq(nf, total);
    cr_assert_eq(nr, total);
    for (unsigned long i = 0; i < total; i++) {
        cr_assert_eq(fwd[i].seed, rev[i].seed, "node %lu", i);
        cr_assert_eq(fwd[i].pscore, rev[i].pscore, "node %lu", i);
        cr_assert_eq(fwd[i].key, rev[i].key, "node %lu", i);
        keys[i] = fwd[i].key;
    }
    /* A second tree from another seed shares no key with the first. */
    cr_assert_eq(tree_root(&g, st, seed_of("tg2", 4)), 0);
    nr = 0;
    record(&g, st, b, 0, false, rev, &nr);
    for (unsigned long i = 0; i < total; i++)
        keys[total + i] = rev[i].key;
    /* Nor does the same seed with other weights. */
    pab_game g2 = new_game(b, 61, 20, 5);
    void *st2 = new_root(&g2, seed_of("tg2", 3));
    keys[2 * total] = g2.hash(st2, g2.user);
    qsort(keys, 2 * total + 1, sizeof *keys, key_order);
    for (unsigned long i = 1; i < 2 * total + 1; i++)
        cr_assert_neq(keys[i - 1], keys[i], "two nodes share a key");
    free(st2);
    tree_game_free(&g2);
    free(st);
    free(fwd);
    free(rev);
    free(keys);
    tree_game_free(&g);
}

/* A long random walk, down and up, compared at every step with the node
 * recomputed from the root without any cache.  Deep enough for the
 * state's per-ply cache to wrap around. */
static void random_walk(unsigned b, int height, unsigned steps)
{
    pab_game g = new_game(b, 40, 40, height);
    const tree_params *p = tree_game_params(&g);
    void *st = new_root(&g, seed_of("tg1", 7));
    unsigned path[TREE_HEIGHT_MAX];
    unsigned depth = 0;
    uint64_t lcg = 88172645463325252u;
    for (unsigned step = 0; step < steps; step++) {
        lcg = lcg * 6364136223846793005u + 1442695040888963407u;
        unsigned r = (unsigned)(lcg >> 33);
        bool down = depth == 0 || ((int)depth < height && r % 5 < 3);
        if (down) {
            path[depth] = (r >> 4) % b;
            play(&g, st, path[depth]);
            depth++;
        } else {
            depth--;
            g.unmake(st, path[depth], g.user);
        }
        /* Recompute the top node from the root. */
        uint32_t seed = seed_of("tg1", 7), pscore = TREE_MIDPOINT;
        tree_child c[TREE_BRANCH_MAX];
        for (unsigned k = 0; k < depth; k++) {
            tree_children(p, seed, pscore, k % 2 == 0, c);
            seed = c[path[k]].seed;
            pscore = c[path[k]].pscore;
        }
        cr_assert_eq(tree_ply(st), depth);
        cr_assert_eq(tree_node_seed(st), seed, "step %u depth %u", step, depth);
        cr_assert_eq(tree_node_pscore(st), pscore, "step %u", step);
    }
    free(st);
    tree_game_free(&g);
}

Test(tree, deep_paths_through_the_cache, .timeout = 60)
{
    random_walk(3, 40, 4000);   /* 16 cached plies, the path goes to 40 */
    random_walk(256, 12, 1500); /* 8 cached plies */
    random_walk(2, TREE_HEIGHT_MAX, 3000);
}

/* A property of the thesis' generator (see tree.c): a node's seed is a
 * function of its ply and the sum of the child indices on its path. */
static void seeds_by_index_sum(const pab_game *g, void *st, unsigned sum,
                               uint32_t seen[][64], unsigned *distinct)
{
    unsigned ply = tree_ply(st);
    uint32_t *slot = &seen[ply][sum];
    if (*slot == 0) {
        *slot = tree_node_seed(st);
        distinct[ply]++;
    }
    cr_assert_eq(tree_node_seed(st), *slot, "ply %u index sum %u", ply, sum);
    pab_move_t moves[TREE_BRANCH_MAX];
    pab_score_t terminal;
    int n = g->generate(st, moves, TREE_BRANCH_MAX, &terminal, g->user);
    for (int i = 0; i < n; i++) {
        play(g, st, moves[i]);
        seeds_by_index_sum(g, st, sum + (unsigned)i, seen, distinct);
        g->unmake(st, moves[i], g->user);
    }
}

Test(tree, seeds_follow_the_index_sum)
{
    const unsigned b = 5;
    pab_game g = new_game(b, 79, 5, 4);
    void *st = new_root(&g, seed_of("tg1", 0));
    static uint32_t seen[5][64];
    unsigned distinct[5] = {0};
    seeds_by_index_sum(&g, st, 0, seen, distinct);
    for (unsigned ply = 0; ply <= 4; ply++)
        cr_assert_eq(distinct[ply], ply * (b - 1) + 1, "ply %u", ply);
    free(st);
    tree_game_free(&g);
}

Test(tree, state_copies_are_positions)
{
    /* The library copies states with memcpy; a copy taken mid-path goes on
     * exactly like the original. */
    pab_game g = new_game(8, 79, 5, 6);
    void *a = new_root(&g, seed_of("tg1", 1));
    void *b = malloc(g.state_size);
    play(&g, a, 2);
    play(&g, a, 5);
    memcpy(b, a, g.state_size);
    play(&g, a, 7);
    play(&g, b, 7);
    cr_assert_eq(g.hash(a, g.user), g.hash(b, g.user));
    cr_assert_eq(tree_node_pscore(a), tree_node_pscore(b));
    free(a);
    free(b);
    tree_game_free(&g);
}

/* ---- pab_search against brute force -------------------------------------- */

static pab_result search(const pab_game *g, const void *st, int depth,
                         bool plain)
{
    pab_searcher *s;
    pab_config cfg;
    pab_result r;
    cr_assert_eq(pab_searcher_create(&s, g, (size_t)1 << 20), 0);
    pab_config_init(&cfg);
    cfg.max_depth = depth;
    cfg.plain = plain;
    cr_assert_eq(pab_search(s, st, &cfg, &r), 0);
    pab_searcher_destroy(s);
    return r;
}

/* The value of the position after `move`, from the mover's view. */
static pab_score_t value_after(const pab_game *g, void *st, pab_move_t move)
{
    unsigned long nodes = 0;
    play(g, st, move);
    pab_score_t v = -minimax(g, st, &nodes);
    g->unmake(st, move, g->user);
    return v;
}

static void check_against_minimax(bool plain)
{
    for (unsigned t = 0; t < 60; t++) {
        unsigned b = 4 + t % 5;
        int height = 3 + (int)(t / 5) % 3;
        pab_game g = new_game(b, 40 + t, 10 + t / 2, height);
        void *st = new_root(&g, seed_of("tg2", t));
        /* From the root, and from a MIN node one ply down whose value is
         * not the midpoint. */
        for (int from = 0; from < 2; from++) {
            if (from == 1)
                play(&g, st, 1 + t % (b - 1));
            unsigned long nodes = 0;
            pab_score_t want = minimax(&g, st, &nodes);
            int depth = height - from;
            pab_result r = search(&g, st, depth, plain);
            cr_assert_eq(r.score, want, "tree %u from ply %d: %d != %d", t,
                         from, r.score, want);
            cr_assert_eq(r.depth, depth);
            cr_assert_eq(value_after(&g, st, r.best_move), want,
                         "tree %u: best move %u is not best", t,
                         (unsigned)r.best_move);
            if (plain)
                cr_assert_leq(r.stats.nodes, nodes);
        }
        free(st);
        tree_game_free(&g);
    }
}

Test(tree, plain_search_equals_minimax, .timeout = 120)
{
    check_against_minimax(true);
}

Test(tree, normal_search_equals_minimax, .timeout = 120)
{
    check_against_minimax(false);
}

Test(tree, perft_counts_b_to_the_depth)
{
    pab_game g = new_game(7, 79, 5, 4);
    void *st = new_root(&g, 1335380035u);
    uint64_t count = 0;
    cr_assert_eq(pab_perft(&g, st, 4, 0, &count), 0);
    cr_assert_eq(count, 2401u);
    /* Beyond the height there is nothing more. */
    cr_assert_eq(pab_perft(&g, st, 5, 0, &count), 0);
    cr_assert_eq(count, 0u);
    free(st);
    tree_game_free(&g);
}

/* ---- f_best -------------------------------------------------------------- */

/* Figure 4.3 as printed: MAX and MIN nodes, fail-hard, scores in pscore
 * units.  fbest[i] counts the nodes (the root included) whose cut-off came
 * from, or whose last improvement was, the (i+1)-th child. */
static int64_t figure_4_3(const pab_game *g, void *st, int64_t alpha,
                          int64_t beta, uint64_t *fbest)
{
    pab_move_t moves[TREE_BRANCH_MAX];
    pab_score_t terminal;
    int n = g->generate(st, moves, TREE_BRANCH_MAX, &terminal, g->user);
    if (n == 0)
        return tree_node_pscore(st);
    bool max = tree_node_is_max(st);
    int64_t score = max ? alpha : beta;
    int last = -1;
    for (int i = 0; i < n; i++) {
        play(g, st, moves[i]);
        int64_t v = max ? figure_4_3(g, st, score, beta, fbest)
                        : figure_4_3(g, st, alpha, score, fbest);
        g->unmake(st, moves[i], g->user);
        int slot = i < PAB_STATS_ORDER_SLOTS ? i : PAB_STATS_ORDER_SLOTS - 1;
        if (max ? v >= beta : v <= alpha) {
            fbest[slot]++;
            return max ? beta : alpha;
        }
        if (max ? v > score : v < score) {
            score = v;
            last = slot;
        }
    }
    if (last >= 0)
        fbest[last]++;
    return score;
}

Test(tree, library_fbest_is_figure_4_3, .timeout = 120)
{
    /* The first four tg1 trees of table 4.4 (32,79,5, depth 7), and smaller
     * trees of both sets with other weights. */
    static const struct {
        unsigned b, wa, wb;
        int depth;
        const char *set;
        unsigned trees;
    } runs[] = {{32, 79, 5, 7, "tg1", 4},
                {20, 69, 19, 5, "tg2", 10},
                {8, 33, 33, 6, "tg2", 20},
                {40, 0, 0, 4, "tg1", 5}};
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        pab_game g = new_game(runs[k].b, runs[k].wa, runs[k].wb, runs[k].depth);
        for (unsigned t = 0; t < runs[k].trees; t++) {
            uint64_t want[PAB_STATS_ORDER_SLOTS] = {0};
            void *st = new_root(&g, seed_of(runs[k].set, t));
            int64_t v =
                figure_4_3(&g, st, -1, (int64_t)TREE_SCORE_MAX + 1, want);
            cr_assert_eq(v, (int64_t)TREE_MIDPOINT);
            pab_result r = search(&g, st, runs[k].depth, true);
            cr_assert_eq(r.score, 0);
            for (unsigned i = 0; i < PAB_STATS_ORDER_SLOTS; i++)
                cr_assert_eq(r.stats.best_index[i], want[i],
                             "run %zu tree %u: f_best(%u) %llu != %llu", k, t,
                             i + 1, (unsigned long long)r.stats.best_index[i],
                             (unsigned long long)want[i]);
            free(st);
        }
        tree_game_free(&g);
    }
}

/* The whole of table 4.4 through pab-bench's experiment: 100 trees, about
 * 193 million leaves.  TREE_TABLE_4_4=0 in the environment skips it. */
Test(tree, table_4_4_reproduced, .timeout = 600)
{
    const char *env = getenv("TREE_TABLE_4_4");
    if (env != NULL && strcmp(env, "0") == 0)
        cr_skip_test("TREE_TABLE_4_4=0");
    char *argv[] = {"ordering", "--quiet", NULL};
    fflush(stdout);
    cr_assert_eq(bench_ordering(2, argv), 0,
                 "pab-bench ordering does not reproduce table 4.4");
}

Test(tree, ordering_bad_arguments)
{
    static const char *bad[][2] = {
        {"--tree=32,79", NULL},    {"--tree=32,79,5,7", NULL},
        {"--seeds=tg9", NULL},     {"--depth=0", NULL},
        {"--trees=201", NULL},     {"--seeds=tg1", "--trees=101"},
        {"--algo=nonsense", NULL}, {"--threads=0", NULL},
        {"--frobnicate", NULL},    {"--depth=x", NULL}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[4] = {"ordering", (char *)bad[i][0], (char *)bad[i][1],
                         NULL};
        int argc = bad[i][1] != NULL ? 3 : 2;
        cr_assert_eq(bench_ordering(argc, argv), 2, "accepted %s", bad[i][0]);
    }
}

Test(tree, ordering_small_runs)
{
    char *search_argv[] = {"ordering",  "--tree=8,50,20", "--seeds=tg2",
                           "--depth=4", "--trees=3",      "--quiet",
                           NULL};
    cr_assert_eq(bench_ordering(6, search_argv), 0);
    char *model_argv[] = {"ordering",  "--model", "--trees=2",
                          "--depth=2", "--quiet", NULL};
    cr_assert_eq(bench_ordering(5, model_argv), 0);
}

/* ---- the pab-bench descriptor ------------------------------------------- */

Test(tree, descriptor)
{
    const ex_game *ex = ex_game_find("tree");
    cr_assert_eq(ex, &ex_tree);
    cr_assert(ex->plain_default);
    cr_assert_eq(ex->default_depth, 5);
    cr_assert_eq(ex->perft_flags, 0u);

    static unsigned char state[EX_STATE_MAX];
    pab_game g;
    char err[200];
    cr_assert_eq(ex->setup(&g, state, NULL, NULL, err, sizeof err), 0);
    const tree_params *p = tree_game_params(&g);
    cr_assert(p->b == 32 && p->wa == 79 && p->wb == 5);
    cr_assert_eq(tree_node_seed(state), 1335380035u);
    cr_assert_lt(g.state_size, (size_t)EX_STATE_MAX);
    pab_move_t m = ex->parse_move(&g, state, "32");
    cr_assert_eq(m, 31u);
    char name[16];
    ex->move_name(&g, state, m, name, sizeof name);
    cr_assert_str_eq(name, "32");
    cr_assert_eq(ex->parse_move(&g, state, "0"), PAB_MOVE_NONE);
    cr_assert_eq(ex->parse_move(&g, state, "33"), PAB_MOVE_NONE);
    cr_assert_eq(ex->parse_move(&g, state, "x"), PAB_MOVE_NONE);
    cr_assert_eq(ex->natural_score(&g, state, 0), (long)TREE_MIDPOINT);
    g.make(state, m, g.user);
    cr_assert_eq(ex->natural_score(&g, state, 7), (long)TREE_MIDPOINT - 7);
    ex->teardown(&g);

    cr_assert_eq(
        ex->setup(&g, state, "4,50,50,2", "314159265", err, sizeof err), 0);
    cr_assert_eq(tree_node_seed(state), 314159265u);
    g.make(state, 0, g.user);
    g.make(state, 0, g.user);
    cr_assert_eq(ex->parse_move(&g, state, "1"), PAB_MOVE_NONE); /* a leaf */
    cr_assert_eq(ex->solve_depth(&g, state), 0);
    g.unmake(state, 0, g.user);
    cr_assert_eq(ex->solve_depth(&g, state), 1);
    ex->teardown(&g);

    cr_assert_eq(ex->setup(&g, state, "32,79", NULL, err, sizeof err),
                 PAB_EINVAL);
    cr_assert_eq(ex->setup(&g, state, NULL, "0", err, sizeof err), PAB_EINVAL);
    cr_assert_eq(ex->setup(&g, state, NULL, "2147483647", err, sizeof err),
                 PAB_EINVAL);
    cr_assert_eq(ex->setup(&g, state, NULL, "12x", err, sizeof err),
                 PAB_EINVAL);
    cr_assert_neq(err[0], '\0');
}

/* ---- node reports: the classification experiment of section 5.5 -------- */

/* Counts by scheme (A, B), class predicted (CUT 0, ALL 1) and whether the
 * node searched all its moves. */
typedef struct class_tally {
    uint64_t n[2][2][2];
    uint64_t reports, pv;
} class_tally;

typedef struct ref_frame {
    int a, b;    /* classes of schemes A and B (PAB_NODE_*) */
    bool forced; /* scheme B: the plies below alternate */
} ref_frame;

typedef struct ref_search {
    const pab_game *g;
    unsigned split_n;
    int64_t root_alpha, root_beta;
    class_tally *t;
} ref_search;

static void tally_node(class_tally *t, int a, int b, bool all)
{
    t->reports++;
    if (a == PAB_NODE_PV) {
        t->pv++;
        return;
    }
    t->n[0][a == PAB_NODE_ALL][all]++;
    t->n[1][b == PAB_NODE_ALL][all]++;
}

/* Scheme B from the minimax window, as section 3.5 words it. */
static ref_frame ref_child(const ref_search *rs, const ref_frame *parent,
                           int parent_b_now, unsigned index, bool child_max,
                           int64_t alpha, int64_t beta)
{
    ref_frame c = {.forced = false};
    c.a = parent->a == PAB_NODE_PV ? (index == 0 ? PAB_NODE_PV : PAB_NODE_CUT)
          : parent->a == PAB_NODE_CUT
              ? (index == 0 ? PAB_NODE_ALL : PAB_NODE_CUT)
              : PAB_NODE_CUT;
    if (alpha == rs->root_alpha && beta == rs->root_beta)
        c.b = PAB_NODE_PV;
    else if (parent->forced && parent_b_now != PAB_NODE_PV) {
        c.b = parent_b_now == PAB_NODE_CUT ? PAB_NODE_ALL : PAB_NODE_CUT;
        c.forced = true;
    } else {
        bool cut = child_max ? alpha == rs->root_alpha : beta == rs->root_beta;
        c.b = cut ? PAB_NODE_CUT : PAB_NODE_ALL;
        c.forced = c.b == PAB_NODE_ALL && parent_b_now == PAB_NODE_ALL;
    }
    return c;
}

/* Figure 4.3 in MAX/MIN form, classifying as it goes. */
static int64_t ref_classify(const ref_search *rs, void *st, int64_t alpha,
                            int64_t beta, const ref_frame *self)
{
    pab_move_t moves[TREE_BRANCH_MAX];
    pab_score_t terminal;
    const pab_game *g = rs->g;
    int n = g->generate(st, moves, TREE_BRANCH_MAX, &terminal, g->user);
    if (n == 0)
        return tree_node_pscore(st);
    bool max = tree_node_is_max(st);
    int64_t score = max ? alpha : beta;
    int b_now = self->b;
    for (int i = 0; i < n; i++) {
        int64_t ca = max ? score : alpha, cb = max ? beta : score;
        ref_frame child = ref_child(rs, self, b_now, (unsigned)i, !max, ca, cb);
        play(g, st, moves[i]);
        int64_t v = ref_classify(rs, st, ca, cb, &child);
        g->unmake(st, moves[i], g->user);
        if (max ? v >= beta : v <= alpha) {
            tally_node(rs->t, self->a, self->b, false);
            return max ? beta : alpha;
        }
        if (max ? v > score : v < score)
            score = v;
        if (b_now == PAB_NODE_CUT && (unsigned)i + 1 >= rs->split_n)
            b_now = PAB_NODE_ALL;
    }
    tally_node(rs->t, self->a, self->b, true);
    return score;
}

typedef struct lib_tally {
    class_tally t;
    int b; /* the tree's branching factor */
    bool path_ok;
} lib_tally;

static void on_report(const pab_node_report *r, void *user)
{
    lib_tally *l = user;
    tally_node(&l->t, r->scheme_a, r->scheme_b, !r->cutoff);
    /* The address is a path of move indices; t and u as section 5.3. */
    for (int p = 0; p < r->ply; p++)
        l->path_ok = l->path_ok && r->path[p] < (unsigned)l->b;
    l->path_ok = l->path_ok && r->size == sizeof *r && r->depth >= 1 &&
                 r->moves == (unsigned)l->b && r->searched <= r->moves &&
                 r->type == (r->cutoff      ? 50
                             : r->last >= 0 ? 0
                                            : 100) &&
                 r->last < (int)r->searched &&
                 (r->ply == 0) == (r->pv && r->ply == 0);
}

static lib_tally library_classify(const pab_game *g, const void *st, int depth,
                                  unsigned split_n, int b)
{
    pab_searcher *s;
    pab_config cfg;
    pab_result r;
    lib_tally l = {.b = b, .path_ok = true};
    cr_assert_eq(pab_searcher_create(&s, g, (size_t)1 << 20), 0);
    pab_config_init(&cfg);
    cfg.max_depth = depth;
    cfg.plain = true;
    cfg.split_n = split_n;
    cfg.node_report = on_report;
    cfg.node_report_user = &l;
    cr_assert_eq(pab_search(s, st, &cfg, &r), 0);
    cr_assert_eq(r.score, 0);
    pab_searcher_destroy(s);
    return l;
}

Test(tree, node_reports_classify_as_sections_3_4_and_3_5, .timeout = 120)
{
    static const struct {
        unsigned b, wa, wb;
        int depth;
        const char *set;
        unsigned trees, split_n;
    } runs[] = {{32, 79, 5, 4, "tg1", 3, 1},  {20, 69, 19, 5, "tg2", 4, 1},
                {8, 33, 33, 6, "tg2", 6, 2},  {12, 0, 0, 5, "tg1", 5, 1},
                {12, 66, 66, 5, "tg1", 5, 3}, {6, 20, 60, 7, "tg2", 5, 1}};
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        pab_game g = new_game(runs[k].b, runs[k].wa, runs[k].wb, runs[k].depth);
        for (unsigned t = 0; t < runs[k].trees; t++) {
            class_tally want = {0};
            const ref_search rs = {&g, runs[k].split_n, -1,
                                   (int64_t)TREE_SCORE_MAX + 1, &want};
            const ref_frame root = {PAB_NODE_PV, PAB_NODE_PV, false};
            void *st = new_root(&g, seed_of(runs[k].set, t));
            cr_assert_eq(
                ref_classify(&rs, st, rs.root_alpha, rs.root_beta, &root),
                (int64_t)TREE_MIDPOINT);
            lib_tally got = library_classify(&g, st, runs[k].depth,
                                             runs[k].split_n, (int)runs[k].b);
            cr_assert(got.path_ok, "run %zu tree %u: a malformed report", k, t);
            cr_assert_eq(got.t.reports, want.reports, "run %zu tree %u", k, t);
            cr_assert_eq(got.t.pv, (uint64_t)runs[k].depth, "run %zu", k);
            cr_assert_eq(got.t.pv, want.pv);
            for (int s = 0; s < 2; s++)
                for (int c = 0; c < 2; c++)
                    for (int all = 0; all < 2; all++)
                        cr_assert_eq(got.t.n[s][c][all], want.n[s][c][all],
                                     "run %zu tree %u scheme %c class %d "
                                     "all %d: %llu != %llu",
                                     k, t, 'A' + s, c, all,
                                     (unsigned long long)got.t.n[s][c][all],
                                     (unsigned long long)want.n[s][c][all]);
            free(st);
        }
        tree_game_free(&g);
    }
}

/* Table 5.2's first two rows, to the integer: scheme A is arithmetic of
 * the same searches that give table 6.3's node counts. */
Test(tree, table_5_2_rows_reproduced, .timeout = 600)
{
    static const struct {
        unsigned b, wa, wb;
        uint64_t true_cut, false_cut, true_all, false_all;
    } rows[] = {{32, 79, 5, 5224782, 96205, 384361, 38844},
                {20, 69, 19, 1466634, 51794, 153707, 21592}};
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        pab_game g = new_game(rows[k].b, rows[k].wa, rows[k].wb, 6);
        class_tally sum = {0};
        for (unsigned t = 0; t < TREE_TG1_COUNT; t++) {
            void *st = new_root(&g, seed_of("tg1", t));
            lib_tally l = library_classify(&g, st, 6, 1, (int)rows[k].b);
            for (int c = 0; c < 2; c++)
                for (int all = 0; all < 2; all++)
                    sum.n[0][c][all] += l.t.n[0][c][all];
            free(st);
        }
        cr_assert_eq(sum.n[0][0][0], rows[k].true_cut);
        cr_assert_eq(sum.n[0][0][1], rows[k].false_cut);
        cr_assert_eq(sum.n[0][1][1], rows[k].true_all);
        cr_assert_eq(sum.n[0][1][0], rows[k].false_all);
        tree_game_free(&g);
    }
}

static void ignore_report(const pab_node_report *r, void *user)
{
    (void)r;
    (void)user;
}

Test(tree, node_reports_only_from_plain_serial)
{
    pab_game g = new_game(4, 50, 50, 3);
    void *st = new_root(&g, seed_of("tg1", 0));
    pab_searcher *s;
    pab_config cfg;
    pab_result r;
    cr_assert_eq(pab_searcher_create(&s, &g, (size_t)1 << 20), 0);
    pab_config_init(&cfg);
    cr_assert_eq(cfg.node_report, NULL);
    cr_assert_eq(cfg.split_n, 1u);
    cfg.plain = true;
    cfg.node_report = ignore_report;
    cr_assert_eq(pab_config_validate(&cfg), 0);
    cfg.algorithm = PAB_ALGO_YBWC;
    cr_assert_eq(pab_config_validate(&cfg), PAB_EINVAL);
    cr_assert_eq(pab_search(s, st, &cfg, &r), PAB_EINVAL);
    cfg.algorithm = PAB_ALGO_SERIAL;
    cfg.plain = false;
    cr_assert_eq(pab_config_validate(&cfg), PAB_EINVAL);
    cfg.plain = true;
    cfg.split_n = 0;
    cr_assert_eq(pab_config_validate(&cfg), PAB_EINVAL);
    cr_assert_eq(pab_config_set_option(&cfg, "split_n", "0"), PAB_EINVAL);
    cr_assert_eq(pab_config_set_option(&cfg, "split_n", "3"), 0);
    cr_assert_eq(cfg.split_n, 3u);
    pab_searcher_destroy(s);
    free(st);
    tree_game_free(&g);
}

Test(tree, classify_arguments)
{
    static const char *bad[] = {
        "--tree=32,79", "--tree=32,79,5,7", "--n=0",
        "--n=257",      "--depth=0",        "--trees=201",
        "--seeds=tg9",  "--frobnicate",     "--n=x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[] = {"classify", (char *)bad[i], NULL};
        cr_assert_eq(bench_classify(2, argv), 2, "accepted %s", bad[i]);
    }
    char *small[] = {"classify", "--tree=8,50,50", "--depth=4", "--trees=3",
                     "--n=2",    "--quiet",        NULL};
    fflush(stdout);
    cr_assert_eq(bench_classify(6, small), 0);
}

/* A classifier with no meaning but an easy chain to recompute. */
static void toy_classify(const pab_classify_input *in, pab_classify_output *out,
                         void *user)
{
    unsigned *calls = user;
    (*calls)++;
    out->type = (in->parent_type * 7 + (int)in->index * 13 +
                 (in->parent_pv ? 5 : 0) + in->ply) %
                    120 -
                5; /* also outside 0..100: clamped */
    out->wait = (int)in->index - 1;
}

typedef struct c_check {
    unsigned calls;
    uint64_t reports, wrong, generic_differs;
    int m;
} c_check;

static int clamp_int(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static void on_report_c(const pab_node_report *r, void *user)
{
    c_check *c = user;
    unsigned calls = 0;
    int type = 0, wait = 1;
    bool pv = true;
    for (int p = 0; p < r->ply; p++) {
        pab_classify_input in = {pv, type, r->path[p], p + 1};
        pab_classify_output out;
        toy_classify(&in, &out, &calls);
        type = clamp_int(out.type, 0, 100);
        wait = clamp_int(out.wait, 0, PAB_MAX_MOVES);
        pv = pv && r->path[p] == 0;
    }
    int d = type > 50 ? type - 50 : 50 - type;
    pab_node_class want = pv          ? PAB_NODE_PV
                          : d <= c->m ? PAB_NODE_CUT
                                      : PAB_NODE_ALL;
    c->reports++;
    c->wrong += r->predicted_type != type || r->predicted_wait != wait ||
                r->scheme_c != want || r->pv != pv;
}

static void on_report_generic(const pab_node_report *r, void *user)
{
    c_check *c = user;
    c->reports++;
    c->generic_differs += r->scheme_c != r->scheme_a ||
                          r->predicted_type != (int[]){0, 50, 100}[r->scheme_a];
}

Test(tree, node_reports_ask_the_classifier)
{
    pab_game g = new_game(6, 50, 30, 5);
    void *st = new_root(&g, seed_of("tg2", 7));
    pab_searcher *s;
    pab_config cfg;
    pab_result r;
    cr_assert_eq(pab_searcher_create(&s, &g, (size_t)1 << 20), 0);
    pab_config_init(&cfg);
    cr_assert_eq(cfg.classify, NULL);
    cr_assert_eq(cfg.split_ncut_m, 10);
    cfg.max_depth = 5;
    cfg.plain = true;
    c_check c = {.m = 17};
    cfg.split_ncut_m = c.m;
    cfg.classify = toy_classify;
    cfg.classify_user = &c.calls;
    cfg.node_report = on_report_c;
    cfg.node_report_user = &c;
    cr_assert_eq(pab_search(s, st, &cfg, &r), 0);
    cr_assert_gt(c.reports, 100);
    cr_assert_eq(c.wrong, 0, "%llu of %llu reports",
                 (unsigned long long)c.wrong, (unsigned long long)c.reports);
    /* Asked once per son made: every node but the root. */
    cr_assert_eq(c.calls, r.stats.nodes - 1);
    /* Without a classifier, scheme C is scheme A in type values. */
    c_check generic = {0};
    cfg.classify = NULL;
    cfg.node_report = on_report_generic;
    cfg.node_report_user = &generic;
    cr_assert_eq(pab_search(s, st, &cfg, &r), 0);
    cr_assert_eq(generic.reports, c.reports);
    cr_assert_eq(generic.generic_differs, 0);
    cfg.split_ncut_m = 51;
    cr_assert_eq(pab_config_validate(&cfg), PAB_EINVAL);
    pab_searcher_destroy(s);
    free(st);
    tree_game_free(&g);
}

/* ---- the classification networks (sections 5.3 and 5.4) ----------------- */

static void count_interior(const pab_node_report *r, void *user)
{
    (void)r;
    (*(unsigned *)user)++;
}

Test(tree, training_data_of_section_5_3)
{
    /* One tree: each interior node but the root is one pattern, with its
     * own t and u (nothing to average), its parent's t as input. */
    const tree_params p = {5, 40, 30, 4};
    net_pattern *pat;
    size_t count;
    cr_assert_eq(train_patterns(&p, "tg2", 1, 4, &pat, &count), 0);
    pab_game g = new_game(5, 40, 30, 4);
    void *st = new_root(&g, seed_of("tg2", 0));
    pab_searcher *s;
    pab_config cfg;
    pab_result r;
    unsigned interior = 0;
    cr_assert_eq(pab_searcher_create(&s, &g, (size_t)1 << 20), 0);
    pab_config_init(&cfg);
    cfg.plain = true;
    cfg.max_depth = 4;
    cfg.node_report = count_interior;
    cfg.node_report_user = &interior;
    cr_assert_eq(pab_search(s, st, &cfg, &r), 0);
    cr_assert_eq(count, interior - 1);
    unsigned pv = 0;
    for (size_t i = 0; i < count; i++) {
        const double t = pat[i].out_type, u = pat[i].out_wait;
        cr_assert(t == 0 || t == 50 || t == 100, "t %g", t);
        cr_assert(u == (int)u && u >= 0 && u <= 5, "u %g", u);
        cr_assert(pat[i].index >= 1 && pat[i].index <= 5);
        cr_assert(pat[i].type == 0 || pat[i].type == 50 || pat[i].type == 100);
        cr_assert((t == 100) == (u == 0), "no change is wait 0");
        pv += pat[i].pv;
    }
    /* PV parents (the root and its first son and grandson) search every
     * son: a full window cannot cut off. */
    cr_assert_eq(pv, 5u + 5u + 5u, "%u", pv);
    free(pat);
    pab_searcher_destroy(s);
    free(st);
    tree_game_free(&g);
}

Test(tree, network_forward_pass_is_fanns)
{
    const tree_params p = {8, 60, 20, 4};
    net_pattern *pat;
    size_t count;
    cr_assert_eq(train_patterns(&p, "tg2", 20, 4, &pat, &count), 0);
    net *n = net_create(7);
    cr_assert_not_null(n);
    double before_t, before_w, after_t, after_w;
    net_errors(n, pat, count, &before_t, &before_w);
    /* The wait is learnt at once (from the untrained network's 16 moves
     * or so), the type slowly: on these 377 patterns E_type first rises,
     * then falls below where it started. */
    net_train(n, pat, count, 5000, 0.1);
    net_errors(n, pat, count, &after_t, &after_w);
    cr_assert_eq(count, 377u);
    cr_assert_lt(after_t, before_t, "%g -> %g", before_t, after_t);
    cr_assert_lt(after_w, before_w / 100, "%g -> %g", before_w, after_w);
    for (int pv = 0; pv < 2; pv++)
        for (int type = 0; type <= 100; type += 25)
            for (int index = 1; index <= 40; index += 3) {
                double t1, w1, t2, w2;
                net_run(n, pv, type, index, &t1, &w1);
                net_run_fann(n, pv, type, index, &t2, &w2);
                cr_assert_float_eq(t1, t2, 1e-3);
                cr_assert_float_eq(w1, w2, 1e-4);
            }
    /* Saved and loaded, it answers the same. */
    char path[] = "/tmp/pab-test-net-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    char err[256];
    cr_assert_eq(net_save(n, path, err, sizeof err), 0, "%s", err);
    net *back = net_load(path, err, sizeof err);
    cr_assert_not_null(back, "%s", err);
    double t1, w1, t2, w2;
    net_run(n, false, 50, 3, &t1, &w1);
    net_run(back, false, 50, 3, &t2, &w2);
    cr_assert_float_eq(t1, t2, 1e-4);
    cr_assert_float_eq(w1, w2, 1e-5);
    net_destroy(back);
    net_destroy(n);
    unlink(path);
    free(pat);
}

Test(tree, wrong_network_files_are_refused)
{
    char err[512];
    cr_assert_null(net_load("/nonexistent/tree.net", err, sizeof err));
    cr_assert_not_null(strstr(err, "not a readable FANN network"), "%s", err);
    char path[] = "/tmp/pab-test-net-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, "FANN_FLO_2.1\nnum_layers=3\n", 26), 26);
    close(fd);
    cr_assert_null(net_load(path, err, sizeof err));
    cr_assert_not_null(strstr(err, "not a readable FANN network"), "%s", err);
    /* A well-formed network of the wrong size. */
    struct fann *small = fann_create_standard(3, 3, 5, 2);
    cr_assert_eq(fann_save(small, path), 0);
    fann_destroy(small);
    cr_assert_null(net_load(path, err, sizeof err));
    cr_assert_not_null(strstr(err, "not a fully connected 3-12-2 network"),
                       "%s", err);
    unlink(path);
}

/* The shipped networks (examples/bench/nets, pab-bench train's defaults)
 * answer as recorded when they were trained. */
Test(tree, shipped_networks_give_recorded_outputs)
{
    static const struct {
        const char *file;
        bool pv;
        double type, index, out_type, out_wait;
    } rec[] = {
#include "data/nets.rec"
    };
    for (size_t i = 0; i < sizeof rec / sizeof rec[0]; i++) {
        char path[4096], err[4300];
        snprintf(path, sizeof path, "%s/%s", PAB_SRC_NETS_DIR, rec[i].file);
        net *n = net_load(path, err, sizeof err);
        cr_assert_not_null(n, "%s", err);
        double t, w;
        net_run(n, rec[i].pv, rec[i].type, rec[i].index, &t, &w);
        cr_assert_float_eq(t, rec[i].out_type, 1e-3, "%s: %f", rec[i].file, t);
        cr_assert_float_eq(w, rec[i].out_wait, 1e-3, "%s: %f", rec[i].file, w);
        net_destroy(n);
    }
}

Test(tree, train_arguments)
{
    static const char *bad[] = {
        "--tree=32,79", "--depth=1",   "--depth=6",   "--epochs=0",
        "--eta=0",      "--eta=x",     "--seeds=tg3", "--trees=0",
        "--out=",       "--frobnicate"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[] = {"train", (char *)bad[i], NULL};
        cr_assert_eq(bench_train(2, argv), 2, "accepted %s", bad[i]);
    }
    char dir[] = "/tmp/pab-test-nets-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char out[64];
    snprintf(out, sizeof out, "--out=%s", dir);
    char *argv[] = {
        "train", "--tree=6,50,50", "--trees=5", "--depth=3", "--epochs=5",
        out,     "--quiet",        NULL};
    fflush(stdout);
    cr_assert_eq(bench_train(7, argv), 0);
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/tree-6-50-50.net", dir);
    net *n = net_load(path, err, sizeof err);
    cr_assert_not_null(n, "%s", err);
    net_destroy(n);
    unlink(path);
    char *bad_out[] = {
        "train",      "--tree=6,50,50",         "--trees=2", "--depth=2",
        "--epochs=1", "--out=/nonexistent/dir", "--quiet",   NULL};
    cr_assert_eq(bench_train(7, bad_out), 1);
    rmdir(dir);
}

/*
 * The transposition table: probe and store, depth preference and ageing,
 * the XOR key check, shards, creation errors, hashfull, and ABDADA's
 * enter/leave/abandon counting (Weill 1996, figure 2).
 *
 * Keys that must share a bucket are built from the documented indexing: the
 * top bits of a key pick the shard and the bits below them the bucket, so
 * with a power-of-two number of buckets keys equal in their top 32 bits
 * always collide and differ only in the low bits.
 */
#include <criterion/criterion.h>

#include <stdint.h>
#include <stdlib.h>
#include <sys/sysinfo.h>

#include <pab/pab.h>

/* 64 KiB, one shard: 1024 buckets of two entries. */
static pab_tt *small_table(void)
{
    pab_tt *tt = NULL;
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, 1), 0);
    cr_assert_not_null(tt);
    return tt;
}

/* Keys with equal top 32 bits: same shard, same bucket. */
static uint64_t colliding(uint64_t top, uint32_t low)
{
    return top << 32 | low;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    x *= UINT64_C(0xc4ceb9fe1a85ec53);
    x ^= x >> 33;
    return x;
}

static void expect_entry(pab_tt *tt, uint64_t key, int depth, pab_bound bound,
                         pab_score_t score, pab_move_t move)
{
    pab_tt_entry e;
    cr_assert(pab_tt_probe(tt, key, &e), "key %#llx missing",
              (unsigned long long)key);
    cr_assert_eq(e.depth, depth);
    cr_assert_eq(e.bound, bound);
    cr_assert_eq(e.score, score, "score %d, expected %d", e.score, score);
    cr_assert_eq(e.move, move, "move %#x, expected %#x", e.move, move);
}

/* ---- Probe and store ---- */

Test(tt, probe_misses_on_empty_table)
{
    pab_tt *tt = small_table();
    pab_tt_entry e = {
        .score = 7, .move = 3, .depth = 4, .bound = 3, .nproc = 9};
    /* Key 0 against all-zero slots: the valid bit keeps it a miss. */
    cr_assert_not(pab_tt_probe(tt, 0, &e));
    cr_assert_eq(e.move, PAB_MOVE_NONE);
    cr_assert_eq(e.bound, PAB_BOUND_NONE);
    cr_assert_eq(e.nproc, 0);
    for (uint64_t i = 1; i < 5000; i++)
        cr_assert_not(pab_tt_probe(tt, mix(i), &e));
    cr_assert_not(pab_tt_probe(tt, 42, NULL));
    pab_tt_destroy(tt);
}

Test(tt, store_probe_round_trip)
{
    static const pab_score_t scores[] = {0,
                                         1,
                                         -1,
                                         12345,
                                         -9876,
                                         PAB_SCORE_MAX,
                                         -PAB_SCORE_MAX,
                                         PAB_SCORE_MAX - 1,
                                         -PAB_SCORE_MAX + 1};
    static const pab_move_t moves[] = {0, 1, 0x7FFFFFFFu, 0x80000000u,
                                       PAB_MOVE_NONE - 1};
    static const pab_bound bounds[] = {PAB_BOUND_NONE, PAB_BOUND_UPPER,
                                       PAB_BOUND_LOWER, PAB_BOUND_EXACT};
    pab_tt *tt = NULL;
    cr_assert_eq(pab_tt_create(&tt, (size_t)1 << 20, 1), 0);
    uint64_t n = 0;
    for (size_t s = 0; s < sizeof scores / sizeof *scores; s++)
        for (size_t m = 0; m < sizeof moves / sizeof *moves; m++)
            for (size_t b = 0; b < 4; b++) {
                uint64_t key = mix(++n);
                int depth = (int)(n % (PAB_TT_MAX_DEPTH + 1));
                pab_tt_store(tt, key, depth, bounds[b], scores[s], moves[m]);
                expect_entry(tt, key, depth, bounds[b], scores[s], moves[m]);
            }
    pab_tt_destroy(tt);
}

Test(tt, key_zero_and_depth_clamp)
{
    pab_tt *tt = small_table();
    pab_tt_store(tt, 0, 500, PAB_BOUND_EXACT, -5, 77);
    expect_entry(tt, 0, PAB_TT_MAX_DEPTH, PAB_BOUND_EXACT, -5, 77);
    pab_tt_store(tt, 1, -3, PAB_BOUND_LOWER, 8, 9);
    expect_entry(tt, 1, 0, PAB_BOUND_LOWER, 8, 9);
    pab_tt_destroy(tt);
}

Test(tt, depth_preferred_within_a_search)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(1);
    pab_tt_store(tt, k, 10, PAB_BOUND_LOWER, 50, 5);
    pab_tt_store(tt, k, 4, PAB_BOUND_UPPER, 70, 6);
    expect_entry(tt, k, 10, PAB_BOUND_LOWER, 50, 5);
    pab_tt_store(tt, k, 4, PAB_BOUND_LOWER, 71, 7);
    expect_entry(tt, k, 10, PAB_BOUND_LOWER, 50, 5);
    /* An exact result replaces even a deeper bound. */
    pab_tt_store(tt, k, 4, PAB_BOUND_EXACT, 60, 8);
    expect_entry(tt, k, 4, PAB_BOUND_EXACT, 60, 8);
    /* Equal or deeper always replaces. */
    pab_tt_store(tt, k, 4, PAB_BOUND_UPPER, 61, 9);
    expect_entry(tt, k, 4, PAB_BOUND_UPPER, 61, 9);
    pab_tt_store(tt, k, 12, PAB_BOUND_LOWER, 62, 10);
    expect_entry(tt, k, 12, PAB_BOUND_LOWER, 62, 10);
    pab_tt_destroy(tt);
}

Test(tt, old_deep_entry_replaced_after_new_search)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(2);
    pab_tt_store(tt, k, 20, PAB_BOUND_EXACT, 1, 2);
    pab_tt_new_search(tt);
    pab_tt_store(tt, k, 3, PAB_BOUND_UPPER, -4, 5);
    expect_entry(tt, k, 3, PAB_BOUND_UPPER, -4, 5);
    pab_tt_destroy(tt);
}

Test(tt, move_none_keeps_stored_move)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(3);
    pab_tt_store(tt, k, 5, PAB_BOUND_LOWER, 10, 42);
    pab_tt_store(tt, k, 6, PAB_BOUND_UPPER, 11, PAB_MOVE_NONE);
    expect_entry(tt, k, 6, PAB_BOUND_UPPER, 11, 42);
    /* A new key stores its own PAB_MOVE_NONE. */
    pab_tt_store(tt, mix(4), 6, PAB_BOUND_UPPER, 11, PAB_MOVE_NONE);
    expect_entry(tt, mix(4), 6, PAB_BOUND_UPPER, 11, PAB_MOVE_NONE);
    pab_tt_destroy(tt);
}

Test(tt, colliding_keys_never_hit_each_other)
{
    pab_tt *tt = small_table();
    uint64_t a = colliding(0x12345678, 1), b = colliding(0x12345678, 2);
    uint64_t c = colliding(0x12345678, 0xFFFFFFFF);
    cr_assert_eq(pab_tt_shard_of(tt, a), pab_tt_shard_of(tt, b));
    pab_tt_store(tt, a, 7, PAB_BOUND_EXACT, 100, 1);
    cr_assert_not(pab_tt_probe(tt, b, NULL));
    cr_assert_not(pab_tt_probe(tt, c, NULL));
    pab_tt_store(tt, b, 5, PAB_BOUND_LOWER, 200, 2);
    expect_entry(tt, a, 7, PAB_BOUND_EXACT, 100, 1);
    expect_entry(tt, b, 5, PAB_BOUND_LOWER, 200, 2);
    /* A third key evicts the shallower one and never mixes data. */
    pab_tt_store(tt, c, 6, PAB_BOUND_UPPER, 300, 3);
    expect_entry(tt, a, 7, PAB_BOUND_EXACT, 100, 1);
    expect_entry(tt, c, 6, PAB_BOUND_UPPER, 300, 3);
    cr_assert_not(pab_tt_probe(tt, b, NULL));
    /* No key one bit away from a stored one hits, whichever bit it is. */
    for (uint64_t flip = 1; flip != 0; flip <<= 1) {
        cr_assert_not(pab_tt_probe(tt, a ^ flip, NULL), "a ^ %#llx hit",
                      (unsigned long long)flip);
        cr_assert_not(pab_tt_probe(tt, c ^ flip, NULL), "c ^ %#llx hit",
                      (unsigned long long)flip);
    }
    pab_tt_destroy(tt);
}

Test(tt, older_entries_are_replaced_first)
{
    pab_tt *tt = small_table();
    uint64_t a = colliding(77, 1), b = colliding(77, 2), c = colliding(77, 3);
    pab_tt_store(tt, a, 30, PAB_BOUND_EXACT, 1, 1);
    pab_tt_new_search(tt);
    pab_tt_new_search(tt);
    pab_tt_new_search(tt);
    pab_tt_new_search(tt);
    pab_tt_store(tt, b, 10, PAB_BOUND_EXACT, 2, 2);
    /* a: 30 - 8 * 4 = -2 ranks below b: 10. */
    pab_tt_store(tt, c, 1, PAB_BOUND_EXACT, 3, 3);
    cr_assert_not(pab_tt_probe(tt, a, NULL));
    expect_entry(tt, b, 10, PAB_BOUND_EXACT, 2, 2);
    expect_entry(tt, c, 1, PAB_BOUND_EXACT, 3, 3);
    pab_tt_destroy(tt);
}

/* ---- Shards and sizes ---- */

Test(tt, keys_land_in_their_shard_and_clear_shard_clears_only_it)
{
    pab_tt *tt = NULL;
    cr_assert_eq(pab_tt_create(&tt, (size_t)1 << 20, 4), 0);
    cr_assert_eq(pab_tt_shards(tt), 4);
    cr_assert_eq(pab_tt_bytes(tt), (size_t)1 << 20);
    uint64_t key[4];
    for (unsigned s = 0; s < 4; s++) {
        key[s] = (uint64_t)s << 62 | 0x0123456789ULL;
        cr_assert_eq(pab_tt_shard_of(tt, key[s]), s);
        pab_tt_store(tt, key[s], (int)s, PAB_BOUND_EXACT, (pab_score_t)s, s);
    }
    for (uint64_t i = 0; i < 1000; i++)
        cr_assert_lt(pab_tt_shard_of(tt, mix(i)), 4);
    cr_assert_eq(pab_tt_clear_shard(tt, 1), 0);
    for (unsigned s = 0; s < 4; s++)
        cr_assert_eq(pab_tt_probe(tt, key[s], NULL), s != 1, "shard %u", s);
    cr_assert_eq(pab_tt_clear_shard(tt, 4), PAB_EINVAL);
    pab_tt_clear(tt);
    for (unsigned s = 0; s < 4; s++)
        cr_assert_not(pab_tt_probe(tt, key[s], NULL));
    pab_tt_destroy(tt);
}

Test(tt, resize_shard_changes_bytes)
{
    pab_tt *tt = NULL;
    cr_assert_eq(pab_tt_create(&tt, (size_t)1 << 20, 4), 0);
    uint64_t k0 = UINT64_C(0) << 62 | 99, k2 = UINT64_C(2) << 62 | 99;
    pab_tt_store(tt, k0, 3, PAB_BOUND_LOWER, 1, 1);
    pab_tt_store(tt, k2, 3, PAB_BOUND_LOWER, 2, 2);
    cr_assert_eq(pab_tt_resize_shard(tt, 2, (size_t)1 << 17), 0);
    cr_assert_eq(pab_tt_bytes(tt), ((size_t)3 << 18) + ((size_t)1 << 17));
    cr_assert_not(pab_tt_probe(tt, k2, NULL));
    expect_entry(tt, k0, 3, PAB_BOUND_LOWER, 1, 1);
    /* A size that is not a power of two: whole buckets are kept. */
    cr_assert_eq(pab_tt_resize_shard(tt, 2, 100000), 0);
    cr_assert_eq(pab_tt_bytes(tt), ((size_t)3 << 18) + 100000 / 64 * 64);
    for (uint64_t i = 0; i < 2000; i++) {
        uint64_t k = UINT64_C(2) << 62 | (mix(i) >> 2);
        pab_tt_store(tt, k, 1, PAB_BOUND_EXACT, (pab_score_t)i, (pab_move_t)i);
        expect_entry(tt, k, 1, PAB_BOUND_EXACT, (pab_score_t)i, (pab_move_t)i);
    }
    cr_assert_eq(pab_tt_resize_shard(tt, 9, 1 << 16), PAB_EINVAL);
    cr_assert_eq(pab_tt_resize_shard(tt, 1, 0), PAB_ESIZE);
    cr_assert_eq(pab_tt_resize_shard(tt, 1, 63), PAB_ESIZE);
    cr_assert_eq(pab_tt_resize_shard(tt, 1, PAB_TT_MAX_BYTES), PAB_ESIZE);
    cr_assert_eq(pab_tt_bytes(tt), ((size_t)3 << 18) + 100000 / 64 * 64);
    pab_tt_destroy(tt);
}

Test(tt, create_errors)
{
    pab_tt *tt = (pab_tt *)&tt;
    cr_assert_eq(pab_tt_create(NULL, PAB_TT_MIN_BYTES, 1), PAB_EINVAL);
    cr_assert_eq(pab_tt_create(&tt, 0, 1), PAB_ESIZE);
    cr_assert_null(tt);
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES - 1, 1), PAB_ESIZE);
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MAX_BYTES + 1, 1), PAB_ESIZE);
    cr_assert_eq(pab_tt_create(&tt, SIZE_MAX, 0), PAB_ESIZE);
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, 3), PAB_EINVAL);
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, 6), PAB_EINVAL);
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, PAB_TT_MAX_SHARDS * 2),
                 PAB_EINVAL);
    /* 4096 shards of 16 bytes: not one bucket each. */
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, PAB_TT_MAX_SHARDS),
                 PAB_ESIZE);
    cr_assert_null(tt);
    cr_assert_eq(
        pab_tt_create(&tt, (size_t)PAB_TT_MAX_SHARDS * 64, PAB_TT_MAX_SHARDS),
        0);
    cr_assert_eq(pab_tt_shards(tt), PAB_TT_MAX_SHARDS);
    pab_tt_destroy(tt);
    pab_tt_destroy(NULL);
}

Test(tt, default_shard_count)
{
    pab_tt *tt = NULL;
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, 0), 0);
    cr_assert_eq(pab_tt_shards(tt), 1);
    cr_assert_eq(pab_tt_bytes(tt), PAB_TT_MIN_BYTES);
    pab_tt_destroy(tt);
    /* One shard per 16 MiB, rounded down to a power of two. */
    cr_assert_eq(pab_tt_create(&tt, (size_t)48 << 20, 0), 0);
    cr_assert_eq(pab_tt_shards(tt), 2);
    cr_assert_eq(pab_tt_bytes(tt), (size_t)48 << 20);
    pab_tt_destroy(tt);
}

Test(tt, hashfull_grows_from_zero)
{
    pab_tt *tt = small_table();
    cr_assert_eq(pab_tt_hashfull(tt), 0);
    unsigned last = 0;
    for (uint64_t i = 0; i < 8192; i++) {
        pab_tt_store(tt, mix(i + 1), 1, PAB_BOUND_EXACT, 0, 0);
        if (i % 1024 == 1023) {
            unsigned now = pab_tt_hashfull(tt);
            cr_assert_geq(now, last);
            last = now;
        }
    }
    cr_assert_gt(last, 900, "hashfull %u after 8192 stores", last);
    cr_assert_leq(last, 1000);
    pab_tt_prefetch(tt, mix(5));
    /* Entries of an older search no longer count. */
    pab_tt_new_search(tt);
    cr_assert_eq(pab_tt_hashfull(tt), 0);
    pab_tt_destroy(tt);
}

/* ---- ABDADA ---- */

typedef struct window {
    pab_score_t alpha, beta, score;
    pab_move_t move;
} window;

static pab_tt_answer enter(pab_tt *tt, uint64_t key, int depth, bool exclusive,
                           window *w, pab_score_t alpha, pab_score_t beta)
{
    w->alpha = alpha;
    w->beta = beta;
    w->score = 12345;
    w->move = 12345;
    return pab_tt_enter(tt, key, depth, exclusive, &w->alpha, &w->beta,
                        &w->score, &w->move);
}

Test(tt, enter_claims_counts_and_leave_stores)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(10);
    window w;
    cr_assert_eq(enter(tt, k, 6, false, &w, -10, 10), PAB_TT_SEARCH);
    cr_assert_eq(w.score, -PAB_SCORE_INF);
    cr_assert_eq(w.move, PAB_MOVE_NONE);
    cr_assert_eq(w.alpha, -10);
    cr_assert_eq(w.beta, 10);
    pab_tt_entry e;
    cr_assert(pab_tt_probe(tt, k, &e));
    cr_assert_eq(e.depth, 6);
    cr_assert_eq(e.bound, PAB_BOUND_NONE);
    cr_assert_eq(e.nproc, 1);
    cr_assert_eq(pab_tt_nproc(tt, k, 6), 1);
    cr_assert_eq(pab_tt_nproc(tt, k, 5), 0);

    cr_assert_eq(enter(tt, k, 6, false, &w, -10, 10), PAB_TT_SEARCH);
    cr_assert_eq(pab_tt_nproc(tt, k, 6), 2);
    cr_assert_eq(enter(tt, k, 6, true, &w, -10, 10), PAB_TT_ON_EVALUATION);
    cr_assert_eq(w.score, PAB_SCORE_ON_EVALUATION);
    cr_assert_eq(pab_tt_nproc(tt, k, 6), 2);

    pab_tt_leave(tt, k, 6, -10, 10, 3, 44);
    cr_assert_eq(pab_tt_nproc(tt, k, 6), 1);
    expect_entry(tt, k, 6, PAB_BOUND_EXACT, 3, 44);
    /* Still being searched by one: exclusive is refused... */
    cr_assert_eq(enter(tt, k, 6, true, &w, 20, 30), PAB_TT_ON_EVALUATION);
    pab_tt_leave(tt, k, 6, -10, 10, 3, 44);
    cr_assert_eq(pab_tt_nproc(tt, k, 6), 0);
    cr_assert(pab_tt_probe(tt, k, &e));
    cr_assert_eq(e.nproc, 0);
    /* ...and with nobody left the exact result cuts off. */
    cr_assert_eq(enter(tt, k, 6, true, &w, 20, 30), PAB_TT_CUTOFF);
    cr_assert_eq(w.score, 3);
    cr_assert_eq(w.move, 44);
    pab_tt_destroy(tt);
}

Test(tt, leave_stores_the_bound_the_window_implies)
{
    pab_tt *tt = small_table();
    window w;
    uint64_t lo = mix(20), up = mix(21), ex = mix(22);
    cr_assert_eq(enter(tt, lo, 4, false, &w, 0, 10), PAB_TT_SEARCH);
    pab_tt_leave(tt, lo, 4, 0, 10, 10, 1);
    expect_entry(tt, lo, 4, PAB_BOUND_LOWER, 10, 1);
    cr_assert_eq(enter(tt, up, 4, false, &w, 0, 10), PAB_TT_SEARCH);
    pab_tt_leave(tt, up, 4, 0, 10, -PAB_SCORE_MAX, 2);
    expect_entry(tt, up, 4, PAB_BOUND_UPPER, -PAB_SCORE_MAX, 2);
    cr_assert_eq(enter(tt, ex, 4, false, &w, 0, 10), PAB_TT_SEARCH);
    pab_tt_leave(tt, ex, 4, 0, 10, 9, PAB_MOVE_NONE);
    expect_entry(tt, ex, 4, PAB_BOUND_EXACT, 9, PAB_MOVE_NONE);

    /* Bounds narrow the window at an equal depth. */
    cr_assert_eq(enter(tt, lo, 4, false, &w, 0, 20), PAB_TT_SEARCH);
    cr_assert_eq(w.alpha, 10);
    cr_assert_eq(w.beta, 20);
    cr_assert_eq(w.score, 10);
    cr_assert_eq(w.move, 1);
    pab_tt_abandon(tt, lo, 4);
    cr_assert_eq(enter(tt, up, 4, false, &w, -5, 5), PAB_TT_CUTOFF);
    cr_assert_eq(w.beta, -PAB_SCORE_MAX);
    cr_assert_eq(w.score, -PAB_SCORE_MAX);
    cr_assert_eq(pab_tt_nproc(tt, up, 4), 0);
    pab_tt_destroy(tt);
}

Test(tt, deeper_exact_entry_cuts_off)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(30);
    window w;
    pab_tt_store(tt, k, 9, PAB_BOUND_EXACT, -77, 5);
    cr_assert_eq(enter(tt, k, 4, true, &w, -100, 100), PAB_TT_CUTOFF);
    cr_assert_eq(w.score, -77);
    cr_assert_eq(w.alpha, -77);
    cr_assert_eq(w.beta, -77);
    cr_assert_eq(w.move, 5);
    cr_assert_eq(pab_tt_nproc(tt, k, 4), 0);
    cr_assert_eq(pab_tt_nproc(tt, k, 9), 0);
    pab_tt_destroy(tt);
}

Test(tt, deeper_bound_searches_uncounted)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(31);
    window w;
    pab_tt_store(tt, k, 9, PAB_BOUND_LOWER, 7, 6);
    cr_assert_eq(enter(tt, k, 4, false, &w, 0, 100), PAB_TT_SEARCH_UNCOUNTED);
    cr_assert_eq(w.alpha, 7);
    cr_assert_eq(w.beta, 100);
    cr_assert_eq(w.score, 7);
    cr_assert_eq(w.move, 6);
    cr_assert_eq(pab_tt_nproc(tt, k, 4), 0);
    /* A lower bound at or below alpha changes nothing. */
    cr_assert_eq(enter(tt, k, 4, false, &w, 8, 100), PAB_TT_SEARCH_UNCOUNTED);
    cr_assert_eq(w.alpha, 8);
    cr_assert_eq(w.score, -PAB_SCORE_INF);
    /* Weill's StoreHash leaves a deeper entry alone. */
    pab_tt_leave(tt, k, 4, 0, 100, 50, 9);
    expect_entry(tt, k, 9, PAB_BOUND_LOWER, 7, 6);
    pab_tt_destroy(tt);
}

Test(tt, exclusive_only_refused_at_the_same_depth)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(32);
    window w;
    cr_assert_eq(enter(tt, k, 8, false, &w, 0, 10), PAB_TT_SEARCH);
    /* The claim at depth 8 is deeper than 5: not refused, not counted. */
    cr_assert_eq(enter(tt, k, 5, true, &w, 0, 10), PAB_TT_SEARCH_UNCOUNTED);
    cr_assert_eq(pab_tt_nproc(tt, k, 5), 0);
    cr_assert_eq(pab_tt_nproc(tt, k, 8), 1);
    pab_tt_abandon(tt, k, 8);
    /* Nobody left: an exclusive enter is counted in. */
    cr_assert_eq(enter(tt, k, 8, true, &w, 0, 10), PAB_TT_SEARCH);
    cr_assert_eq(pab_tt_nproc(tt, k, 8), 1);

    /* Someone counted at depth 3 while the entry is deeper: the exclusive
     * test applies only to an entry of exactly the node's depth. */
    uint64_t j = mix(33);
    cr_assert_eq(enter(tt, j, 3, false, &w, 0, 10), PAB_TT_SEARCH);
    pab_tt_store(tt, j, 9, PAB_BOUND_LOWER, -50, 1);
    cr_assert_eq(pab_tt_nproc(tt, j, 3), 1);
    cr_assert_eq(enter(tt, j, 3, true, &w, 0, 10), PAB_TT_SEARCH_UNCOUNTED);
    cr_assert_eq(pab_tt_nproc(tt, j, 3), 1);
    pab_tt_destroy(tt);
}

Test(tt, shallower_entry_is_claimed)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(40);
    window w;
    pab_tt_store(tt, k, 2, PAB_BOUND_EXACT, 15, 33);
    cr_assert_eq(enter(tt, k, 5, true, &w, -50, 50), PAB_TT_SEARCH);
    cr_assert_eq(w.move, 33);
    cr_assert_eq(w.alpha, -50);
    cr_assert_eq(w.beta, 50);
    cr_assert_eq(w.score, -PAB_SCORE_INF);
    pab_tt_entry e;
    cr_assert(pab_tt_probe(tt, k, &e));
    cr_assert_eq(e.depth, 5);
    cr_assert_eq(e.bound, PAB_BOUND_NONE);
    cr_assert_eq(e.move, 33);
    cr_assert_eq(e.nproc, 1);
    cr_assert_eq(enter(tt, k, 5, true, &w, -50, 50), PAB_TT_ON_EVALUATION);
    pab_tt_leave(tt, k, 5, -50, 50, 60, PAB_MOVE_NONE);
    expect_entry(tt, k, 5, PAB_BOUND_LOWER, 60, 33);
    cr_assert_eq(pab_tt_nproc(tt, k, 5), 0);
    pab_tt_destroy(tt);
}

Test(tt, deeper_leave_resets_the_shallower_count)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(41);
    window w;
    cr_assert_eq(enter(tt, k, 3, false, &w, 0, 10), PAB_TT_SEARCH);
    cr_assert_eq(enter(tt, k, 3, false, &w, 0, 10), PAB_TT_SEARCH);
    cr_assert_eq(pab_tt_nproc(tt, k, 3), 2);
    /* A result at depth 5 replaces the depth-3 claim: Weill's nproc <- 0. */
    pab_tt_leave(tt, k, 5, 0, 10, 4, 8);
    expect_entry(tt, k, 5, PAB_BOUND_EXACT, 4, 8);
    cr_assert_eq(pab_tt_nproc(tt, k, 3), 0);
    /* The depth-3 searchers' leaves then change nothing. */
    pab_tt_leave(tt, k, 3, 0, 10, 1, 1);
    pab_tt_leave(tt, k, 3, 0, 10, 1, 1);
    cr_assert_eq(pab_tt_nproc(tt, k, 3), 0);
    expect_entry(tt, k, 5, PAB_BOUND_EXACT, 4, 8);
    pab_tt_destroy(tt);
}

Test(tt, store_replaces_idle_slot_before_busy_one)
{
    pab_tt *tt = small_table();
    uint64_t a = colliding(5, 1), b = colliding(5, 2), c = colliding(5, 3);
    window w;
    cr_assert_eq(enter(tt, a, 1, false, &w, 0, 10), PAB_TT_SEARCH);
    pab_tt_store(tt, b, 40, PAB_BOUND_EXACT, 2, 2);
    /* b is far deeper, but a is being searched. */
    pab_tt_store(tt, c, 1, PAB_BOUND_EXACT, 3, 3);
    cr_assert_not(pab_tt_probe(tt, b, NULL));
    expect_entry(tt, c, 1, PAB_BOUND_EXACT, 3, 3);
    pab_tt_entry e;
    cr_assert(pab_tt_probe(tt, a, &e));
    cr_assert_eq(e.nproc, 1);
    pab_tt_leave(tt, a, 1, 0, 10, 5, 5);
    expect_entry(tt, a, 1, PAB_BOUND_EXACT, 5, 5);
    cr_assert_eq(pab_tt_nproc(tt, a, 1), 0);
    pab_tt_destroy(tt);
}

Test(tt, replaced_busy_entry_leave_spares_the_new_count)
{
    pab_tt *tt = small_table();
    uint64_t a = colliding(9, 1), b = colliding(9, 2), c = colliding(9, 3);
    window w;
    cr_assert_eq(enter(tt, a, 3, false, &w, 0, 10), PAB_TT_SEARCH);
    cr_assert_eq(enter(tt, b, 3, false, &w, 0, 10), PAB_TT_SEARCH);
    cr_assert_eq(enter(tt, b, 3, false, &w, 0, 10), PAB_TT_SEARCH);
    /* Every slot busy: c takes one anyway and that count is lost. */
    cr_assert_eq(enter(tt, c, 3, false, &w, 0, 10), PAB_TT_SEARCH);
    cr_assert_eq(pab_tt_nproc(tt, c, 3), 1);
    bool a_left = pab_tt_probe(tt, a, NULL);
    bool b_left = pab_tt_probe(tt, b, NULL);
    cr_assert(a_left != b_left, "exactly one victim");
    uint64_t victim = a_left ? b : a, survivor = a_left ? a : b;
    unsigned survivor_count = a_left ? 1 : 2;
    cr_assert_eq(pab_tt_nproc(tt, victim, 3), 0);
    cr_assert_eq(pab_tt_nproc(tt, survivor, 3), survivor_count);

    /* The victim's leaves touch neither c's count nor c's entry. */
    pab_tt_leave(tt, victim, 3, 0, 10, 7, 7);
    pab_tt_leave(tt, victim, 3, 0, 10, 7, 7);
    pab_tt_abandon(tt, victim, 3);
    cr_assert_eq(pab_tt_nproc(tt, c, 3), 1);
    cr_assert_eq(pab_tt_nproc(tt, survivor, 3), survivor_count);
    cr_assert_not(pab_tt_probe(tt, victim, NULL));
    pab_tt_entry e;
    cr_assert(pab_tt_probe(tt, c, &e));
    cr_assert_eq(e.bound, PAB_BOUND_NONE);
    cr_assert_eq(e.nproc, 1);
    pab_tt_leave(tt, c, 3, 0, 10, 4, 4);
    cr_assert_eq(pab_tt_nproc(tt, c, 3), 0);
    expect_entry(tt, c, 3, PAB_BOUND_EXACT, 4, 4);
    pab_tt_destroy(tt);
}

Test(tt, abandon_decrements_without_storing)
{
    pab_tt *tt = small_table();
    uint64_t k = mix(50);
    window w;
    cr_assert_eq(enter(tt, k, 7, false, &w, 0, 10), PAB_TT_SEARCH);
    cr_assert_eq(enter(tt, k, 7, false, &w, 0, 10), PAB_TT_SEARCH);
    pab_tt_abandon(tt, k, 7);
    cr_assert_eq(pab_tt_nproc(tt, k, 7), 1);
    pab_tt_abandon(tt, k, 7);
    cr_assert_eq(pab_tt_nproc(tt, k, 7), 0);
    /* Never below zero. */
    pab_tt_abandon(tt, k, 7);
    cr_assert_eq(pab_tt_nproc(tt, k, 7), 0);
    pab_tt_entry e;
    cr_assert(pab_tt_probe(tt, k, &e));
    cr_assert_eq(e.bound, PAB_BOUND_NONE);
    cr_assert_eq(e.depth, 7);
    cr_assert_eq(e.nproc, 0);
    pab_tt_destroy(tt);
}

/* ---- More than the machine has ---------------------------------------- */

/* Twice the machine's memory and swap: more than it can ever give, and
 * (on any machine under 256 GiB) within PAB_TT_MAX_BYTES, so the answer
 * must be PAB_ENOMEM, not the size check's PAB_ESIZE. */
static size_t more_than_the_machine(void)
{
    struct sysinfo si;
    cr_assert_eq(sysinfo(&si), 0);
    uint64_t all = ((uint64_t)si.totalram + si.totalswap) * si.mem_unit;
    uint64_t want = 2 * all;
    cr_assert_leq(want, PAB_TT_MAX_BYTES, "a machine of %llu bytes",
                  (unsigned long long)all);
    return (size_t)want;
}

Test(tt, a_table_larger_than_the_machine_is_enomem, .timeout = 30)
{
    pab_tt *tt = (pab_tt *)&tt;
    size_t huge = more_than_the_machine();
    cr_assert_eq(pab_tt_create(&tt, huge, 0), PAB_ENOMEM);
    cr_assert_null(tt);
    cr_assert_eq(pab_tt_create(&tt, huge, 1), PAB_ENOMEM);
    cr_assert_null(tt);
}

Test(tt, an_impossible_resize_keeps_the_old_shard, .timeout = 30)
{
    pab_tt *tt = NULL;
    cr_assert_eq(pab_tt_create(&tt, (size_t)1 << 20, 4), 0);
    uint64_t k = UINT64_C(1) << 62 | 12345;
    pab_tt_store(tt, k, 5, PAB_BOUND_EXACT, 77, 3);
    cr_assert_eq(pab_tt_resize_shard(tt, 1, more_than_the_machine()),
                 PAB_ENOMEM);
    cr_assert_eq(pab_tt_bytes(tt), (size_t)1 << 20);
    expect_entry(tt, k, 5, PAB_BOUND_EXACT, 77, 3);
    pab_tt_store(tt, k + 1, 2, PAB_BOUND_LOWER, -4, 9);
    expect_entry(tt, k + 1, 2, PAB_BOUND_LOWER, -4, 9);
    pab_tt_destroy(tt);
}

static int nim_generate(const void *s, pab_move_t *m, unsigned cap,
                        pab_score_t *terminal, void *u)
{
    (void)cap, (void)u;
    int n = 0;
    for (int k = 1; k <= 3 && k <= *(const int *)s; k++)
        m[n++] = (pab_move_t)k;
    *terminal = -1;
    return n;
}
static bool nim_make(void *s, pab_move_t m, void *u)
{
    (void)u;
    *(int *)s -= (int)m;
    return true;
}
static void nim_unmake(void *s, pab_move_t m, void *u)
{
    (void)u;
    *(int *)s += (int)m;
}
static pab_score_t nim_evaluate(const void *s, void *u)
{
    (void)s, (void)u;
    return 0;
}
static uint64_t nim_hash(const void *s, void *u)
{
    (void)u;
    return UINT64_C(0x9e3779b97f4a7c15) * (uint64_t)(*(const int *)s + 1);
}

Test(tt, a_searcher_with_an_impossible_table_is_enomem, .timeout = 30)
{
    pab_game g;
    pab_searcher *s = (pab_searcher *)&s;
    pab_game_init(&g);
    g.state_size = sizeof(int);
    g.generate = nim_generate;
    g.make = nim_make;
    g.unmake = nim_unmake;
    g.evaluate = nim_evaluate;
    g.hash = nim_hash;
    cr_assert_eq(pab_searcher_create(&s, &g, more_than_the_machine()),
                 PAB_ENOMEM);
    cr_assert_null(s);
}

/* The management and query functions take NULL as pab(7) says. */
Test(tt, null_tables)
{
    pab_tt_destroy(NULL);
    pab_tt_clear(NULL);
    cr_assert_eq(pab_tt_clear_shard(NULL, 0), PAB_EINVAL);
    cr_assert_eq(pab_tt_resize_shard(NULL, 0, 1 << 16), PAB_EINVAL);
    cr_assert_eq(pab_tt_shards(NULL), 0);
    cr_assert_eq(pab_tt_bytes(NULL), 0);
    cr_assert_eq(pab_tt_hashfull(NULL), 0);
    cr_assert_eq(pab_tt_shard_of(NULL, 42), 0);
    pab_tt_new_search(NULL);
}

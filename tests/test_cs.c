/*
 * The currently-searching table (Kerrigan's Simplified ABDADA): the move
 * hash, the defer depth, start/defer/finish, duplicates (notes 3.1 and 3.2),
 * overflow of a full set, and creation errors.
 *
 * Hashes that must share a set are h + i * size: the set is the hash's low
 * bits.
 */
#include <criterion/criterion.h>

#include <stdint.h>

#include <pab/cs.h>

static pab_cs *table(unsigned size, unsigned ways, int defer_depth)
{
    pab_cs *cs = NULL;
    cr_assert_eq(pab_cs_create(&cs, size, ways, defer_depth), 0);
    cr_assert_not_null(cs);
    return cs;
}

/* A position key: any well-mixed 64-bit value. */
static uint64_t mix(uint64_t x)
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

Test(cs, move_hash_formula)
{
    static const uint64_t keys[] = {0, 1, UINT64_C(0xDEADBEEFCAFEF00D),
                                    UINT64_MAX};
    static const pab_move_t moves[] = {0, 1, 0x1234, PAB_MOVE_NONE - 1};
    for (int k = 0; k < 4; k++)
        for (int m = 0; m < 4; m++) {
            uint64_t want =
                keys[k] ^ ((uint64_t)moves[m] * 1664525u + 1013904223u);
            cr_assert_eq(pab_cs_move_hash(keys[k], moves[m]), want);
        }
    cr_assert_eq(pab_cs_move_hash(0, 0), 1013904223u);
    cr_assert_eq(pab_cs_move_hash(0, 1), 1013904223u + 1664525u);
    cr_assert_eq(pab_cs_move_hash(0, 0xFFFFFFFEu),
                 (uint64_t)0xFFFFFFFEu * 1664525u + 1013904223u);
}

Test(cs, move_hash_never_zero)
{
    /* The key that cancels the move's term would give 0. */
    uint64_t key = (uint64_t)77 * 1664525u + 1013904223u;
    uint64_t h = pab_cs_move_hash(key, 77);
    cr_assert_neq(h, 0);
    uint64_t key2 = (uint64_t)5 * 1664525u + 1013904223u;
    cr_assert_eq(pab_cs_move_hash(key2, 5), h, "one fixed stand-in");
    /* And the stand-in works as a hash. */
    pab_cs *cs = table(16, 4, 0);
    pab_cs_starting(cs, h, 1);
    cr_assert(pab_cs_defer(cs, h, 1));
    pab_cs_finished(cs, h, 1);
    cr_assert_not(pab_cs_defer(cs, h, 1));
    pab_cs_destroy(cs);
}

Test(cs, defaults_and_accessors)
{
    pab_cs *cs = table(0, 0, PAB_CS_DEFAULT_DEFER_DEPTH);
    cr_assert_eq(pab_cs_defer_depth(cs), 3);
    /* Default 4 ways: four hashes of one set all fit. */
    for (uint64_t i = 0; i < 4; i++)
        pab_cs_starting(cs, 5 + i * PAB_CS_DEFAULT_SIZE, 3);
    for (uint64_t i = 0; i < 4; i++)
        cr_assert(pab_cs_defer(cs, 5 + i * PAB_CS_DEFAULT_SIZE, 3));
    /* A fifth of the same set evicts way 0, the first. */
    pab_cs_starting(cs, 5 + 4 * PAB_CS_DEFAULT_SIZE, 3);
    cr_assert_not(pab_cs_defer(cs, 5, 3));
    cr_assert(pab_cs_defer(cs, 5 + 4 * PAB_CS_DEFAULT_SIZE, 3));
    /* Another set is untouched. */
    cr_assert_not(pab_cs_defer(cs, 6, 3));
    pab_cs_destroy(cs);
    pab_cs_destroy(NULL);
}

Test(cs, nothing_below_defer_depth)
{
    pab_cs *cs = table(64, 4, 3);
    uint64_t h = pab_cs_move_hash(0x1234567890ULL, 42);
    /* Not recorded below the defer depth... */
    pab_cs_starting(cs, h, 2);
    cr_assert_not(pab_cs_defer(cs, h, 3));
    cr_assert_not(pab_cs_defer(cs, h, 10));
    /* ...never deferred below it, even when present... */
    pab_cs_starting(cs, h, 3);
    cr_assert(pab_cs_defer(cs, h, 3));
    cr_assert(pab_cs_defer(cs, h, 9));
    cr_assert_not(pab_cs_defer(cs, h, 2));
    cr_assert_not(pab_cs_defer(cs, h, 0));
    cr_assert_not(pab_cs_defer(cs, h, -1));
    /* ...and not cleared below it. */
    pab_cs_finished(cs, h, 2);
    cr_assert(pab_cs_defer(cs, h, 3));
    pab_cs_finished(cs, h, 3);
    cr_assert_not(pab_cs_defer(cs, h, 3));
    pab_cs_destroy(cs);
}

Test(cs, start_defer_finish_round_trip)
{
    pab_cs *cs = table(256, 4, 1);
    uint64_t h[100];
    for (int i = 0; i < 100; i++) {
        h[i] = pab_cs_move_hash(mix((uint64_t)i), (pab_move_t)i);
        cr_assert_not(pab_cs_defer(cs, h[i], 5));
    }
    for (int i = 0; i < 100; i++)
        pab_cs_starting(cs, h[i], 5);
    /* 100 hashes over 256 sets of 4: with these keys no set overflows. */
    for (int i = 0; i < 100; i++)
        cr_assert(pab_cs_defer(cs, h[i], 5), "hash %d", i);
    for (int i = 0; i < 100; i += 2)
        pab_cs_finished(cs, h[i], 5);
    for (int i = 0; i < 100; i++)
        cr_assert_eq(pab_cs_defer(cs, h[i], 5), i % 2 == 1, "hash %d", i);
    /* Finishing a hash that is not there is harmless. */
    pab_cs_finished(cs, h[0], 5);
    pab_cs_clear(cs);
    for (int i = 0; i < 100; i++)
        cr_assert_not(pab_cs_defer(cs, h[i], 5));
    /* 0 is the empty mark: never found, never stored. */
    cr_assert_not(pab_cs_defer(cs, 0, 5));
    pab_cs_starting(cs, 0, 5);
    cr_assert_not(pab_cs_defer(cs, 0, 5));
    pab_cs_destroy(cs);
}

Test(cs, same_hash_started_twice_is_stored_once)
{
    pab_cs *cs = table(16, 4, 0);
    uint64_t h = 3;
    pab_cs_starting(cs, h, 1);
    pab_cs_starting(cs, h, 1);
    /* Three more hashes of the set fit only if h took a single way. */
    for (uint64_t i = 1; i <= 3; i++)
        pab_cs_starting(cs, h + i * 16, 1);
    for (uint64_t i = 0; i <= 3; i++)
        cr_assert(pab_cs_defer(cs, h + i * 16, 1), "hash %llu",
                  (unsigned long long)(h + i * 16));
    /* h is in way 0 alone: a fifth hash overwrites it and nothing else. */
    pab_cs_starting(cs, h + 4 * 16, 1);
    cr_assert_not(pab_cs_defer(cs, h, 1));
    for (uint64_t i = 1; i <= 4; i++)
        cr_assert(pab_cs_defer(cs, h + i * 16, 1), "hash %llu",
                  (unsigned long long)(h + i * 16));
    pab_cs_destroy(cs);
}

Test(cs, hash_in_two_ways_is_fully_cleared)
{
    pab_cs *cs = table(8, 2, 0);
    uint64_t h = 5, other = 5 + 8, third = 5 + 16;
    /* Fill the set: [other, h]. */
    pab_cs_starting(cs, other, 1);
    pab_cs_starting(cs, h, 1);
    /* Empty way 0: [0, h]; a second start of h walks into way 0 first and
     * fills it, as two racing starts would: [h, h]. */
    pab_cs_finished(cs, other, 1);
    pab_cs_starting(cs, h, 1);
    /* The set is full of h: a new hash overwrites way 0 only... */
    pab_cs_starting(cs, third, 1);
    cr_assert(pab_cs_defer(cs, third, 1));
    cr_assert(pab_cs_defer(cs, h, 1), "the second copy of h survives");
    pab_cs_finished(cs, third, 1);
    /* ...so make two copies again and finish h once: both go. */
    pab_cs_starting(cs, h, 1);
    cr_assert(pab_cs_defer(cs, h, 1));
    pab_cs_finished(cs, h, 1);
    cr_assert_not(pab_cs_defer(cs, h, 1));
    /* Both ways are empty again: two new hashes fit. */
    pab_cs_starting(cs, other, 1);
    pab_cs_starting(cs, third, 1);
    cr_assert(pab_cs_defer(cs, other, 1));
    cr_assert(pab_cs_defer(cs, third, 1));
    pab_cs_destroy(cs);
}

Test(cs, full_set_overwrites_way_zero)
{
    pab_cs *cs = table(4, 3, 0);
    uint64_t a = 2, b = 6, c = 10, d = 14, e = 18;
    pab_cs_starting(cs, a, 0);
    pab_cs_starting(cs, b, 0);
    pab_cs_starting(cs, c, 0);
    pab_cs_starting(cs, d, 0);
    cr_assert_not(pab_cs_defer(cs, a, 0), "way 0 was overwritten");
    cr_assert(pab_cs_defer(cs, b, 0));
    cr_assert(pab_cs_defer(cs, c, 0));
    cr_assert(pab_cs_defer(cs, d, 0));
    pab_cs_starting(cs, e, 0);
    cr_assert_not(pab_cs_defer(cs, d, 0));
    cr_assert(pab_cs_defer(cs, e, 0));
    cr_assert(pab_cs_defer(cs, b, 0));
    /* The overwritten move's finish clears nothing else. */
    pab_cs_finished(cs, a, 0);
    cr_assert(pab_cs_defer(cs, e, 0));
    cr_assert(pab_cs_defer(cs, b, 0));
    cr_assert(pab_cs_defer(cs, c, 0));
    pab_cs_destroy(cs);
}

Test(cs, one_way_one_set)
{
    pab_cs *cs = table(1, 1, 0);
    pab_cs_starting(cs, 11, 0);
    cr_assert(pab_cs_defer(cs, 11, 0));
    pab_cs_starting(cs, 12, 0);
    cr_assert_not(pab_cs_defer(cs, 11, 0));
    cr_assert(pab_cs_defer(cs, 12, 0));
    pab_cs_finished(cs, 12, 0);
    cr_assert_not(pab_cs_defer(cs, 12, 0));
    pab_cs_destroy(cs);
}

Test(cs, create_errors)
{
    pab_cs *cs = (pab_cs *)&cs;
    cr_assert_eq(pab_cs_create(NULL, 16, 4, 3), PAB_EINVAL);
    cr_assert_eq(pab_cs_create(&cs, 16, 4, -1), PAB_EINVAL);
    cr_assert_null(cs);
    cr_assert_eq(pab_cs_create(&cs, 3, 4, 3), PAB_ESIZE);
    cr_assert_eq(pab_cs_create(&cs, 100, 4, 3), PAB_ESIZE);
    cr_assert_eq(pab_cs_create(&cs, PAB_CS_MAX_SIZE * 2, 4, 3), PAB_ESIZE);
    cr_assert_eq(pab_cs_create(&cs, 16, PAB_CS_MAX_WAYS + 1, 3), PAB_ESIZE);
    cr_assert_null(cs);
    cr_assert_eq(pab_cs_create(&cs, 1, PAB_CS_MAX_WAYS, 0), 0);
    cr_assert_eq(pab_cs_defer_depth(cs), 0);
    pab_cs_destroy(cs);
}

/* The management functions take a NULL table as pab(7) says: ignored, or
 * PAB_EINVAL where there is a code to return. */
Test(cs, null_tables)
{
    pab_cs_clear(NULL);
    pab_cs_destroy(NULL);
    cr_assert_eq(pab_cs_defer_depth(NULL), PAB_EINVAL);
}

/*
 * The pieces libpab-mpi stands on, tested without MPI: a transposition
 * table and a currently-searching table with a remote home (here an
 * in-process home behind one mutex), the table's mirror mode, and the
 * searcher's hooks.  Searches with every deep entry at such a home still
 * return the serial value.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>

#include <pab/pab.h>

#include "tree_fixture.h"

/* ---- an in-process home ------------------------------------------------- */

#define HOME_RECORDS 256

typedef struct home {
    pthread_mutex_t lock;
    unsigned char record[HOME_RECORDS][PAB_CS_MAX_WAYS * 8];
    unsigned gets, puts, changed, clears;
    bool fail; /* every get fails */
} home;

static unsigned record_of(uint64_t key)
{
    return (unsigned)(key >> 56) % HOME_RECORDS;
}

static int home_get(home *h, uint64_t key, void *to, size_t bytes)
{
    if (h->fail)
        return PAB_ECOMM;
    pthread_mutex_lock(&h->lock);
    h->gets++;
    memcpy(to, h->record[record_of(key)], bytes);
    return 0;
}

static void home_put(home *h, uint64_t key, const void *from, size_t bytes,
                     bool changed)
{
    h->puts++;
    if (changed) {
        h->changed++;
        memcpy(h->record[record_of(key)], from, bytes);
    }
    pthread_mutex_unlock(&h->lock);
}

static int tt_get(uint64_t key, void *bucket, void *user)
{
    return home_get(user, key, bucket, PAB_TT_BUCKET_BYTES);
}

static void tt_put(uint64_t key, const void *bucket, bool changed, void *user)
{
    home_put(user, key, bucket, PAB_TT_BUCKET_BYTES, changed);
}

static void tt_clear(void *user)
{
    home *h = user;
    h->clears++;
    memset(h->record, 0, sizeof h->record);
}

static int cs_get(uint64_t hash, void *set, size_t bytes, void *user)
{
    return home_get(user, hash, set, bytes);
}

static void cs_put(uint64_t hash, const void *set, size_t bytes, bool changed,
                   void *user)
{
    home_put(user, hash, set, bytes, changed);
}

static home *home_new(void)
{
    home *h = calloc(1, sizeof *h);
    cr_assert_not_null(h);
    pthread_mutex_init(&h->lock, NULL);
    return h;
}

static pab_tt_remote tt_remote(home *h, int min_depth)
{
    return (pab_tt_remote){.size = sizeof(pab_tt_remote),
                           .min_depth = min_depth,
                           .get = tt_get,
                           .put = tt_put,
                           .clear = tt_clear,
                           .user = h};
}

/* ---- the transposition table ----------------------------------------- */

Test(remote, set_remote_errors)
{
    pab_tt *tt;
    home *h = home_new();
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, 1), 0);
    pab_tt_remote r = tt_remote(h, 4);
    cr_assert_eq(pab_tt_set_remote(NULL, &r), PAB_EINVAL);
    r.size = 8;
    cr_assert_eq(pab_tt_set_remote(tt, &r), PAB_EVERSION);
    r = tt_remote(h, 0);
    cr_assert_eq(pab_tt_set_remote(tt, &r), PAB_EINVAL);
    r = tt_remote(h, PAB_TT_MAX_DEPTH + 1);
    cr_assert_eq(pab_tt_set_remote(tt, &r), PAB_EINVAL);
    r = tt_remote(h, 4);
    r.put = NULL;
    cr_assert_eq(pab_tt_set_remote(tt, &r), PAB_EINVAL);
    r.get = NULL; /* neither a home nor a mirror */
    cr_assert_eq(pab_tt_set_remote(tt, &r), PAB_EINVAL);
    r = tt_remote(h, 4);
    cr_assert_eq(pab_tt_set_remote(tt, &r), 0);
    cr_assert_eq(pab_tt_set_remote(tt, NULL), 0);
    pab_tt_store(tt, 77, 9, PAB_BOUND_EXACT, 5, 3);
    cr_assert_eq(h->gets, 0, "no home once removed");
    pab_tt_destroy(tt);
    free(h);
}

Test(remote, deep_entries_live_at_the_home)
{
    pab_tt *tt;
    home *h = home_new();
    pab_tt_entry e;
    const uint64_t key = UINT64_C(0x1234567890abcdef);
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, 1), 0);
    pab_tt_remote r = tt_remote(h, 4);
    cr_assert_eq(pab_tt_set_remote(tt, &r), 0);

    pab_tt_store(tt, key, 3, PAB_BOUND_LOWER, 11, 7); /* shallow: local */
    cr_assert_eq(h->gets, 0);
    cr_assert(pab_tt_probe_at(tt, key, 3, &e));
    cr_assert_eq(e.score, 11);

    pab_tt_store(tt, key, 6, PAB_BOUND_EXACT, -42, 9); /* deep: the home */
    cr_assert_eq(h->gets, 1);
    cr_assert_eq(h->changed, 1);
    cr_assert(pab_tt_probe_at(tt, key, 6, &e));
    cr_assert_eq(e.depth, 6);
    cr_assert_eq(e.score, -42);
    cr_assert_eq(e.move, 9);
    cr_assert_eq(e.bound, PAB_BOUND_EXACT);
    cr_assert_eq(h->puts, h->gets, "every get is put back");
    cr_assert_eq(h->changed, 1, "a probe writes nothing back");
    /* The local entry is still the shallow one: the probe without a depth
     * finds it first. */
    cr_assert(pab_tt_probe(tt, key, &e));
    cr_assert_eq(e.depth, 3);
    /* A key only the home holds: found by the probe without a depth. */
    const uint64_t other = key ^ 0xff;
    pab_tt_store(tt, other, 5, PAB_BOUND_UPPER, 8, 2);
    cr_assert(pab_tt_probe(tt, other, &e));
    cr_assert_eq(e.depth, 5);
    cr_assert_eq(e.score, 8);

    pab_tt_clear(tt);
    cr_assert_eq(h->clears, 1);
    cr_assert_not(pab_tt_probe_at(tt, key, 6, &e));
    pab_tt_destroy(tt);
    free(h);
}

Test(remote, abdada_counts_at_the_home)
{
    pab_tt *tt;
    home *h = home_new();
    pab_score_t a = -100, b = 100, s;
    pab_move_t m;
    const uint64_t key = UINT64_C(0x0fedcba987654321);
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, 1), 0);
    pab_tt_remote r = tt_remote(h, 2);
    cr_assert_eq(pab_tt_set_remote(tt, &r), 0);

    cr_assert_eq(pab_tt_enter(tt, key, 5, false, &a, &b, &s, &m),
                 PAB_TT_SEARCH);
    cr_assert_eq(pab_tt_nproc(tt, key, 5), 1);
    a = -100, b = 100;
    cr_assert_eq(pab_tt_enter(tt, key, 5, true, &a, &b, &s, &m),
                 PAB_TT_ON_EVALUATION);
    pab_tt_leave(tt, key, 5, -100, 100, 30, 4);
    cr_assert_eq(pab_tt_nproc(tt, key, 5), 0);
    pab_tt_entry e;
    cr_assert(pab_tt_probe_at(tt, key, 5, &e));
    cr_assert_eq(e.score, 30);
    cr_assert_eq(e.bound, PAB_BOUND_EXACT);
    cr_assert_eq(e.move, 4);
    a = -100, b = 100;
    cr_assert_eq(pab_tt_enter(tt, key, 5, false, &a, &b, &s, &m),
                 PAB_TT_CUTOFF);
    cr_assert_eq(s, 30);
    /* Nothing of this lives locally. */
    cr_assert_eq(pab_tt_set_remote(tt, NULL), 0);
    cr_assert_not(pab_tt_probe(tt, key, &e));
    pab_tt_destroy(tt);
    free(h);
}

Test(remote, a_failed_home_loses_only_hints)
{
    pab_tt *tt;
    home *h = home_new();
    pab_score_t a = -100, b = 100, s;
    pab_move_t m;
    pab_tt_entry e;
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, 1), 0);
    pab_tt_remote r = tt_remote(h, 2);
    cr_assert_eq(pab_tt_set_remote(tt, &r), 0);
    h->fail = true;
    pab_tt_store(tt, 5, 8, PAB_BOUND_EXACT, 1, 1);
    cr_assert_not(pab_tt_probe_at(tt, 5, 8, &e));
    cr_assert_eq(e.bound, PAB_BOUND_NONE);
    cr_assert_eq(pab_tt_enter(tt, 5, 8, true, &a, &b, &s, &m),
                 PAB_TT_SEARCH_UNCOUNTED);
    cr_assert_eq(m, PAB_MOVE_NONE);
    cr_assert_eq(pab_tt_nproc(tt, 5, 8), 0);
    pab_tt_leave(tt, 5, 8, -100, 100, 3, 2); /* no crash, nothing stored */
    pab_tt_abandon(tt, 5, 8);
    h->fail = false;
    cr_assert_not(pab_tt_probe_at(tt, 5, 8, &e));
    pab_tt_destroy(tt);
    free(h);
}

typedef struct mirror {
    unsigned reports;
    uint64_t key;
    int depth;
    pab_score_t score;
} mirror;

static void stored(uint64_t key, int depth, pab_bound bound, pab_score_t score,
                   pab_move_t move, void *user)
{
    (void)bound;
    (void)move;
    mirror *m = user;
    m->reports++;
    m->key = key;
    m->depth = depth;
    m->score = score;
}

Test(remote, mirror_mode_reports_deep_stores)
{
    pab_tt *tt;
    mirror seen = {0};
    pab_tt_entry e;
    cr_assert_eq(pab_tt_create(&tt, PAB_TT_MIN_BYTES, 1), 0);
    pab_tt_remote r = {
        .size = sizeof r, .min_depth = 4, .stored = stored, .user = &seen};
    cr_assert_eq(pab_tt_set_remote(tt, &r), 0);
    pab_tt_store(tt, 1, 3, PAB_BOUND_EXACT, 1, 1);
    cr_assert_eq(seen.reports, 0, "shallow: not reported");
    pab_tt_store(tt, 2, 7, PAB_BOUND_LOWER, 55, 1);
    cr_assert_eq(seen.reports, 1);
    cr_assert_eq(seen.key, 2);
    cr_assert_eq(seen.depth, 7);
    cr_assert_eq(seen.score, 55);
    cr_assert(pab_tt_probe_at(tt, 2, 7, &e), "mirrored entries stay local");
    pab_tt_store_quiet(tt, 3, 9, PAB_BOUND_EXACT, 4, 1);
    cr_assert_eq(seen.reports, 1, "a quiet store is not reported");
    cr_assert(pab_tt_probe_at(tt, 3, 9, &e));
    pab_score_t a = -100, b = 100, s;
    pab_move_t m;
    cr_assert_eq(pab_tt_enter(tt, 4, 6, false, &a, &b, &s, &m), PAB_TT_SEARCH);
    pab_tt_leave(tt, 4, 6, -100, 100, -7, 2);
    cr_assert_eq(seen.reports, 2, "ABDADA's leave is a store");
    cr_assert_eq(seen.score, -7);
    pab_tt_destroy(tt);
}

/* ---- Kerrigan's table -----------------------------------------------------
 */

Test(remote, cs_deep_sets_live_at_the_home)
{
    pab_cs *cs;
    home *h = home_new();
    cr_assert_eq(pab_cs_create(&cs, 64, 4, 2), 0);
    pab_cs_remote r = {.size = sizeof r,
                       .min_depth = 5,
                       .get = cs_get,
                       .put = cs_put,
                       .user = h};
    cr_assert_eq(pab_cs_set_remote(NULL, &r), PAB_EINVAL);
    r.size = 4;
    cr_assert_eq(pab_cs_set_remote(cs, &r), PAB_EVERSION);
    r.size = sizeof r;
    r.get = NULL;
    cr_assert_eq(pab_cs_set_remote(cs, &r), PAB_EINVAL);
    r.get = cs_get;
    cr_assert_eq(pab_cs_set_remote(cs, &r), 0);

    const uint64_t deep = UINT64_C(0x7777000011112222);
    pab_cs_starting(cs, deep, 6);
    cr_assert_eq(h->gets, 1);
    cr_assert_eq(h->changed, 1);
    cr_assert(pab_cs_defer(cs, deep, 6));
    cr_assert_eq(pab_cs_set_remote(cs, NULL), 0);
    cr_assert_not(pab_cs_defer(cs, deep, 6), "not in the local sets");
    cr_assert_eq(pab_cs_set_remote(cs, &r), 0);
    pab_cs_finished(cs, deep, 6);
    cr_assert_not(pab_cs_defer(cs, deep, 6));

    unsigned gets = h->gets;
    pab_cs_starting(cs, deep, 3); /* shallow: the table's own */
    cr_assert(pab_cs_defer(cs, deep, 3));
    cr_assert_eq(h->gets, gets);
    h->fail = true; /* a failed home: neither deferred nor marked */
    pab_cs_starting(cs, deep, 7);
    cr_assert_not(pab_cs_defer(cs, deep, 7));
    pab_cs_destroy(cs);
    free(h);
}

/* ---- whole searches -------------------------------------------------------
 */

typedef struct hooks_log {
    char order[16];
    unsigned n;
    int start_rc;
    int finish_rc;
    pab_score_t rewrite;
    int depth;
    home *cs_home;
    unsigned cs_made;
} hooks_log;

static void note(hooks_log *l, char c)
{
    if (l->n + 1 < sizeof l->order)
        l->order[l->n++] = c;
}

static int on_start(pab_searcher *s, const void *root, pab_config *config,
                    void *user)
{
    (void)s;
    (void)root;
    hooks_log *l = user;
    note(l, 's');
    if (l->depth > 0)
        config->max_depth = l->depth;
    return l->start_rc;
}

static int on_finish(pab_searcher *s, const pab_config *config, int rc,
                     pab_result *result, void *user)
{
    (void)s;
    (void)config;
    hooks_log *l = user;
    note(l, 'f');
    if (l->rewrite != 0)
        result->score = l->rewrite;
    return l->finish_rc != 0 ? l->finish_rc : rc;
}

static void on_destroy(void *user)
{
    note(user, 'd');
}

static int on_cs(pab_cs *cs, const pab_config *config, void *user)
{
    (void)config;
    hooks_log *l = user;
    l->cs_made++;
    if (l->cs_home == NULL)
        return 0;
    pab_cs_remote r = {.size = sizeof r,
                       .min_depth = 1,
                       .get = cs_get,
                       .put = cs_put,
                       .user = l->cs_home};
    return pab_cs_set_remote(cs, &r);
}

static pab_searcher_hooks hooks_for(hooks_log *l)
{
    return (pab_searcher_hooks){.size = sizeof(pab_searcher_hooks),
                                .start = on_start,
                                .finish = on_finish,
                                .destroy = on_destroy,
                                .user = l,
                                .cs_created = on_cs};
}

Test(remote, hooks_run_in_order_and_may_rewrite, .timeout = 60)
{
    tree_pos t;
    tree_open(&t, 6, 60, 20, 7);
    pab_searcher *s;
    hooks_log l = {0};
    pab_config c;
    pab_result r;
    cr_assert_eq(pab_searcher_create(&s, &t.game, 1 << 20), 0);
    pab_searcher_hooks h = hooks_for(&l);
    cr_assert_eq(pab_searcher_set_hooks(NULL, &h), PAB_EINVAL);
    h.size = 4;
    cr_assert_eq(pab_searcher_set_hooks(s, &h), PAB_EVERSION);
    h = hooks_for(&l);
    h.finish = NULL;
    cr_assert_eq(pab_searcher_set_hooks(s, &h), PAB_EINVAL);
    h = hooks_for(&l);
    cr_assert_eq(pab_searcher_set_hooks(s, &h), 0);
    pab_searcher_hooks back;
    cr_assert_eq(pab_searcher_get_hooks(s, &back), 0);
    cr_assert_eq(back.start, on_start);
    cr_assert_eq(back.user, &l);
    cr_assert_eq(pab_searcher_get_hooks(NULL, &back), PAB_EINVAL);

    pab_config_init(&c);
    c.max_depth = 5;
    l.depth = 2; /* the hook's copy rules */
    cr_assert_eq(pab_search(s, t.root, &c, &r), 0);
    cr_assert_eq(r.depth, 2);
    cr_assert_str_eq(l.order, "sf");
    cr_assert_eq(l.cs_made, 0, "serial makes no currently-searching table");

    l.rewrite = 12345;
    cr_assert_eq(pab_search(s, t.root, &c, &r), 0);
    cr_assert_eq(r.score, 12345);
    l.finish_rc = PAB_ECOMM;
    cr_assert_eq(pab_search(s, t.root, &c, &r), PAB_ECOMM);
    l.finish_rc = 0;
    l.start_rc = PAB_ENOTSUP;
    cr_assert_eq(pab_search(s, t.root, &c, &r), PAB_ENOTSUP);
    cr_assert_str_eq(l.order, "sfsfsfs", "no finish after a refused start");

    l.start_rc = 0;
    c.algorithm = PAB_ALGO_SIMPLIFIED_ABDADA;
    c.threads = 2;
    cr_assert_eq(pab_search(s, t.root, &c, &r), 0);
    cr_assert_eq(l.cs_made, 1);
    pab_searcher_destroy(s);
    cr_assert_eq(l.order[l.n - 1], 'd');
    tree_close(&t);
}

/* Every entry from depth 1 on (and every set of Kerrigan's table) at the
 * home, two threads: the value is the serial search's. */
Test(remote, searches_through_a_home_equal_serial, .timeout = 120)
{
    static const pab_algorithm algos[] = {
        PAB_ALGO_ABDADA, PAB_ALGO_SIMPLIFIED_ABDADA, PAB_ALGO_LAZY_SMP};
    for (uint32_t seed = 1; seed <= 6; seed++) {
        tree_pos t;
        tree_open(&t, 8, 79, 5, seed);
        pab_config c;
        pab_result r;
        pab_config_init(&c);
        c.max_depth = 5;
        c.plain = true;
        c.lazy_same_depth = true;
        pab_searcher *s;
        cr_assert_eq(pab_searcher_create(&s, &t.game, 1 << 20), 0);
        cr_assert_eq(pab_search(s, t.root, &c, &r), 0);
        const pab_score_t want = r.score;
        for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
            home *tt_home = home_new(), *cs_home = home_new();
            hooks_log l = {.cs_home = cs_home};
            pab_searcher_hooks h = hooks_for(&l);
            cr_assert_eq(pab_searcher_set_hooks(s, &h), 0);
            pab_tt_remote rr = tt_remote(tt_home, 1);
            cr_assert_eq(pab_tt_set_remote(pab_searcher_tt(s), &rr), 0);
            c.algorithm = algos[a];
            c.threads = 2;
            cr_assert_eq(pab_search(s, t.root, &c, &r), 0);
            cr_assert_eq(r.score, want, "seed %u, %s: %d, serial %d",
                         (unsigned)seed, pab_algorithm_name(algos[a]),
                         (int)r.score, (int)want);
            cr_assert_gt(tt_home->gets, 0);
            cr_assert_eq(tt_home->gets, tt_home->puts);
            if (algos[a] == PAB_ALGO_SIMPLIFIED_ABDADA)
                cr_assert_gt(cs_home->gets, 0);
            cr_assert_eq(pab_tt_set_remote(pab_searcher_tt(s), NULL), 0);
            cr_assert_eq(pab_searcher_set_hooks(s, NULL), 0);
            free(tt_home);
            free(cs_home);
        }
        pab_searcher_destroy(s);
        tree_close(&t);
    }
}

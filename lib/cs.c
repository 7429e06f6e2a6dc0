/*
 * The currently-searching table of Kerrigan's Simplified ABDADA: a
 * set-associative hash set of the moves some thread is searching now.
 *
 * The table is `size` sets (a power of two) of `ways` shared words.  A move
 * hash h lives in set h & (size - 1); a way holding 0 is empty, so
 * pab_cs_move_hash() never returns 0.  Calls below the defer depth touch
 * nothing (Kerrigan's note 1: shallow nodes are too many and too cheap to be
 * worth the memory traffic).
 *
 * Invariant: a non-zero way holds the hash of a move whose search started
 * and, unless the word is about to be cleared, has not finished.  Nothing
 * stronger is kept, and nothing stronger is needed: pab_cs_defer() is only a
 * hint.  A wrong "yes" makes a thread search a move later than it could
 * have; a wrong "no" makes two threads search the same move at once.  Both
 * cost time, neither changes a search result.  So there are no locks and no
 * counts; every access is a single rt_load, rt_store or rt_cas (relaxed
 * loads suffice: no other data is published through these words).
 *
 * Races (Kerrigan's note 3):
 *  - 3.1, two threads start the same move: pab_cs_starting() walks the
 *    ways in order as Kerrigan does and stops at the first way that holds
 *    the hash already or that it fills.  It fills an empty way with
 *    rt_cas(0 -> h), not a plain store, so two threads taking "the" empty
 *    way cannot overwrite each other's moves: the loser re-reads the way,
 *    stops if the winner wrote the same hash, and walks on.  Only a full set
 *    falls back to overwriting way 0 with a plain rt_store, as Kerrigan
 *    does: the move that was there merely loses its hint.
 *  - 3.2, the same hash can still be in two ways: two threads both found it
 *    missing and filled different empty ways, or a way before the one
 *    holding it was emptied and a second start filled that one (the walk
 *    stops at the first empty way).  So pab_cs_finished() clears every way
 *    holding the hash, not just the first.  It clears with rt_cas(h -> 0),
 *    so a way that another thread has just refilled with a different move
 *    is left alone.
 * What the races can cost: a move started by two threads loses its hint
 * when the first of them finishes (there is no count), and a full set loses
 * way 0's hint.  What they cannot do is leave a hash behind: the last write
 * of h into a way is made by some thread's start, that thread's finish comes
 * after it and finds h there (or finds it already cleared, and nothing
 * writes h again), so once every started search has finished no way holds
 * its hash.
 *
 * A remote home (pab_cs_set_remote, libpab 0.7): a move at min_depth or
 * deeper is looked up in a copy of its set taken from remote.get, which
 * locks the set until remote.put; the same code runs on the copy, so the
 * invariant and the races above are those of one atomic step there.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include <pab/cs.h>

#include "internal.h"

#define CS_LINE RT_LINE /* alignment of the ways */

/* What pab_cs_move_hash() returns instead of 0 (0 marks an empty way):
 * the 64-bit golden-ratio constant, as good as any non-zero value. */
#define CS_ZERO_STANDIN UINT64_C(0x9E3779B97F4A7C15)

struct pab_cs {
    rt_word *way;  /* size * ways words; set n is way[n * ways ...] */
    void *raw;     /* what calloc returned */
    uint64_t mask; /* size - 1 */
    unsigned size;
    unsigned ways;
    int defer_depth;
    pab_cs_remote remote; /* set while no search uses the table */
};

static bool is_pow2(unsigned x)
{
    return x != 0 && (x & (x - 1)) == 0;
}

int pab_cs_create(pab_cs **out, unsigned size, unsigned ways, int defer_depth)
{
    if (out == NULL)
        return PAB_EINVAL;
    *out = NULL;
    if (defer_depth < 0)
        return PAB_EINVAL;
    if (size == 0)
        size = PAB_CS_DEFAULT_SIZE;
    if (ways == 0)
        ways = PAB_CS_DEFAULT_WAYS;
    if (!is_pow2(size) || size > PAB_CS_MAX_SIZE || ways > PAB_CS_MAX_WAYS)
        return PAB_ESIZE;

    pab_cs *cs = rt_alloc_shared(sizeof *cs);
    if (cs == NULL)
        return PAB_ENOMEM;
    /* Zeroed memory is an empty table; aligning by hand keeps a set of 1,
     * 2, 4 or 8 ways (the default 4) within one cache line. */
    size_t words = (size_t)size * ways;
    cs->raw = calloc(1, words * sizeof(rt_word) + CS_LINE);
    if (cs->raw == NULL) {
        free(cs);
        return PAB_ENOMEM;
    }
    uintptr_t p = (uintptr_t)cs->raw + CS_LINE - 1;
    p &= ~(uintptr_t)(CS_LINE - 1);
    cs->way = (rt_word *)p;
    cs->mask = size - 1;
    cs->size = size;
    cs->ways = ways;
    cs->defer_depth = defer_depth;
    *out = cs;
    return 0;
}

void pab_cs_destroy(pab_cs *cs)
{
    if (cs == NULL)
        return;
    free(cs->raw);
    free(cs);
}

/* Only when nothing else uses the table, so plain memset is fine. */
void pab_cs_clear(pab_cs *cs)
{
    if (cs == NULL)
        return;
    memset(cs->way, 0, (size_t)cs->size * cs->ways * sizeof(rt_word));
}

int pab_cs_defer_depth(const pab_cs *cs)
{
    return cs != NULL ? cs->defer_depth : PAB_EINVAL;
}

/* Kerrigan's note 4: the move seeds a linear congruential step, which
 * spreads small move encodings over the whole word before the XOR. */
uint64_t pab_cs_move_hash(uint64_t position_key, pab_move_t move)
{
    uint64_t h = position_key ^ ((uint64_t)move * 1664525u + 1013904223u);
    return h != 0 ? h : CS_ZERO_STANDIN;
}

int pab_cs_set_remote(pab_cs *cs, const pab_cs_remote *remote)
{
    if (cs == NULL)
        return PAB_EINVAL;
    if (remote == NULL) {
        memset(&cs->remote, 0, sizeof cs->remote);
        return 0;
    }
    if (remote->size != sizeof *remote)
        return PAB_EVERSION;
    if (remote->get == NULL || remote->put == NULL || remote->min_depth < 0)
        return PAB_EINVAL;
    cs->remote = *remote;
    return 0;
}

void cs_set_copy(pab_cs *cs, uint64_t hash, void *words, size_t bytes, bool in)
{
    rt_word *set = &cs->way[(size_t)(hash & cs->mask) * cs->ways];
    uint64_t *x = words;
    size_t n = bytes / sizeof(rt_word);
    for (size_t i = 0; i < n && i < cs->ways; i++) {
        if (in)
            rt_store(&set[i], x[i]);
        else
            x[i] = rt_load(&set[i]);
    }
}

/* Where an operation works: the table's set, or a copy of the remote one. */
typedef struct cs_at {
    rt_word copy[PAB_CS_MAX_WAYS];
    rt_word seen[PAB_CS_MAX_WAYS];
    bool remote;
} cs_at;

/* The set of h for a move at `depth`, or NULL when its remote home failed
 * (then the move is neither deferred nor marked: a hint lost). */
static rt_word *set_open(const pab_cs *cs, uint64_t h, int depth, cs_at *at)
{
    at->remote = cs->remote.get != NULL && depth >= cs->remote.min_depth;
    if (!at->remote)
        return &cs->way[(size_t)(h & cs->mask) * cs->ways];
    size_t bytes = cs->ways * sizeof(rt_word);
    if (cs->remote.get(h, at->copy, bytes, cs->remote.user) < 0)
        return NULL;
    memcpy(at->seen, at->copy, bytes);
    return at->copy;
}

static void set_close(const pab_cs *cs, uint64_t h, cs_at *at)
{
    if (!at->remote)
        return;
    size_t bytes = cs->ways * sizeof(rt_word);
    cs->remote.put(h, at->copy, bytes, memcmp(at->copy, at->seen, bytes) != 0,
                   cs->remote.user);
}

static bool set_holds(const rt_word *set, unsigned ways, uint64_t h)
{
    for (unsigned i = 0; i < ways; i++)
        if (rt_load(&set[i]) == h)
            return true;
    return false;
}

static void set_finish(rt_word *set, unsigned ways, uint64_t move_hash)
{
    for (unsigned i = 0; i < ways; i++) /* every way: note 3.2 */
        if (rt_load(&set[i]) == move_hash)
            rt_cas(&set[i], move_hash, 0);
}

static void set_start(rt_word *set, unsigned ways, uint64_t move_hash)
{
    for (unsigned i = 0; i < ways; i++) {
        uint64_t held = rt_load(&set[i]);
        if (held == move_hash)
            return; /* note 3.1 */
        if (held != 0)
            continue;
        if (rt_cas(&set[i], 0, move_hash))
            return;
        if (rt_load(&set[i]) == move_hash)
            return; /* another thread started the same move */
    }
    rt_store(&set[0], move_hash); /* full: the hint of way 0 is lost */
}

typedef enum cs_op { CS_DEFER, CS_START, CS_FINISH } cs_op;

/* One operation on the move's set, wherever it lives; true when asked
 * whether the set holds the move and it does.  Below the defer depth
 * nothing is touched, and a hash of 0 would match every empty way: it is
 * never stored. */
static bool cs_apply(const pab_cs *cs, uint64_t move_hash, int depth, cs_op op)
{
    if (depth < cs->defer_depth || move_hash == 0)
        return false;
    cs_at at;
    rt_word *set = set_open(cs, move_hash, depth, &at);
    if (set == NULL)
        return false;
    bool held = false;
    switch (op) {
    case CS_DEFER: held = set_holds(set, cs->ways, move_hash); break;
    case CS_START: set_start(set, cs->ways, move_hash); break;
    case CS_FINISH: set_finish(set, cs->ways, move_hash); break;
    }
    set_close(cs, move_hash, &at);
    return held;
}

bool pab_cs_defer(const pab_cs *cs, uint64_t move_hash, int depth)
{
    return cs_apply(cs, move_hash, depth, CS_DEFER);
}

void pab_cs_starting(pab_cs *cs, uint64_t move_hash, int depth)
{
    cs_apply(cs, move_hash, depth, CS_START);
}

void pab_cs_finished(pab_cs *cs, uint64_t move_hash, int depth)
{
    cs_apply(cs, move_hash, depth, CS_FINISH);
}

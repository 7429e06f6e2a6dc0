/*
 * The transposition table's shards: creation, sizing, clearing and
 * resizing.  These run while nothing else uses the table (pab_tt_create(3)
 * and the others say so), so they use plain memory operations; the
 * lockless entry protocol that runs concurrently is tt.c's.
 */
/* madvise() and MADV_HUGEPAGE are outside POSIX. */
#define _DEFAULT_SOURCE 1
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/mman.h>

#include "tt_layout.h"

static bool is_pow2(size_t x)
{
    return x != 0 && (x & (x - 1)) == 0;
}

static unsigned log2_pow2(unsigned x)
{
    unsigned n = 0;
    while (x > 1) {
        x >>= 1;
        n++;
    }
    return n;
}

/* One shard per 16 MiB, rounded down to a power of two, within
 * 1..PAB_TT_MAX_SHARDS. */
static unsigned default_shards(size_t bytes)
{
    size_t want = bytes / TT_DEFAULT_SHARD_BYTES;
    unsigned n = 1;
    while ((size_t)n * 2 <= want && n * 2 <= PAB_TT_MAX_SHARDS)
        n *= 2;
    return n;
}

/* A table is probed at random: with 4 KiB pages nearly every probe also
 * misses the TLB.  Where the kernel offers transparent huge pages on
 * request, ask for them for large shards (aligned to a huge page).  This is
 * advice only; nothing depends on it being taken. */
#define TT_HUGE_PAGE ((size_t)2 << 20)

static void advise_huge_pages(void *p, size_t bytes)
{
#if defined(MADV_HUGEPAGE)
    if (bytes >= TT_HUGE_PAGE)
        madvise(p, bytes & ~(TT_HUGE_PAGE - 1), MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

/* ---- How much memory the machine can give ---------------------------- */

/* A table is written whole when it is made (below), so a request the
 * machine cannot hold does not fail in malloc, which overcommits, but
 * later, in the OOM killer, taking the caller's old table and everything
 * else with it.  So the request is held against what the machine can still
 * give -- Linux's MemAvailable (free memory plus what the kernel can
 * reclaim, such as page cache) plus free swap -- and refused with
 * PAB_ENOMEM before anything is allocated.  Where /proc/meminfo cannot be
 * read, sysconf's available physical pages stand in; where neither can,
 * nothing is refused here.  Checking first was chosen over allocating
 * lazily (calloc, pages zeroed on first touch): a lazy table of the
 * machine's size is still killed, only later, in the middle of a search;
 * and lazily zeroed pages make the first searches pay a page fault per
 * page, which pab-bench would measure as search time. */
static uint64_t meminfo_kib(const char *text, const char *field)
{
    const char *p = strstr(text, field);
    return p != NULL ? strtoull(p + strlen(field), NULL, 10) : 0;
}

static uint64_t memory_available(void)
{
    char buf[8192];
    FILE *f = fopen("/proc/meminfo", "r");
    if (f != NULL) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = '\0';
        uint64_t avail = meminfo_kib(buf, "MemAvailable:");
        if (avail != 0)
            return (avail + meminfo_kib(buf, "SwapFree:")) * 1024u;
    }
#if defined(_SC_AVPHYS_PAGES) && defined(_SC_PAGESIZE)
    long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0)
        return (uint64_t)pages * (uint64_t)page;
#endif
    return UINT64_MAX;
}

/* Whether `bytes` more can be allocated and written. */
static bool memory_fits(uint64_t bytes)
{
    return bytes <= memory_available();
}

/* ---- Shards ------------------------------------------------------------ */

/* Zeroed memory is all slots empty.  The zeroes are written here, not left
 * to calloc's lazy pages: otherwise the first search would pay a page fault
 * per page it touches and its times would measure the kernel.  Aligning by
 * hand keeps each bucket on one cache line. */
static int shard_alloc(tt_shard *s, uint64_t nbuckets)
{
    size_t bytes = (size_t)nbuckets * TT_LINE;
    size_t align = bytes >= TT_HUGE_PAGE ? TT_HUGE_PAGE : RT_LINE;
    void *raw = malloc(bytes + align);
    if (raw == NULL)
        return PAB_ENOMEM;
    uintptr_t p = ((uintptr_t)raw + align - 1) & ~(uintptr_t)(align - 1);
    s->raw = raw;
    s->buckets = (tt_bucket *)p;
    s->nbuckets = nbuckets;
    advise_huge_pages(s->buckets, bytes);
    memset(s->buckets, 0, bytes); /* not yet shared: plain writes */
    return 0;
}

void tt_shard_free(tt_shard *s)
{
    free(s->raw);
    s->raw = NULL;
    s->buckets = NULL;
    s->nbuckets = 0;
}

int pab_tt_create(pab_tt **out, size_t bytes, unsigned shards)
{
    if (out == NULL)
        return PAB_EINVAL;
    *out = NULL;
    if (shards > PAB_TT_MAX_SHARDS || (shards != 0 && !is_pow2(shards)))
        return PAB_EINVAL;
    if (bytes < PAB_TT_MIN_BYTES || bytes > PAB_TT_MAX_BYTES)
        return PAB_ESIZE;
    if (shards == 0)
        shards = default_shards(bytes);
    uint64_t per_shard = bytes / shards / TT_LINE;
    if (per_shard == 0)
        return PAB_ESIZE; /* not one bucket per shard */
    if (!memory_fits(bytes))
        return PAB_ENOMEM;

    pab_tt *tt = rt_alloc_shared(sizeof *tt);
    if (tt == NULL)
        return PAB_ENOMEM;
    tt->shard = calloc(shards, sizeof *tt->shard);
    if (tt->shard == NULL) {
        free(tt);
        return PAB_ENOMEM;
    }
    tt->nshards = shards;
    tt->shard_bits = log2_pow2(shards);
    for (unsigned i = 0; i < shards; i++) {
        if (shard_alloc(&tt->shard[i], per_shard) != 0) {
            pab_tt_destroy(tt);
            return PAB_ENOMEM;
        }
        tt->bytes += (size_t)per_shard * TT_LINE;
    }
    *out = tt;
    return 0;
}

void pab_tt_destroy(pab_tt *tt)
{
    if (tt == NULL)
        return;
    for (unsigned i = 0; i < tt->nshards; i++)
        tt_shard_free(&tt->shard[i]);
    free(tt->shard);
    free(tt);
}

/* Only when nothing else uses the table, so plain memset is fine.  The
 * search age is kept; a remote home clears its own part. */
void pab_tt_clear(pab_tt *tt)
{
    if (tt == NULL)
        return;
    for (unsigned i = 0; i < tt->nshards; i++)
        pab_tt_clear_shard(tt, i);
    if (tt->remote.clear != NULL)
        tt->remote.clear(tt->remote.user);
}

int pab_tt_clear_shard(pab_tt *tt, unsigned shard)
{
    if (tt == NULL || shard >= tt->nshards)
        return PAB_EINVAL;
    tt_shard *s = &tt->shard[shard];
    memset(s->buckets, 0, (size_t)s->nbuckets * TT_LINE);
    return 0;
}

/* The new shard is allocated before the old one is freed, so a failure
 * leaves the table as it was. */
int pab_tt_resize_shard(pab_tt *tt, unsigned shard, size_t bytes)
{
    if (tt == NULL || shard >= tt->nshards)
        return PAB_EINVAL;
    tt_shard *s = &tt->shard[shard];
    uint64_t nbuckets = bytes / TT_LINE;
    size_t old_bytes = (size_t)s->nbuckets * TT_LINE;
    if (nbuckets == 0 || bytes > PAB_TT_MAX_BYTES ||
        tt->bytes - old_bytes + (size_t)nbuckets * TT_LINE > PAB_TT_MAX_BYTES)
        return PAB_ESIZE;
    tt_shard fresh;
    if (!memory_fits((uint64_t)nbuckets * TT_LINE) ||
        shard_alloc(&fresh, nbuckets) != 0)
        return PAB_ENOMEM;
    tt_shard_free(s);
    *s = fresh;
    tt->bytes = tt->bytes - old_bytes + (size_t)nbuckets * TT_LINE;
    return 0;
}

unsigned pab_tt_shards(const pab_tt *tt)
{
    return tt != NULL ? tt->nshards : 0;
}

size_t pab_tt_bytes(const pab_tt *tt)
{
    return tt != NULL ? tt->bytes : 0;
}

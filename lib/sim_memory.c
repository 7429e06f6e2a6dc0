/*
 * sim_memory: the directory behind the simulated multiprocessor's MSI
 * memory model (sim_memory=msi), after the 2001 thesis' PABSim, section
 * 6.2: memory in 128-byte lines, each processor with an infinite cache in
 * which a line is Modified, Shared or Invalid, and each line's home keeping
 * a clean/dirty flag and the list of processors holding a copy.
 *
 * The cache states are not stored per processor: they follow from the
 * directory.  A line is M in its owner's cache when it is dirty, S in
 * every sharer's cache when it is clean, and I everywhere else.  That is
 * the MSI invariant (one writer or any number of readers) by construction.
 *
 * The delays are exactly the thesis' Tables 6.1 and 6.2 ("local" means the
 * accessing processor is the line's home):
 *
 *   read   M or S                      0
 *          I, clean, local / remote    1 / 2
 *          I, dirty, local / remote    2 / 3   (the owner writes it back:
 *                                               clean, owner and reader
 *                                               share it)
 *   write  M                           0
 *          S or I, clean, local        1
 *          S, clean, remote            2
 *          I, clean, remote            3
 *          I, dirty, local / remote    2 / 4
 *   after a write the line is dirty, the writer its owner and only sharer.
 *
 * Homes: a line is homed where rt_home() says (the table's shard i on
 * processor i mod N), else on the processor that touches it first, the way
 * an operating system places a page on the node that first touches it.
 *
 * Only the simulation's one OS thread calls this file (runtime_sim.c), one
 * virtual processor at a time: nothing here is shared between threads.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim_memory.h"

typedef struct sim_line {
    uintptr_t key; /* line number + 1; 0: empty slot */
    uint64_t busy_until;
    uint16_t home;
    uint16_t owner; /* when dirty */
    bool dirty;
} sim_line;

struct sim_dir {
    sim_line *lines;
    uint64_t *sharers; /* `words` bits words per slot */
    size_t cap, used;  /* cap: a power of two */
    unsigned words, nproc;
};

#define DIR_INITIAL_CAP ((size_t)1 << 12)

sim_dir *sim_dir_create(unsigned nproc)
{
    sim_dir *d = calloc(1, sizeof *d);
    if (d == NULL)
        return NULL;
    d->nproc = nproc;
    d->words = (nproc + 63) / 64;
    d->cap = DIR_INITIAL_CAP;
    d->lines = calloc(d->cap, sizeof *d->lines);
    d->sharers = calloc(d->cap * d->words, sizeof *d->sharers);
    if (d->lines == NULL || d->sharers == NULL) {
        sim_dir_destroy(d);
        return NULL;
    }
    return d;
}

void sim_dir_destroy(sim_dir *d)
{
    if (d == NULL)
        return;
    free(d->lines);
    free(d->sharers);
    free(d);
}

static size_t slot_of(const sim_dir *d, uintptr_t key)
{
    return (size_t)(((uint64_t)key * 0x9E3779B97F4A7C15u) >> 20) & (d->cap - 1);
}

static size_t find_slot(const sim_dir *d, uintptr_t key)
{
    size_t i = slot_of(d, key);
    while (d->lines[i].key != 0 && d->lines[i].key != key)
        i = (i + 1) & (d->cap - 1);
    return i;
}

/* Twice the slots, so that probes stay short (at most half full). */
static bool grow(sim_dir *d)
{
    sim_dir bigger = *d;
    bigger.cap = d->cap * 2;
    bigger.lines = calloc(bigger.cap, sizeof *bigger.lines);
    bigger.sharers = calloc(bigger.cap * d->words, sizeof *bigger.sharers);
    if (bigger.lines == NULL || bigger.sharers == NULL) {
        free(bigger.lines);
        free(bigger.sharers);
        return false;
    }
    for (size_t i = 0; i < d->cap; i++) {
        if (d->lines[i].key == 0)
            continue;
        size_t j = find_slot(&bigger, d->lines[i].key);
        bigger.lines[j] = d->lines[i];
        memcpy(&bigger.sharers[j * d->words], &d->sharers[i * d->words],
               d->words * sizeof *d->sharers);
    }
    free(d->lines);
    free(d->sharers);
    *d = bigger;
    return true;
}

/* The slot of addr's line, created homed on `home` if new; SIZE_MAX when
 * memory ran out. */
static size_t line_of(sim_dir *d, const void *addr, unsigned home)
{
    uintptr_t key = (uintptr_t)addr / SIM_LINE_BYTES + 1;
    size_t i = find_slot(d, key);
    if (d->lines[i].key == key)
        return i;
    if (2 * (d->used + 1) > d->cap) {
        if (!grow(d))
            return SIZE_MAX;
        i = find_slot(d, key);
    }
    d->used++;
    d->lines[i].key = key;
    d->lines[i].home = (uint16_t)home;
    return i;
}

bool sim_dir_set_home(sim_dir *d, const void *addr, unsigned home)
{
    size_t i = line_of(d, addr, home % d->nproc);
    if (i == SIZE_MAX)
        return false;
    d->lines[i].home = (uint16_t)(home % d->nproc);
    return true;
}

static bool shares(const sim_dir *d, size_t i, unsigned p)
{
    return (d->sharers[i * d->words + p / 64] >> (p % 64)) & 1u;
}

static void add_sharer(sim_dir *d, size_t i, unsigned p)
{
    d->sharers[i * d->words + p / 64] |= (uint64_t)1 << (p % 64);
}

static void only_sharer(sim_dir *d, size_t i, unsigned p)
{
    memset(&d->sharers[i * d->words], 0, d->words * sizeof *d->sharers);
    add_sharer(d, i, p);
}

static uint32_t read_line(sim_dir *d, size_t i, unsigned p)
{
    sim_line *l = &d->lines[i];
    bool local = l->home == p;
    if (l->dirty) {
        if (l->owner == p)
            return 0;     /* M */
        l->dirty = false; /* written back; both keep a copy */
        only_sharer(d, i, l->owner);
        add_sharer(d, i, p);
        return local ? 2 : 3;
    }
    if (shares(d, i, p))
        return 0; /* S */
    add_sharer(d, i, p);
    return local ? 1 : 2;
}

static uint32_t write_line(sim_dir *d, size_t i, unsigned p)
{
    sim_line *l = &d->lines[i];
    bool local = l->home == p;
    uint32_t delay;
    if (l->dirty)
        delay = l->owner == p ? 0 : local ? 2 : 4;
    else if (local)
        delay = 1;
    else
        delay = shares(d, i, p) ? 2 : 3;
    l->dirty = true;
    l->owner = (uint16_t)p;
    only_sharer(d, i, p);
    return delay;
}

uint32_t sim_dir_access(sim_dir *d, unsigned p, const void *addr, bool write,
                        uint64_t **busy_until)
{
    size_t i = line_of(d, addr, p);
    if (i == SIZE_MAX) {
        *busy_until = NULL;
        return 0;
    }
    *busy_until = &d->lines[i].busy_until;
    return write ? write_line(d, i, p) : read_line(d, i, p);
}

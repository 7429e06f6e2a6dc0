/*
 * The simulated multiprocessor's MSI memory (sim_memory=msi) and timing
 * noise, built from lib/'s runtime sources directly: every row of the
 * thesis' Tables 6.1 and 6.2 on a hand-built sharing pattern, the home
 * rules, contention for a busy line, and whole simulated runs whose
 * virtual time is the sum of those delays, to the tick.
 */
#include <criterion/criterion.h>

#include <stdlib.h>

#include <pab/common.h>

#include "runtime.h"
#include "sim_memory.h"

/* Lines far apart, 128-byte aligned: the directory only looks at the
 * address, never through it. */
static const void *line(unsigned i)
{
    return (const void *)(uintptr_t)(0x100000u + i * SIM_LINE_BYTES);
}

static uint32_t rd(sim_dir *d, unsigned p, unsigned l)
{
    uint64_t *busy;
    uint32_t t = sim_dir_access(d, p, line(l), false, &busy);
    cr_assert_not_null(busy);
    return t;
}

static uint32_t wr(sim_dir *d, unsigned p, unsigned l)
{
    uint64_t *busy;
    uint32_t t = sim_dir_access(d, p, line(l), true, &busy);
    cr_assert_not_null(busy);
    return t;
}

Test(sim_memory, table_6_1_reads)
{
    sim_dir *d = sim_dir_create(4);
    cr_assert_not_null(d);
    cr_assert_eq(rd(d, 0, 0), 1, "I, clean, local (first touch homes it)");
    cr_assert_eq(rd(d, 0, 0), 0, "S");
    cr_assert_eq(rd(d, 1, 0), 2, "I, clean, remote");
    cr_assert_eq(rd(d, 1, 0), 0, "S");
    cr_assert_eq(wr(d, 2, 0), 3, "I, clean, remote write");
    cr_assert_eq(rd(d, 2, 0), 0, "M");
    cr_assert_eq(rd(d, 0, 0), 2, "I, dirty, local");
    cr_assert_eq(rd(d, 2, 0), 0, "the owner kept a shared copy");
    cr_assert_eq(wr(d, 2, 0), 2, "S, clean, remote write");
    cr_assert_eq(rd(d, 3, 0), 3, "I, dirty, remote");
    sim_dir_destroy(d);
}

Test(sim_memory, table_6_2_writes)
{
    sim_dir *d = sim_dir_create(4);
    cr_assert_not_null(d);
    cr_assert_eq(wr(d, 1, 0), 1, "I, clean, local (first touch)");
    cr_assert_eq(wr(d, 1, 0), 0, "M");
    cr_assert_eq(rd(d, 1, 0), 0, "M read");
    cr_assert_eq(wr(d, 0, 0), 4, "I, dirty, remote");
    cr_assert_eq(wr(d, 1, 0), 2, "I, dirty, local");
    cr_assert_eq(rd(d, 2, 0), 3, "I, dirty, remote read: written back");
    cr_assert_eq(wr(d, 1, 0), 1, "S, clean, local");
    cr_assert_eq(rd(d, 3, 0), 3, "written back again");
    cr_assert_eq(wr(d, 3, 0), 2, "S, clean, remote");
    cr_assert_eq(rd(d, 0, 0), 3, "dirty remote read");
    cr_assert_eq(wr(d, 2, 0), 3, "I, clean, remote");
    sim_dir_destroy(d);
}

Test(sim_memory, homes)
{
    sim_dir *d = sim_dir_create(3);
    cr_assert_not_null(d);
    /* A home set by rt_home() is taken modulo the processors, and moves a
     * line already seen. */
    cr_assert(sim_dir_set_home(d, line(5), 7));
    cr_assert_eq(rd(d, 1, 5), 1, "homed on 7 mod 3 = 1: local");
    cr_assert_eq(rd(d, 0, 5), 2, "remote for processor 0");
    cr_assert(sim_dir_set_home(d, line(5), 0));
    cr_assert_eq(wr(d, 0, 5), 1, "now local to 0");
    /* Two addresses in one 128-byte line are one line. */
    const char *base = line(9);
    uint64_t *busy;
    cr_assert_eq(sim_dir_access(d, 2, base + 8, true, &busy), 1);
    cr_assert_eq(sim_dir_access(d, 2, base + 127, false, &busy), 0);
    cr_assert_eq(sim_dir_access(d, 2, base + 128, false, &busy), 1);
    sim_dir_destroy(d);
}

/* Many lines: the directory grows and keeps every state. */
Test(sim_memory, growth_keeps_states)
{
    sim_dir *d = sim_dir_create(130); /* three words of sharers */
    cr_assert_not_null(d);
    for (unsigned i = 0; i < 20000; i++)
        cr_assert_eq(wr(d, 129, i), 1);
    for (unsigned i = 0; i < 20000; i++)
        cr_assert_eq(wr(d, 129, i), 0, "line %u lost its state", i);
    cr_assert_eq(rd(d, 64, 19999), 3);
    cr_assert_eq(rd(d, 128, 19999), 2, "clean after the write-back");
    sim_dir_destroy(d);
}

/* ---- whole runs on the simulated runtime ------------------------------ */

static rt_model msi_model(uint32_t jitter, uint64_t seed)
{
    rt_model m = {.msi = true, .jitter = jitter, .seed = seed};
    return m;
}

static rt_word words[2 * SIM_LINE_BYTES / sizeof(rt_word)]
    __attribute__((aligned(SIM_LINE_BYTES)));
#define WORD_B (SIM_LINE_BYTES / sizeof(rt_word)) /* the next line */

/* One processor: a write (I, clean, local: 1), hits (0), a remote home's
 * read and write (I clean remote 2, S clean remote 2). */
static void *one_proc(void *arg)
{
    (void)arg;
    rt_store(&words[0], 1);
    rt_store(&words[1], rt_load(&words[0]) + 1);
    rt_home(&words[WORD_B], 1);
    (void)rt_load(&words[WORD_B]);
    rt_store(&words[WORD_B], 3);
    return NULL;
}

Test(sim_memory, one_processor_run)
{
    rt_model m = msi_model(0, 0);
    uint64_t ticks = 0;
    cr_assert_eq(rt_sim_run(&m, 2, one_proc, NULL, 0, &ticks), 0);
    cr_assert_eq(ticks, 1 + 2 + 2);
}

/* Two processors write one line at once: the second request waits for the
 * line to finish serving the first (the thesis' rejected request) and then
 * pays the dirty remote write. */
static void *writer(void *arg)
{
    rt_store(&words[0], (uint64_t)(uintptr_t)arg);
    return NULL;
}

static void *two_writers(void *arg)
{
    (void)arg;
    rt_thread t;
    cr_assert_eq(rt_thread_start(&t, writer, (void *)1), 0);
    writer(NULL);
    rt_thread_join(&t);
    return NULL;
}

Test(sim_memory, contention)
{
    rt_model m = msi_model(0, 0);
    uint64_t ticks = 0;
    cr_assert_eq(rt_sim_run(&m, 2, two_writers, NULL, 0, &ticks), 0);
    /* Processor 0: writes the thread handle's line (1) and, at time 1,
     * the word's line (1, first touch: local), done at 2.  Processor 1
     * starts at 1 (wait costs 0), asks for the line at 1 while it serves
     * processor 0 until 2, then pays the dirty remote write: 2 + 4. */
    cr_assert_eq(ticks, 6);
}

/* Noise: the same seed gives the same time, another seed another time,
 * and no noise gives whole ticks. */
static void *busy_pair(void *arg)
{
    (void)arg;
    rt_thread t;
    cr_assert_eq(rt_thread_start(&t, writer, (void *)1), 0);
    for (int i = 0; i < 1000; i++) {
        rt_work_done(RT_WORK_EVAL);
        rt_store(&words[i % 2 ? 0 : WORD_B], (uint64_t)i);
    }
    rt_thread_join(&t);
    return NULL;
}

static uint64_t noisy_ticks(uint32_t jitter, uint64_t seed)
{
    rt_model m = msi_model(jitter, seed);
    m.work[RT_WORK_EVAL] = 8;
    uint64_t ticks = 0;
    cr_assert_eq(rt_sim_run(&m, 2, busy_pair, NULL, 0, &ticks), 0);
    return ticks;
}

Test(sim_memory, jitter_is_seeded)
{
    uint64_t quiet = noisy_ticks(0, 1);
    cr_assert_eq(quiet, noisy_ticks(0, 2), "no noise: the seed is unused");
    cr_assert_eq(noisy_ticks(10, 1), noisy_ticks(10, 1));
    uint64_t seen[9];
    unsigned distinct = 0;
    for (uint64_t seed = 1; seed <= 9; seed++) {
        uint64_t b = noisy_ticks(10, seed);
        /* +-10 % of every cost moves the total by at most 10 % (and a
         * tick of rounding). */
        cr_assert_leq(b, quiet + quiet / 10 + 1);
        cr_assert_geq(b + 1, quiet - quiet / 10);
        unsigned k = 0;
        while (k < distinct && seen[k] != b)
            k++;
        if (k == distinct)
            seen[distinct++] = b;
    }
    /* A thousand costs of 8 ticks +-10 % add up to totals some 15 ticks
     * apart: nine seeds rarely share one. */
    cr_assert_geq(distinct, 6, "%u distinct totals", distinct);
}

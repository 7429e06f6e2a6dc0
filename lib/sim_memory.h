/*
 * The simulated multiprocessor's memory under the MSI model (thesis section
 * 6.2): a directory of 128-byte lines, each with a home processor, a
 * clean/dirty flag, its owner when dirty, and the processors that share
 * it.  Only runtime_sim.c uses it; see sim_memory.c.
 */
#ifndef PAB_SIM_MEMORY_H
#define PAB_SIM_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include "prefix.h"

#define SIM_LINE_BYTES 128u

typedef struct sim_dir sim_dir;

/* A directory for processors 0 .. nproc-1, or NULL without memory. */
sim_dir *sim_dir_create(unsigned nproc);
void sim_dir_destroy(sim_dir *d);

/* The line holding addr is homed on `home` (created so if it is new, moved
 * there if not).  False when memory ran out; the access is then modelled
 * as it was. */
bool sim_dir_set_home(sim_dir *d, const void *addr, unsigned home);

/* Processor p reads (write false) or writes the line holding addr: the
 * delay in ticks that Table 6.1 or 6.2 gives for the line's state, after
 * which the states are those of the MSI protocol.  A line seen for the
 * first time is homed on p (first touch).  *busy_until is the line's
 * "serving a request until" time, for the caller's contention rule; NULL
 * when memory ran out (the access then costs 0). */
uint32_t sim_dir_access(sim_dir *d, unsigned p, const void *addr, bool write,
                        uint64_t **busy_until);

#endif /* PAB_SIM_MEMORY_H */

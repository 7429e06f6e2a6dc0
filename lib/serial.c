/*
 * serial: one thread, recursive NegaScout (PVS) with iterative deepening and
 * aspiration windows, or in plain mode the thesis' figure 4.3 alpha-beta at
 * one fixed depth, without the table.  The reference every parallel algorithm
 * is compared with (Weill's "best sequential algorithm" for chess).
 */
#include "config.h"

#include "internal.h"

static int serial_run(search *sh)
{
    iterate(&sh->workers[0], sh->cfg.plain ? ns_plain : ns_search, 0, true);
    return 0;
}

const algorithm algo_serial = {"serial", serial_run, ALGO_SIMULATED};

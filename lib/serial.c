/*
 * serial: one thread, recursive NegaScout (PVS) with iterative deepening and
 * aspiration windows, or in plain mode the thesis' figure 4.3 alpha-beta at
 * one fixed depth.  The reference every parallel algorithm is compared with
 * (Weill's "best sequential algorithm" for chess).
 */
#include "config.h"

#include "internal.h"

int serial_run(worker *main_worker)
{
    iterate(main_worker, true);
    return 0;
}

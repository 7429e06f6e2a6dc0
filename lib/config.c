/*
 * pab_config: initialisation (the defaults are in options.c's table) and
 * validation, including the rules that tie fields together.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Every field the options table names gets its default there; the rest
 * (callbacks, root moves, the stop ticket) are 0. */
static void set_defaults(pab_config *c)
{
    memset(c, 0, sizeof *c);
    c->size = sizeof *c;
    options_set_defaults(c);
}

/* The caller's struct may be older (smaller) or newer (larger) than ours:
 * write exactly `size` bytes, our defaults for the fields both know. */
void pab_config_init_size(pab_config *c, size_t size)
{
    pab_config d;
    if (c == NULL || size < sizeof c->size)
        return;
    set_defaults(&d);
    memset(c, 0, size);
    memcpy(c, &d, size < sizeof d ? size : sizeof d);
    c->size = size;
}

static int validate_variants(const pab_config *c)
{
    if (c->defer_depth < 0 || c->defer_depth > PAB_DEPTH_MAX)
        return PAB_EINVAL;
    if (c->cs_size == 0 || c->cs_size > PAB_CS_MAX_SIZE ||
        (c->cs_size & (c->cs_size - 1)) != 0)
        return PAB_ESIZE;
    if (c->cs_ways == 0 || c->cs_ways > PAB_CS_MAX_WAYS)
        return PAB_ESIZE;
    if (c->ybwc_cut_moves > PAB_MAX_MOVES)
        return PAB_EINVAL;
    if (c->split_min_depth < 1 || c->split_min_depth > PAB_DEPTH_MAX)
        return PAB_EDEPTH;
    if ((int)c->split_policy < 0 || c->split_policy > PAB_SPLIT_SELECT)
        return PAB_EINVAL;
    if (c->multipv < 1 || c->multipv > PAB_MULTIPV_MAX)
        return PAB_EINVAL;
    if (c->root_move_count > 0 && c->root_moves == NULL)
        return PAB_EINVAL;
    return 0;
}

/* libpab 0.2: the simulated multiprocessor. */
static int validate_simulation(const pab_config *c)
{
    if (c->size < PAB_CONFIG_SIZE_V2 || !c->simulate)
        return 0;
    const unsigned costs[] = {c->sim_expand, c->sim_eval,   c->sim_search,
                              c->sim_return, c->sim_update, c->sim_shared,
                              c->sim_atomic, c->sim_remote, c->sim_wait};
    for (size_t i = 0; i < sizeof costs / sizeof costs[0]; i++)
        if (costs[i] > PAB_SIM_COST_MAX)
            return PAB_EINVAL;
    if (c->size < PAB_CONFIG_SIZE_V5) /* libpab 0.5: memory and noise */
        return 0;
    if ((int)c->sim_memory < 0 || c->sim_memory > PAB_SIM_MEMORY_MSI ||
        c->sim_jitter > PAB_SIM_JITTER_MAX || c->sim_seed > UINT32_MAX ||
        c->sim_drift > PAB_SIM_DRIFT_MAX)
        return PAB_EINVAL;
    return 0;
}

/* libpab 0.4: the tunables' ranges (the options table's), and a soft
 * limit that comes before the hard one. */
static int validate_tuning(const pab_config *c)
{
    if (c->size < PAB_CONFIG_SIZE_V4)
        return 0;
    if (c->time_soft_ms > 0 && c->time_limit_ms > 0 &&
        c->time_soft_ms > c->time_limit_ms)
        return PAB_EINVAL;
    return options_validate_from(c, offsetof(pab_config, progress_interval_ms));
}

int pab_config_validate(const pab_config *c)
{
    if (c == NULL)
        return PAB_EINVAL;
    if (!options_layout_published(c->size))
        return PAB_EVERSION;
    if ((int)c->algorithm < 0 || (int)c->algorithm >= PAB_ALGO_COUNT)
        return PAB_EALGO;
    if (c->threads < 1 || c->threads > PAB_THREADS_MAX)
        return PAB_ETHREADS;
    if (!(algorithm_of(c->algorithm)->needs & ALGO_PARALLEL) && c->threads != 1)
        return PAB_ETHREADS;
    if (c->max_depth < 0 || c->max_depth > PAB_DEPTH_MAX)
        return PAB_EDEPTH;
    if (c->aspiration &&
        (c->aspiration_window < 1 || c->aspiration_window > PAB_SCORE_MAX))
        return PAB_EINVAL;
    if (c->futility_pruning &&
        (c->futility_margin < 0 || c->futility_margin > PAB_SCORE_MAX))
        return PAB_EINVAL;
    /* Node reports come from the plain serial search alone: its nodes are
     * the thesis' figure 4.3 nodes, one thread's, in order. */
    if (c->size >= PAB_CONFIG_SIZE_V6 && c->node_report != NULL &&
        (c->algorithm != PAB_ALGO_SERIAL || !c->plain))
        return PAB_EINVAL;
    int rc = validate_variants(c);
    if (rc == 0)
        rc = validate_simulation(c);
    return rc < 0 ? rc : validate_tuning(c);
}

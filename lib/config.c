/*
 * pab_config: defaults, validation, and setting fields by name (for
 * programs that take options as text: pab-bench --opt, UCI setoption).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

static void set_defaults(pab_config *c)
{
    memset(c, 0, sizeof *c);
    c->size = sizeof *c;
    c->algorithm = PAB_ALGO_SERIAL;
    c->threads = 1;
    c->max_depth = PAB_DEPTH_MAX;
    c->iterative_deepening = true;
    c->aspiration = true;
    c->aspiration_window = 50;
    c->move_ordering = true;
    c->use_tt = true;
    c->quiescence = true;
    c->null_move = true;
    c->late_move_reductions = true;
    c->futility_pruning = true;
    c->futility_margin = 200;
    c->check_extension = true;
    c->defer_depth = PAB_CS_DEFAULT_DEFER_DEPTH;
    c->cs_size = PAB_CS_DEFAULT_SIZE;
    c->cs_ways = PAB_CS_DEFAULT_WAYS;
    c->ybwc_strong = true;
    c->ybwc_cut_moves = 2;
    c->split_min_depth = 2;
    c->split_policy = PAB_SPLIT_RANDOM_OWNER;
    c->multipv = 1;
    /* The thesis' PABSim state times (section 6.4.3); see pab(7). */
    c->sim_expand = 3;
    c->sim_eval = 8;
    c->sim_search = 1;
    c->sim_return = 1;
    c->sim_update = 1;
    c->sim_shared = 0;
    c->sim_atomic = 1;
    c->sim_remote = 0;
    c->sim_wait = 36;
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

/* A caller's config is one of the published layouts (PAB_CONFIG_SIZE_V*):
 * fields added later are checked only when its size covers them. */
static bool published_size(size_t size)
{
    return size == PAB_CONFIG_SIZE_V1 || size == PAB_CONFIG_SIZE_V2 ||
           size == PAB_CONFIG_SIZE_V3;
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
    if ((int)c->split_policy < 0 || c->split_policy > PAB_SPLIT_HIGHEST)
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
    return 0;
}

int pab_config_validate(const pab_config *c)
{
    if (c == NULL)
        return PAB_EINVAL;
    if (!published_size(c->size))
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
    int rc = validate_variants(c);
    return rc < 0 ? rc : validate_simulation(c);
}

/* ---- fields by name ------------------------------------------------------ */

typedef enum opt_kind {
    OPT_BOOL,
    OPT_INT,
    OPT_UINT,
    OPT_U64,
    OPT_POLICY
} opt_kind;

typedef struct option {
    const char *name;
    opt_kind kind;
    size_t offset;
} option;

#define OPT(field, kind)                                                       \
    {                                                                          \
#field, kind, offsetof(pab_config, field)                              \
    }

static const option options[] = {
    OPT(threads, OPT_UINT),
    OPT(max_depth, OPT_INT),
    OPT(time_limit_ms, OPT_U64),
    OPT(node_limit, OPT_U64),
    OPT(iterative_deepening, OPT_BOOL),
    OPT(aspiration, OPT_BOOL),
    OPT(aspiration_window, OPT_INT),
    OPT(move_ordering, OPT_BOOL),
    OPT(use_tt, OPT_BOOL),
    OPT(quiescence, OPT_BOOL),
    OPT(null_move, OPT_BOOL),
    OPT(late_move_reductions, OPT_BOOL),
    OPT(futility_pruning, OPT_BOOL),
    OPT(futility_margin, OPT_INT),
    OPT(check_extension, OPT_BOOL),
    OPT(plain, OPT_BOOL),
    OPT(seed, OPT_UINT),
    OPT(lazy_same_depth, OPT_BOOL),
    OPT(abdada_exclusive_research, OPT_BOOL),
    OPT(abdada_parent_check, OPT_BOOL),
    OPT(defer_depth, OPT_INT),
    OPT(cs_size, OPT_UINT),
    OPT(cs_ways, OPT_UINT),
    OPT(ybwc_strong, OPT_BOOL),
    OPT(ybwc_cut_moves, OPT_UINT),
    OPT(split_min_depth, OPT_INT),
    OPT(split_policy, OPT_POLICY),
    OPT(multipv, OPT_UINT),
    OPT(mate_moves, OPT_UINT),
    OPT(simulate, OPT_BOOL),
    OPT(sim_expand, OPT_UINT),
    OPT(sim_eval, OPT_UINT),
    OPT(sim_search, OPT_UINT),
    OPT(sim_return, OPT_UINT),
    OPT(sim_update, OPT_UINT),
    OPT(sim_shared, OPT_UINT),
    OPT(sim_atomic, OPT_UINT),
    OPT(sim_remote, OPT_UINT),
    OPT(sim_wait, OPT_UINT),
};

static int parse_bool(const char *v, bool *out)
{
    if (!strcasecmp(v, "true") || !strcmp(v, "1") || !strcasecmp(v, "yes") ||
        !strcasecmp(v, "on"))
        *out = true;
    else if (!strcasecmp(v, "false") || !strcmp(v, "0") ||
             !strcasecmp(v, "no") || !strcasecmp(v, "off"))
        *out = false;
    else
        return PAB_EINVAL;
    return 0;
}

static int parse_number(const char *v, long long lo, long long hi,
                        long long *out)
{
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (errno != 0 || end == v || *end != '\0' || x < lo || x > hi)
        return PAB_EINVAL;
    *out = x;
    return 0;
}

static int parse_policy(const char *v, pab_split_policy *out)
{
    if (!strcmp(v, "random-owner"))
        *out = PAB_SPLIT_RANDOM_OWNER;
    else if (!strcmp(v, "highest"))
        *out = PAB_SPLIT_HIGHEST;
    else
        return PAB_EINVAL;
    return 0;
}

/* Parse into a scratch value first: a bad value leaves the field alone. */
static int set_field(pab_config *c, const option *o, const char *v)
{
    char *field = (char *)c + o->offset;
    long long x = 0;
    bool b;
    pab_split_policy p;
    int rc;
    switch (o->kind) {
    case OPT_BOOL:
        if ((rc = parse_bool(v, &b)) == 0)
            *(bool *)field = b;
        return rc;
    case OPT_INT:
        if ((rc = parse_number(v, -PAB_SCORE_MAX, PAB_SCORE_MAX, &x)) == 0)
            *(int *)field = (int)x;
        return rc;
    case OPT_UINT:
        if ((rc = parse_number(v, 0, 0xffffffffLL, &x)) == 0)
            *(unsigned *)field = (unsigned)x;
        return rc;
    case OPT_U64:
        if ((rc = parse_number(v, 0, 0x7fffffffffffffffLL, &x)) == 0)
            *(uint64_t *)field = (uint64_t)x;
        return rc;
    case OPT_POLICY:
        if ((rc = parse_policy(v, &p)) == 0)
            *(pab_split_policy *)field = p;
        return rc;
    }
    return PAB_EINVAL;
}

int pab_config_set_option(pab_config *c, const char *name, const char *value)
{
    if (c == NULL || name == NULL || value == NULL)
        return PAB_EINVAL;
    if (c->size < sizeof *c)
        return PAB_EVERSION;
    if (!strcmp(name, "algorithm")) {
        int a = pab_algorithm_from_name(value);
        if (a < 0)
            return a;
        c->algorithm = (pab_algorithm)a;
        return 0;
    }
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        if (!strcmp(name, options[i].name))
            return set_field(c, &options[i], value);
    return PAB_EOPTION;
}

const char *pab_config_option_name(unsigned index)
{
    if (index == 0)
        return "algorithm";
    if (index - 1 < sizeof options / sizeof options[0])
        return options[index - 1].name;
    return NULL;
}

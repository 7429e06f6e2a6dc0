/*
 * The fields of pab_config by name: one table holds each option's name,
 * kind, range, default, unit and description.  pab_config_init() takes its
 * defaults from it, pab_config_set_option() its ranges, and programs
 * (pab-chess's `uci`, pab-bench --opt) describe the options from it through
 * pab_config_option(), so no list of options lives anywhere else.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* How a field is stored in pab_config. */
typedef enum store {
    STORE_BOOL,
    STORE_INT,
    STORE_UNSIGNED,
    STORE_U64,
    STORE_ENUM /* pab_algorithm, pab_split_policy, pab_sim_memory */
} store;

typedef struct option {
    pab_option_info info;
    store store;
    size_t offset;
} option;

static const char *const split_policies[] = {"random-owner", "highest",
                                             "select", NULL};
static const char *const sim_memories[] = {"flat", "msi", NULL};
static const char *const split_schemes[] = {"a", "b", "c", "auto", NULL};

#define BOOL(f, dflt, text)                                                    \
    {                                                                          \
        {#f, PAB_OPTION_BOOL, 0, 1, dflt, NULL, "", text}, STORE_BOOL,         \
            offsetof(pab_config, f)                                            \
    }
#define NUMBER(f, st, lo, hi, dflt, unit, text)                                \
    {                                                                          \
        {#f, PAB_OPTION_INT, lo, hi, dflt, NULL, unit, text}, st,              \
            offsetof(pab_config, f)                                            \
    }
#define SIM_COST(f, dflt, text)                                                \
    NUMBER(f, STORE_UNSIGNED, 0, PAB_SIM_COST_MAX, dflt, "ticks", text)

/* The largest value of a 64-bit limit: what strtoll can read. */
#define LIMIT_MAX LLONG_MAX

/* clang-format off */
static const option options[] = {
    {{"algorithm", PAB_OPTION_ALGORITHM, 0, PAB_ALGO_COUNT - 1,
      PAB_ALGO_SERIAL, NULL, "", "the search algorithm, by name"},
     STORE_ENUM, offsetof(pab_config, algorithm)},
    NUMBER(threads, STORE_UNSIGNED, 1, PAB_THREADS_MAX, 1, "threads",
           "threads (or virtual processors) of one search"),
    NUMBER(max_depth, STORE_INT, 0, PAB_DEPTH_MAX, PAB_DEPTH_MAX, "plies",
           "deepest iteration"),
    NUMBER(time_limit_ms, STORE_U64, 0, LIMIT_MAX, 0, "ms",
           "wall time limit, 0: none"),
    NUMBER(node_limit, STORE_U64, 0, LIMIT_MAX, 0, "nodes",
           "node limit, 0: none"),
    BOOL(iterative_deepening, 1, "search depths 1, 2, .. max_depth"),
    BOOL(aspiration, 1, "aspiration windows around the last score"),
    NUMBER(aspiration_window, STORE_INT, 1, PAB_SCORE_MAX, 50, "score",
           "first aspiration half-width (score units; centipawns in chess)"),
    BOOL(move_ordering, 1, "table move, killers and history first"),
    BOOL(use_tt, 1, "the transposition table"),
    BOOL(quiescence, 1, "quiescence search (games with generate_noisy)"),
    BOOL(null_move, 1, "null-move pruning (games with make_null)"),
    BOOL(late_move_reductions, 1, "late-move reductions"),
    BOOL(futility_pruning, 1, "futility pruning near the horizon"),
    NUMBER(futility_margin, STORE_INT, 0, PAB_SCORE_MAX, 150, "score",
           "futility margin (score units; centipawns in chess)"),
    BOOL(check_extension, 1, "extend checks (games with in_check)"),
    BOOL(plain, 0, "the thesis' figure 4.3 alpha-beta at one depth"),
    NUMBER(seed, STORE_UNSIGNED, 0, UINT_MAX, 0, "",
           "lazy-smp: helper perturbation"),
    BOOL(lazy_same_depth, 0, "lazy-smp: helpers at the main thread's depth"),
    BOOL(abdada_exclusive_research, 0, "abdada: exclusive re-searches too"),
    BOOL(abdada_parent_check, 0, "abdada: footnote 12's parent check"),
    NUMBER(defer_depth, STORE_INT, 0, PAB_DEPTH_MAX,
           PAB_CS_DEFAULT_DEFER_DEPTH, "plies",
           "simplified-abdada: shallowest depth that defers"),
    NUMBER(cs_size, STORE_UNSIGNED, 1, PAB_CS_MAX_SIZE, PAB_CS_DEFAULT_SIZE,
           "sets", "simplified-abdada: table sets, a power of two"),
    NUMBER(cs_ways, STORE_UNSIGNED, 1, PAB_CS_MAX_WAYS, PAB_CS_DEFAULT_WAYS,
           "ways", "simplified-abdada: ways per set"),
    BOOL(ybwc_strong, 1, "ybwc: strong YBWC (Y-PV, Y-CUT, Y-ALL)"),
    NUMBER(ybwc_cut_moves, STORE_UNSIGNED, 0, PAB_MAX_MOVES, 2, "moves",
           "ybwc: moves a Y-CUT node waits for (m_A)"),
    NUMBER(split_min_depth, STORE_INT, 1, PAB_DEPTH_MAX, 2, "plies",
           "ybwc, jamboree, pvsplit, dts: no split point shallower"),
    {{"split_policy", PAB_OPTION_CHOICE, 0, 2, PAB_SPLIT_RANDOM_OWNER,
      split_policies, "", "ybwc, pvsplit: where idle threads look for work (dts: select)"},
     STORE_ENUM, offsetof(pab_config, split_policy)},
    NUMBER(multipv, STORE_UNSIGNED, 1, PAB_MULTIPV_MAX, 1, "lines",
           "root lines reported"),
    NUMBER(mate_moves, STORE_UNSIGNED, 0, UINT_MAX, 0, "moves",
           "stop at a proven win within this many moves, 0: off"),
    BOOL(simulate, 0, "run on virtual processors"),
    SIM_COST(sim_expand, 3, "simulated: generate a node's moves"),
    SIM_COST(sim_eval, 8, "simulated: evaluate a position"),
    SIM_COST(sim_search, 1, "simulated: step into a child"),
    SIM_COST(sim_return, 1, "simulated: a node returns its value"),
    SIM_COST(sim_update, 1, "simulated: the parent takes the value"),
    SIM_COST(sim_shared, 0, "simulated: a shared load or store"),
    SIM_COST(sim_atomic, 1, "simulated: an atomic update or a lock"),
    SIM_COST(sim_remote, 0, "simulated: extra for another processor's shard"),
    SIM_COST(sim_wait, 36, "simulated: a waiting processor's backoff"),
    NUMBER(progress_interval_ms, STORE_U64, 0, LIMIT_MAX, 1000, "ms",
           "progress reports this often, 0: at new root moves only"),
    NUMBER(time_soft_ms, STORE_U64, 0, LIMIT_MAX, 0, "ms",
           "soft time limit: no new iteration after it, 0: none"),
    NUMBER(null_min_depth, STORE_INT, 1, PAB_DEPTH_MAX, 3, "plies",
           "shallowest depth of a null move"),
    NUMBER(null_r_base, STORE_INT, 0, PAB_DEPTH_MAX, 2, "plies",
           "null-move reduction R = null_r_base + depth / null_r_div"),
    NUMBER(null_r_div, STORE_INT, 1, PAB_DEPTH_MAX, 6, "plies",
           "depth per extra ply of null-move reduction"),
    NUMBER(lmr_min_depth, STORE_INT, 1, PAB_DEPTH_MAX, 3, "plies",
           "shallowest depth a late move is reduced at"),
    NUMBER(lmr_min_moves, STORE_INT, 1, PAB_MAX_MOVES, 3, "moves",
           "moves searched in full before late moves are reduced"),
    NUMBER(lmr_r, STORE_INT, 0, PAB_DEPTH_MAX, 1, "plies",
           "reduction of a late quiet move"),
    NUMBER(lmr_deep_depth, STORE_INT, 1, PAB_DEPTH_MAX, 6, "plies",
           "from this depth a very late move of a non-PV node ..."),
    NUMBER(lmr_deep_moves, STORE_INT, 1, PAB_MAX_MOVES, 6, "moves",
           "... this many moves into the list ..."),
    NUMBER(lmr_deep_r, STORE_INT, 0, PAB_DEPTH_MAX, 2, "plies",
           "... is reduced by this much"),
    NUMBER(futility_depth, STORE_INT, 0, PAB_DEPTH_MAX, 4, "plies",
           "futility pruning at depths up to this, 0: none"),
    NUMBER(extension_max_ply, STORE_INT, 0, PAB_PLY_MAX, PAB_PLY_MAX, "plies",
           "no check extension at this ply or deeper"),
    NUMBER(sim_seed, STORE_U64, 0, UINT32_MAX, 0, "",
           "simulated: the timing noise's seed"),
    {{"sim_memory", PAB_OPTION_CHOICE, 0, 1, PAB_SIM_MEMORY_MSI,
      sim_memories, "", "simulated: flat costs or MSI caches (thesis 6.2)"},
     STORE_ENUM, offsetof(pab_config, sim_memory)},
    NUMBER(sim_jitter, STORE_UNSIGNED, 0, PAB_SIM_JITTER_MAX, 10, "%",
           "simulated: each cost varies by up to this percentage"),
    BOOL(diagnostics, 0, "where the nodes go, by depth (pab_result.by_depth)"),
    BOOL(abdada_share_cutoffs, 0, "abdada: footnote 12's cutoffs to the others"),
    NUMBER(sim_drift, STORE_UNSIGNED, 0, PAB_SIM_DRIFT_MAX, 0, "%",
           "simulated: each processor's speed drifts by up to this percentage"),
    NUMBER(rfp_depth, STORE_INT, 0, PAB_DEPTH_MAX, 6, "plies",
           "reverse futility pruning at depths up to this, 0: none"),
    NUMBER(rfp_margin, STORE_INT, 0, PAB_SCORE_MAX, 90, "score",
           "reverse futility margin per ply (score units)"),
    NUMBER(lmp_depth, STORE_INT, 0, PAB_DEPTH_MAX, 0, "plies",
           "late-move pruning at depths up to this, 0: none"),
    NUMBER(lmp_moves, STORE_INT, 0, PAB_MAX_MOVES, 3, "moves",
           "late-move pruning keeps this + depth^2 quiet moves"),
    NUMBER(iir_depth, STORE_INT, 0, PAB_DEPTH_MAX, 4, "plies",
           "no table move: one ply less from this depth, 0: never"),
    NUMBER(see_prune_depth, STORE_INT, 0, PAB_DEPTH_MAX, 0, "plies",
           "losing captures pruned at depths up to this, 0: none"),
    BOOL(lmr_log, 1, "reductions grow with log(depth) * log(move number)"),
    BOOL(countermove, 1, "the reply that refuted the last move goes early"),
    BOOL(history_malus, 1, "quiet moves tried before a cutoff lose history"),
    BOOL(mate_distance_pruning, 1, "windows closed to the mates a ply allows"),
    BOOL(qsearch_tt, 0, "the transposition table in quiescence"),
    BOOL(qsearch_skip_bad, 1, "quiescence skips captures the game scores < 0"),
    NUMBER(split_n, STORE_UNSIGNED, 1, PAB_MAX_MOVES, 1, "moves",
           "scheme B (DTS): a D-CUT node turns D-ALL after this many moves"),
    NUMBER(split_ncut_m, STORE_INT, 0, 50, 10, "type",
           "scheme C: a type value within this of 50 is N-CUT"),
    {{"split_scheme", PAB_OPTION_CHOICE, 0, 3, PAB_SPLIT_SCHEME_AUTO,
      split_schemes, "",
      "ybwc, dts: split-point scheme, thesis 6.5 (a, b, c; auto: the "
      "algorithm's)"},
     STORE_ENUM, offsetof(pab_config, split_scheme)},
    NUMBER(split_m_b, STORE_UNSIGNED, 0, PAB_MAX_MOVES, 3, "moves",
           "scheme B: a D-CUT node turns D-ALL after more than this many"),
    NUMBER(split_m_ca, STORE_INT, -PAB_MAX_MOVES, PAB_MAX_MOVES, -1, "moves",
           "scheme C: moves searched before a split, beyond the wait"),
    NUMBER(split_m_cc, STORE_INT, -PAB_MAX_MOVES, PAB_MAX_MOVES, 3, "moves",
           "scheme C: more moves before an N-CUT node splits"),
    NUMBER(sim_nodes, STORE_UNSIGNED, 0, PAB_THREADS_MAX, 0, "machines",
           "simulated: machines the processors are spread over (0, 1: one)"),
    NUMBER(sim_net_latency, STORE_UNSIGNED, 0, PAB_SIM_COST_MAX, 4, "ticks",
           "simulated cluster: one way between two machines"),
    NUMBER(sim_net_bandwidth, STORE_UNSIGNED, 0, PAB_SIM_COST_MAX, 64,
           "bytes/tick", "simulated cluster: through a link, 0: no limit"),
    NUMBER(sim_net_interval, STORE_U64, 0, PAB_SIM_COST_MAX, 6000,
           "ticks", "simulated cluster: between Lazy Cluster's batches"),
    NUMBER(sim_net_depth, STORE_INT, 1, PAB_TT_MAX_DEPTH, 4, "plies",
           "simulated cluster: entries this deep are shared"),
    NUMBER(sim_cs_depth, STORE_INT, 0, PAB_TT_MAX_DEPTH, 6, "plies",
           "simulated cluster: moves this deep marked across machines"),
    NUMBER(singular_depth, STORE_INT, 0, PAB_DEPTH_MAX, 8, "plies",
           "singular extension from this depth, 0: none"),
    NUMBER(singular_margin, STORE_INT, 0, PAB_SCORE_MAX, 2, "score",
           "singular extension: margin below the table's score per ply"),
    NUMBER(null_r_eval, STORE_INT, 0, PAB_SCORE_MAX, 200, "score",
           "null move: one ply more per this much the static value beats beta"),
    BOOL(improving, 0, "pruning margins follow the static value's trend"),
    BOOL(history_gravity, 0, "signed history pulled towards its bounds"),
    NUMBER(lmr_history, STORE_INT, 0, 1 << 20, 0, "history",
           "a reduction changes by a ply per this much history, 0: not"),
    NUMBER(cont_history_bits, STORE_INT, 0, 10, 6, "bits",
           "continuation history: previous moves told apart by these bits"),
    NUMBER(aspiration_growth, STORE_UNSIGNED, 1, 1000, 100, "%",
           "a failed aspiration window grows by this % of its half-width"),
    NUMBER(split_adopt_depth, STORE_INT, 0, PAB_DEPTH_MAX, 6, "plies",
           "ybwc, jamboree, pvsplit, dts: a helper joining this deep takes "
           "its owner's history, 0: never"),
    NUMBER(sim_node_extra, STORE_UNSIGNED, 0, PAB_SIM_NODE_EXTRA_MAX, 0,
           "1/1000 tick", "simulated: extra cost of each node, the "
           "algorithm's own work"),
    NUMBER(correction_bits, STORE_INT, 0, 20, 14, "bits",
           "correction history: 2^bits entries by the game's "
           "correction_key, 0: none"),
    BOOL(tt_eval, 1, "pruning takes the table's bound over the static value"),
    BOOL(lmr_refutation, 0, "killers and the countermove reduced a ply less"),
    BOOL(lmr_tt_noisy, 0, "late moves reduced a ply more after a noisy table move"),
    NUMBER(probcut_depth, STORE_INT, 0, PAB_DEPTH_MAX, 0, "plies",
           "ProbCut from this depth, 0: none"),
    NUMBER(probcut_margin, STORE_INT, 1, PAB_SCORE_MAX, 200, "score",
           "ProbCut: a capture's reduced search beats beta by this much"),
    BOOL(singular_negative, 0,
         "the table move a ply shallower where it is not singular but beats beta"),
};
/* clang-format on */

#define OPTION_COUNT (sizeof options / sizeof options[0])

const pab_option_info *pab_config_option(unsigned index)
{
    return index < OPTION_COUNT ? &options[index].info : NULL;
}

const char *pab_config_option_name(unsigned index)
{
    return index < OPTION_COUNT ? options[index].info.name : NULL;
}

static const option *find(const char *name)
{
    for (size_t i = 0; i < OPTION_COUNT; i++)
        if (!strcmp(name, options[i].info.name))
            return &options[i];
    return NULL;
}

/* A choice is stored through pab_split_policy, which must then be the
 * size of every choice enum. */
_Static_assert(sizeof(pab_split_scheme) == sizeof(pab_split_policy),
               "enum sizes");
_Static_assert(sizeof(pab_sim_memory) == sizeof(pab_split_policy),
               "choice enums share one size");

static void store_value(pab_config *c, const option *o, long long v)
{
    char *field = (char *)c + o->offset;
    switch (o->store) {
    case STORE_BOOL: *(bool *)field = v != 0; break;
    case STORE_INT: *(int *)field = (int)v; break;
    case STORE_UNSIGNED: *(unsigned *)field = (unsigned)v; break;
    case STORE_U64: *(uint64_t *)field = (uint64_t)v; break;
    case STORE_ENUM:
        if (o->info.kind == PAB_OPTION_ALGORITHM)
            *(pab_algorithm *)field = (pab_algorithm)v;
        else
            *(pab_split_policy *)field = (pab_split_policy)v;
        break;
    }
}

static long long load_value(const pab_config *c, const option *o)
{
    const char *field = (const char *)c + o->offset;
    switch (o->store) {
    case STORE_BOOL: return *(const bool *)field;
    case STORE_INT: return *(const int *)field;
    case STORE_UNSIGNED: return *(const unsigned *)field;
    case STORE_U64: return (long long)*(const uint64_t *)field;
    case STORE_ENUM:
        if (o->info.kind == PAB_OPTION_ALGORITHM)
            return *(const pab_algorithm *)field;
        return *(const pab_split_policy *)field;
    }
    return 0;
}

void options_set_defaults(pab_config *c)
{
    for (size_t i = 0; i < OPTION_COUNT; i++)
        store_value(c, &options[i], options[i].info.default_value);
}

static int parse_bool(const char *v, long long *out)
{
    if (!strcasecmp(v, "true") || !strcmp(v, "1") || !strcasecmp(v, "yes") ||
        !strcasecmp(v, "on"))
        *out = 1;
    else if (!strcasecmp(v, "false") || !strcmp(v, "0") ||
             !strcasecmp(v, "no") || !strcasecmp(v, "off"))
        *out = 0;
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

static int parse_choice(const char *const *choices, const char *v,
                        long long *out)
{
    for (long long i = 0; choices[i] != NULL; i++)
        if (!strcmp(v, choices[i])) {
            *out = i;
            return 0;
        }
    return PAB_EINVAL;
}

/* The option's value from text, without touching the config. */
static int parse(const option *o, const char *v, long long *out)
{
    switch (o->info.kind) {
    case PAB_OPTION_BOOL: return parse_bool(v, out);
    case PAB_OPTION_INT: return parse_number(v, o->info.min, o->info.max, out);
    case PAB_OPTION_CHOICE: return parse_choice(o->info.choices, v, out);
    case PAB_OPTION_ALGORITHM: {
        int a = pab_algorithm_from_name(v);
        *out = a;
        return a < 0 ? a : 0;
    }
    }
    return PAB_EINVAL;
}

/* A caller's config is one of the published layouts (PAB_CONFIG_SIZE_V*):
 * fields added later are read only when its size covers them. */
bool options_layout_published(size_t size)
{
    return size == PAB_CONFIG_SIZE_V1 || size == PAB_CONFIG_SIZE_V2 ||
           size == PAB_CONFIG_SIZE_V3 || size == PAB_CONFIG_SIZE_V4 ||
           size == PAB_CONFIG_SIZE_V5 || size == PAB_CONFIG_SIZE_V6 ||
           size == PAB_CONFIG_SIZE_V7 || size == PAB_CONFIG_SIZE_V8 ||
           size == PAB_CONFIG_SIZE_V9 || size == PAB_CONFIG_SIZE_V10 ||
           size == PAB_CONFIG_SIZE_V11 || size == PAB_CONFIG_SIZE_V12;
}

/* Where the field ends: a caller's config of an older layout lacks the
 * fields past its size. */
static size_t field_end(const option *o)
{
    switch (o->store) {
    case STORE_BOOL: return o->offset + sizeof(bool);
    case STORE_INT: return o->offset + sizeof(int);
    case STORE_UNSIGNED: return o->offset + sizeof(unsigned);
    case STORE_U64: return o->offset + sizeof(uint64_t);
    case STORE_ENUM: return o->offset + sizeof(pab_algorithm);
    }
    return SIZE_MAX;
}

/* The option called `name` of a config of any published layout, or a
 * negative code: PAB_EOPTION for no such name, PAB_EVERSION for a field
 * the caller's layout does not have. */
static int lookup(const pab_config *c, const char *name, const option **out)
{
    if (c == NULL || name == NULL)
        return PAB_EINVAL;
    if (!options_layout_published(c->size))
        return PAB_EVERSION;
    const option *o = find(name);
    if (o == NULL)
        return PAB_EOPTION;
    if (field_end(o) > c->size)
        return PAB_EVERSION;
    *out = o;
    return 0;
}

int options_validate_from(const pab_config *c, size_t offset)
{
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        const option *o = &options[i];
        if (o->offset < offset || o->info.kind != PAB_OPTION_INT ||
            field_end(o) > c->size)
            continue;
        long long v = load_value(c, o);
        if (v < o->info.min || v > o->info.max)
            return PAB_EINVAL;
    }
    return 0;
}

int pab_config_set_option(pab_config *c, const char *name, const char *value)
{
    const option *o;
    long long v;
    int rc = value == NULL ? PAB_EINVAL : lookup(c, name, &o);
    if (rc < 0)
        return rc;
    rc = parse(o, value, &v); /* a bad value leaves the field alone */
    if (rc == 0)
        store_value(c, o, v);
    return rc;
}

int pab_config_get_option(const pab_config *c, const char *name,
                          long long *value)
{
    const option *o;
    int rc = value == NULL ? PAB_EINVAL : lookup(c, name, &o);
    if (rc < 0)
        return rc;
    *value = load_value(c, o);
    return 0;
}

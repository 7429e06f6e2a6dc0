/*
 * libpab: the searcher handle, pab_search() and its configuration, results,
 * statistics and algorithm names.
 */
#ifndef PAB_SEARCH_H
#define PAB_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pab/common.h>
#include <pab/cs.h>
#include <pab/game.h>
#include <pab/tt.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pab_algorithm {
    PAB_ALGO_SERIAL = 0,
    PAB_ALGO_ABDADA = 1,
    PAB_ALGO_SIMPLIFIED_ABDADA = 2,
    PAB_ALGO_YBWC = 3,
    PAB_ALGO_JAMBOREE = 4,
    PAB_ALGO_LAZY_SMP = 5,
    PAB_ALGO_PVSPLIT = 6, /* libpab 0.6 */
    PAB_ALGO_DTS = 7      /* libpab 0.6 */
} pab_algorithm;
#define PAB_ALGO_COUNT 8

#define PAB_THREADS_MAX        1024u    /* threads one search may use */
#define PAB_DEPTH_MAX          128      /* deepest nominal search depth */
#define PAB_SIM_COST_MAX       1000000u /* largest simulated cost, in ticks */
#define PAB_SIM_JITTER_MAX     100u     /* largest sim_jitter, per cent */
#define PAB_SIM_DRIFT_MAX      50u      /* largest sim_drift, per cent */
#define PAB_SIM_NODE_EXTRA_MAX 1000000u /* largest sim_node_extra */
#define PAB_SIM_DRIFT_SPAN     10000u   /* ticks between a processor's speeds */
#define PAB_PLY_MAX            256 /* deepest ply, extensions and quiescence included */
#define PAB_PV_MAX             128 /* longest principal variation reported */
#define PAB_DEFAULT_TT_BYTES   ((size_t)16 << 20)

/* Length of the move-ordering histogram in pab_stats. */
#define PAB_STATS_ORDER_SLOTS 32

/* Counters summed over every thread of one search. */
typedef struct pab_stats {
    uint64_t nodes;       /* every node visited: interior, leaves, quiescence */
    uint64_t qnodes;      /* of which in quiescence search */
    uint64_t tt_probes;   /* transposition-table look-ups */
    uint64_t tt_hits;     /* look-ups that found the position */
    uint64_t tt_cutoffs;  /* nodes answered by the table alone */
    uint64_t re_searches; /* null-window fails that were searched again */
    uint64_t deferrals;   /* moves put off (Simplified ABDADA) */
    uint64_t on_evaluation; /* ON_EVALUATION answers (ABDADA) */
    uint64_t splits;        /* split points created (YBWC, Jamboree) */
    uint64_t aborts;        /* searches cut short by a cutoff elsewhere */
    uint64_t idle_ns;       /* time threads spent without work */
    /* Move-ordering quality, the thesis' f_best: best_index[i] counts the
     * interior nodes whose cut-off move, or (without a cut-off) last
     * improving move, was the (i+1)-th move searched; the last slot also
     * counts every later index.  Nodes where no move improved count
     * nowhere. */
    uint64_t best_index[PAB_STATS_ORDER_SLOTS];
} pab_stats;

/* Where a parallel search's extra nodes come from (libpab 0.5), by the
 * remaining depth of the nodes: filled when config.diagnostics is set (see
 * pab_search(3), DIAGNOSTICS).  The last slot also counts every greater
 * depth. */
#define PAB_DIAG_DEPTHS 32
typedef struct pab_depth_stats {
    uint64_t nodes;       /* interior nodes whose moves were searched */
    uint64_t shared;      /* ... while another thread was inside the same node
                           * (position and depth) */
    uint64_t late;        /* ... of which the algorithm had checked that nobody
                           * was (abdada: exclusive; simplified-abdada: marked) */
    uint64_t deferrals;   /* sons of this depth put off (ON_EVALUATION,
                           * deferred) */
    uint64_t re_searches; /* null-window fails searched again */
    uint64_t evictions;   /* table entries of this search and depth replaced
                           * by another position */
} pab_depth_stats;

/* Most principal variations one search reports (MultiPV). */
#define PAB_MULTIPV_MAX 16

/* One root move's line, for MultiPV. */
typedef struct pab_line {
    pab_move_t move;
    pab_score_t score;
    pab_bound bound;
    unsigned pv_length;
    pab_move_t pv[PAB_PV_MAX];
} pab_line;

/* What a search found.  Also handed to the info callback after every
 * completed iteration. */
typedef struct pab_result {
    pab_move_t best_move; /* PAB_MOVE_NONE only when the root has no move */
    pab_score_t score;    /* root value, side to move's view */
    pab_bound bound;      /* PAB_BOUND_EXACT for a completed iteration */
    int depth;            /* last completed iteration (0: none completed) */
    int seldepth;         /* deepest ply reached */
    unsigned pv_length;
    pab_move_t pv[PAB_PV_MAX];
    uint64_t time_ms; /* wall time of the search so far */
    bool stopped;     /* a limit or pab_searcher_stop() ended it early */
    pab_stats stats;
    /* The best `lines` root moves, best first (config.multipv of them, or
     * fewer when the root has fewer); line[0] agrees with best_move,
     * score and pv. */
    unsigned lines;
    pab_line line[PAB_MULTIPV_MAX];
    /* libpab 0.2: the virtual time of a simulated search (config.simulate),
     * in ticks; 0 for a search on real threads. */
    uint64_t ticks;
    /* libpab 0.5, with config.diagnostics (else 0): the nodes by remaining
     * depth, and the nodes each iteration of the threads' iterative
     * deepening cost, by the iteration's depth. */
    pab_depth_stats by_depth[PAB_DIAG_DEPTHS];
    uint64_t iteration_nodes[PAB_DIAG_DEPTHS];
    /* libpab 0.6: the time owners of split points spent waiting for their
     * helpers with no work below them (part of stats.idle_ns; ybwc,
     * jamboree, pvsplit, dts): what a split point finished by its last
     * worker, as Hyatt's DTS has it, would give back (see pab(7)). */
    uint64_t split_wait_ns;
} pab_result;

typedef void (*pab_info_fn)(const pab_result *progress, void *user);

/* Progress inside an iteration (libpab 0.4), for the progress callback:
 * at each root move the calling thread starts, and every
 * progress_interval_ms.  Later versions may add fields at the end. */
typedef struct pab_progress {
    size_t size;              /* sizeof(pab_progress) of the library */
    int depth;                /* the iteration in progress */
    int seldepth;             /* deepest ply reached so far */
    pab_move_t currmove;      /* the root move just started, or
                               * PAB_MOVE_NONE in a periodic report */
    unsigned currmove_number; /* its place in the search order, from 1;
                               * 0 in a periodic report */
    uint64_t nodes;           /* of all threads so far */
    uint64_t nps;             /* nodes per second so far */
    uint64_t time_ms;         /* since the search started */
    unsigned hashfull;        /* table entries in use, per mille */
} pab_progress;

typedef void (*pab_progress_fn)(const pab_progress *progress, void *user);

/* Where an idle YBWC thread looks for work. */
typedef enum pab_split_policy {
    /* Feldmann: ask a randomly chosen busy thread, join the highest split
     * point in its subtree (default). */
    PAB_SPLIT_RANDOM_OWNER = 0,
    /* DTS-like: the highest split point with work anywhere (the thesis'
     * scheme A). */
    PAB_SPLIT_HIGHEST = 1,
    /* DTS: every busy thread offers the nodes of its path; the idle thread
     * joins the best open split point, else has the best node split, by
     * the thesis' guidelines 1-3 of section 6.5 (libpab 0.6; what dts
     * always does). */
    PAB_SPLIT_SELECT = 2
} pab_split_policy;

/* How YBWC and DTS type their nodes and choose their split points: the
 * thesis' split-point selection schemes (section 6.5; libpab 0.6). */
typedef enum pab_split_scheme {
    PAB_SPLIT_SCHEME_A = 0,   /* strong YBWC: Y-PV/Y-CUT/Y-ALL, m_A */
    PAB_SPLIT_SCHEME_B = 1,   /* DTS: D-PV/D-CUT/D-ALL (from the windows
                               * in plain mode, else the path), m_B */
    PAB_SPLIT_SCHEME_C = 2,   /* the classifier (config.classify): N-PV,
                               * N-CUT, N-ALL, its wait, m_Ca and m_Cc */
    PAB_SPLIT_SCHEME_AUTO = 3 /* the algorithm's own: A for ybwc, B for
                               * dts (the default) */
} pab_split_scheme;

/* The simulated multiprocessor's memory (libpab 0.5; see pab(7)). */
typedef enum pab_sim_memory {
    PAB_SIM_MEMORY_FLAT, /* a shared access costs sim_shared/sim_atomic */
    PAB_SIM_MEMORY_MSI   /* MSI caches with a directory (thesis 6.2) */
} pab_sim_memory;

/* The node classes of split-point selection (the 2001 thesis, 5.5 and
 * 6.5; libpab 0.6). */
typedef enum pab_node_class {
    PAB_NODE_PV = 0,  /* on the first line searched */
    PAB_NODE_CUT = 1, /* expected to cut off */
    PAB_NODE_ALL = 2  /* expected to search all its moves */
} pab_node_class;

/* One interior node of a plain serial search, reported when it is done
 * (config.node_report; libpab 0.6).  Later versions may add fields at the
 * end. */
typedef struct pab_node_report {
    size_t size;             /* sizeof(pab_node_report) of the library */
    int ply;                 /* 0 at the root */
    int depth;               /* remaining depth, at least 1 */
    const unsigned *path;    /* ply entries: at each ply above, the index of
                              * the move taken among those searched, from 0
                              * (the thesis' node address, 5.3) */
    bool pv;                 /* on the first line searched */
    unsigned moves;          /* moves the node had */
    unsigned searched;       /* moves searched (legal ones) */
    bool cutoff;             /* a move reached beta */
    int last;                /* the thesis' u: index of the move that cut off,
                              * or of the last that raised the score; -1 */
    int type;                /* the thesis' t: 50 cut off, 0 raised its score
                              * without a cutoff, 100 neither */
    pab_node_class scheme_a; /* strong YBWC's prediction (Y-PV/CUT/ALL) */
    pab_node_class scheme_b; /* DTS's first prediction (D-PV/CUT/ALL),
                              * with n = config.split_n */
    pab_node_class scheme_c; /* the classifier's: PV on the first line,
                              * else CUT when its type value is within
                              * config.split_ncut_m of 50, else ALL */
    int predicted_type;      /* the classifier's type value, 0..100 */
    int predicted_wait;      /* the classifier's wait, 0 or more */
} pab_node_report;

typedef void (*pab_node_report_fn)(const pab_node_report *report, void *user);

/* What a node classifier is asked when a node makes a son: the inputs of
 * the thesis' network (section 5.2; libpab 0.6). */
typedef struct pab_classify_input {
    bool parent_pv;  /* the parent is on the first line searched */
    int parent_type; /* the parent's type value, 0..100 (the root's: 0) */
    unsigned index;  /* the son's place among its brothers, from 0 */
    int ply;         /* the son's ply */
} pab_classify_input;

/* Its answer: the son's type value (near 50: expected to cut off; near 0
 * or 100: to search all its moves) and how many of the son's moves to
 * search before its score settles. */
typedef struct pab_classify_output {
    int type; /* 0..100; clamped */
    int wait; /* 0 or more; clamped */
} pab_classify_output;

typedef void (*pab_classify_fn)(const pab_classify_input *in,
                                pab_classify_output *out, void *user);

/* Alignment in the layouts below, in C and C++ alike. */
#ifdef __cplusplus
#define PAB_ALIGNOF_(t) alignof(t)
#define PAB_ALIGNAS8_   alignas(8)
#else
#define PAB_ALIGNOF_(t) _Alignof(t)
#define PAB_ALIGNAS8_   _Alignas(8)
#endif

/* One search's settings.  Always start from pab_config_init(): it sets
 * `size`, which tells the library which fields the caller knows, so fields
 * added later keep old programs working. */
typedef struct pab_config {
    size_t size;
    pab_algorithm algorithm;  /* PAB_ALGO_SERIAL */
    unsigned threads;         /* 1 .. PAB_THREADS_MAX; default 1 */
    int max_depth;            /* 0 .. PAB_DEPTH_MAX; default PAB_DEPTH_MAX */
    uint64_t time_limit_ms;   /* 0: no time limit */
    uint64_t node_limit;      /* 0: no node limit */
    bool iterative_deepening; /* depths 1, 2, .. max_depth; default true */
    bool aspiration;          /* aspiration windows; default true */
    pab_score_t aspiration_window; /* first half-width; default 50 */
    bool move_ordering;            /* TT move, killers, history; default true */
    bool use_tt;                   /* transposition table; default true */
    bool quiescence;               /* if generate_noisy is set; default true */
    bool null_move;                /* if make_null is set; default true */
    bool late_move_reductions;     /* default true */
    bool futility_pruning;         /* default true */
    pab_score_t futility_margin;   /* per ply; default 150 (0.8; 200) */
    bool check_extension;          /* if in_check is set; default true */
    bool plain;       /* figure 4.3 alpha-beta, see pab_search(3) */
    pab_info_fn info; /* called after every completed iteration */
    void *info_user;  /* passed to info */

    /* Variants of the parallel algorithms; pab_config_init() sets the
     * defaults named here.  See pab_search(3). */
    uint32_t seed;        /* lazy-smp: helper perturbation; 0 */
    bool lazy_same_depth; /* lazy-smp: helpers at the main depth; false */
    bool abdada_exclusive_research; /* abdada: re-searches exclusive; false */
    bool abdada_parent_check; /* abdada: footnote 12's second remedy; false */
    int defer_depth;          /* simplified-abdada: DEFER_DEPTH; 3 */
    unsigned cs_size;         /* simplified-abdada: table sets; 32768 */
    unsigned cs_ways;         /* simplified-abdada: table ways; 4 */
    bool ybwc_strong;         /* ybwc: strong (Y-PV/Y-CUT/Y-ALL); true */
    unsigned ybwc_cut_moves;  /* ybwc: m_A, moves before a Y-CUT split; 2 */
    int split_min_depth;      /* ybwc, jamboree: no split below; 2 */
    pab_split_policy split_policy; /* ybwc: where idle threads join */

    /* What a chess-engine front end needs; see pab_search(3). */
    unsigned multipv; /* root lines to report, 1..PAB_MULTIPV_MAX; 1 */
    const pab_move_t *root_moves; /* search only these root moves... */
    unsigned root_move_count;     /* ...when this is not 0; 0 */
    unsigned mate_moves;          /* stop at a proven win in <= this many
                                   * moves (of the side to move); 0: off */

    /* The simulated multiprocessor (libpab 0.2); see pab_search(3) and
     * pab(7).  Costs are in ticks. */
    bool simulate;       /* run `threads` virtual processors; false */
    unsigned sim_expand; /* generate a node's moves; 3 */
    unsigned sim_eval;   /* evaluate a position; 8 */
    unsigned sim_search; /* step into a child, or find none is left; 1 */
    unsigned sim_return; /* a node returns its value; 1 */
    unsigned sim_update; /* the parent takes the value; 1 */
    unsigned sim_shared; /* a shared load or store; 0 */
    unsigned sim_atomic; /* an atomic update or a lock; 1 */
    unsigned sim_remote; /* extra: a table shard of another processor; 0 */
    unsigned sim_wait;   /* a waiting processor's backoff round; 36 */

    /* libpab 0.3: a ticket from pab_searcher_ticket(), taken by the
     * thread that may stop this search, so that a stop made after the
     * ticket and before pab_search() starts is not lost; 0: the search
     * takes its own ticket when it starts (see pab_searcher_stop(3)). */
    uint64_t stop_ticket;

    /* libpab 0.4: progress, a soft time limit, and the search's tunables
     * (units and ranges: pab_config_option(); the score margins above and
     * the defaults below assume a game that scores in centipawns). */
    pab_progress_fn progress;      /* called on the caller's thread; NULL */
    void *progress_user;           /* passed to progress */
    uint64_t progress_interval_ms; /* 1000; 0: at new root moves only */
    uint64_t time_soft_ms;         /* no new iteration after it; 0: none */
    int null_min_depth;            /* shallowest null move; 3 */
    int null_r_base;               /* null-move R = base + depth / div; 2 */
    int null_r_div;                /* 6 */
    int lmr_min_depth;             /* shallowest reduced node; 3 */
    int lmr_min_moves;             /* moves searched before reducing; 3 */
    int lmr_r;                     /* plies a late move loses; 1 */
    int lmr_deep_depth;            /* from here, non-PV nodes ... 6 */
    int lmr_deep_moves;            /* ... this late in the list ... 6 */
    int lmr_deep_r;                /* ... lose this many plies; 2 */
    int futility_depth;            /* futility pruning to this depth; 4
                                    * (0.8; 1 before) */
    int extension_max_ply;         /* no check extension from this ply;
                                    * PAB_PLY_MAX */

    /* libpab 0.5: the simulated multiprocessor's memory model and timing
     * noise (see pab(7), THE SIMULATED MULTIPROCESSOR). */
    uint64_t sim_seed;         /* the noise's seed (first: 8-aligned); 0 */
    pab_sim_memory sim_memory; /* PAB_SIM_MEMORY_MSI (FLAT before 0.13) */
    unsigned sim_jitter;       /* each cost varies by up to this %; 10 */
    bool diagnostics;          /* fill pab_result.by_depth; false */
    bool abdada_share_cutoffs; /* abdada: footnote 12's first remedy */
    unsigned sim_drift;        /* each processor's speed drifts by up to
                                * this %, redrawn every
                                * PAB_SIM_DRIFT_SPAN ticks; 0 */

    /* libpab 0.6: the search's selectivity and ordering (see
     * pab_search(3), SELECTIVITY).  The pruning and the reduction of
     * depth act only in games that say which moves are quiet
     * (move_flags); a depth of 0 turns its rule off. */
    int rfp_depth;              /* reverse futility to this depth; 6 */
    pab_score_t rfp_margin;     /* ... per ply of depth left; 90 */
    int lmp_depth;              /* late-move pruning to this depth; 0 */
    int lmp_moves;              /* quiet moves kept: this + depth^2; 3 */
    int iir_depth;              /* no table move: one ply less from; 4 */
    int see_prune_depth;        /* losing captures pruned to this; 0 */
    bool lmr_log;               /* reductions by log(depth) log(move); true */
    bool countermove;           /* the reply that refuted the last move; true */
    bool history_malus;         /* quiet moves that failed lose history; true */
    bool mate_distance_pruning; /* windows closed to the ply's mates; true */
    bool qsearch_tt;            /* the table in quiescence; false */
    bool qsearch_skip_bad;      /* quiescence skips losing captures; true */

    /* libpab 0.6: node classification (see pab_search(3), NODE
     * REPORTS). */
    pab_node_report_fn node_report; /* every interior node of a plain
                                     * serial search; NULL */
    void *node_report_user;         /* passed to node_report */
    unsigned split_n;              /* scheme B: a D-CUT node becomes D-ALL after
                                    * this many moves without a cutoff; 1 */
    pab_classify_fn classify;      /* scheme C's classifier; NULL: scheme A's
                                    * rules as type values */
    void *classify_user;           /* passed to classify */
    int split_ncut_m;              /* scheme C: N-CUT within this of 50; 10 */
    pab_split_scheme split_scheme; /* ybwc, dts: PAB_SPLIT_SCHEME_AUTO */
    unsigned split_m_b;            /* scheme B: m_B; 3 */
    int split_m_ca;                /* scheme C: m_C,a; -1 */
    int split_m_cc;                /* scheme C: m_C,c; 3 */

    /* libpab 0.7: the simulated multiprocessor as a cluster of machines
     * sharing their tables as libpab-mpi does (pab(7), THE SIMULATED
     * MULTIPROCESSOR; pab-mpi(7)).  Costs are in ticks. */
    uint64_t sim_net_interval;  /* lazy-smp: between two batches of
                                 * entries sent; 6000 (first, and 8 bytes:
                                 * it starts where layout V6 ended) */
    unsigned sim_nodes;         /* machines the virtual processors are
                                 * spread over; 0 or 1: one */
    unsigned sim_net_latency;   /* one way between two machines; 4 */
    unsigned sim_net_bandwidth; /* bytes a tick through a link, 0: no
                                 * limit; 64 */
    int sim_net_depth;          /* entries this deep and deeper are shared
                                 * (remote_min_depth); 4 */
    int sim_cs_depth;           /* simplified-abdada: moves this deep are
                                 * marked across machines (cs_min_depth),
                                 * 0: never; 6 */

    /* libpab 0.8: more of the search's selectivity (pab_search(3),
     * "Selectivity").  The first field is 8-aligned: layout V8 starts
     * where V7 ended, padding included. */
    PAB_ALIGNAS8_ int singular_depth; /* singular extension from this
                                       * depth, 0: none; 8 */
    pab_score_t singular_margin;      /* s_beta = the table's score - this
                                       * per ply of depth; 2 */
    int null_r_eval;            /* the null move's R grows by one per this much
                                 * the static value beats beta (3 at most);
                                 * 0: not; 200 */
    bool improving;             /* reverse futility and late-move pruning ask
                                 * whether the static value rose in two plies;
                                 * false */
    bool history_gravity;       /* signed history, each update pulled towards
                                 * its bound; false */
    int lmr_history;            /* a late move's reduction shrinks (grows) by a
                                 * ply per this much history above (below) 0,
                                 * with history_gravity; 0: not; 0 */
    int cont_history_bits;      /* continuation history (with history_gravity):
                                 * quiet moves also scored by the moves one
                                 * and two plies before, told apart by the
                                 * low this many bits of their move_index();
                                 * 0: none; 6 */
    unsigned aspiration_growth; /* an aspiration window that fails grows
                                 * by this % of its half-width; 100 */

    /* libpab 0.9.  Layout V9 starts where V8 ended, padding included. */
    PAB_ALIGNAS8_ int split_adopt_depth; /* ybwc, jamboree, pvsplit, dts: a
                                          * helper joining a split point of
                                          * this depth or more takes its
                                          * owner's history; 0: never; 6 */

    /* libpab 0.10.  Layout V10 starts where V9 ended, padding included. */
    PAB_ALIGNAS8_ unsigned sim_node_extra; /* simulated: every node costs
                                            * this many thousandths of a
                                            * tick more, the algorithm's
                                            * own work per node as one real
                                            * thread measures it (pab-bench
                                            * compare --sim-calibrate); 0 */

    /* libpab 0.11.  Layout V11 starts where V10 ended, padding included. */
    PAB_ALIGNAS8_ int correction_bits; /* correction history: 2^bits
                                        * entries a thread, by the game's
                                        * correction_key; 0: none; 14 */
    bool tt_eval;        /* pruning takes the table's bound for the static value
                          * where it lies beyond; true */
    bool lmr_refutation; /* a killer or countermove is reduced a ply less;
                          * false */
    bool lmr_tt_noisy;   /* a ply more where the table's move is noisy;
                          * false */

    /* libpab 0.12.  Layout V12 starts where V11 ended, padding included. */
    PAB_ALIGNAS8_ int probcut_depth; /* ProbCut from this depth, 0: none; 0 */
    pab_score_t probcut_margin;      /* ... a capture's reduced search beats
                                      * beta by this much; 200 */
    bool singular_negative;          /* the table move a ply shallower where the
                                      * singular test fails and its score beats
                                      * beta; false */
} pab_config;

/* The sizes of each published layout of the structures that carry or
 * imply a version: a caller's config.size must be one of these, and the
 * library writes the result layout of the caller's version.  A new
 * layout adds a constant here; the old ones never change.
 *   config V1 (libpab 0.1): up to mate_moves     result V1: up to line[]
 *   config V2 (libpab 0.2): up to sim_wait       result V2: up to ticks
 *   config V3 (libpab 0.3): up to stop_ticket    result V2
 *   config V4 (libpab 0.4): up to extension_max_ply result V2
 *   config V5 (libpab 0.5): up to sim_drift      result V3
 *   config V6 (libpab 0.6): up to split_m_cc     result V4
 *   config V7 (libpab 0.7): up to sim_cs_depth   result V4
 *   config V8 (libpab 0.8): up to aspiration_growth result V4
 *   config V9 (libpab 0.9): up to split_adopt_depth result V4
 *   config V10 (libpab 0.10): up to sim_node_extra result V4
 *   config V11 (libpab 0.11): up to correction_bits result V4
 *   config V12 (libpab 0.12): up to probcut_depth result V4
 * (V6 to V10 are 0.6's to 0.10's sizeof, padding included: each next
 * layout's first field is 8-aligned.) */
#define PAB_ALIGN_UP_(n, a) (((n) + (a)-1) / (a) * (a))
#define PAB_CONFIG_SIZE_V1                                                     \
    PAB_ALIGN_UP_(offsetof(pab_config, mate_moves) + sizeof(unsigned),         \
                  PAB_ALIGNOF_(pab_config))
#define PAB_CONFIG_SIZE_V2  offsetof(pab_config, stop_ticket)
#define PAB_CONFIG_SIZE_V3  offsetof(pab_config, progress)
#define PAB_CONFIG_SIZE_V4  offsetof(pab_config, sim_seed)
#define PAB_CONFIG_SIZE_V5  offsetof(pab_config, rfp_depth)
#define PAB_CONFIG_SIZE_V6  offsetof(pab_config, sim_net_interval)
#define PAB_CONFIG_SIZE_V7  offsetof(pab_config, singular_depth)
#define PAB_CONFIG_SIZE_V8  offsetof(pab_config, split_adopt_depth)
#define PAB_CONFIG_SIZE_V9  offsetof(pab_config, sim_node_extra)
#define PAB_CONFIG_SIZE_V10 offsetof(pab_config, correction_bits)
#define PAB_CONFIG_SIZE_V11 offsetof(pab_config, probcut_depth)
#define PAB_CONFIG_SIZE_V12 sizeof(pab_config)
#define PAB_RESULT_SIZE_V1  offsetof(pab_result, ticks)
#define PAB_RESULT_SIZE_V2  offsetof(pab_result, by_depth)
#define PAB_RESULT_SIZE_V3  offsetof(pab_result, split_wait_ns)
#define PAB_RESULT_SIZE_V4  sizeof(pab_result)

typedef struct pab_searcher pab_searcher;

PAB_API void pab_config_init_size(pab_config *config, size_t size);

/* Defaults for the pab_config this program was compiled with: the size
 * passed is the caller's, so a newer library never writes past it. */
static inline void pab_config_init(pab_config *config)
{
    pab_config_init_size(config, sizeof *config);
}

PAB_API int pab_config_validate(const pab_config *config);
PAB_API int pab_config_set_option(pab_config *config, const char *name,
                                  const char *value);
PAB_API const char *pab_config_option_name(unsigned index);

/* What a pab_config field set by name takes (libpab 0.3). */
typedef enum pab_option_kind {
    PAB_OPTION_BOOL = 0,     /* true/false, 1/0, yes/no, on/off */
    PAB_OPTION_INT = 1,      /* a whole number in [min, max] */
    PAB_OPTION_CHOICE = 2,   /* one of choices[], by name */
    PAB_OPTION_ALGORITHM = 3 /* an algorithm name (pab_algorithm_name()) */
} pab_option_kind;

/* One option, as pab_config_option() describes it.  The library owns it;
 * later versions may add fields at the end. */
typedef struct pab_option_info {
    const char *name; /* as pab_config_set_option() takes it */
    pab_option_kind kind;
    long long min, max;         /* the values accepted (BOOL 0..1; CHOICE and
                                 * ALGORITHM: indices) */
    long long default_value;    /* as pab_config_init() sets it */
    const char *const *choices; /* CHOICE: names by index, NULL-terminated */
    const char *unit;           /* "ms", "plies", "score", ...; "" if none */
    const char *description;    /* one line */
} pab_option_info;

PAB_API const pab_option_info *pab_config_option(unsigned index);
PAB_API int pab_config_get_option(const pab_config *config, const char *name,
                                  long long *value);

PAB_API int pab_searcher_create(pab_searcher **searcher, const pab_game *game,
                                size_t tt_bytes);
PAB_API int pab_searcher_create_with_tt(pab_searcher **searcher,
                                        const pab_game *game, pab_tt *tt);
PAB_API void pab_searcher_destroy(pab_searcher *searcher);
PAB_API int pab_searcher_forget(pab_searcher *searcher);
PAB_API pab_tt *pab_searcher_tt(pab_searcher *searcher);
PAB_API void pab_searcher_stop(pab_searcher *searcher);
PAB_API uint64_t pab_searcher_ticket(pab_searcher *searcher);
PAB_API void pab_searcher_set_time_limit(pab_searcher *searcher,
                                         uint64_t milliseconds);

PAB_API int pab_search(pab_searcher *searcher, const void *root,
                       const pab_config *config, pab_result *result);

/* Hooks for a layer that runs one search over several processes
 * (libpab 0.7; libpab-mpi installs them): see pab_searcher_set_hooks(3).
 * Later versions may add fields at the end. */
typedef struct pab_searcher_hooks {
    size_t size; /* sizeof(pab_searcher_hooks) */
    /* Before the search, once its configuration is accepted and its stop
     * ticket taken.  `config` is the search's own copy, in this library's
     * layout, which the hook may adjust (libpab-mpi gives each process's
     * helpers their own seed).  A negative error code ends pab_search()
     * with that code (finish is then not called). */
    int (*start)(pab_searcher *searcher, const void *root, pab_config *config,
                 void *user);
    /* After it: rc is what pab_search() would return and result the whole
     * result (every field of this library's layout); returns the code
     * pab_search() returns, and may rewrite the result. */
    int (*finish)(pab_searcher *searcher, const pab_config *config, int rc,
                  pab_result *result, void *user);
    /* From pab_searcher_destroy(), before anything of the searcher goes. */
    void (*destroy)(void *user);
    void *user;
    /* When a search has made its currently-searching table
     * (simplified-abdada), before any thread uses it; or NULL.  A negative
     * error code ends the search with that code. */
    int (*cs_created)(pab_cs *cs, const pab_config *config, void *user);
} pab_searcher_hooks;

PAB_API int pab_searcher_set_hooks(pab_searcher *searcher,
                                   const pab_searcher_hooks *hooks);
PAB_API int pab_searcher_get_hooks(const pab_searcher *searcher,
                                   pab_searcher_hooks *hooks);

PAB_API int pab_algorithm_from_name(const char *name);
PAB_API const char *pab_algorithm_name(int algorithm);

/* pab_perft() flags */
#define PAB_PERFT_COUNT_TERMINAL                                               \
    0x1u                    /* a finished game before the depth is a leaf */
#define PAB_PERFT_BULK 0x2u /* count the last ply without making it */

PAB_API int pab_perft(const pab_game *game, const void *state, int depth,
                      unsigned flags, uint64_t *count);
/* pab_perft() with the searcher's game, stopped by pab_searcher_stop()
 * (libpab 0.3). */
PAB_API int pab_searcher_perft(pab_searcher *searcher, const void *state,
                               int depth, unsigned flags, uint64_t ticket,
                               uint64_t *count);

#ifdef __cplusplus
}
#endif

#endif /* PAB_SEARCH_H */

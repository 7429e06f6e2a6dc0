/*
 * Internal interfaces of libpab shared between lib/ files.  Nothing here is
 * exported.
 */
#ifndef PAB_INTERNAL_H
#define PAB_INTERNAL_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pab/pab.h>

#include "runtime.h"

/* How often (in nodes) a worker looks at the clock, the node budget and the
 * stop flag. */
#define PAB_POLL_NODES 1024

/* The runtime's clock counts nanoseconds; limits are given in ms. */
#define NS_PER_MS UINT64_C(1000000)

/* ---- options.c: pab_config's fields by name ---------------------------- */

/* Store every named option's default in *c (a full-size config). */
void options_set_defaults(pab_config *c);
/* One of the PAB_CONFIG_SIZE_V* layouts. */
bool options_layout_published(size_t size);
/* PAB_EINVAL if a number option stored at `offset` or later (and inside
 * the caller's layout) is out of its range, else 0. */
int options_validate_from(const pab_config *c, size_t offset);

/* ---- game.c: the game table and positions ---------------------------- */

/* PAB_ECALLBACK if a required callback is missing, PAB_EINVAL for other
 * inconsistencies, 0 if the table is usable. */
int game_validate(const pab_game *game);
unsigned game_capacity(const pab_game *game);
/* Whether the game has a history index for its moves. */
static inline bool game_has_history(const pab_game *g)
{
    return g->move_index != NULL || (g->flags & PAB_GAME_INDEX_LOW_BITS);
}

/* The history index of `m` in `state`; may be >= move_index_count (then
 * ignored) when the game's move_index() says so. */
static inline unsigned game_move_index(const pab_game *g, const void *state,
                                       pab_move_t m)
{
    if (g->flags & PAB_GAME_INDEX_LOW_BITS)
        return m & (g->move_index_count - 1);
    return g->move_index(state, m, g->user);
}

/* A full-size copy of a table of any published layout: the fields its
 * layout lacks are zero. */
void game_copy(pab_game *dst, const pab_game *src);
/* The jobs with an old callback and a libpab 0.4 one: whichever the game
 * set.  `undo` is the ply's undo record (NULL without undo_size).  Inline:
 * they sit on the path of every node. */
static inline bool game_make(const pab_game *g, void *state, pab_move_t m,
                             void *undo)
{
    if (g->make_undo != NULL)
        return g->make_undo(state, m, undo, g->user);
    return g->make(state, m, g->user);
}

static inline void game_unmake(const pab_game *g, void *state, pab_move_t m,
                               const void *undo)
{
    if (g->unmake_undo != NULL)
        g->unmake_undo(state, m, undo, g->user);
    else
        g->unmake(state, m, g->user);
}

static inline bool game_has_null(const pab_game *g)
{
    return g->make_null_undo != NULL || g->make_null != NULL;
}

static inline bool game_make_null(const pab_game *g, void *state, void *undo)
{
    if (g->make_null_undo != NULL)
        return g->make_null_undo(state, undo, g->user);
    return g->make_null(state, g->user);
}

static inline void game_unmake_null(const pab_game *g, void *state,
                                    const void *undo)
{
    if (g->unmake_null_undo != NULL)
        g->unmake_null_undo(state, undo, g->user);
    else
        g->unmake_null(state, g->user);
}

static inline pab_score_t game_evaluate(const pab_game *g, void *state)
{
    if (g->evaluate_mut != NULL)
        return g->evaluate_mut(state, g->user);
    return g->evaluate(state, g->user);
}

/* Every move (both stages of a staged game, the noisy ones first: *noisy
 * of them), with the game's scores when it gives them (`scores` has room
 * for capacity of them then).  The count, or negative when the game
 * failed or overran a stage's room. */
int game_generate(const pab_game *g, void *state, pab_move_t *moves,
                  int32_t *scores, unsigned capacity, pab_score_t *terminal,
                  int *noisy);
/* One stage of generate_scored(), the terminal value reset first as
 * generate()'s contract promises. */
static inline int game_generate_stage(const pab_game *g, void *state,
                                      unsigned stage, pab_move_t *moves,
                                      int32_t *scores, unsigned capacity,
                                      pab_score_t *terminal)
{
    *terminal = 0;
    return g->generate_scored(state, stage, moves, scores, capacity, terminal,
                              g->user);
}
/* A private copy of `src` (memcpy or the game's clone). */
void *state_clone(const pab_game *game, const void *src, int *err);
void state_free(const pab_game *game, void *state);

/* Distance scores: the game speaks of distances from the node, the search
 * of distances from the root. */
/* The search keeps distance scores relative to the root: a win reached at
 * ply p after d more plies is worth MATE - (p + d).  The table keeps them
 * relative to the node, so an entry reached at another ply still means the
 * same thing.  Inline: every evaluation and table step converts. */
static inline pab_score_t score_from_game(const pab_game *game, pab_score_t s,
                                          int ply)
{
    if (!(game->flags & PAB_GAME_DISTANCE_SCORES))
        return s;
    if (PAB_SCORE_IS_WIN(s))
        return s - ply;
    if (PAB_SCORE_IS_LOSS(s))
        return s + ply;
    return s;
}

static inline pab_score_t score_to_tt(const pab_game *game, pab_score_t s,
                                      int ply)
{
    return score_from_game(game, s, -ply);
}

static inline pab_score_t score_from_tt(const pab_game *game, pab_score_t s,
                                        int ply)
{
    return score_from_game(game, s, ply);
}

/* ---- workers.c: one search and its threads --------------------------- */

typedef struct search search;
typedef struct sim_cluster sim_cluster;

/* The threads of a searcher: job(index, arg) runs on `threads` threads,
 * index 0 on the caller's. */
typedef struct pool pool;
typedef void (*pool_job)(unsigned index, void *arg);
int pool_create(pool **p);
int pool_run(pool *p, unsigned threads, pool_job job, void *arg);
void pool_destroy(pool *p);

/* ---- classify.c: node classes for config.node_report ------------------ */

/* The classes of the nodes on one thread's path (classify.c). */
typedef struct node_classes {
    unsigned path[PAB_PLY_MAX + 1];   /* index of the move taken at each ply */
    unsigned char a[PAB_PLY_MAX + 1]; /* scheme A */
    unsigned char b[PAB_PLY_MAX + 1]; /* scheme B, first prediction */
    unsigned char now[PAB_PLY_MAX + 1]; /* scheme B, after its overrides */
    bool forced[PAB_PLY_MAX + 1];       /* scheme B: alternating from here */
    int type[PAB_PLY_MAX + 1]; /* scheme C: the classifier's type value */
    int wait[PAB_PLY_MAX + 1]; /* ... and wait */
    pab_score_t root_alpha, root_beta;
} node_classes;

/* Per-thread search state: its own position, move buffers, ordering tables,
 * principal variation and counters.  Only its own thread writes it while a
 * search runs. */
typedef struct worker {
    search *sh;
    /* The transposition table this thread uses: the search's, or in a
     * simulated cluster its machine's (sim_cluster.c); NULL when the
     * config turns the table off.  cs likewise, for simplified-abdada. */
    pab_tt *tt;
    pab_cs *cs;
    void *state;
    pab_move_t *moves; /* PAB_PLY_MAX * capacity */
    pab_move_t *later; /* the same: moves put off to a later pass */
    int *later_rank;   /* the same: their ranks in the order */
    int32_t *scores;   /* the game's scores of `moves`, with generate_scored */
    unsigned char *undo; /* PAB_PLY_MAX undo records, with undo_size */
    pab_move_t killers[PAB_PLY_MAX][2];
    /* Shared words, which only this thread writes (ns_moves.c). */
    rt_word32 *history; /* game->move_index_count entries */
    /* config.cont_history_bits: history by the context of the move one
     * or two plies before (its index's low bits), then the move's index;
     * cont_mask + 1 contexts of move_index_count entries. */
    int32_t *cont;
    unsigned cont_mask;
    /* config.countermove: by the history index of a move, the reply that
     * last refuted it (game->move_index_count entries); and the history
     * index of the move that led to each ply (NO_INDEX at the root and
     * after a null move). */
    rt_word32 *counter;
    unsigned prev_index[PAB_PLY_MAX + 1];
    /* config.correction_bits: how far the searched values have been from
     * the static ones, by the game's correction_key (corr_mask + 1
     * entries in 1/NS_CORR_GRAIN units; this thread's alone, kept by the
     * searcher from one search to the next). */
    int32_t *corr;
    uint64_t corr_mask;
    pab_move_t pv[PAB_PLY_MAX + 1][PAB_PV_MAX];
    unsigned pv_len[PAB_PLY_MAX + 1];
    pab_stats stats;
    uint64_t split_wait_ns; /* pab_result.split_wait_ns, this thread's */
    uint64_t nodes_flushed; /* part of stats.nodes already shared */
    unsigned poll;          /* nodes until the next poll */
    int seldepth;
    /* abdada_share_cutoffs: unwinding to the node at ply unwind_to - 1,
     * which another thread cut off; 0: not. */
    int unwind_to;
    bool aborted; /* stop seen: unwind, store nothing */
    /* MultiPV: this iteration's root lines, and the root moves the line
     * being searched leaves out (the earlier lines' moves). */
    pab_line lines[PAB_MULTIPV_MAX];
    pab_move_t exclude[PAB_MULTIPV_MAX];
    unsigned excluded;
    /* The algorithm's own per-thread state, or NULL (splitpoint.c: this
     * thread's frames, split points and requests). */
    void *algo;
    /* The main worker's own: the iteration in progress (0: none), the
     * root moves it started in its current root search, when the next
     * periodic progress report is due, and the soft time limit's view of
     * the iterations (see worker_poll). */
    int iteration;
    unsigned root_started;
    uint64_t progress_ns;
    pab_move_t steady_move; /* best move of the last completed iteration */
    int steady;             /* completed iterations in a row that chose it */
    bool failed_low;        /* the root search in progress failed low */
    /* Whether the side to move is in check in the position at each ply:
     * 1, 0, or -1 for not asked yet (ns_internal.h's in_check_at). */
    signed char check_at[PAB_PLY_MAX + 1];
    /* The static value at each ply of the current line, NS_NO_EVAL where
     * the side to move was in check or none was taken (config.improving);
     * and the move a singular search at that ply leaves out. */
    pab_score_t eval_at[PAB_PLY_MAX + 1];
    pab_move_t skip_at[PAB_PLY_MAX + 1];
    bool soft_stopped; /* the soft limit ended the search early */
    /* config.diagnostics (diagnostics.c): this thread's counts, and the
     * occupancy counter of the node it is in at each ply. */
    bool diag;
    pab_depth_stats by_depth[PAB_DIAG_DEPTHS];
    uint64_t iteration_nodes[PAB_DIAG_DEPTHS];
    rt_word *diag_slot[PAB_PLY_MAX + 1];
    /* config.node_report (classify.c): the classes of the nodes on the
     * path, by ply. */
    node_classes classes;
} worker;

/* What every thread of one search shares. */
struct search {
    const pab_game *game;
    pab_tt *tt;           /* NULL when the config turns the table off */
    pab_config cfg;       /* normalised copy */
    unsigned capacity;    /* move buffer per ply */
    const rt_word *stops; /* the searcher's stop count (see search.c) */
    uint64_t ticket;      /* stopped once *stops exceeds it */
    rt_word stopped;      /* a limit or a callback error ended the search */
    rt_word *deadline;    /* the searcher's deadline in ns, 0: none */
    const pab_move_t *root_moves; /* the only root moves searched, or NULL */
    unsigned root_move_count;
    unsigned lines; /* MultiPV lines searched */
    rt_word nodes;  /* flushed node counts of all threads */
    uint64_t start_ns;
    rt_word error;      /* first callback error, as -code */
    rt_word halt;       /* the main thread is done: helpers stop */
    pab_result *result; /* filled by the main thread */
    worker *workers;    /* cfg.threads of them; workers[0] is the main */
    pool *pool;         /* the searcher's helper threads */
    void *algo;         /* the algorithm's own shared state, or NULL
                         * (simplified-abdada: its pab_cs; splitpoint.c:
                         * the threads' records) */
    rt_word *occupancy; /* config.diagnostics: threads in each node */
    const pab_searcher_hooks *hooks; /* the searcher's, or NULL */
    sim_cluster *cluster; /* a simulated cluster (sim_nodes > 1), or NULL */
    uint64_t evicted0[PAB_DIAG_DEPTHS]; /* the table's counts at the start */
    /* config.correction_bits: the searcher's correction tables, one of
     * 2^bits entries for each thread in turn (kept from search to search:
     * searcher.c), or NULL. */
    int32_t *corr;
};

/* ---- sim_cluster.c: the simulated multiprocessor as a cluster --------- */

/* Machines, their tables and the network between them (config.sim_nodes
 * > 1 in a simulation); each worker's tt is its machine's.  open: after
 * the workers, before the simulation; close: after it. */
int sim_cluster_open(search *sh);
void sim_cluster_close(search *sh);
/* simplified-abdada: `shared` for every worker, or each machine's own. */
int sim_cluster_cs(search *sh, pab_cs *shared);
void sim_cluster_cs_close(search *sh);

/* tt.c: pab_tt_enter(), also telling what the entry held before the call
 * (seen->depth -1, bound PAB_BOUND_NONE: nothing).  Entering claims a
 * shallower entry for this search and so erases its draft, bound and
 * score, which the singular extension's test reads. */
pab_tt_answer tt_enter_seen(pab_tt *tt, uint64_t key, int depth, bool exclusive,
                            pab_score_t *alpha, pab_score_t *beta,
                            pab_score_t *score, pab_move_t *move,
                            pab_tt_entry *seen);
/* tt.c, cs.c: a bucket's or a set's words copied out (or in, `in`), for
 * a table that serves as another's remote home. */
void tt_bucket_copy(pab_tt *tt, uint64_t key, void *words, bool in);
void cs_set_copy(pab_cs *cs, uint64_t hash, void *words, size_t bytes, bool in);

/* ---- diagnostics.c: where the nodes go (config.diagnostics) ----------- */

static inline int diag_depth(int depth)
{
    return depth < 0                  ? 0
           : depth >= PAB_DIAG_DEPTHS ? PAB_DIAG_DEPTHS - 1
                                      : depth;
}

int diag_setup(search *sh);
void diag_finish(search *sh, pab_result *r);
struct ns_node;
void diag_enter(worker *w, struct ns_node *nd);
void diag_leave(worker *w, int ply);
void diag_searched(worker *w, const struct ns_node *nd);
/* The table's own count of the entries it replaces while diagnostics are
 * on: tt_diag_start and tt_diag_stop, in tt_layout.h. */

/* classify.c: the root's window (at ply 0, before its moves); a child's
 * classes as its parent at `ply` makes its `index`-th move with the
 * child's window; a move of the node at `ply` searched without a cutoff;
 * the node at `ply` is done. */
struct worker;
void cls_root(struct worker *w, pab_score_t alpha, pab_score_t beta);
void cls_child(struct worker *w, int ply, unsigned index, pab_score_t alpha,
               pab_score_t beta);
void cls_searched(struct worker *w, int ply, unsigned searched);
void cls_done(struct worker *w, int ply, int depth, unsigned moves,
              unsigned searched, bool cutoff, int last);
/* The thesis' typing rules, shared by the node reports and YBWC's
 * schemes.  Strong YBWC (scheme A): a son's type from its parent's and its
 * index among its brothers.  DTS (scheme B): a son with the root's window
 * is D-PV, with the root's alpha on its side D-CUT, else D-ALL; below two
 * consecutive D-ALL nodes the plies alternate (*alternates says whether the
 * son's sons do). */
pab_node_class cls_ybwc_type(pab_node_class parent, unsigned index);
pab_node_class cls_dts_type(pab_node_class parent, bool parent_alternates,
                            bool root_window, bool root_alpha,
                            bool *alternates);
/* Scheme C: a son's type value and wait from the config's classifier (or
 * scheme A's rules as type values), and the class a type value means. */
void cls_classify(const pab_config *cfg, bool parent_pv, int parent_type,
                  unsigned index, int ply, int *type, int *wait);
pab_node_class cls_of_type(const pab_config *cfg, bool pv, int type);

/* Set up *w, which must be zeroed memory. */
int worker_init(worker *w, search *sh, const void *root);
/* The worker's position was replaced: nothing is known of it. */
void worker_forget_checks(worker *w);

/* The undo record of the move made at `ply`, if the game keeps any. */
static inline void *worker_undo(const worker *w, int ply)
{
    return w->undo ? w->undo + (size_t)ply * w->sh->game->undo_size : NULL;
}

void worker_release(worker *w);
/* Count one node and poll the limits when due; true if the search must
 * stop. */
bool worker_poll(worker *w);
static inline bool worker_node(worker *w)
{
    rt_node(); /* a simulation's switch point; the node's return state */
    w->stats.nodes++;
    if (--w->poll == 0)
        return worker_poll(w);
    return w->aborted;
}
void worker_fail(worker *w, int err);
/* The main worker started root move m (the progress callback's report). */
void worker_root_move(worker *w, pab_move_t m);
/* After a completed iteration with best move m: true when the soft time
 * limit says not to start another. */
bool worker_soft_done(worker *w, pab_move_t m);
void stats_add(pab_stats *sum, const pab_stats *add);
/* True once a limit, a callback error or a stop for this search's ticket
 * ended it. */
bool search_stopped(const search *sh);
/* True when the worker must unwind: search_stopped(), or the main thread
 * is done. */
bool search_halted(const search *sh);
/* A stop was made after `ticket` was taken (pab_searcher_ticket()). */
bool stop_requested(const rt_word *stops, uint64_t ticket);

/* ---- negascout.c: the recursive searches ----------------------------- */

/* ns_fn flags.  NS_ALGO is a bit the core passes on but never reads: the
 * algorithm that sets it gives it its meaning.  ns_move's scout_flags may
 * also carry NS_RESEARCH(NS_ALGO): the full-window re-search of a scout
 * that failed inside the window then gets NS_ALGO too (the scout itself
 * gets only the bits below NS_RESEARCH_SHIFT). */
#define NS_PV             0x1u /* open window: a PV node */
#define NS_ALGO           0x2u
#define NS_MARKED         0x4u /* the scout of a move its caller marked */
#define NS_EXCLUDE        0x8u /* a singular search: w->skip_at[ply] left out */
#define NS_RESEARCH_SHIFT 8
#define NS_RESEARCH(f)    ((f) << NS_RESEARCH_SHIFT)

/* What a child search returns when its entry hook declined to search it
 * (another thread has it): no value, but a score beyond infinity, which
 * no search returns (game.h keeps those for the library).  Its parent sees
 * -NS_DECLINED, never records it, and never searches the move again on its
 * strength. */
#define NS_DECLINED (PAB_SCORE_INF + 1)
/* No static value at a ply (eval_at). */
#define NS_NO_EVAL (PAB_SCORE_INF + 2)

/* A recursive node search: ns_search, or an algorithm's own. */
typedef pab_score_t (*ns_fn)(worker *w, pab_score_t alpha, pab_score_t beta,
                             int depth, int ply, unsigned flags);

/* The one way the core calls a node search (a child, or the root): with
 * diagnostics on, the node's occupancy ends when it returns. */
static inline pab_score_t ns_call(worker *w, ns_fn f, pab_score_t alpha,
                                  pab_score_t beta, int depth, int ply,
                                  unsigned flags)
{
    pab_score_t v = f(w, alpha, beta, depth, ply, flags);
    if (w->diag)
        diag_leave(w, ply);
    return v;
}

/* One NegaScout node in progress.  The algorithms assemble their node
 * searches from ns_begin, an entry hook, ns_expand, a move loop of
 * ns_move + ns_record, and ns_close.
 *
 * The table step has two hooks.  The entry hook runs once, after ns_begin
 * and before ns_expand: ns_probe, or an algorithm's own function of its
 * shape for its own table protocol; true settles the node, and an entry
 * that settles leaves nothing to undo.  An entry that takes the node over
 * in the table sets the exit hook, `settle`: the core then calls it
 * instead of the plain store, once, where that store would be (ns_expand
 * settling the node, ns_close), also when the search was stopped, where
 * the plain store stores nothing.  Neither is called when ns_close finds
 * that no move was searched (every move illegal, or stopped during the
 * first): the node's value then comes from the game. */
typedef struct ns_node ns_node;
#define NS_QUIETS_MAX 32
typedef void (*ns_settle_fn)(worker *w, const ns_node *nd);
struct ns_node {
    int depth, ply;
    unsigned flags;          /* NS_* */
    pab_score_t alpha0;      /* alpha on entry, for the stored bound */
    pab_score_t alpha, beta; /* the window, narrowed as moves improve */
    pab_score_t best;        /* fail-soft value so far */
    pab_move_t best_move;
    uint64_t key;
    pab_move_t tt_move;
    pab_move_t *moves; /* n moves, in search order */
    int n;
    pab_score_t terminal; /* value if no move is legal */
    bool in_check;
    bool futile;             /* quiet moves are pruned at this node */
    pab_score_t static_eval; /* corrected (config.correction_bits) */
    pab_score_t raw_eval;    /* evaluate()'s; NS_NO_EVAL: none taken */
    pab_score_t prune_eval;  /* static_eval as the pruning rules take it */
    int32_t *corr_slot;      /* the correction entry of static_eval, or
                              * NULL: not corrected (correction.c) */
    bool tt_noisy;           /* the table's move, searched, was not quiet */
    bool improving;          /* the static value rose since two plies before */
    /* The table's entry, for the singular extension: its draft (-1: no
     * entry), bound and score. */
    int tt_depth;
    pab_bound tt_bound;
    pab_score_t tt_score;
    pab_move_t excluded; /* NS_EXCLUDE: the move left out */
    int searched;        /* legal moves searched so far */
    /* The next move's rank in the node's order (for reductions and
     * pruning) is searched + rank_shift: moves put off for other threads
     * push it up, a put-off move taken back restores its own. */
    int rank_shift;
    int quiets_tried; /* quiet moves searched so far */
    bool in_bad;      /* ns_next is handing out the losing noisy moves */
    /* config.history_malus: the first quiet moves searched, which lose
     * history when a later move cuts off. */
    pab_move_t quiets[NS_QUIETS_MAX];
    int improved; /* index of the last move that raised alpha */
    /* The exit hook, or NULL for the plain store. */
    ns_settle_fn settle;
    /* ns_next's place: moves[next..n) are left of the stages generated;
     * `tried` is the table move searched before any (staged games). */
    int next;
    unsigned stage; /* NS_STAGE_*: what ns_next does next */
    pab_move_t tried;
    int end;            /* moves generated so far, at moves[0..end) */
    int bad, noisy_end; /* the noisy moves kept for after the quiet ones */
    /* config.diagnostics: another thread was inside when it began; the
     * algorithm had checked that nobody was. */
    bool diag_shared, diag_checked;
};

/* The stages of a staged node (ns_expand_staged), in order. */
enum {
    NS_STAGE_TABLE,
    NS_STAGE_NOISY,
    NS_STAGE_QUIET,
    NS_STAGE_BAD,
    NS_STAGE_DONE
};

/* An algorithm's marks around a scout search: starting before its first
 * null-window call, finished after its last. */
typedef struct ns_mark {
    void (*starting)(worker *w, void *arg);
    void (*finished)(worker *w, void *arg);
    void *arg;
} ns_mark;

/* Each returns true when the node is settled, its value in *value. */
bool ns_begin(worker *w, ns_node *nd, pab_score_t alpha, pab_score_t beta,
              int depth, int ply, unsigned flags, pab_score_t *value);
/* The default entry hook: the plain probe, a cutoff outside PV nodes. */
bool ns_probe(worker *w, ns_node *nd, pab_score_t *value);
/* Moves put off at this node to a later pass (sons declined, moves
 * deferred): a per-ply buffer of the worker. */
pab_move_t *ns_later(worker *w, const ns_node *nd);
/* Put move m off to a later pass, as the n-th of ns_later's buffer: it
 * keeps its rank in the order, and so do the moves after it, so a thread
 * that skips moves reduces and prunes each move as the serial search does. */
void ns_put_off(worker *w, ns_node *nd, pab_move_t m, int *n);
/* The i-th put-off move, its rank restored for the next ns_move. */
pab_move_t ns_take_back(worker *w, ns_node *nd, int i);
/* Generate and order every move (the algorithms that share the list). */
bool ns_expand(worker *w, ns_node *nd, ns_fn self, pab_score_t *value);
/* The same for a game that is not staged; for a staged one, below the
 * root, nothing is generated yet: ns_next generates stage by stage. */
bool ns_expand_staged(worker *w, ns_node *nd, ns_fn self, pab_score_t *value);
/* The next move of an expanded node in search order; false when there is
 * none left (or the game failed). */
bool ns_next(worker *w, ns_node *nd, pab_move_t *m);
/* Search move m as NegaScout does: the eldest with the full window, the
 * others with a scout (child called with scout_flags) and a full re-search
 * when it fails inside the window.  False when the move was skipped
 * (illegal or pruned). */
bool ns_move(worker *w, ns_node *nd, pab_move_t m, ns_fn child,
             unsigned scout_flags, const ns_mark *mark, pab_score_t *value);
/* Account a searched move's value; true on a cutoff. */
bool ns_record(worker *w, ns_node *nd, pab_move_t m, pab_score_t v);
/* Mate-distance pruning: close the window to the values a node at its
 * ply can have (distance-scored games); true when that settles it. */
bool ns_mate_distance(worker *w, ns_node *nd, pab_score_t *value);
/* Statistics and the table step out (exit hook or plain store); the
 * node's value. */
pab_score_t ns_close(worker *w, ns_node *nd);

pab_score_t ns_search(worker *w, pab_score_t alpha, pab_score_t beta, int depth,
                      int ply, unsigned flags);
/* quiesce.c: quiescence, and the horizon that calls it when it applies. */
pab_score_t ns_quiesce(worker *w, pab_score_t alpha, pab_score_t beta, int ply);
pab_score_t ns_horizon(worker *w, pab_score_t alpha, pab_score_t beta, int ply);
pab_score_t ns_plain(worker *w, pab_score_t alpha, pab_score_t beta, int depth,
                     int ply, unsigned flags);
/* How many legal root moves the search may play (config.root_moves
 * counted); *first is the first of them, PAB_MOVE_NONE if there is none
 * (then *terminal holds the position's value). */
unsigned ns_root_moves(worker *w, pab_move_t *first, pab_score_t *terminal);

/* ---- ns_moves.c: a node's moves ------------------------------------------ */

/* The worker's move buffer at `ply`. */
pab_move_t *moves_at(worker *w, int ply);
/* Every move at `ply` into moves_at(ply) (and the game's scores), the noisy
 * ones of a staged game first: *noisy of them.  The count, or -1 after a
 * game error (the worker has failed). */
int moves_generate(worker *w, int ply, pab_score_t *terminal, int *noisy);
/* Of the `n` moves generated at `ply`, only those `keep` allows, in their
 * order and with the game's scores beside them; *noisy becomes the count
 * of noisy ones kept (they still lead), since the ordering sorts and moves
 * that many.  The count kept. */
int moves_keep(worker *w, int ply, int n, int *noisy,
               bool (*keep)(const worker *, pab_move_t));
/* Quiescence's moves: generate_noisy(), or a staged game's noisy stage. */
bool moves_have_noisy(const pab_game *g);
int moves_generate_noisy(worker *w, int ply);
/* The search order of moves[0..n) (pab(7), MOVE ORDERING); a no-op with
 * move ordering off. */
void moves_order(worker *w, pab_move_t *moves, int n, int noisy, int ply,
                 pab_move_t tt_move);
/* A move late-move reductions and futility may touch (move_flags() 0). */
bool moves_reducible(worker *w, pab_move_t m);
bool moves_refutes(const worker *w, pab_move_t m, int ply);
/* The history index nothing has (no previous move). */
#define NO_INDEX UINT_MAX
/* The history value of the quiet move `m` at `ply` in the worker's
 * position (continuation history included). */
int32_t moves_history(worker *w, pab_move_t m, int ply);
/* A quiet move cut off: killers, countermove and history; and the quiet
 * moves searched before it (`tried`, n of them) lose history. */
void moves_reward(worker *w, pab_move_t m, int depth, int ply,
                  const pab_move_t *tried, int n);
/* The history and countermoves of `from` become this worker's (a helper
 * joining from's split point, config.split_adopt_depth); the killers,
 * which belong to from's path, stay. */
void moves_adopt(worker *w, const worker *from);

/* ---- correction history (correction.c) ---------------------------------- */

/* The worker's correction entry for its position, whose static value is
 * raw; NULL when the search keeps no tables or raw is no plain value. */
int32_t *corr_slot(worker *w, pab_score_t raw);
/* raw corrected by the entry (raw itself for NULL). */
pab_score_t corr_apply(const int32_t *slot, pab_score_t raw);
/* ns_close: the node's searched value teaches its entry. */
void corr_learn(worker *w, const ns_node *nd);

/* ---- the algorithms: one file each, one descriptor each ---------------- */

/* What an algorithm needs from the search that runs it. */
enum {
    ALGO_PARALLEL = 1u << 0,       /* may run on more than one thread */
    ALGO_TABLE_ALWAYS = 1u << 1,   /* the table is its scheduler: never off */
    ALGO_TABLE_IN_PLAIN = 1u << 2, /* threads share work through the table,
                                    * so plain mode keeps it */
    ALGO_CS_TABLE = 1u << 3,       /* Kerrigan's currently-searching table */
    ALGO_SPLIT_POINTS = 1u << 4,   /* splitpoint.c's split points */
    ALGO_SIMULATED = 1u << 5       /* runs on virtual processors */
};

/* One algorithm.  run() runs one search: the workers are set up,
 * workers[0]'s position is the root, which has a legal move, and
 * max_depth >= 1; it fills sh->result from the main worker's completed
 * iterations. */
typedef struct algorithm {
    const char *name; /* as pab_algorithm_from_name() reads it */
    int (*run)(search *sh);
    unsigned needs; /* ALGO_* */
} algorithm;

extern const algorithm algo_serial, algo_abdada, algo_simplified_abdada,
    algo_ybwc, algo_jamboree, algo_lazy_smp, algo_pvsplit, algo_dts;

/* algorithms.c: the only list of them.  The descriptor of a valid
 * pab_algorithm, NULL for any other value. */
const algorithm *algorithm_of(int id);

/* ---- iterate.c: the driver the algorithms share ------------------------ */

/* Iterative deepening with aspiration windows on one worker, each
 * iteration a call of `root` at ply 0 (in plain mode one fixed depth,
 * with the full window).  Iteration d searches depth d + depth_offset.
 * The main worker (report) records each completed iteration in
 * sh->result. */
void iterate(worker *w, ns_fn root, int depth_offset, bool report);
/* Every thread from the root (Weill's "all processors start the search
 * simultaneously at the root"): worker i runs iterate(root, offset(i));
 * the helpers stop when the main worker is done. */
int run_from_root(search *sh, ns_fn root,
                  int (*offset)(const search *, unsigned));
/* Wall time since the search started, in ms. */
uint64_t search_elapsed_ms(const search *sh);
/* Depth 0 or a root without moves: the result without a tree search. */
void answer_without_search(worker *w, pab_move_t first, pab_score_t terminal);

/* ---- perft.c ----------------------------------------------------------- */

/* Count the leaves below `state`; with `stops` set, give up with
 * PAB_ESTOPPED once stop_requested(stops, ticket). */
int perft_run(const pab_game *game, const void *state, int depth,
              unsigned flags, const rt_word *stops, uint64_t ticket,
              uint64_t *count);

#endif /* PAB_INTERNAL_H */

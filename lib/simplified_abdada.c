/*
 * simplified-abdada: Tom Kerrigan's Simplified ABDADA (2017), on the shared
 * NegaScout.  Every thread runs iterative deepening from the root; before a
 * thread searches a younger son at depth >= config.defer_depth (Kerrigan's
 * DEFER_DEPTH) it asks the currently-searching table (pab_cs, Kerrigan's
 * n-way table) whether another thread is searching that move in this
 * position (the move hash of note 4).  If so it defers the move to the end
 * of the node and searches something else meanwhile -- never waiting.
 * Otherwise it marks the move for the duration of its null-window search
 * (an ns_mark around ns_move's scout); its table step is the plain one.
 *
 * A deferred move keeps its rank in the node's order (ns_put_off), and the
 * moves after it keep theirs: late-move reductions and pruning treat every
 * move as the serial search does, whichever thread searches it and in
 * which pass.  (Counting only the moves a thread has searched itself, a
 * thread that defers four moves would search the sixth unreduced.)
 *
 * Not marked, as notes 5.1-5.3 say: the first move (every thread searches
 * it first anyway), the full re-search after a null-window fail (others
 * should help it, not avoid it), and deferred moves searched at the end
 * (probably already done, or failing high and worth helping).
 *
 * Races: the table is a hint.  A stale or torn answer only makes a thread
 * defer a move it could have searched, or search a move someone else is on
 * (note 3); deferred moves are always searched in the end, so values never
 * depend on the table.  The table's own races (notes 3.1, 3.2) are handled
 * in cs.c.  Everything else is the transposition table's (tt.c) or the
 * worker's own.
 */
#include "config.h"

#include "internal.h"

typedef struct marked_move {
    pab_cs *cs;
    uint64_t hash;
    int depth;
} marked_move;

static void starting(worker *w, void *arg)
{
    marked_move *mm = arg;
    pab_cs_starting(mm->cs, mm->hash, mm->depth);
}

static void finished(worker *w, void *arg)
{
    marked_move *mm = arg;
    pab_cs_finished(mm->cs, mm->hash, mm->depth);
}

static pab_score_t sabdada(worker *w, pab_score_t alpha, pab_score_t beta,
                           int depth, int ply, unsigned flags)
{
    ns_node nd;
    pab_score_t v;
    if (ns_begin(w, &nd, alpha, beta, depth, ply, flags, &v) ||
        ns_probe(w, &nd, &v) || ns_expand_staged(w, &nd, sabdada, &v))
        return v;
    pab_cs *cs = w->cs; /* the search's, or its machine's (sim_cluster.c) */
    int deferred_n = 0;
    marked_move mm = {.cs = cs, .depth = depth};
    const ns_mark mark = {starting, finished, &mm};

    pab_move_t m;
    while (ns_next(w, &nd, &m)) {
        const ns_mark *marks = NULL;
        /* Note 5.1: never the first move; and the table ignores moves
         * below DEFER_DEPTH, so they are not marked either. */
        if (nd.searched > 0 && depth >= w->sh->cfg.defer_depth) {
            mm.hash = pab_cs_move_hash(nd.key, m);
            if (pab_cs_defer(cs, mm.hash, depth)) {
                ns_put_off(w, &nd, m, &deferred_n);
                w->stats.deferrals++;
                if (w->diag) /* the son's depth */
                    w->by_depth[diag_depth(depth - 1)].deferrals++;
                continue;
            }
            marks = &mark;
        }
        if (!ns_move(w, &nd, m, sabdada, 0, marks, &v))
            continue;
        if (w->aborted)
            return ns_close(w, &nd);
        if (ns_record(w, &nd, m, v))
            return ns_close(w, &nd);
    }
    for (int i = 0; i < deferred_n; i++) { /* note 5.3: unmarked */
        m = ns_take_back(w, &nd, i);
        if (!ns_move(w, &nd, m, sabdada, 0, NULL, &v))
            continue;
        if (w->aborted || ns_record(w, &nd, m, v))
            break;
    }
    return ns_close(w, &nd);
}

static int simplified_abdada_run(search *sh)
{
    const pab_config *c = &sh->cfg;
    pab_cs *cs;
    int rc = pab_cs_create(&cs, c->cs_size, c->cs_ways, c->defer_depth);
    if (rc < 0)
        return rc;
    if (sh->hooks != NULL && sh->hooks->cs_created != NULL)
        rc = sh->hooks->cs_created(cs, c, sh->hooks->user);
    if (rc == 0)
        rc = sim_cluster_cs(sh, cs);
    if (rc < 0) {
        sim_cluster_cs_close(sh);
        pab_cs_destroy(cs);
        return rc;
    }
    sh->algo = cs;
    rc = run_from_root(sh, sabdada, NULL);
    sim_cluster_cs_close(sh);
    pab_cs_destroy(cs);
    sh->algo = NULL;
    return rc;
}

const algorithm algo_simplified_abdada = {
    "simplified-abdada", simplified_abdada_run,
    ALGO_PARALLEL | ALGO_TABLE_IN_PLAIN | ALGO_CS_TABLE | ALGO_SIMULATED};

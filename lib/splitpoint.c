/*
 * splitpoint: the machinery of the two algorithms that divide the work of
 * one node among threads, YBWC (ybwc.c, Feldmann's Young Brothers Wait
 * Concept as the 2001 parallel alpha-beta thesis describes it in 3.4) and
 * Jamboree (jamboree.c, Kuszmaul's algorithm).
 *
 * Files.  This file holds the move loop at a node that may be split, the
 * helping loop (help_until) every waiting thread runs, the end of a split
 * node, aborts, the top of every node and the threads; below it
 * sp_node.c (a split point's life), sp_work.c (requests, looking for
 * work), sp_policy_*.c (the join policies), sp_sleep.c (sleeping and
 * waking) and sp_move.c (the pieces of a move); sp_internal.h lists them.
 * The design below covers them all.
 *
 * Frames.  Each thread runs ordinary recursive node searches.  Every node
 * it owns registers itself as a frame (sp_frame, on the thread's stack) in
 * the thread's frame table, by ply.  The frames of the path from the
 * thread's starting point down to the current node are all the thread
 * needs to hand work out later; registering costs a pointer store.
 * A frame of a staged game walks its moves stage by stage (ns_next), as
 * the serial search does, until it has searched its eldest son at a depth
 * where it may split; then the moves taken and the moves left become one
 * list (flatten), which a split point copies.  Most nodes are left at
 * their eldest son and never generate their quiet moves.
 *
 * Asking for work.  An idle thread chooses a busy thread (at random, or
 * the owner of the highest open split point for PAB_SPLIT_HIGHEST) and
 * either joins an open split point of that thread with moves left, or
 * posts a request in the thread's request word.  The busy thread answers
 * at the top of its next node (enter()): it picks the highest frame of
 * its path that the algorithm allows to split (depth >= split_min_depth,
 * `need` moves searched, moves left) and opens a split point there,
 * Feldmann's "the node highest in the tree is selected as the split
 * point".  Opening copies the position: the thread's current position,
 * with the moves of the frames below taken back (each frame knows the move
 * it is searching, or that a null move led on).  The answer books the
 * asking thread into the split point.  Work is so created only on demand,
 * as in lazy task creation: a node nobody asks for costs nothing.
 *
 * Split points.  A split point holds a copy of the position, the moves and
 * the index of the next one to hand out, the node record (window, best
 * value and move, principal variation) under its lock, a mirror of alpha
 * that anyone may read, the number of threads working there (the owner
 * included), a cut word, and the parent: the split point next above on the
 * path.  The owner opened it in the middle of one of its moves; that move
 * finishes as any other.  Threads take one move at a time and record its
 * value in the node record; the owner never leaves the node while another
 * thread works there, and helps meanwhile (the helpful master: it joins
 * split points below its own, or asks the threads working below it).
 *
 * Each thread keeps its open split points in a per-thread deque ordered by
 * ply: the owner pushes and pops at the deep end, thieves look from the
 * high end, so what they take is the biggest piece of work.  For Jamboree
 * this is the work-stealing scheduler: the deque entries are the pending
 * iterations of its parallel loops (each claimed one at a time), stolen
 * from a random victim.
 *
 * Aborts.  A cutoff at a split point sets its cut word.  Every thread keeps
 * the chain of split points above its current node (its head and their
 * parents) and walks it at every node (enter()): a cut anywhere above
 * sets w->aborted and remembers the split point, the thread unwinds
 * without storing anything, and the level that works at that split point
 * clears the abort and stops taking moves there.  An owner that must
 * unwind itself (a stop, a cut higher up) sets the cut word of its split
 * point first, so its helpers stop too, and waits for them.
 *
 * Ordering.  Each thread orders moves with its own killers, history and
 * countermoves.  A helper joining a split point deep enough
 * (split_adopt_depth) first copies the owner's history and countermoves
 * (moves_adopt): what it learnt elsewhere orders this subtree worse than
 * what the owner learnt on the path to it.  The owner keeps writing its
 * tables meanwhile; every entry is a shared 32-bit word, so the copy is
 * a mix of the owner's older and newer values, each one it held, which
 * is all an ordering heuristic needs.
 *
 * Bounds.  Whoever raises the node's alpha publishes it; every thread
 * re-reads it before each move it takes.  Further, with restart_obsolete
 * (YBWC), a thread whose null-window test at a split point was started
 * with an alpha that is now lower than the split point's sees that at its
 * next node, abandons the test and starts it again with the new window
 * (what it completed below is in the table).  In plain mode, which has
 * no null windows and no table, the bounds travel down instead, as the
 * thesis' PABSim sends a raised score through the subtree below a split
 * node (TRANSLB and TRANSUB, section 6.4.3): every node takes, on entry
 * and before each move, the tightest bound the split points above it now
 * hold on its side (an alpha from those an even number of plies up, a
 * beta from the others), and one whose window that closes returns at once
 * -- its value can no longer matter above.  Such a value is not a bound on
 * the node's own minimax value, so it is never stored: plain mode keeps
 * no table for these algorithms.  Without it a helper kept, all through
 * its subtree, the alpha its move started with, and the trees of random
 * orderings grew half as much again as PABSim's (BENCHMARKS.md, table
 * 6.8).
 *
 * Waiting.  Nobody spins for long: an idle thread searches for work and
 * yields between tries, then sleeps on its own condition variable.
 * Whoever publishes something a sleeper may wait for (new work, a helper
 * leaving, a move done, a cut, the end) wakes it.  A busy thread that
 * sees sleeping idle threads opens its highest possible split point now
 * and then, and wakes them.
 *
 * Why the races are safe.  Split points are never freed during a search:
 * a closed one goes back to its owner's free list and may open again for
 * another node.  So a stale pointer (in a deque, in a request answer) is
 * never dangling; every use of one that matters happens under the split
 * point's lock after checking that it is open and has moves left, and a
 * node's owner opens, initialises and closes it under that lock.  A
 * split point outlives everything below it: its owner waits until its
 * worker count is back to one, and a thread leaves only after unwinding.
 * The chain walk reads parent words that only ever point to shallower,
 * still open split points.  The unlocked words (cut, alpha, left, ply,
 * open) are hints or monotone: a stale cut or alpha only delays an abort
 * or a tighter window by a node.  Requests are owned by whoever clears
 * the request word by compare-and-swap: the asker withdrawing or the
 * asked thread answering, never both.  Sleeping uses the Dekker pattern:
 * a sleeper announces itself with a full barrier and then checks its
 * condition once more; a waker publishes with a full barrier and then
 * looks for sleepers.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sp_internal.h"

/* ---- aborts -------------------------------------------------------------- */

static void abort_to(worker *w, split_point *sp, bool restart)
{
    sp_thread *t = me(w);
    w->aborted = true;
    t->unwind = sp;
    t->unwind_ply = ply_of(sp);
    t->restart = restart;
    w->stats.aborts++;
}

/* Our move at `sp` is a test started below the alpha it has now. */
static bool obsolete_at(const sp_thread *t, const split_point *sp)
{
    const int p = ply_of(sp);
    if (p < t->base)
        return false; /* not our move: a split point of an outer context */
    const sp_frame *f = t->frame[p];
    return f->sp == sp && f->scouting && load_score(&sp->alpha) > f->move_alpha;
}

/* The walk at every node: the highest split point on our path that is cut
 * (or whose test of ours is obsolete) is where we unwind to. */
static bool check_chain(worker *w)
{
    sp_thread *t = me(w);
    const bool restarts = t->s->algo->restart_obsolete && !w->sh->cfg.plain;
    split_point *hit = NULL;
    bool restart = false;
    for (split_point *sp = t->head; sp != NULL; sp = load_sp(&sp->parent)) {
        if (is_cut(sp)) {
            hit = sp;
            restart = false;
        } else if (restarts && obsolete_at(t, sp)) {
            hit = sp;
            restart = true;
        }
    }
    if (hit == NULL)
        return false;
    abort_to(w, hit, restart);
    return true;
}

/* A cut above `sp`: its value will not be used. */
static void check_above(worker *w, const split_point *sp)
{
    split_point *hit = NULL;
    for (split_point *x = load_sp(&sp->parent); x != NULL;
         x = load_sp(&x->parent))
        if (is_cut(x))
            hit = x;
    if (hit != NULL)
        abort_to(w, hit, false);
}

/* Back from working below `at` (NULL: from the idle loop), aborted: keep
 * the abort if it concerns `at` (when keep_at) or lies above it. */
static void settle(worker *w, const split_point *at, bool keep_at)
{
    sp_thread *t = me(w);
    if (!w->aborted || search_halted(w->sh))
        return;
    if (at != NULL) {
        if (t->unwind == at ? keep_at : t->unwind_ply < ply_of(at))
            return;
    }
    w->aborted = false;
    t->unwind = NULL;
}

/* ---- the move loop
 * ----------------------------------------------------------- */

static void moves(worker *w, sp_frame *f);

/* Plain mode's bounds from above ("Bounds"): only without a table, where
 * the value of a node cut short is never kept. */
static bool bounds_travel(const worker *w)
{
    return w->sh->cfg.plain && w->tt == NULL && me(w)->head != NULL;
}

/* Tighten the window of a node at `ply` by the split points above it;
 * true when it closes (then *alpha is a value that cannot matter). */
static bool tighten(worker *w, int ply, pab_score_t *alpha, pab_score_t *beta)
{
    for (split_point *sp = me(w)->head; sp != NULL; sp = load_sp(&sp->parent)) {
        const pab_score_t a = load_score(&sp->alpha);
        if ((ply - ply_of(sp)) % 2 == 0) {
            if (a > *alpha)
                *alpha = a;
        } else if (-a < *beta) {
            *beta = -a;
        }
    }
    return *alpha >= *beta;
}

/* A node of our own (not split) whose window the bounds from above closed
 * between two moves stops there. */
static bool closed_from_above(worker *w, sp_frame *f)
{
    if (f->sp != NULL || f->nd.searched == 0 || !bounds_travel(w))
        return false;
    pab_score_t lo = f->nd.alpha, hi = f->nd.beta;
    if (!tighten(w, f->nd.ply, &lo, &hi))
        return false;
    f->nd.best = lo;
    return true;
}

/* config.split_adopt_depth: a helper's own history was learnt wherever it
 * worked last; the owner's, on the path to this node, orders the subtree
 * below it better.  The copy reads two of the owner's lines and writes
 * two of the helper's per 32 move indices (512 lines in chess), more
 * than the smallest split points save: on 16 simulated processors, 2 and
 * 4 plies cost more than 6 and 8 (BENCHMARKS.md). */
static bool adopts(const worker *w, const split_point *sp, int depth)
{
    const int at = w->sh->cfg.split_adopt_depth;
    return at > 0 && depth >= at && sp->owner != w;
}

/* Work at `sp`, where we are booked, until it has no moves left for us. */
static void work_at(worker *w, split_point *sp)
{
    sp_thread *t = me(w);
    sp_frame f;
    rt_mutex_lock(&sp->lock);
    f.nd = sp->node;
    f.kind = sp->kind;
    f.need = sp->need;
    f.type = sp->type;
    f.wait = sp->wait;
    f.alternate = sp->alternate;
    rt_mutex_unlock(&sp->lock);
    const int ply = f.nd.ply;
    f.nd.moves = sp->moves;
    f.sp = sp;
    f.helper = true;
    f.expanding = false;
    f.staged = false;
    f.next = 0;
    f.cur = -1;
    f.cur_move = PAB_MOVE_NONE;
    f.move_alpha = f.nd.alpha;
    f.scouting = false;

    const int base = t->base;
    split_point *head = t->head;
    sp_frame *under = t->frame[ply];
    const uint64_t busy = rt_load(&t->busy);
    if (sp_load_position(w, sp->state)) {
        if (adopts(w, sp, f.nd.depth))
            moves_adopt(w, sp->owner);
        t->frame[ply] = &f;
        t->base = ply;
        set_head(t, sp);
        rt_store(&t->busy, 1);
        moves(w, &f);
    }
    t->frame[ply] = under;
    t->base = base;
    set_head(t, head);
    rt_store(&t->busy, busy);
    rt_fetch_add(&sp->workers, (uint64_t)-1); /* sp may close now */
    sp_notify_at(t, sp);
}

static void refresh(sp_frame *f)
{
    const pab_score_t a = load_score(&f->sp->alpha);
    /* A value at beta or above means a cut we will see in a moment. */
    if (a > f->nd.alpha && a < f->nd.beta)
        f->nd.alpha = a;
}

/* The number of moves the young brothers of frame f wait for. */
static int need_of(const worker *w, const sp_frame *f)
{
    const sp_algo *a = shared(w)->algo;
    return a->need != NULL ? a->need(w, f) : 1;
}

/* A staged frame that may split from now on: the moves it has taken (kept
 * in ns_later) and every move still to come, in the order ns_next gives
 * them, become one list, as ns_expand would have made it.  Generation
 * waits until here because most nodes are left at their eldest son: the
 * serial search's saving, kept for the nodes that never split. */
static void flatten(worker *w, sp_frame *f)
{
    ns_node *nd = &f->nd;
    pab_move_t *list = ns_later(w, nd), m;
    const int cap = (int)w->sh->capacity;
    int n = f->next;
    while (ns_next(w, nd, &m)) {
        if (n == cap) { /* more moves than the game's buffer holds */
            worker_fail(w, PAB_EGAME);
            return;
        }
        list[n++] = m;
    }
    memcpy(nd->moves, list, sizeof *list * (size_t)n);
    nd->n = n;
    nd->stage = NS_STAGE_DONE;
    f->staged = false;
    f->need = need_of(w, f);
}

/* A staged frame's next move, kept for flatten(). */
static bool claim_staged(worker *w, sp_frame *f)
{
    if (!ns_next(w, &f->nd, &f->cur_move))
        return false;
    if (f->next < (int)w->sh->capacity)
        ns_later(w, &f->nd)[f->next] = f->cur_move;
    f->cur = f->next++;
    return true;
}

/* The next move of frame f into f->cur and f->cur_move; false when none
 * is left for us. */
static bool claim(worker *w, sp_frame *f)
{
    split_point *sp = f->sp;
    if (f->staged && f->nd.searched > 0 && splittable(w, f) &&
        f->next < (int)w->sh->capacity)
        flatten(w, f);
    if (f->staged)
        return claim_staged(w, f);
    if (sp == NULL) {
        if (f->next >= f->nd.n)
            return false;
        f->cur = f->next++;
        f->cur_move = f->nd.moves[f->cur];
        return true;
    }
    int i = -1;
    rt_mutex_lock(&sp->lock);
    if (!is_cut(sp) && sp->next < sp->n) {
        i = sp->next++;
        rt_store(&sp->left, (uint64_t)(sp->n - sp->next));
    }
    rt_mutex_unlock(&sp->lock);
    if (i < 0)
        return false;
    refresh(f);
    f->nd.searched = i; /* the moves before it, for reductions */
    f->nd.best = -PAB_SCORE_INF;
    f->cur = i;
    f->cur_move = f->nd.moves[i];
    return true;
}

/* Move i of the split point is done (under its lock): true when the
 * moves done without a gap from the first grew. */
static bool complete(split_point *sp, int i)
{
    sp->done[i] = 1;
    const int old = (int)rt_load(&sp->prefix);
    int p = old;
    while (p < sp->n && sp->done[p])
        p++;
    if (p == old)
        return false;
    rt_store_release(&sp->prefix, (uint64_t)p);
    return true;
}

/* Account the value of the move just searched; true on a cutoff. */
static bool record(worker *w, sp_frame *f, pab_score_t v)
{
    split_point *sp = f->sp;
    if (sp == NULL)
        return ns_record(w, &f->nd, f->cur_move, v);
    const int ply = f->nd.ply;
    rt_mutex_lock(&sp->lock);
    const pab_score_t before = sp->node.alpha;
    const bool cut = ns_record(w, &sp->node, f->cur_move, v);
    if (cut)
        rt_store_release(&sp->cut, 1);
    if (sp->node.alpha > before) {
        store_score(&sp->alpha, sp->node.alpha);
        sp->pv_len = w->pv_len[ply]; /* ns_record just made our line */
        memcpy(sp->pv, w->pv[ply], sizeof(pab_move_t) * sp->pv_len);
    }
    if (w->seldepth > sp->seldepth)
        sp->seldepth = w->seldepth;
    const bool advanced = complete(sp, f->cur);
    rt_mutex_unlock(&sp->lock);
    if (cut)
        sp_notify_cut(me(w));
    else if (advanced)
        sp_notify_at(me(w), sp);
    return cut;
}

/* The move was skipped: only a futility bound may be left to account. */
static void skip(worker *w, sp_frame *f)
{
    split_point *sp = f->sp;
    if (sp == NULL)
        return;
    rt_mutex_lock(&sp->lock);
    if (f->nd.best > sp->node.best)
        sp->node.best = f->nd.best;
    const bool advanced = complete(sp, f->cur);
    rt_mutex_unlock(&sp->lock);
    if (advanced)
        sp_notify_at(me(w), sp);
}

/* After an aborted move: search it again (an obsolete test), stop at this
 * split point (it is cut; the abort is cleared), or unwind further (the
 * abort stays). */
typedef enum { AGAIN, STOP } verdict;

static verdict absorb(worker *w, const sp_frame *f)
{
    sp_thread *t = me(w);
    if (f->sp == NULL || t->unwind != f->sp || search_halted(w->sh))
        return STOP;
    w->aborted = false;
    t->unwind = NULL;
    return t->restart && !is_cut(f->sp) ? AGAIN : STOP;
}

/* The move loop, for the owner of a node (split or not) and for helpers
 * alike. */
static void moves(worker *w, sp_frame *f)
{
    const sp_algo *a = shared(w)->algo;
    while (!closed_from_above(w, f) && claim(w, f)) {
        if (f->sp == NULL && !f->helper && shared(w)->select)
            sp_offer(w, f); /* DTS's shared area: our path */
        pab_score_t v = 0;
        bool searched;
        for (;;) {
            f->move_alpha = f->nd.alpha;
            f->scouting = false;
            searched = a->move != NULL ? a->move(w, f, &v)
                                       : sp_negascout_move(w, f, sp_node, &v);
            f->scouting = false;
            if (!w->aborted)
                break;
            if (absorb(w, f) != AGAIN)
                return;
            refresh(f);
        }
        if (searched ? record(w, f, v) : (skip(w, f), false))
            return;
    }
}

/* Work for an idle thread (below `above` for a waiting one), booked: a
 * waiting thread always looks for the highest below it; an idle one as
 * the split policy says. */
static split_point *find_work(worker *w, const split_point *above)
{
    if (shared(w)->select)
        return sp_find_select(w, above);
    if (above != NULL || shared(w)->highest)
        return sp_find_highest(w, above);
    return sp_find_random_owner(w);
}

/* ---- helping while waiting -------------------------------------------- */

/* A thread with nothing of its own to do -- a helper between jobs, an
 * owner waiting for its helpers, Jamboree waiting for earlier moves --
 * looks for work below `at` (anywhere when NULL), runs it, and looks
 * again, yielding and then napping while there is none, until over()
 * says the wait is over.  The time it spends without work is counted
 * here, and only here, as idle time. */
typedef struct helping {
    split_point *at;
    bool (*over)(worker *w, const struct helping *h);
    /* NULL, or whether it may look for work now (it still yields). */
    bool (*may_look)(worker *w, const struct helping *h);
    ready_fn ready; /* what wakes its nap */
    int arg;        /* for over and ready */
    bool keep_at;   /* settle()'s: a cut at `at` does not end the wait */
    bool not_busy;  /* counts as not busy meanwhile (thieves may ask) */
    bool owner;     /* an owner waiting for its helpers (split_wait_ns) */
} helping;

static void count_idle(worker *w, const helping *h, uint64_t since)
{
    const uint64_t ns = rt_now_ns() - since;
    w->stats.idle_ns += ns;
    if (h->owner)
        w->split_wait_ns += ns;
}

/* True if it worked somewhere (its position then is not the node's). */
static bool help_until(worker *w, const helping *h)
{
    sp_thread *t = me(w);
    const uint64_t busy = h->not_busy ? rt_load(&t->busy) : 0;
    bool moved = false;
    int tries = 0;
    uint64_t t0 = rt_now_ns();
    if (h->not_busy)
        rt_store(&t->busy, 0);
    while (!h->over(w, h)) {
        sp_refuse(t);
        if (h->may_look == NULL || h->may_look(w, h)) {
            split_point *x = find_work(w, h->at);
            if (x != NULL) {
                count_idle(w, h, t0);
                work_at(w, x);
                settle(w, h->at, h->keep_at);
                moved = true;
                tries = 0;
                t0 = rt_now_ns();
                continue;
            }
        }
        if (++tries < IDLE_TRIES) {
            rt_yield();
        } else {
            sp_nap(w, h->at, h->ready, h->arg);
            tries = 0;
        }
    }
    count_idle(w, h, t0);
    if (h->not_busy)
        rt_store(&t->busy, busy);
    return moved;
}

/* ---- the end of a split node -------------------------------------------- */

static bool helpers_gone(worker *w, split_point *sp, int arg)
{
    (void)arg;
    return rt_load_acquire(&sp->workers) <= 1 || sp_work_below(w, sp);
}

static bool helpers_left(worker *w, const helping *h)
{
    (void)w;
    return rt_load_acquire(&h->at->workers) <= 1;
}

/* An owner whose node is cut, or a search that is over, waits idle. */
static bool owner_may_look(worker *w, const helping *h)
{
    return !w->aborted && !is_cut(h->at) && !search_halted(w->sh);
}

/* The helpful master: until the last helper has left `sp`, work below it
 * where they are. */
static void wait_helpers(worker *w, split_point *sp)
{
    if (rt_load_acquire(&sp->workers) <= 1)
        return;
    const helping h = {.at = sp,
                       .over = helpers_left,
                       .may_look = owner_may_look,
                       .ready = helpers_gone,
                       .not_busy = true,
                       .owner = true};
    if (help_until(w, &h))
        sp_load_position(w, sp->state);
}

/* Wait until no helper is left at sp, then close it (under its lock, so
 * that nobody books in afterwards).  A thread may book in between the end
 * of the wait and the lock -- the node can still have moves for it -- and
 * then the owner waits again: closing with it inside would free the
 * position it is about to copy (found by the simulator with MSI memory
 * and timing noise: Jamboree on 16 virtual processors read a NULL
 * position). */
static void close_when_alone(worker *w, split_point *sp)
{
    for (;;) {
        wait_helpers(w, sp);
        rt_mutex_lock(&sp->lock);
        if (rt_load(&sp->workers) <= 1) {
            rt_store_release(&sp->open, 0);
            rt_mutex_unlock(&sp->lock);
            return;
        }
        rt_mutex_unlock(&sp->lock);
    }
}

/* Close our split point at frame f: everyone else has left; the node's
 * record becomes ours again. */
static void finish(worker *w, sp_frame *f)
{
    sp_thread *t = me(w);
    split_point *sp = f->sp;
    const int ply = f->nd.ply;
    if (w->aborted) { /* we unwind: everyone below stops too */
        rt_store_release(&sp->cut, 1);
        sp_notify_cut(t);
    }
    close_when_alone(w, sp);
    /* Helpers that unwound (a cut above, the stop) left their moves half
     * done: then so is the node, and it must not be stored. */
    if (!w->aborted && search_halted(w->sh))
        w->aborted = true;
    if (!w->aborted)
        check_above(w, sp);
    rt_mutex_lock(&sp->lock);
    pab_move_t *own = f->nd.moves;
    f->nd = sp->node;
    f->nd.moves = own;
    w->pv_len[ply] = sp->pv_len;
    memcpy(w->pv[ply], sp->pv, sizeof(pab_move_t) * sp->pv_len);
    if (sp->seldepth > w->seldepth)
        w->seldepth = sp->seldepth;
    rt_mutex_unlock(&sp->lock);
    sp_deque_remove(t, sp);
    set_head(t, load_sp(&sp->parent));
    f->sp = NULL;
    sp_put(w, sp);
}

/* ns_expand_staged for a node on split points: a staged game's moves come
 * stage by stage, as in the serial search, until the node has searched
 * its eldest at a depth where it may split; then what is left is
 * generated into one list a split point can share (flatten). */
static bool expand(worker *w, sp_frame *f, ns_fn self, pab_score_t *value)
{
    if (ns_expand_staged(w, &f->nd, self, value))
        return true;
    f->staged = f->nd.stage != NS_STAGE_DONE;
    if (!f->staged)
        f->need = need_of(w, f);
    return false;
}

/* The move loop, split or not, and the end of the node (ns_close). */
static pab_score_t search_moves(worker *w, sp_frame *f)
{
    f->expanding = false;
    moves(w, f);
    if (shared(w)->select && !f->helper)
        sp_withdraw(w, f);
    if (f->sp != NULL)
        finish(w, f);
    if (w->aborted)
        return 0;
    return ns_close(w, &f->nd);
}

/* ---- Jamboree's ordered wait -------------------------------------------- */

static bool earlier_done(worker *w, split_point *sp, int i)
{
    return (int)rt_load_acquire(&sp->prefix) >= i || is_cut(sp) ||
           search_halted(w->sh) || sp_work_below(w, sp);
}

/* Jamboree's wait is over when the earlier moves are done, or when the
 * search unwinds. */
static bool earlier_over(worker *w, const helping *h)
{
    if ((int)rt_load_acquire(&h->at->prefix) >= h->arg)
        return true;
    if (search_halted(w->sh))
        w->aborted = true;
    return w->aborted || check_chain(w);
}

bool sp_wait_earlier(worker *w, sp_frame *f)
{
    split_point *sp = f->sp;
    if (sp == NULL)
        return true; /* alone at the node: the earlier moves are done */
    const helping h = {.at = sp,
                       .over = earlier_over,
                       .ready = earlier_done,
                       .arg = f->cur,
                       .keep_at = true,
                       .not_busy = true};
    if (help_until(w, &h)) /* back to the node, whatever happens next */
        sp_load_position(w, sp->state);
    return !w->aborted;
}

/* ---- the top of every node
 * --------------------------------------------------- */

/* At the top of every node search: notice a cutoff (or an obsolete
 * window) at a split point above, answer a thread asking for work.  True
 * when the node must unwind at once (w->aborted is set). */
static bool enter(worker *w, int ply, unsigned flags)
{
    sp_thread *t = me(w);
    if (w->aborted)
        return true;
    /* A full-window child: its parent's test is over (a re-search). */
    if ((flags & NS_PV) && ply > 0 && ply - 1 >= t->base)
        t->frame[ply - 1]->scouting = false;
    if (t->head != NULL && check_chain(w))
        return true;
    const uint64_t r = rt_load_acquire(&t->request);
    if (r != 0) {
        sp_serve(w, ply, r);
    } else if (--t->offer <= 0) {
        /* Every OFFER_NODES nodes: if idle threads sleep, wake them with
         * work.  (Not at every node: every sleep and wake writes that
         * word, and every thread reading it at every node would miss in
         * its cache each time.) */
        t->offer = OFFER_NODES;
        split_point *sp = rt_load(&t->s->idle_sleepers) != 0
                              ? sp_work_for(w, ply, NULL, -1)
                              : NULL;
        if (sp != NULL)
            sp_notify_work(t, sp);
    }
    return w->aborted;
}

/* ---- the node search ---------------------------------------------------- */

pab_score_t sp_node(worker *w, pab_score_t alpha, pab_score_t beta, int depth,
                    int ply, unsigned flags)
{
    const sp_algo *a = shared(w)->algo;
    sp_frame f;
    pab_score_t v;
    if (enter(w, ply, flags))
        return 0;
    if (bounds_travel(w) && tighten(w, ply, &alpha, &beta))
        return alpha;
    if (ns_begin(w, &f.nd, alpha, beta, depth, ply, flags, &v) ||
        ns_probe(w, &f.nd, &v))
        return v;
    sp_open(w, &f);
    if (a->type != NULL)
        a->type(w, &f, ply, flags);
    if (expand(w, &f, sp_node, &v))
        return v;
    return search_moves(w, &f); /* the first moves alone; then maybe shared */
}

/* ---- the threads --------------------------------------------------------- */

static bool any_work(worker *w, split_point *on, int arg)
{
    (void)on;
    (void)arg;
    return search_halted(w->sh) || rt_load(&me(w)->request) != 0 ||
           sp_work_below(w, NULL);
}

/* A helper between jobs is done when the search is; it refuses any
 * request still pending before it goes. */
static bool search_over(worker *w, const helping *h)
{
    (void)h;
    if (!search_halted(w->sh))
        return false;
    sp_refuse(me(w));
    return true;
}

/* A helper between jobs: look for work until the search is over. */
static void idle(worker *w)
{
    const helping h = {.over = search_over, .ready = any_work};
    help_until(w, &h);
}

static void job(unsigned index, void *arg)
{
    sp_shared *s = arg;
    worker *w = &s->sh->workers[index];
    if (index != 0) {
        idle(w);
        return;
    }
    rt_store(&me(w)->busy, 1);
    iterate(w, sp_node, 0, true);
    rt_store(&me(w)->busy, 0);
    sp_refuse(me(w));
    rt_store_release(&s->sh->halt, 1);
    sp_notify_all(me(w));
}

static void teardown(sp_shared *s, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        sp_thread *t = &s->threads[k];
        while (t->all != NULL) {
            split_point *sp = t->all;
            t->all = sp->all_next;
            sp_destroy(sp);
        }
        rt_cond_destroy(&t->wakeup);
        rt_mutex_destroy(&t->sleep_lock);
        s->sh->workers[k].algo = NULL;
    }
    free(s->threads);
    s->threads = NULL;
}

static int setup(sp_shared *s)
{
    s->threads = rt_alloc_shared(sizeof(sp_thread) * s->n);
    if (s->threads == NULL)
        return PAB_ENOMEM;
    memset(s->threads, 0, sizeof(sp_thread) * s->n);
    for (unsigned k = 0; k < s->n; k++) {
        sp_thread *t = &s->threads[k];
        if (rt_mutex_init(&t->sleep_lock) < 0)
            goto fail;
        if (rt_cond_init(&t->wakeup) < 0) {
            rt_mutex_destroy(&t->sleep_lock);
            goto fail;
        }
        t->s = s;
        t->index = k;
        t->base = -1;
        t->offer = OFFER_NODES;
        t->rng = UINT64_C(0x9E3779B97F4A7C15) * (k + 1) + s->sh->cfg.seed;
        s->sh->workers[k].algo = t;
        continue;
    fail:
        teardown(s, k);
        return PAB_ENOMEM;
    }
    return 0;
}

int sp_run(search *sh, const sp_algo *algo)
{
    _Alignas(RT_LINE) sp_shared s;
    memset(&s, 0, sizeof s);
    s.sh = sh;
    s.algo = algo;
    s.n = sh->cfg.threads;
    s.highest = sh->cfg.split_policy == PAB_SPLIT_HIGHEST;
    s.select = algo->select || sh->cfg.split_policy == PAB_SPLIT_SELECT;
    int rc = setup(&s);
    if (rc < 0)
        return rc;
    sh->algo = &s;
    rc = pool_run(sh->pool, s.n, job, &s);
    sh->algo = NULL;
    teardown(&s, s.n);
    return rc;
}

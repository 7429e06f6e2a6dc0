/*
 * splitpoint: the machinery of the two algorithms that divide the work of
 * one node among threads, YBWC (ybwc.c, Feldmann's Young Brothers Wait
 * Concept as the 2001 parallel alpha-beta thesis describes it in 3.4) and
 * Jamboree (jamboree.c, Kuszmaul's algorithm).
 *
 * Frames.  Each thread runs ordinary recursive node searches.  Every node
 * it owns registers itself as a frame (sp_frame, on the thread's stack) in
 * the thread's frame table, by ply.  The frames of the path from the
 * thread's starting point down to the current node are all the thread
 * needs to hand work out later; registering costs a pointer store.
 *
 * Asking for work.  An idle thread chooses a busy thread (at random, or
 * the owner of the highest open split point for PAB_SPLIT_HIGHEST) and
 * either joins an open split point of that thread with moves left, or
 * posts a request in the thread's request word.  The busy thread answers
 * at the top of its next node (sp_enter): it picks the highest frame of
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
 * parents) and walks it at every node (sp_enter): a cut anywhere above
 * sets w->aborted and remembers the split point, the thread unwinds
 * without storing anything, and the level that works at that split point
 * clears the abort and stops taking moves there.  An owner that must
 * unwind itself (a stop, a cut higher up) sets the cut word of its split
 * point first, so its helpers stop too, and waits for them.
 *
 * Bounds.  Whoever raises the node's alpha publishes it; every thread
 * re-reads it before each move it takes.  Further, with restart_obsolete
 * (YBWC), a thread whose null-window test at a split point was started
 * with an alpha that is now lower than the split point's sees that at its
 * next node, abandons the test and starts it again with the new window
 * (what it completed below is in the table).
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

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "splitpoint.h"

/* Tries (each ending in a yield) before an idle or waiting thread sleeps. */
#define IDLE_TRIES 32
/* Yields a thread waits for the answer to a request before withdrawing. */
#define ANSWER_YIELDS 64
/* Victims an idle thread picks per try. */
#define VICTIM_TRIES 4
/* With idle threads asleep, a busy thread offers work every this many
 * nodes. */
#define OFFER_NODES 64

/* A request's answer: none yet, refused, or the split point. */
#define ANSWER_PENDING 0
#define ANSWER_REFUSED 1

struct split_point {
    rt_mutex lock;
    /* Words anyone reads without the lock. */
    rt_word open;    /* 1 from opening to closing */
    rt_word cut;     /* cutoff found or node abandoned: stop below */
    rt_word alpha;   /* the node's alpha (a pab_score_t) */
    rt_word left;    /* moves not handed out yet */
    rt_word workers; /* threads at the node, the owner included */
    rt_word prefix;  /* moves 0 .. prefix - 1 are done */
    rt_word parent;  /* the split point next above on the path */
    rt_word ply;
    /* Set under the lock when opening, constant while open. */
    sp_thread *owner;
    int kind, need, n;
    void *state;       /* the position at the node */
    pab_move_t *moves; /* n moves, in search order */
    /* Guarded by the lock. */
    int next;     /* next move to hand out */
    ns_node node; /* window, best value and move, counts */
    pab_move_t pv[PAB_PV_MAX];
    unsigned pv_len;
    int seldepth;
    unsigned char *done; /* n flags: move i done */
    /* The owner's alone. */
    void *buffer; /* state storage for games copied with memcpy */
    split_point *free_next;
    split_point *all_next;
};

/* One thread's part.  The shared words come first, each thread's on its
 * own cache lines. */
struct sp_thread {
    _Alignas(64) rt_word request; /* 1 + index of a thread asking for work */
    rt_word answer;               /* the answer to this thread's own request */
    rt_word want_below; /* this thread asks for work below this split point */
    rt_word busy;       /* searching nodes of its own: worth asking */
    rt_word at;         /* mirror of `head`, for askers */
    rt_word sleeping;
    rt_word waiting_on; /* asleep until something happens here (0: work) */
    rt_word n_open;     /* entries of `deque` */
    rt_word fence;      /* target of this thread's full barriers */
    rt_word deque[PAB_PLY_MAX]; /* open split points it owns, by ply */
    rt_mutex sleep_lock;
    rt_cond wakeup;
    bool signaled; /* guarded by sleep_lock */
    /* The thread's alone. */
    _Alignas(64) worker *w;
    struct sp_shared *s;
    unsigned index;
    sp_frame *frame[PAB_PLY_MAX]; /* the path, from base on */
    int base;            /* ply of the split point worked at, -1 if none */
    split_point *head;   /* deepest split point on the path */
    split_point *unwind; /* the split point an abort unwinds to */
    int unwind_ply;
    bool restart; /* ... to search its move again */
    int offer;    /* nodes until the next offer */
    uint64_t rng;
    split_point *free; /* closed split points, for reuse */
    split_point *all;  /* every split point allocated */
};

typedef struct sp_shared {
    search *sh;
    const sp_algo *algo;
    unsigned n;
    bool highest; /* PAB_SPLIT_HIGHEST */
    sp_thread *threads;
    /* Read at every node, written only around naps. */
    _Alignas(64) rt_word sleepers; /* threads asleep */
    rt_word idle_sleepers;         /* of which looking for any work */
} sp_shared;

/* ---- small pieces ---------------------------------------------------- */

static inline sp_thread *me(const worker *w)
{
    return w->spt;
}

static inline sp_shared *shared(const worker *w)
{
    return w->spt->s;
}

static inline pab_score_t load_score(const rt_word *x)
{
    return (pab_score_t)(int64_t)rt_load(x);
}

static inline void store_score(rt_word *x, pab_score_t v)
{
    rt_store(x, (uint64_t)(int64_t)v);
}

static inline split_point *load_sp(const rt_word *x)
{
    return (split_point *)(uintptr_t)rt_load_acquire(x);
}

static inline void store_sp(rt_word *x, const split_point *sp)
{
    rt_store_release(x, (uint64_t)(uintptr_t)sp);
}

static inline int ply_of(const split_point *sp)
{
    return (int)rt_load(&sp->ply);
}

static inline bool is_cut(const split_point *sp)
{
    return rt_load_acquire(&sp->cut) != 0;
}

static inline bool has_work(const split_point *sp)
{
    return rt_load_acquire(&sp->open) != 0 && !is_cut(sp) &&
           rt_load(&sp->left) > 0;
}

static unsigned random_below(sp_thread *t, unsigned n)
{
    t->rng ^= t->rng << 13;
    t->rng ^= t->rng >> 7;
    t->rng ^= t->rng << 17;
    return (unsigned)((t->rng >> 11) % n);
}

static void set_head(sp_thread *t, split_point *sp)
{
    t->head = sp;
    store_sp(&t->at, sp);
}

/* Whether `sp` is `above` or lies below it on one path.  Plies fall on
 * the way up; a walk on which they stop falling met a split point reused
 * meanwhile and proves nothing. */
static bool lies_below(const split_point *sp, const split_point *above)
{
    if (above == NULL)
        return false;
    const int top = ply_of(above);
    int last = INT_MAX;
    while (sp != NULL) {
        if (sp == above)
            return true;
        const int p = ply_of(sp);
        if (p <= top || p >= last)
            return false;
        last = p;
        sp = load_sp(&sp->parent);
    }
    return false;
}

/* Strictly below: work there is work for a thread waiting at `above`. */
static bool strictly_below(const split_point *sp, const split_point *above)
{
    return above == NULL || (sp != above && lies_below(sp, above));
}

/* ---- sleeping and waking ------------------------------------------------ */

/* What a sleeper checks once more after announcing itself. */
typedef bool (*ready_fn)(worker *w, split_point *on, int arg);

/* Sleep until woken, unless `ready` already holds.  `on` is the split
 * point the thread waits at, NULL when it waits for work anywhere. */
static void nap(worker *w, split_point *on, ready_fn ready, int arg)
{
    sp_thread *t = me(w);
    sp_shared *s = t->s;
    store_sp(&t->waiting_on, on);
    rt_fetch_add(&t->sleeping, 1); /* full barrier: Dekker with wakers */
    rt_fetch_add(&s->sleepers, 1);
    if (on == NULL)
        rt_fetch_add(&s->idle_sleepers, 1);
    if (!ready(w, on, arg)) {
        rt_mutex_lock(&t->sleep_lock);
        while (!t->signaled)
            rt_cond_wait(&t->wakeup, &t->sleep_lock);
        t->signaled = false;
        rt_mutex_unlock(&t->sleep_lock);
    }
    if (on == NULL)
        rt_fetch_add(&s->idle_sleepers, (uint64_t)-1);
    rt_fetch_add(&s->sleepers, (uint64_t)-1);
    rt_fetch_add(&t->sleeping, (uint64_t)-1);
}

static void wake(sp_thread *t)
{
    if (rt_load(&t->sleeping) == 0)
        return;
    rt_mutex_lock(&t->sleep_lock);
    t->signaled = true;
    rt_cond_broadcast(&t->wakeup);
    rt_mutex_unlock(&t->sleep_lock);
}

/* The waker's half of the Dekker pattern: what it published is ordered
 * before it looks for sleepers (a full barrier; on a word of its own, so
 * wakers do not contend). */
static bool anyone_asleep(sp_thread *waker)
{
    rt_fetch_add(&waker->fence, 1);
    return rt_load(&waker->s->sleepers) != 0;
}

/* A thread left `sp` or one of its moves is done: wake those waiting at
 * it. */
static void notify_at(sp_thread *waker, const split_point *sp)
{
    sp_shared *s = waker->s;
    if (!anyone_asleep(waker))
        return;
    for (unsigned k = 0; k < s->n; k++)
        if (load_sp(&s->threads[k].waiting_on) == sp)
            wake(&s->threads[k]);
}

/* A cut: whoever waits at a split point may have to unwind. */
static void notify_cut(sp_thread *waker)
{
    sp_shared *s = waker->s;
    if (!anyone_asleep(waker))
        return;
    for (unsigned k = 0; k < s->n; k++)
        if (load_sp(&s->threads[k].waiting_on) != NULL)
            wake(&s->threads[k]);
}

/* New work at `sp`: as many idle sleepers as it has moves, and those
 * waiting above it. */
static void notify_work(sp_thread *waker, const split_point *sp)
{
    sp_shared *s = waker->s;
    if (!anyone_asleep(waker))
        return;
    uint64_t left = rt_load(&sp->left);
    for (unsigned k = 0; k < s->n; k++) {
        sp_thread *t = &s->threads[k];
        if (rt_load(&t->sleeping) == 0)
            continue;
        const split_point *on = load_sp(&t->waiting_on);
        if (on == NULL ? left > 0 : strictly_below(sp, on)) {
            if (on == NULL)
                left--;
            wake(t);
        }
    }
}

static void notify_all(sp_thread *waker)
{
    sp_shared *s = waker->s;
    (void)anyone_asleep(waker);
    for (unsigned k = 0; k < s->n; k++)
        wake(&s->threads[k]);
}

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

/* ---- split point storage ------------------------------------------------- */

static void sp_destroy(split_point *sp)
{
    rt_mutex_destroy(&sp->lock);
    free(sp->moves);
    free(sp->done);
    free(sp->buffer);
    free(sp);
}

static split_point *sp_get(worker *w)
{
    sp_thread *t = me(w);
    split_point *sp = t->free;
    if (sp != NULL) {
        t->free = sp->free_next;
        return sp;
    }
    const search *sh = w->sh;
    sp = calloc(1, sizeof *sp);
    if (sp == NULL)
        return NULL;
    if (rt_mutex_init(&sp->lock) < 0) {
        free(sp);
        return NULL;
    }
    sp->moves = malloc(sizeof(pab_move_t) * sh->capacity);
    sp->done = malloc(sh->capacity);
    if (sh->game->clone == NULL)
        sp->buffer = malloc(sh->game->state_size);
    if (sp->moves == NULL || sp->done == NULL ||
        (sh->game->clone == NULL && sp->buffer == NULL)) {
        sp_destroy(sp);
        return NULL;
    }
    sp->all_next = t->all;
    t->all = sp;
    return sp;
}

static void sp_put(worker *w, split_point *sp)
{
    sp_thread *t = me(w);
    if (sp->state != sp->buffer)
        state_free(w->sh->game, sp->state);
    sp->state = NULL;
    sp->free_next = t->free;
    t->free = sp;
}

/* The owner's deque of open split points, by ply (thieves look from the
 * top; the owner always opens and closes below the ones it keeps). */
static void deque_insert(sp_thread *t, split_point *sp)
{
    const int q = ply_of(sp);
    int k = (int)rt_load(&t->n_open);
    rt_store_release(&t->n_open, (uint64_t)k + 1);
    while (k > 0 && ply_of(load_sp(&t->deque[k - 1])) > q) {
        store_sp(&t->deque[k], load_sp(&t->deque[k - 1]));
        k--;
    }
    store_sp(&t->deque[k], sp);
}

static void deque_remove(sp_thread *t, const split_point *sp)
{
    const int n = (int)rt_load(&t->n_open);
    int k = n - 1;
    while (k >= 0 && load_sp(&t->deque[k]) != sp)
        k--;
    if (k < 0)
        return;
    for (; k + 1 < n; k++)
        store_sp(&t->deque[k], load_sp(&t->deque[k + 1]));
    store_sp(&t->deque[n - 1], NULL);
    rt_store_release(&t->n_open, (uint64_t)n - 1);
}

/* ---- positions ------------------------------------------------------------
 */

/* Our position becomes `src`. */
static bool load_position(worker *w, const void *src)
{
    const pab_game *g = w->sh->game;
    if (g->clone == NULL) {
        memcpy(w->state, src, g->state_size);
        return true;
    }
    int err;
    void *copy = state_clone(g, src, &err);
    if (copy == NULL) {
        worker_fail(w, err);
        return false;
    }
    state_free(g, w->state);
    w->state = copy;
    return true;
}

/* The position at frame q for a split point: ours at `ply`, with the move
 * each frame q .. ply-1 is searching (or its null move) taken back. */
static bool save_position(worker *w, split_point *sp, int q, int ply)
{
    const pab_game *g = w->sh->game;
    const sp_thread *t = me(w);
    if (g->clone == NULL) {
        memcpy(sp->buffer, w->state, g->state_size);
        sp->state = sp->buffer;
    } else {
        int err;
        sp->state = state_clone(g, w->state, &err);
        if (sp->state == NULL) {
            worker_fail(w, err);
            return false;
        }
    }
    for (int p = ply - 1; p >= q; p--) {
        const sp_frame *f = t->frame[p];
        if (f->expanding)
            g->unmake_null(sp->state, g->user);
        else
            g->unmake(sp->state, f->cur_move, g->user);
    }
    return true;
}

/* ---- frames and opening split points ------------------------------------- */

void sp_open(worker *w, sp_frame *f, int kind)
{
    f->sp = NULL;
    f->helper = false;
    f->expanding = true;
    f->next = 0;
    f->need = 1;
    f->kind = kind;
    f->cur = -1;
    f->cur_move = PAB_MOVE_NONE;
    f->move_alpha = f->nd.alpha;
    f->scouting = false;
    me(w)->frame[f->nd.ply] = f;
}

const sp_frame *sp_parent(const worker *w, int ply)
{
    const sp_thread *t = me(w);
    return ply > 0 && ply - 1 >= t->base ? t->frame[ply - 1] : NULL;
}

/* YBWC's criterion (and Jamboree's, with need 1): the young brothers wait
 * until `need` moves are searched. */
static bool may_split(const worker *w, const sp_frame *f)
{
    return f->sp == NULL && !f->helper && !f->expanding &&
           f->nd.depth >= w->sh->cfg.split_min_depth &&
           f->nd.searched >= f->need && f->next < f->nd.n;
}

/* Open a split point at frame f (ply q) while we are at `ply` below it,
 * `up` being the split point above it on our path. */
static split_point *open_split(worker *w, sp_frame *f, int ply, split_point *up)
{
    sp_thread *t = me(w);
    const int q = f->nd.ply, n = f->nd.n;
    split_point *sp = sp_get(w);
    if (sp == NULL)
        return NULL;
    if (!save_position(w, sp, q, ply)) {
        sp_put(w, sp);
        return NULL;
    }
    rt_mutex_lock(&sp->lock);
    sp->owner = t;
    sp->kind = f->kind;
    sp->need = f->need;
    sp->n = n;
    memcpy(sp->moves, f->nd.moves, sizeof(pab_move_t) * (size_t)n);
    sp->node = f->nd;
    sp->node.moves = sp->moves;
    sp->next = f->next;
    /* Everything before the move we are searching is done. */
    memset(sp->done, 1, (size_t)f->cur);
    memset(sp->done + f->cur, 0, (size_t)(n - f->cur));
    sp->pv_len = w->pv_len[q];
    memcpy(sp->pv, w->pv[q], sizeof(pab_move_t) * sp->pv_len);
    sp->seldepth = w->seldepth;
    rt_store(&sp->ply, (uint64_t)q);
    store_sp(&sp->parent, up);
    store_score(&sp->alpha, f->nd.alpha);
    rt_store(&sp->left, (uint64_t)(n - f->next));
    rt_store(&sp->workers, 1);
    rt_store(&sp->prefix, (uint64_t)f->cur);
    rt_store(&sp->cut, 0);
    rt_store_release(&sp->open, 1);
    rt_mutex_unlock(&sp->lock);

    f->sp = sp;
    /* Link it into our chain: a split point of ours below it now hangs
     * from it, else it is the deepest. */
    split_point *below = NULL;
    for (int p = q + 1; p < ply && below == NULL; p++)
        below = t->frame[p]->sp;
    if (below != NULL)
        store_sp(&below->parent, sp);
    else
        set_head(t, sp);
    deque_insert(t, sp);
    w->stats.splits++;
    return sp;
}

/* The highest of our nodes an idle thread could work at (below `above`
 * if given): an open split point with moves left, or a node to split
 * now.  We are at the top of the node at `ply`. */
static split_point *work_for(worker *w, int ply, const split_point *above)
{
    sp_thread *t = me(w);
    split_point *up = t->base >= 0 ? t->frame[t->base]->sp : NULL;
    for (int p = t->base + 1; p < ply; p++) {
        sp_frame *f = t->frame[p];
        if (f->sp != NULL) {
            if (has_work(f->sp) && strictly_below(f->sp, above))
                return f->sp;
            up = f->sp;
        } else if (may_split(w, f) &&
                   (above == NULL || lies_below(up, above))) {
            if (rt_load(&t->n_open) >= PAB_PLY_MAX)
                return NULL;
            return open_split(w, f, ply, up);
        }
    }
    return NULL;
}

/* Count a thread in at `sp` if there is still work for it there. */
static bool book(split_point *sp, const split_point *above)
{
    rt_mutex_lock(&sp->lock);
    const bool ok = rt_load(&sp->open) != 0 && !is_cut(sp) &&
                    sp->next < sp->n && strictly_below(sp, above);
    if (ok)
        rt_fetch_add(&sp->workers, 1);
    rt_mutex_unlock(&sp->lock);
    return ok;
}

/* ---- requests --------------------------------------------------------------
 */

/* Answer request r at the top of the node at `ply`. */
static void serve(worker *w, int ply, uint64_t r)
{
    sp_thread *t = me(w);
    sp_thread *asker = &t->s->threads[r - 1];
    if (!rt_cas(&t->request, r, 0))
        return; /* withdrawn */
    const split_point *above = load_sp(&asker->want_below);
    split_point *sp = work_for(w, ply, above);
    if (sp != NULL && !book(sp, above))
        sp = NULL;
    rt_store_release(&asker->answer,
                     sp != NULL ? (uint64_t)(uintptr_t)sp : ANSWER_REFUSED);
    if (sp != NULL)
        notify_work(t, sp);
}

/* Not searching: no work to give. */
static void refuse(sp_thread *t)
{
    const uint64_t r = rt_load_acquire(&t->request);
    if (r != 0 && rt_cas(&t->request, r, 0))
        rt_store_release(&t->s->threads[r - 1].answer, ANSWER_REFUSED);
}

/* Ask v for work (below `above` if given); the split point we are booked
 * into, or NULL. */
static split_point *ask(worker *w, sp_thread *v, const split_point *above)
{
    sp_thread *t = me(w);
    const uint64_t r = t->index + 1;
    rt_store(&t->answer, ANSWER_PENDING);
    store_sp(&t->want_below, above);
    if (!rt_cas(&v->request, 0, r))
        return NULL; /* somebody else is asking */
    for (int i = 0;; i++) {
        const uint64_t a = rt_load_acquire(&t->answer);
        if (a != ANSWER_PENDING)
            return a == ANSWER_REFUSED ? NULL : (split_point *)(uintptr_t)a;
        /* After a while withdraw, unless v is answering right now. */
        if (i >= ANSWER_YIELDS && rt_cas(&v->request, r, 0))
            return NULL;
        rt_yield();
    }
}

/* ---- finding work ---------------------------------------------------------
 */

/* Thread v's highest open split point with moves left (below `above`). */
static split_point *highest_of(sp_thread *v, const split_point *above)
{
    const uint64_t n = rt_load_acquire(&v->n_open);
    for (uint64_t k = 0; k < n && k < PAB_PLY_MAX; k++) {
        split_point *sp = load_sp(&v->deque[k]);
        if (sp != NULL && has_work(sp) && strictly_below(sp, above))
            return sp;
    }
    return NULL;
}

/* A thread worth asking: busy, and working below `above` if given. */
static sp_thread *pick_victim(sp_thread *t, const split_point *above)
{
    sp_shared *s = t->s;
    const unsigned start = random_below(t, s->n);
    for (unsigned k = 0; k < s->n; k++) {
        sp_thread *v = &s->threads[(start + k) % s->n];
        if (v == t || rt_load(&v->busy) == 0)
            continue;
        if (above != NULL && !lies_below(load_sp(&v->at), above))
            continue;
        return v;
    }
    return NULL;
}

/* Work for an idle thread (below `above` for a waiting one), booked. */
static split_point *find_work(worker *w, const split_point *above)
{
    sp_thread *t = me(w);
    sp_shared *s = t->s;
    if (above != NULL || s->highest) {
        /* The highest split point with work anywhere (below `above`). */
        split_point *best = NULL;
        int best_ply = INT_MAX;
        for (unsigned k = 0; k < s->n; k++) {
            if (&s->threads[k] == t)
                continue;
            split_point *sp = highest_of(&s->threads[k], above);
            if (sp != NULL && ply_of(sp) < best_ply) {
                best = sp;
                best_ply = ply_of(sp);
            }
        }
        if (best != NULL)
            return book(best, above) ? best : NULL;
        sp_thread *v = pick_victim(t, above);
        return v != NULL ? ask(w, v, above) : NULL;
    }
    /* Feldmann: a random busy thread, its highest split point, else ask
     * it to split. */
    for (int i = 0; i < VICTIM_TRIES; i++) {
        sp_thread *v = pick_victim(t, NULL);
        if (v == NULL)
            return NULL;
        split_point *sp = highest_of(v, NULL);
        if (sp != NULL) {
            if (book(sp, NULL))
                return sp;
            continue;
        }
        return ask(w, v, NULL);
    }
    return NULL;
}

static bool work_below(worker *w, const split_point *above)
{
    sp_thread *t = me(w);
    for (unsigned k = 0; k < t->s->n; k++)
        if (&t->s->threads[k] != t &&
            highest_of(&t->s->threads[k], above) != NULL)
            return true;
    return false;
}

/* ---- the move loop
 * ----------------------------------------------------------- */

static void moves(worker *w, sp_frame *f);

/* Work at `sp`, where we are booked, until it has no moves left for us. */
static void work_at(worker *w, split_point *sp)
{
    sp_thread *t = me(w);
    sp_frame f;
    rt_mutex_lock(&sp->lock);
    f.nd = sp->node;
    f.kind = sp->kind;
    f.need = sp->need;
    rt_mutex_unlock(&sp->lock);
    const int ply = f.nd.ply;
    f.nd.moves = sp->moves;
    f.sp = sp;
    f.helper = true;
    f.expanding = false;
    f.next = 0;
    f.cur = -1;
    f.cur_move = PAB_MOVE_NONE;
    f.move_alpha = f.nd.alpha;
    f.scouting = false;

    const int base = t->base;
    split_point *head = t->head;
    sp_frame *under = t->frame[ply];
    const uint64_t busy = rt_load(&t->busy);
    if (load_position(w, sp->state)) {
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
    notify_at(t, sp);
}

static void refresh(sp_frame *f)
{
    const pab_score_t a = load_score(&f->sp->alpha);
    /* A value at beta or above means a cut we will see in a moment. */
    if (a > f->nd.alpha && a < f->nd.beta)
        f->nd.alpha = a;
}

/* The next move of frame f, -1 when none is left for us. */
static int claim(sp_frame *f)
{
    split_point *sp = f->sp;
    if (sp == NULL)
        return f->next < f->nd.n ? f->next++ : -1;
    int i = -1;
    rt_mutex_lock(&sp->lock);
    if (!is_cut(sp) && sp->next < sp->n) {
        i = sp->next++;
        rt_store(&sp->left, (uint64_t)(sp->n - sp->next));
    }
    rt_mutex_unlock(&sp->lock);
    if (i >= 0) {
        refresh(f);
        f->nd.searched = i; /* the moves before it, for reductions */
        f->nd.best = -PAB_SCORE_INF;
    }
    return i;
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
        notify_cut(me(w));
    else if (advanced)
        notify_at(me(w), sp);
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
        notify_at(me(w), sp);
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
    int i;
    while ((i = claim(f)) >= 0) {
        pab_score_t v = 0;
        bool searched;
        for (;;) {
            f->cur = i;
            f->cur_move = f->nd.moves[i];
            f->move_alpha = f->nd.alpha;
            f->scouting = false;
            searched = a->move(w, f, &v);
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
} helping;

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
        refuse(t);
        if (h->may_look == NULL || h->may_look(w, h)) {
            split_point *x = find_work(w, h->at);
            if (x != NULL) {
                w->stats.idle_ns += rt_now_ns() - t0;
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
            nap(w, h->at, h->ready, h->arg);
            tries = 0;
        }
    }
    w->stats.idle_ns += rt_now_ns() - t0;
    if (h->not_busy)
        rt_store(&t->busy, busy);
    return moved;
}

/* ---- the end of a split node -------------------------------------------- */

static bool helpers_gone(worker *w, split_point *sp, int arg)
{
    (void)arg;
    return rt_load_acquire(&sp->workers) <= 1 || work_below(w, sp);
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
                       .not_busy = true};
    if (help_until(w, &h))
        load_position(w, sp->state);
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
        notify_cut(t);
    }
    wait_helpers(w, sp);
    /* Helpers that unwound (a cut above, the stop) left their moves half
     * done: then so is the node, and it must not be stored. */
    if (!w->aborted && search_halted(w->sh))
        w->aborted = true;
    if (!w->aborted)
        check_above(w, sp);
    rt_mutex_lock(&sp->lock);
    rt_store_release(&sp->open, 0);
    pab_move_t *own = f->nd.moves;
    f->nd = sp->node;
    f->nd.moves = own;
    w->pv_len[ply] = sp->pv_len;
    memcpy(w->pv[ply], sp->pv, sizeof(pab_move_t) * sp->pv_len);
    if (sp->seldepth > w->seldepth)
        w->seldepth = sp->seldepth;
    rt_mutex_unlock(&sp->lock);
    deque_remove(t, sp);
    set_head(t, load_sp(&sp->parent));
    f->sp = NULL;
    sp_put(w, sp);
}

pab_score_t sp_search(worker *w, sp_frame *f)
{
    f->expanding = false;
    moves(w, f);
    if (f->sp != NULL)
        finish(w, f);
    if (w->aborted)
        return 0;
    return ns_close(w, &f->nd);
}

/* ---- the pieces of a move
 * ---------------------------------------------------- */

pab_score_t sp_alpha(const sp_frame *f)
{
    if (f->sp == NULL)
        return f->nd.alpha;
    const pab_score_t a = load_score(&f->sp->alpha);
    return a > f->nd.alpha && a < f->nd.beta ? a : f->nd.alpha;
}

bool sp_test(worker *w, sp_frame *f, ns_fn child, pab_score_t *value)
{
    /* On a copy: the node may be split meanwhile, and the split point
     * must get its true window. */
    ns_node test = f->nd;
    test.beta = test.alpha + 1; /* ns_move's scout then never re-searches */
    const bool searched = ns_move(w, &test, f->cur_move, child, 0, NULL, value);
    f->nd.best = test.best; /* a futility bound */
    return searched;
}

bool sp_research(worker *w, sp_frame *f, ns_fn child, pab_score_t alpha,
                 pab_score_t *value)
{
    ns_node full = f->nd;
    if (alpha > full.alpha)
        full.alpha = alpha;
    full.searched = 0; /* ns_move gives a first move the full window */
    w->stats.re_searches++;
    return ns_move(w, &full, f->cur_move, child, 0, NULL, value);
}

static bool earlier_done(worker *w, split_point *sp, int i)
{
    return (int)rt_load_acquire(&sp->prefix) >= i || is_cut(sp) ||
           search_halted(w->sh) || work_below(w, sp);
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
        load_position(w, sp->state);
    return !w->aborted;
}

/* ---- the top of every node
 * --------------------------------------------------- */

bool sp_enter(worker *w, int ply, unsigned flags)
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
        serve(w, ply, r);
    } else if (rt_load(&t->s->idle_sleepers) != 0 && --t->offer <= 0) {
        /* Idle threads sleep: wake them with work. */
        t->offer = OFFER_NODES;
        split_point *sp = work_for(w, ply, NULL);
        if (sp != NULL)
            notify_work(t, sp);
    }
    return w->aborted;
}

/* ---- the threads -----------------------------------------------------------
 */

static bool any_work(worker *w, split_point *on, int arg)
{
    (void)on;
    (void)arg;
    return search_halted(w->sh) || rt_load(&me(w)->request) != 0 ||
           work_below(w, NULL);
}

/* A helper between jobs is done when the search is; it refuses any
 * request still pending before it goes. */
static bool search_over(worker *w, const helping *h)
{
    (void)h;
    if (!search_halted(w->sh))
        return false;
    refuse(me(w));
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
    rt_store(&w->spt->busy, 1);
    iterate(w, s->algo->node, 0, true);
    rt_store(&w->spt->busy, 0);
    refuse(w->spt);
    rt_store_release(&s->sh->halt, 1);
    notify_all(w->spt);
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
        s->sh->workers[k].spt = NULL;
    }
    free(s->threads);
    s->threads = NULL;
}

static int setup(sp_shared *s)
{
    s->threads = aligned_alloc(_Alignof(sp_thread), sizeof(sp_thread) * s->n);
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
        t->w = &s->sh->workers[k];
        t->s = s;
        t->index = k;
        t->base = -1;
        t->offer = OFFER_NODES;
        t->rng = UINT64_C(0x9E3779B97F4A7C15) * (k + 1) + s->sh->cfg.seed;
        t->w->spt = t;
        continue;
    fail:
        teardown(s, k);
        return PAB_ENOMEM;
    }
    return 0;
}

int sp_run(search *sh, const sp_algo *algo)
{
    sp_shared s;
    memset(&s, 0, sizeof s);
    s.sh = sh;
    s.algo = algo;
    s.n = sh->cfg.threads;
    s.highest = sh->cfg.split_policy == PAB_SPLIT_HIGHEST;
    int rc = setup(&s);
    if (rc < 0)
        return rc;
    sh->algo = &s;
    rc = pool_run(sh->pool, s.n, job, &s);
    sh->algo = NULL;
    teardown(&s, s.n);
    return rc;
}

/*
 * What the split-point files share: the split point and per-thread
 * records, the small pieces every one of them reads them with, and the
 * functions they call across files.  splitpoint.c has the design and why
 * its races are safe; the files, from the bottom:
 *   sp_sleep.c          sleeping and waking
 *   sp_node.c           a split point's life: storage, positions, opening,
 *                       booking a thread in
 *   sp_work.c           requests and the search for work
 *   sp_policy_*.c       where an idle thread looks (the join policies;
 *                       sp_policy_select.c reads the path offers)
 *   splitpoint.c        the move loop, helping while waiting, the end of a
 *                       split node, aborts, the threads
 *   sp_scheme.c         the typed node of YBWC and DTS, the thesis' schemes
 * Calls only go down this list (tests/check_layers.sh).
 */
#ifndef PAB_SP_INTERNAL_H
#define PAB_SP_INTERNAL_H

#include <limits.h>
#include <stdint.h>

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

/* A path offer (sp_thread.offers): the frame at that ply may split now;
 * the low bits rank it (sp_node.c). */
#define OFFER_VALID (UINT64_C(1) << 62)
#define OFFER_FIELD 0xFFFFu

/* A request's answer: none yet, refused, or the split point. */
#define ANSWER_PENDING 0
#define ANSWER_REFUSED 1

struct split_point {
    /* Words anyone reads without the lock.  First those every thread
     * below reads at every node (the chain walk: cut, parent, ply, alpha)
     * and that change seldom, on a line of their own that stays in the
     * readers' caches; then, on the next line, the lock and the words
     * every hand-out and join writes. */
    rt_word cut;    /* cutoff found or node abandoned: stop below */
    rt_word parent; /* the split point next above on the path */
    rt_word ply;
    rt_word alpha; /* the node's alpha (a pab_score_t) */
    rt_word open;  /* 1 from opening to closing */
    _Alignas(RT_LINE) rt_mutex lock;
    rt_word left;    /* moves not handed out yet */
    rt_word workers; /* threads at the node, the owner included */
    rt_word prefix;  /* moves 0 .. prefix - 1 are done */
    /* Set under the lock when opening, constant while open. */
    int kind, need, n;
    int type, wait; /* the frame's classification (splitpoint.h) */
    bool alternate;
    void *state;          /* the position at the node */
    struct worker *owner; /* who opened it (it only ever opens it) */
    pab_move_t *moves;    /* n moves, in search order */
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
    _Alignas(
        RT_LINE) rt_word request; /* 1 + index of a thread asking for work */
    rt_word answer;               /* the answer to this thread's own request */
    rt_word want_below; /* this thread asks for work below this split point */
    rt_word want_ply;   /* ... at this ply of the asked thread's path + 1 */
    rt_word busy;       /* searching nodes of its own: worth asking */
    rt_word at;         /* mirror of `head`, for askers */
    rt_word sleeping;
    rt_word waiting_on; /* asleep until something happens here (0: work) */
    rt_word n_open;     /* entries of `deque` */
    rt_word fence;      /* target of this thread's full barriers */
    rt_word deque[PAB_PLY_MAX]; /* open split points it owns, by ply */
    /* PAB_SPLIT_SELECT: the nodes of its path that may split now, by ply
     * (0: none), the shared area DTS copies a busy path to; offers above
     * offers_top are all 0. */
    rt_word offers[PAB_PLY_MAX];
    rt_word offers_top;
    rt_mutex sleep_lock;
    rt_cond wakeup;
    bool signaled; /* guarded by sleep_lock */
    /* The thread's alone. */
    _Alignas(RT_LINE) struct sp_shared *s;
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
    bool select;  /* PAB_SPLIT_SELECT, or the algorithm's (dts) */
    sp_thread *threads;
    /* Read at every node, written only around naps. */
    _Alignas(RT_LINE) rt_word sleepers; /* threads asleep */
    rt_word idle_sleepers;              /* of which looking for any work */
} sp_shared;

/* ---- small pieces -------------------------------------------------------- */

static inline sp_thread *me(const worker *w)
{
    return w->algo;
}

static inline sp_shared *shared(const worker *w)
{
    return me(w)->s;
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

/* Deep enough, and a frame the algorithm lets split at all. */
static inline bool splittable(const worker *w, const sp_frame *f)
{
    const sp_algo *a = shared(w)->algo;
    return f->nd.depth >= w->sh->cfg.split_min_depth &&
           (a->splits == NULL || a->splits(w, f));
}

static inline unsigned random_below(sp_thread *t, unsigned n)
{
    t->rng ^= t->rng << 13;
    t->rng ^= t->rng >> 7;
    t->rng ^= t->rng << 17;
    return (unsigned)((t->rng >> 11) % n);
}

static inline void set_head(sp_thread *t, split_point *sp)
{
    t->head = sp;
    store_sp(&t->at, sp);
}

/* Whether `sp` is `above` or lies below it on one path.  Plies fall on
 * the way up; a walk on which they stop falling met a split point reused
 * meanwhile and proves nothing. */
static inline bool lies_below(const split_point *sp, const split_point *above)
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
static inline bool strictly_below(const split_point *sp,
                                  const split_point *above)
{
    return above == NULL || (sp != above && lies_below(sp, above));
}

/* ---- sp_sleep.c ---------------------------------------------------------- */

/* What a sleeper checks once more after announcing itself. */
typedef bool (*ready_fn)(worker *w, split_point *on, int arg);

void sp_nap(worker *w, split_point *on, ready_fn ready, int arg);
bool sp_anyone_asleep(sp_thread *waker);
void sp_notify_at(sp_thread *waker, const split_point *sp);
void sp_notify_cut(sp_thread *waker);
void sp_notify_work(sp_thread *waker, const split_point *sp);
void sp_notify_all(sp_thread *waker);

/* ---- sp_node.c ----------------------------------------------------------- */

/* After ns_begin and the table, before ns_expand: the node becomes this
 * thread's frame at its ply. */
void sp_open(worker *w, sp_frame *f);
void sp_destroy(split_point *sp);
split_point *sp_get(worker *w);
void sp_put(worker *w, split_point *sp);
void sp_deque_insert(sp_thread *t, split_point *sp);
void sp_deque_remove(sp_thread *t, const split_point *sp);
/* The thread's position becomes `src`; false if the game's copy failed. */
bool sp_load_position(worker *w, const void *src);
bool sp_save_position(worker *w, split_point *sp, int q, int ply);
/* The split point a thread at `ply` offers below `above` (at ply `want`
 * if that frame can still split, else its highest), opened if need be;
 * NULL if none. */
split_point *sp_work_for(worker *w, int ply, const split_point *above,
                         int want);
/* Publish frame f in our path offers if it may split now, else withdraw
 * it; sp_withdraw: frame f is done or split.  Frames that can never split
 * touch no shared word. */
void sp_offer(worker *w, const sp_frame *f);
void sp_withdraw(worker *w, const sp_frame *f);
/* Book a thread into `sp` (below `above`); false if it has no work left. */
bool sp_book(split_point *sp, const split_point *above);

/* ---- sp_work.c ----------------------------------------------------------- */

void sp_serve(worker *w, int ply, uint64_t r);
void sp_refuse(sp_thread *t);
split_point *sp_ask(worker *w, sp_thread *v, const split_point *above,
                    int want);
split_point *sp_highest_of(sp_thread *v, const split_point *above);
sp_thread *sp_pick_victim(sp_thread *t, const split_point *above);
bool sp_work_below(worker *w, const split_point *above);

/* ---- sp_policy_*.c: where an idle thread finds work, booked -------------- */

/* The highest split point with work anywhere (below `above`), else ask a
 * busy thread below it: DTS-like, the thesis' scheme A; also how a waiting
 * thread looks below its own split point. */
split_point *sp_find_highest(worker *w, const split_point *above);
/* Feldmann: a random busy thread's highest split point, else ask it. */
split_point *sp_find_random_owner(worker *w);
/* DTS: the best open split point anywhere, else ask the thread whose path
 * offers the best node to split there, by the guidelines of the thesis'
 * section 6.5; below `above`, as sp_find_highest. */
split_point *sp_find_select(worker *w, const split_point *above);

#endif /* PAB_SP_INTERNAL_H */

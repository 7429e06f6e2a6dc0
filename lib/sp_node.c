/*
 * A split point's life (see splitpoint.c, "Split points"): storage and
 * reuse, the copy of the position it holds, opening one at the highest
 * frame the algorithm allows, and booking a thread into it.
 *
 * Invariant: split points are never freed during a search; a closed one
 * goes back to its owner's free list and may open again for another node,
 * so a stale pointer (in a deque, in an answer) is never dangling.  A
 * node's owner opens, initialises and closes its split point under the
 * split point's lock; every booking happens under that lock after checking
 * that it is open, not cut, and has moves left, so a thread is never booked
 * into a split point that closed or was reused meanwhile.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sp_internal.h"

void sp_destroy(split_point *sp)
{
    rt_mutex_destroy(&sp->lock);
    free(sp->moves);
    free(sp->done);
    free(sp->buffer);
    free(sp);
}

split_point *sp_get(worker *w)
{
    sp_thread *t = me(w);
    split_point *sp = t->free;
    if (sp != NULL) {
        t->free = sp->free_next;
        return sp;
    }
    const search *sh = w->sh;
    sp = rt_alloc_shared(sizeof *sp);
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
    sp->owner = w;
    sp->all_next = t->all;
    t->all = sp;
    return sp;
}

void sp_put(worker *w, split_point *sp)
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
void sp_deque_insert(sp_thread *t, split_point *sp)
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

void sp_deque_remove(sp_thread *t, const split_point *sp)
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

/* ---- positions ----------------------------------------------------------- */

/* Our position becomes `src`. */
bool sp_load_position(worker *w, const void *src)
{
    const pab_game *g = w->sh->game;
    worker_forget_checks(w);
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
bool sp_save_position(worker *w, split_point *sp, int q, int ply)
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
        /* The undo records stay ours: the copy is taken back at once. */
        if (f->expanding)
            game_unmake_null(g, sp->state, worker_undo(w, p));
        else
            game_unmake(g, sp->state, f->cur_move, worker_undo(w, p));
    }
    return true;
}

void sp_open(worker *w, sp_frame *f)
{
    f->sp = NULL;
    f->helper = false;
    f->expanding = true;
    f->staged = false;
    f->next = 0;
    f->need = 1;
    f->kind = 0; /* sp_algo.type says otherwise */
    f->type = 0;
    f->wait = 1;
    f->alternate = false;
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
static bool sp_may_split(const worker *w, const sp_frame *f)
{
    return f->sp == NULL && !f->helper && !f->expanding && !f->staged &&
           splittable(w, f) && f->nd.searched >= f->need && f->next < f->nd.n;
}

/* Open a split point at frame f (ply q) while we are at `ply` below it,
 * `up` being the split point above it on our path. */
static split_point *sp_open_split(worker *w, sp_frame *f, int ply,
                                  split_point *up)
{
    sp_thread *t = me(w);
    const int q = f->nd.ply, n = f->nd.n;
    split_point *sp = sp_get(w);
    if (sp == NULL)
        return NULL;
    if (!sp_save_position(w, sp, q, ply)) {
        sp_put(w, sp);
        return NULL;
    }
    rt_mutex_lock(&sp->lock);
    sp->kind = f->kind;
    sp->need = f->need;
    sp->type = f->type;
    sp->wait = f->wait;
    sp->alternate = f->alternate;
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
    if (t->s->select)
        sp_withdraw(w, f);
    /* Link it into our chain: a split point of ours below it now hangs
     * from it, else it is the deepest. */
    split_point *below = NULL;
    for (int p = q + 1; p < ply && below == NULL; p++)
        below = t->frame[p]->sp;
    if (below != NULL)
        store_sp(&below->parent, sp);
    else
        set_head(t, sp);
    sp_deque_insert(t, sp);
    w->stats.splits++;
    return sp;
}

/* The highest of our nodes an idle thread could work at (below `above`
 * if given): an open split point with moves left, or a node to split
 * now; the node at ply `want` instead, if it still can (an asker chose it
 * from our offers).  We are at the top of the node at `ply`. */
split_point *sp_work_for(worker *w, int ply, const split_point *above, int want)
{
    sp_thread *t = me(w);
    split_point *up = t->base >= 0 ? t->frame[t->base]->sp : NULL;
    sp_frame *pick = NULL;
    split_point *pick_up = NULL;
    for (int p = t->base + 1; p < ply; p++) {
        sp_frame *f = t->frame[p];
        const bool candidate =
            f->sp != NULL ? has_work(f->sp) && strictly_below(f->sp, above)
                          : sp_may_split(w, f) &&
                                (above == NULL || lies_below(up, above));
        if (candidate && (pick == NULL || p == want)) {
            pick = f;
            pick_up = up;
        }
        if (f->sp != NULL)
            up = f->sp;
        if (pick != NULL && p >= want)
            break;
    }
    if (pick == NULL || pick->sp != NULL)
        return pick != NULL ? pick->sp : NULL;
    if (rt_load(&t->n_open) >= PAB_PLY_MAX)
        return NULL;
    return sp_open_split(w, pick, ply, pick_up);
}

/* ---- path offers (PAB_SPLIT_SELECT) -------------------------------------- */

static uint64_t field(int v)
{
    return v < 0 ? 0 : v > (int)OFFER_FIELD ? OFFER_FIELD : (uint64_t)v;
}

/* The rank of a frame that may split, for the guidelines of section 6.5
 * among nodes of one height: its confidence (guideline 2, or scheme B's),
 * which stops counting beyond a quarter of its moves, then the moves
 * left (guideline 3). */
static uint64_t offer_of(const worker *w, const sp_frame *f)
{
    const sp_algo *a = shared(w)->algo;
    int conf = a->confidence != NULL ? a->confidence(w, f) : f->nd.searched;
    if (conf > f->nd.n / 4)
        conf = f->nd.n / 4;
    return OFFER_VALID | field(conf) << 16 | field(f->nd.n - f->next);
}

void sp_offer(worker *w, const sp_frame *f)
{
    if (!splittable(w, f))
        return; /* never offered: no shared word to touch */
    sp_thread *t = me(w);
    const int ply = f->nd.ply;
    const uint64_t o = sp_may_split(w, f) ? offer_of(w, f) : 0;
    if (o != 0 && (uint64_t)ply >= rt_load(&t->offers_top))
        rt_store(&t->offers_top, (uint64_t)ply + 1);
    if (rt_load(&t->offers[ply]) != o)
        rt_store_release(&t->offers[ply], o);
}

void sp_withdraw(worker *w, const sp_frame *f)
{
    if (!splittable(w, f))
        return;
    sp_thread *t = me(w);
    const int ply = f->nd.ply;
    if (rt_load(&t->offers[ply]) != 0)
        rt_store_release(&t->offers[ply], 0);
}

/* Count a thread in at `sp` if there is still work for it there. */
bool sp_book(split_point *sp, const split_point *above)
{
    rt_mutex_lock(&sp->lock);
    const bool ok = rt_load(&sp->open) != 0 && !is_cut(sp) &&
                    sp->next < sp->n && strictly_below(sp, above);
    if (ok)
        rt_fetch_add(&sp->workers, 1);
    rt_mutex_unlock(&sp->lock);
    return ok;
}

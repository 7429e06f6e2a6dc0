/*
 * A node's moves for the recursive searches (negascout.c): generation
 * through whichever callback the game set, the order they are searched in
 * (the table move, the killers, the history heuristic, or the game's own
 * scores), and a staged game's moves one stage at a time.  See pab(7),
 * MOVE ORDERING.
 *
 * Concurrency: everything here is the calling worker's own (its move and
 * score buffers, killers and history).  Only the worker writes its history
 * and countermoves, but they are shared words (rt_load32, rt_store32): a
 * helper joining one of its split points may copy them meanwhile
 * (moves_adopt, config.split_adopt_depth).  What it copies is a mix of
 * older and newer values, each one a value the owner held: move ordering,
 * which only needs a good guess.
 */
#include "config.h"

#include <string.h>

#include "internal.h"

/* Without config.history_gravity, history values only grow (a malus
 * stops at 0) and are all halved when one passes HISTORY_MAX.  With it
 * they are signed and stay within +-HISTORY_GRAVITY: each update moves a
 * value towards the bound by the bonus, less as it nears it, so that the
 * old verdicts fade as new ones come (the rule of today's engines). */
#define HISTORY_MAX       (1 << 30)
#define HISTORY_GRAVITY   16384
#define HISTORY_BONUS_MAX 1200
/* A history value as an unsigned sort key, order kept, below the
 * killers' keys (ties_of). */
#define HISTORY_KEY(h) ((uint32_t)(h) + (1u << 31))
/* The ordering key of a tactical move: above any quiet move's history, so
 * the sort keeps the game's order of captures ahead of the quiet moves. */
#define TACTICAL_KEY UINT32_MAX

pab_move_t *moves_at(worker *w, int ply)
{
    return w->moves + (size_t)ply * w->sh->capacity;
}

static int32_t *scores_at(worker *w, int ply)
{
    return w->scores + (size_t)ply * w->sh->capacity;
}

/* ---- generation -----------------------------------------------------------
 */

/* A count and a terminal value within the contract, else PAB_EGAME. */
static int generated(worker *w, int n, unsigned room, pab_score_t terminal)
{
    if (n < 0 || (unsigned)n > room || terminal < PAB_SCORE_MIN ||
        terminal > PAB_SCORE_MAX) {
        worker_fail(w, PAB_EGAME); /* the contract's range, not ours */
        return -1;
    }
    return n;
}

/* One stage of a scored game's moves, written after the `offset` moves
 * already at this ply. */
static int generate_stage(worker *w, int ply, int offset, unsigned stage,
                          pab_score_t *terminal)
{
    const unsigned room = w->sh->capacity - (unsigned)offset;
    int n = game_generate_stage(w->sh->game, w->state, stage,
                                moves_at(w, ply) + offset,
                                scores_at(w, ply) + offset, room, terminal);
    return generated(w, n, room, *terminal);
}

int moves_generate(worker *w, int ply, pab_score_t *terminal, int *noisy)
{
    /* PABSim's expand state, and the search step that finds the moves run
     * out (or cut off): once per interior node either way. */
    rt_work_done(RT_WORK_EXPAND);
    rt_work_done(RT_WORK_SEARCH);
    int n = game_generate(w->sh->game, w->state, moves_at(w, ply),
                          w->scores ? scores_at(w, ply) : NULL, w->sh->capacity,
                          terminal, noisy);
    return generated(w, n, w->sh->capacity, *terminal);
}

int moves_keep(worker *w, int ply, int n, int *noisy,
               bool (*keep)(const worker *, pab_move_t))
{
    pab_move_t *moves = moves_at(w, ply);
    int32_t *scores = w->scores ? scores_at(w, ply) : NULL;
    int kept = 0, kept_noisy = 0;
    for (int i = 0; i < n; i++) {
        if (!keep(w, moves[i]))
            continue;
        kept_noisy += i < *noisy;
        if (scores)
            scores[kept] = scores[i];
        moves[kept++] = moves[i];
    }
    *noisy = kept_noisy;
    return kept;
}

bool moves_have_noisy(const pab_game *g)
{
    return g->generate_noisy != NULL || (g->flags & PAB_GAME_STAGED);
}

static void sort_scored(worker *w, pab_move_t *moves, int32_t *scores, int from,
                        int to, int ply, unsigned stage);
static int first_bad(const int32_t *scores, int from, int to);

int moves_generate_noisy(worker *w, int ply)
{
    const pab_game *g = w->sh->game;
    rt_work_done(RT_WORK_EXPAND);
    /* The game's own quiescence list wins: it says which moves settle a
     * position, and may hold more than captures. */
    if (g->generate_noisy != NULL) {
        int n = g->generate_noisy(w->state, moves_at(w, ply), w->sh->capacity,
                                  g->user);
        return generated(w, n, w->sh->capacity, 0);
    }
    pab_score_t none = 0;
    const bool skip_bad = w->sh->cfg.qsearch_skip_bad;
    int n = generate_stage(w, ply, 0, PAB_STAGE_NOISY, &none);
    if (n > 1 && w->sh->cfg.move_ordering)
        sort_scored(w, moves_at(w, ply), scores_at(w, ply), 0, n, ply,
                    PAB_STAGE_NOISY);
    /* A capture the game's own estimate says loses material seldom
     * changes a quiet position's value: quiescence leaves it out. */
    if (n > 0 && skip_bad && w->sh->cfg.move_ordering)
        n = first_bad(scores_at(w, ply), 0, n);
    return n;
}

/* ---- which moves are quiet --------------------------------------------------
 */

static bool is_quiet(worker *w, pab_move_t m)
{
    const pab_game *g = w->sh->game;
    return g->move_flags == NULL || g->move_flags(w->state, m, g->user) == 0;
}

/* Reductions and pruning need the game to say which moves are quiet:
 * without move_flags() nothing is reduced or pruned, so games that do not
 * opt in are searched exactly. */
bool moves_reducible(worker *w, pab_move_t m)
{
    const pab_game *g = w->sh->game;
    return g->move_flags != NULL && g->move_flags(w->state, m, g->user) == 0;
}

/* ---- the order
 * --------------------------------------------------------------- */

/* The reply that last refuted the move that led to `ply`, or none. */
static pab_move_t countermove_of(const worker *w, int ply)
{
    const unsigned i = w->prev_index[ply];
    if (w->counter == NULL || ply == 0 || i >= w->sh->game->move_index_count)
        return PAB_MOVE_NONE;
    return rt_load32(&w->counter[i]);
}

/* A killer of the ply or the countermove: a quiet move that refuted a
 * position like this one lately. */
bool moves_refutes(const worker *w, pab_move_t m, int ply)
{
    return m == w->killers[ply][0] || m == w->killers[ply][1] ||
           m == countermove_of(w, ply);
}

/* config.cont_history_bits: the rows of the continuation tables that
 * score a move at `ply`, one for each of the moves one and two plies
 * before (NULL where a null move or the root came first, or without the
 * tables).  They depend on the ply only: a node looks them up once. */
typedef struct cont_rows {
    int32_t *row[2];
} cont_rows;

static cont_rows cont_rows_at(const worker *w, int ply)
{
    const unsigned count = w->sh->game->move_index_count;
    cont_rows r = {{NULL, NULL}};
    for (int back = 0; back < 2 && w->cont != NULL; back++) {
        const unsigned p = ply - back >= 1 ? w->prev_index[ply - back] : count;
        if (p < count)
            r.row[back] = w->cont + (size_t)(p & w->cont_mask) * count;
    }
    return r;
}

/* The history of the move of index i: its own and, with continuation
 * history, what it did after the same previous moves. */
static int32_t history_at(const worker *w, const cont_rows *r, unsigned i)
{
    int32_t h = (int32_t)rt_load32(&w->history[i]);
    for (int back = 0; back < 2; back++)
        if (r->row[back] != NULL)
            h += r->row[back][i];
    return h;
}

/* The history of move m, its continuation rows `r` looked up already. */
static int32_t history_of(worker *w, const cont_rows *r, pab_move_t m)
{
    const pab_game *g = w->sh->game;
    unsigned i = game_move_index(g, w->state, m);
    return i < g->move_index_count ? history_at(w, r, i) : 0;
}

int32_t moves_history(worker *w, pab_move_t m, int ply)
{
    if (w->history == NULL)
        return 0;
    const cont_rows r = cont_rows_at(w, ply);
    return history_of(w, &r, m);
}

/* Move `m`, if present in moves[from..n), to `from` (with its score, when
 * there are scores), keeping the order of the others.  Where it was, or
 * -1. */
static int bring_forward(pab_move_t *moves, int32_t *scores, int from, int n,
                         pab_move_t m)
{
    for (int i = from; i < n && m != PAB_MOVE_NONE; i++) {
        if (moves[i] != m)
            continue;
        memmove(moves + from + 1, moves + from,
                sizeof *moves * (size_t)(i - from));
        moves[from] = m;
        if (scores != NULL) {
            int32_t sc = scores[i];
            memmove(scores + from + 1, scores + from,
                    sizeof *scores * (size_t)(i - from));
            scores[from] = sc;
        }
        return i;
    }
    return -1;
}

/* TT move first, then the killers, then the game's order with quiet moves
 * stably sorted by history.  Tactical moves keep the game's order ahead of
 * the quiet ones: the game knows best how to order captures. */
static void order_moves(worker *w, pab_move_t *moves, int n, int ply,
                        pab_move_t tt_move)
{
    const pab_move_t front_moves[4] = {tt_move, w->killers[ply][0],
                                       w->killers[ply][1],
                                       countermove_of(w, ply)};
    int front = 0;
    for (int k = 0; k < 4; k++)
        if (bring_forward(moves, NULL, front, n, front_moves[k]) >= 0)
            front++;
    if (w->history == NULL)
        return;
    unsigned keys[PAB_MAX_MOVES];
    if (n - front > PAB_MAX_MOVES)
        return;
    const cont_rows r = cont_rows_at(w, ply);
    for (int i = front; i < n; i++)
        keys[i - front] = is_quiet(w, moves[i])
                              ? HISTORY_KEY(history_of(w, &r, moves[i]))
                              : TACTICAL_KEY;
    for (int i = front + 1; i < n; i++) {
        pab_move_t m = moves[i];
        unsigned k = keys[i - front];
        int j = i;
        while (j > front && keys[j - 1 - front] < k) {
            moves[j] = moves[j - 1];
            keys[j - front] = keys[j - 1 - front];
            j--;
        }
        moves[j] = m;
        keys[j - front] = k;
    }
}

/* With the game's scores its score decides; among equal scores the killers
 * come first, then the quiet moves by history (see pab(7), MOVE
 * ORDERING).  The node's hottest loop, one history look-up per quiet
 * move: what every look-up would load is loaded once, and with
 * PAB_GAME_INDEX_LOW_BITS no call is made at all.  `stage` says which
 * moves are quiet without asking the game where it can. */
static void ties_of(worker *w, const pab_move_t *moves, uint32_t *ties, int n,
                    int ply, unsigned stage)
{
    const pab_game *g = w->sh->game;
    const pab_move_t k0 = w->killers[ply][0], k1 = w->killers[ply][1];
    const pab_move_t cm = countermove_of(w, ply);
    const rt_word32 *history = w->history;
    const unsigned count = g->move_index_count;
    const bool low_bits = g->flags & PAB_GAME_INDEX_LOW_BITS;
    const cont_rows r = cont_rows_at(w, ply);
    for (int i = 0; i < n; i++) {
        const pab_move_t m = moves[i];
        unsigned x;
        if (m == k0)
            ties[i] = UINT32_MAX;
        else if (m == k1)
            ties[i] = UINT32_MAX - 1;
        else if (m == cm && stage != PAB_STAGE_NOISY)
            ties[i] = UINT32_MAX - 2;
        else if (history == NULL || stage == PAB_STAGE_NOISY ||
                 (stage == PAB_STAGE_ALL && !is_quiet(w, m)))
            ties[i] = 0;
        else if (low_bits)
            ties[i] = HISTORY_KEY(history_at(w, &r, m & (count - 1)));
        else
            ties[i] = (x = g->move_index(w->state, m, g->user)) < count
                          ? HISTORY_KEY(history_at(w, &r, x))
                          : 0;
    }
}

/* Stable insertion sort of moves[from..to) and their scores, larger
 * first, ties broken by ties_of(). */
static void sort_scored(worker *w, pab_move_t *moves, int32_t *scores, int from,
                        int to, int ply, unsigned stage)
{
    uint32_t ties[PAB_MAX_MOVES];
    if (to - from > PAB_MAX_MOVES)
        return;
    ties_of(w, moves + from, ties, to - from, ply, stage);
    for (int i = from + 1; i < to; i++) {
        pab_move_t m = moves[i];
        int32_t sc = scores[i];
        uint32_t t = ties[i - from];
        int j = i;
        while (j > from && (scores[j - 1] < sc ||
                            (scores[j - 1] == sc && ties[j - 1 - from] < t))) {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            ties[j - from] = ties[j - 1 - from];
            j--;
        }
        moves[j] = m;
        scores[j] = sc;
        ties[j - from] = t;
    }
}

/* The first of the sorted moves[from..to) the game scores below 0 (a
 * capture that loses material): a staged game's noisy moves from there
 * are searched after its quiet ones. */
static int first_bad(const int32_t *scores, int from, int to)
{
    while (from < to && scores[from] >= 0)
        from++;
    return from;
}

/* A staged game's order in one list: the bad noisy moves of
 * [front, noisy) go behind the quiet moves [noisy, n). */
static void defer_bad(pab_move_t *moves, int32_t *scores, int front, int noisy,
                      int n)
{
    const int bad = first_bad(scores, front, noisy), k = noisy - bad;
    pab_move_t m[PAB_MAX_MOVES];
    int32_t sc[PAB_MAX_MOVES];
    if (k == 0 || k > PAB_MAX_MOVES)
        return;
    memcpy(m, moves + bad, sizeof *m * (size_t)k);
    memcpy(sc, scores + bad, sizeof *sc * (size_t)k);
    memmove(moves + bad, moves + noisy, sizeof *m * (size_t)(n - noisy));
    memmove(scores + bad, scores + noisy, sizeof *sc * (size_t)(n - noisy));
    memcpy(moves + n - k, m, sizeof *m * (size_t)k);
    memcpy(scores + n - k, sc, sizeof *sc * (size_t)k);
}

/* The table move first, then each stage's moves by the game's scores
 * (noisy ones ahead of quiet ones for a staged game: `noisy` of them). */
static void order_scored(worker *w, pab_move_t *moves, int32_t *scores, int n,
                         int noisy, int ply, pab_move_t tt_move)
{
    const int at = bring_forward(moves, scores, 0, n, tt_move);
    const int front = at >= 0 ? 1 : 0;
    if (at >= noisy)
        noisy++; /* the table move came from the quiet stage */
    if (!(w->sh->game->flags & PAB_GAME_STAGED)) {
        sort_scored(w, moves, scores, front, n, ply, PAB_STAGE_ALL);
        return;
    }
    sort_scored(w, moves, scores, front, noisy, ply, PAB_STAGE_NOISY);
    sort_scored(w, moves, scores, noisy > front ? noisy : front, n, ply,
                PAB_STAGE_QUIET);
    defer_bad(moves, scores, front, noisy, n);
}

void moves_order(worker *w, pab_move_t *moves, int n, int noisy, int ply,
                 pab_move_t tt_move)
{
    if (!w->sh->cfg.move_ordering)
        return;
    if (w->scores != NULL)
        order_scored(w, moves, scores_at(w, ply), n, noisy, ply, tt_move);
    else
        order_moves(w, moves, n, ply, tt_move);
}

/* A signed history value pulled towards +-HISTORY_GRAVITY by `bonus`. */
static void gravity_add(int32_t *h, int bonus)
{
    const int mag = bonus < 0 ? -bonus : bonus;
    *h += bonus - (int32_t)((int64_t)*h * mag / HISTORY_GRAVITY);
}

/* One history update of the move of index i by `bonus` (negative: a
 * malus), its continuation rows `r`. */
static void history_add(worker *w, const cont_rows *r, unsigned i, int bonus)
{
    int32_t h = (int32_t)rt_load32(&w->history[i]);
    if (w->sh->cfg.history_gravity) {
        gravity_add(&h, bonus);
        rt_store32(&w->history[i], (uint32_t)h);
        for (int back = 0; back < 2; back++)
            if (r->row[back] != NULL)
                gravity_add(&r->row[back][i], bonus);
        return;
    }
    if (bonus < 0) /* the plain history stays >= 0 */
        h = h > -bonus ? h + bonus : 0;
    else
        h += bonus;
    rt_store32(&w->history[i], (uint32_t)h);
    if (h > HISTORY_MAX)
        for (unsigned k = 0; k < w->sh->game->move_index_count; k++)
            rt_store32(&w->history[k],
                       (uint32_t)((int32_t)rt_load32(&w->history[k]) / 2));
}

/* The quiet moves tried before the one that cut off were wrong guesses:
 * they lose what a cutoff would have won them. */
static void history_malus(worker *w, const cont_rows *r, pab_move_t best,
                          const pab_move_t *tried, int n, int bonus)
{
    const pab_game *g = w->sh->game;
    for (int k = 0; k < n; k++) {
        if (tried[k] == best)
            continue;
        unsigned i = game_move_index(g, w->state, tried[k]);
        if (i < g->move_index_count)
            history_add(w, r, i, -bonus);
    }
}

void moves_reward(worker *w, pab_move_t m, int depth, int ply,
                  const pab_move_t *tried, int n)
{
    const pab_game *g = w->sh->game;
    if (!is_quiet(w, m))
        return;
    if (w->killers[ply][0] != m) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0] = m;
    }
    if (w->counter != NULL && ply > 0 &&
        w->prev_index[ply] < g->move_index_count)
        rt_store32(&w->counter[w->prev_index[ply]], m);
    if (w->history == NULL)
        return;
    unsigned i = game_move_index(g, w->state, m);
    if (i >= g->move_index_count)
        return;
    /* The usual weight, depth squared: a cutoff far from the horizon saves
     * a larger tree.  Under gravity it is capped, so that no single
     * verdict fills the range. */
    int bonus = depth * depth;
    if (w->sh->cfg.history_gravity) {
        bonus *= 16;
        bonus = bonus < HISTORY_BONUS_MAX ? bonus : HISTORY_BONUS_MAX;
    }
    const cont_rows r = cont_rows_at(w, ply);
    if (w->sh->cfg.history_malus)
        history_malus(w, &r, m, tried, n, bonus);
    history_add(w, &r, i, bonus);
}

/* Word by word through the runtime: the owner may be writing `src`. */
static void copy_table(rt_word32 *dst, const rt_word32 *src, unsigned n)
{
    if (dst != NULL && src != NULL)
        for (unsigned k = 0; k < n; k++)
            rt_store32(&dst[k], rt_load32(&src[k]));
}

void moves_adopt(worker *w, const worker *from)
{
    const unsigned count = w->sh->game->move_index_count;
    copy_table(w->history, from->history, count);
    copy_table(w->counter, from->counter, count);
}

/* ---- a staged node, stage by stage
 * ------------------------------------------- */

/* The table move before any generation, if the game can vouch for it. */
static bool stage_table(worker *w, ns_node *nd, pab_move_t *m)
{
    const pab_game *g = w->sh->game;
    nd->stage = NS_STAGE_NOISY;
    if (!w->sh->cfg.move_ordering || nd->tt_move == PAB_MOVE_NONE ||
        g->move_valid == NULL || !g->move_valid(w->state, nd->tt_move, g->user))
        return false;
    nd->tried = *m = nd->tt_move;
    return true;
}

/* The next stage's moves after those already generated at this ply, in
 * order, and where they start; the table move, if tried already, is not
 * searched again. */
static int stage_generate(worker *w, ns_node *nd, unsigned stage)
{
    const int at = nd->end;
    int k = generate_stage(w, nd->ply, at, stage, &nd->terminal);
    if (k < 0)
        return -1;
    nd->end += k;
    nd->next = at;
    nd->n = nd->end;
    if (!w->sh->cfg.move_ordering)
        return at;
    int32_t *scores = scores_at(w, nd->ply);
    int front = at;
    if (nd->tried == PAB_MOVE_NONE &&
        bring_forward(nd->moves, scores, at, nd->end, nd->tt_move) >= 0)
        front++;
    sort_scored(w, nd->moves, scores, front, nd->end, nd->ply, stage);
    return front;
}

/* The noisy stage, its bad moves held back for after the quiet ones. */
static bool stage_noisy(worker *w, ns_node *nd)
{
    int front = stage_generate(w, nd, PAB_STAGE_NOISY);
    if (front < 0)
        return false;
    nd->bad = nd->n = w->sh->cfg.move_ordering
                          ? first_bad(scores_at(w, nd->ply), front, nd->end)
                          : nd->end;
    return true;
}

bool ns_next(worker *w, ns_node *nd, pab_move_t *m)
{
    for (;;) {
        while (nd->next < nd->n) {
            *m = nd->moves[nd->next++];
            if (*m != nd->tried && *m != nd->excluded)
                return true;
        }
        switch (nd->stage) {
        case NS_STAGE_TABLE:
            if (stage_table(w, nd, m))
                return true;
            break;
        case NS_STAGE_NOISY:
            nd->stage = NS_STAGE_QUIET;
            if (!stage_noisy(w, nd))
                return false;
            break;
        case NS_STAGE_QUIET:
            nd->stage = NS_STAGE_BAD;
            nd->noisy_end = nd->end;
            if (stage_generate(w, nd, PAB_STAGE_QUIET) < 0)
                return false;
            break;
        case NS_STAGE_BAD:
            nd->stage = NS_STAGE_DONE;
            nd->in_bad = true;
            nd->next = nd->bad;
            nd->n = nd->noisy_end;
            break;
        default: return false;
        }
    }
}

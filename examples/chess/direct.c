/*
 * pab-chess direct: what the library's search costs per node.
 *
 * The serial search of libpab (lib/negascout.c, lib/ns_prune.c,
 * lib/quiesce.c, lib/ns_moves.c and lib/iterate.c) written out again as
 * one direct alpha-beta loop over the chess module's own functions: no
 * callback table, no worker, no staged-node machinery, the same decisions
 * in the same order.  It keeps its own transposition table through the
 * public pab_tt API (the component, not the search), so that the two
 * searches probe and store alike and visit exactly the same nodes: the
 * bench checks that the counts are equal, and only then compares the
 * speeds.
 *
 * Every amount and switch is read from the pab_config the library search
 * gets (pab_config_init()'s defaults), never restated here, so that a
 * changed default moves both searches alike.  It follows the library step
 * by step: iterative deepening with aspiration windows (aspiration_window,
 * doubled on each fail; mate_moves stops it); at a node, the rule draws,
 * the horizon (quiescence: a table cutoff of any draft with qsearch_tt,
 * stand pat, the noisy stage's moves by the game's scores without the
 * losing ones with qsearch_skip_bad, every evasion in check; the bounds
 * stored with qsearch_tt), mate-distance pruning, the table probe (a
 * cutoff outside PV nodes), internal iterative reduction (one ply less
 * from iir_depth without a table move), the static value corrected by
 * correction history (correction_bits, by chess_pawn_key, also when
 * standing pat) and taken from the table's bound where that lies beyond
 * it (tt_eval), reverse futility (rfp_depth, rfp_margin per ply), the
 * null move (null_min_depth, R = null_r_base + depth / null_r_div),
 * ProbCut (probcut_depth, probcut_margin), futility (futility_depth,
 * futility_margin per ply); then the moves by
 * stage: the table move if valid, the noisy moves that do not lose, the
 * quiet ones (killers, the countermove, then history, among equal
 * scores), the losing noisy ones; late-move pruning (past lmp_moves +
 * depth^2 quiet moves up to lmp_depth, losing captures up to
 * see_prune_depth); PVS with late-move reductions (logarithmic with
 * lmr_log, else lmr_r and the deep rule; lmr_refutation, lmr_tt_noisy),
 * check and singular extensions (singular_negative: a ply less); at a quiet
 * cutoff the killers, the countermove, and history with its malus for the quiet
 * moves tried before; at the node's end what its value teaches the correction
 * table.  The selective rules are the library's for a game with move_flags(),
 * as chess is.
 *
 * Not followed (the bench never sets them): plain mode, use_tt off,
 * MultiPV and root moves, threads, limits and the simulator.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../games/chess_bits.h"
#include "pab-chess.h"

#define DIRECT_PLY_MAX 256 /* PAB_PLY_MAX */
#define HISTORY_MAX    (1 << 30)
/* History under history_gravity: its bound and largest bonus; a value as
 * a sort key, order kept (the library's ns_moves.c). */
#define HISTORY_GRAVITY   16384
#define HISTORY_BONUS_MAX 1200
#define HISTORY_KEY(h)    ((uint32_t)(h) + (1u << 31))
#define NO_EVAL           (PAB_SCORE_INF + 2)
#define INF               PAB_SCORE_INF
/* The chess game's history index: a move's low 12 bits (its from and to
 * squares, PAB_GAME_INDEX_LOW_BITS), INDEX_COUNT slots. */
#define INDEX_COUNT 4096u
#define INDEX(m)    ((unsigned)(m) & (INDEX_COUNT - 1))
#define NO_INDEX    UINT32_MAX /* no previous move: the root, a null move */
/* The quiet moves a node remembers for the history malus (the library's
 * NS_QUIETS_MAX, which no config field sets). */
#define QUIETS_MAX 32

/* Correction history's grain, limit and largest weight in 256ths (the
 * library's NS_CORR_*, which no config field sets). */
#define CORR_GRAIN      256
#define CORR_LIMIT      128
#define CORR_WEIGHT_MAX 16

enum { STAGE_TABLE, STAGE_NOISY, STAGE_QUIET, STAGE_BAD, STAGE_DONE };

typedef struct direct {
    chess_pos *pos;
    pab_tt *tt;
    const pab_config *cfg;
    pab_move_t moves[DIRECT_PLY_MAX][CHESS_MAX_MOVES];
    int32_t scores[DIRECT_PLY_MAX][CHESS_MAX_MOVES];
    pab_move_t killers[DIRECT_PLY_MAX][2];
    int32_t history[INDEX_COUNT];
    /* cont_history_bits: by the low bits of the index of the move one or
     * two plies before, then the move's index (cont_mask + 1 contexts). */
    int32_t *cont;
    unsigned cont_mask;
    /* correction_bits: by chess_pawn_key's low bits, the running average
     * of (searched - static value), in 1/CORR_GRAIN units. */
    int32_t *corr;
    uint64_t corr_mask;
    /* improving: the static value at each ply of the line, or NO_EVAL;
     * and the table entry a node found, for the singular extension. */
    pab_score_t eval_at[DIRECT_PLY_MAX + 1];
    /* By a move's index, the reply that last refuted it; and the index of
     * the move that led to each ply. */
    pab_move_t counter[INDEX_COUNT];
    uint32_t prev_index[DIRECT_PLY_MAX + 1];
    /* The principal variation, as every engine keeps one to report it:
     * pv[ply] is the line from that ply, pv_len[ply] long. */
    pab_move_t pv[DIRECT_PLY_MAX + 1][PAB_PV_MAX];
    unsigned pv_len[DIRECT_PLY_MAX + 1];
    int seldepth;
    uint64_t nodes;
} direct;

/* One node's moves, stage by stage. */
typedef struct picker {
    int stage, next, n, end, bad, noisy_end;
    bool in_bad; /* handing out the losing noisy moves */
    pab_move_t tt_move, tried;
    pab_move_t excluded; /* a singular test's node: the move left out */
    pab_score_t terminal;
} picker;

/* ---- the game, called directly ------------------------------------------ */

static bool draw_by_rule(const chess_pos *pos)
{
    return !pos->perft && pos->ply > pos->root && chess_rule_draw(pos);
}

static bool tactical(const chess_pos *pos, pab_move_t m)
{
    return pos->board[CHESS_MOVE_TO(m)] || CHESS_MOVE_PROMO(m) ||
           (m & CHESS_MOVE_EN_PASSANT);
}

/* move_flags() == 0: neither tactical nor a check. */
static bool quiet(const chess_pos *pos, pab_move_t m)
{
    return !tactical(pos, m) && !chess_gives_check(pos, m);
}

static pab_score_t from_game(pab_score_t s, int ply)
{
    if (PAB_SCORE_IS_WIN(s))
        return s - ply;
    if (PAB_SCORE_IS_LOSS(s))
        return s + ply;
    return s;
}

static pab_score_t to_tt(pab_score_t s, int ply)
{
    if (PAB_SCORE_IS_WIN(s))
        return s + ply;
    if (PAB_SCORE_IS_LOSS(s))
        return s - ply;
    return s;
}

static pab_score_t evaluate(const chess_pos *pos, int ply)
{
    if (draw_by_rule(pos))
        return 0;
    if (pos->checkers && !chess_has_legal_move(pos))
        return from_game(PAB_SCORE_LOSS_IN(0), ply);
    return from_game(chess_evaluate(pos), ply);
}

/* One stage of the scored generator at moves[at..]. */
/* correction_bits: whether a value may be corrected (no result nor
 * near one), the corrected static value, and what a node's searched
 * value teaches the table. */
static bool corrigible(pab_score_t v)
{
    return v != NO_EVAL &&
           v <= PAB_SCORE_MATE - PAB_MATE_PLY_MAX - CORR_LIMIT &&
           v >= -PAB_SCORE_MATE + PAB_MATE_PLY_MAX + CORR_LIMIT;
}

static int32_t *corr_entry(const direct *d)
{
    return &d->corr[chess_pawn_key(d->pos) & d->corr_mask];
}

static pab_score_t corrected(const direct *d, pab_score_t raw)
{
    if (d->corr == NULL || !corrigible(raw))
        return raw;
    return raw + *corr_entry(d) / CORR_GRAIN;
}

static int32_t clamp_corr(int64_t v)
{
    const int64_t lim = (int64_t)CORR_LIMIT * CORR_GRAIN;
    return (int32_t)(v > lim ? lim : v < -lim ? -lim : v);
}

static void corr_learn(direct *d, int depth, pab_score_t raw,
                       pab_score_t static_eval, pab_score_t best,
                       pab_move_t best_move, pab_score_t alpha0,
                       pab_score_t beta)
{
    if (d->corr == NULL || raw == NO_EVAL ||
        (best_move != PAB_MOVE_NONE && !quiet(d->pos, best_move)) ||
        (best >= beta && best <= static_eval) ||
        (best <= alpha0 && best >= static_eval) || !corrigible(best) ||
        !corrigible(raw))
        return;
    int32_t *e = corr_entry(d);
    const int weight =
        depth + 1 < CORR_WEIGHT_MAX ? depth + 1 : CORR_WEIGHT_MAX;
    const int64_t diff = clamp_corr(((int64_t)best - raw) * CORR_GRAIN);
    *e = clamp_corr(((int64_t)*e * (256 - weight) + diff * weight) / 256);
}

static int generate(direct *d, int ply, int at, unsigned kinds,
                    pab_score_t *terminal)
{
    const chess_pos *pos = d->pos;
    *terminal = 0;
    if (draw_by_rule(pos))
        return 0;
    int n =
        chess_generate(pos, kinds, d->moves[ply] + at, CHESS_MAX_MOVES - at);
    for (int i = 0; i < n; i++)
        d->scores[ply][at + i] =
            kinds == GEN_QUIETS ? 0
                                : chess_noisy_score(pos, d->moves[ply][at + i]);
    if (pos->checkers)
        *terminal = PAB_SCORE_LOSS_IN(0);
    return n;
}

/* make() with the illegal-move protocol, noting the move's index for the
 * countermove of the ply below. */
static bool make(direct *d, pab_move_t m, int ply)
{
    d->prev_index[ply + 1] = INDEX(m);
    if (chess_make(d->pos, m))
        return true;
    chess_unmake(d->pos, m);
    return false;
}

/* ---- ordering ------------------------------------------------------------ */

/* The reply that last refuted the move that led to `ply`, or none. */
static pab_move_t countermove(const direct *d, int ply)
{
    const uint32_t i = d->prev_index[ply];
    if (!d->cfg->countermove || ply == 0 || i >= INDEX_COUNT)
        return PAB_MOVE_NONE;
    return d->counter[i];
}

/* The continuation entry of index i at `ply`, `back` plies further. */
static int32_t *cont_entry(const direct *d, int ply, int back, unsigned i)
{
    if (d->cont == NULL || ply - back < 1)
        return NULL;
    const uint32_t p = d->prev_index[ply - back];
    return p < INDEX_COUNT ? &d->cont[(p & d->cont_mask) * INDEX_COUNT + i]
                           : NULL;
}

static int32_t history_at(const direct *d, int ply, unsigned i)
{
    int32_t h = d->history[i];
    for (int back = 0; back < 2; back++) {
        const int32_t *c = cont_entry(d, ply, back, i);
        h += c != NULL ? *c : 0;
    }
    return h;
}

/* Among equal scores: the killers, then (quiet moves only) the
 * countermove, then history. */
static uint32_t tie_break(const direct *d, pab_move_t m, int ply, bool q,
                          pab_move_t cm)
{
    if (m == d->killers[ply][0])
        return UINT32_MAX;
    if (m == d->killers[ply][1])
        return UINT32_MAX - 1;
    if (!q)
        return 0;
    if (m == cm)
        return UINT32_MAX - 2;
    return HISTORY_KEY(history_at(d, ply, INDEX(m)));
}

static void sort(direct *d, int ply, int from, int to, bool q)
{
    pab_move_t *mv = d->moves[ply];
    int32_t *sc = d->scores[ply];
    uint32_t ties[CHESS_MAX_MOVES];
    const pab_move_t cm = q ? countermove(d, ply) : PAB_MOVE_NONE;
    for (int i = from; i < to; i++)
        ties[i] = tie_break(d, mv[i], ply, q, cm);
    for (int i = from + 1; i < to; i++) {
        pab_move_t m = mv[i];
        int32_t s = sc[i];
        uint32_t t = ties[i];
        int j = i;
        for (;
             j > from && (sc[j - 1] < s || (sc[j - 1] == s && ties[j - 1] < t));
             j--) {
            mv[j] = mv[j - 1];
            sc[j] = sc[j - 1];
            ties[j] = ties[j - 1];
        }
        mv[j] = m;
        sc[j] = s;
        ties[j] = t;
    }
}

static bool to_front(direct *d, int ply, int from, int n, pab_move_t m)
{
    pab_move_t *mv = d->moves[ply];
    int32_t *sc = d->scores[ply];
    for (int i = from; i < n && m != PAB_MOVE_NONE; i++) {
        if (mv[i] != m)
            continue;
        int32_t s = sc[i];
        for (int j = i; j > from; j--) {
            mv[j] = mv[j - 1];
            sc[j] = sc[j - 1];
        }
        mv[from] = m;
        sc[from] = s;
        return true;
    }
    return false;
}

static int first_bad(const direct *d, int ply, int from, int to)
{
    while (from < to && d->scores[ply][from] >= 0)
        from++;
    return from;
}

/* The whole list in the staged order (the root, evasions in quiescence). */
static void order_all(direct *d, int ply, int n, int noisy, pab_move_t tt)
{
    if (!d->cfg->move_ordering)
        return;
    int at = 0;
    while (at < n && d->moves[ply][at] != tt)
        at++;
    int front = to_front(d, ply, 0, n, tt) ? 1 : 0;
    if (front && at >= noisy)
        noisy++;
    sort(d, ply, front, noisy, false);
    sort(d, ply, noisy > front ? noisy : front, n, true);
    int bad = first_bad(d, ply, front, noisy), k = noisy - bad;
    if (k == 0)
        return;
    pab_move_t m[CHESS_MAX_MOVES];
    int32_t s[CHESS_MAX_MOVES];
    pab_move_t *mv = d->moves[ply];
    int32_t *sc = d->scores[ply];
    memcpy(m, mv + bad, sizeof *m * (size_t)k);
    memcpy(s, sc + bad, sizeof *s * (size_t)k);
    memmove(mv + bad, mv + noisy, sizeof *m * (size_t)(n - noisy));
    memmove(sc + bad, sc + noisy, sizeof *s * (size_t)(n - noisy));
    memcpy(mv + n - k, m, sizeof *m * (size_t)k);
    memcpy(sc + n - k, s, sizeof *s * (size_t)k);
}

static int generate_all(direct *d, int ply, pab_score_t *terminal, int *noisy)
{
    int k = generate(d, ply, 0, GEN_CAPTURES | GEN_UNDERPROMOTIONS, terminal);
    int q = generate(d, ply, k, GEN_QUIETS, terminal);
    *noisy = k;
    return k + q;
}

/* Quiescence's moves: the noisy stage by its scores, stopping at the
 * first losing one, or with qsearch_skip_bad off the plain generator. */
static int generate_quiescence(direct *d, int ply)
{
    pab_score_t none;
    if (!d->cfg->qsearch_skip_bad)
        return chess_generate_noisy(d->pos, d->moves[ply], CHESS_MAX_MOVES);
    int n = generate(d, ply, 0, GEN_CAPTURES | GEN_UNDERPROMOTIONS, &none);
    if (!d->cfg->move_ordering)
        return n;
    sort(d, ply, 0, n, false);
    return first_bad(d, ply, 0, n);
}

/* The next stage of a staged node; its first index, or -1 at the end. */
static int stage(direct *d, picker *p, int ply, unsigned kinds, bool q)
{
    const int at = p->end;
    p->end += generate(d, ply, at, kinds, &p->terminal);
    p->next = at;
    p->n = p->end;
    if (!d->cfg->move_ordering)
        return at;
    int front = at;
    if (p->tried == PAB_MOVE_NONE && to_front(d, ply, at, p->end, p->tt_move))
        front++;
    sort(d, ply, front, p->end, q);
    return front;
}

static bool next_move(direct *d, picker *p, int ply, pab_move_t *m)
{
    for (;;) {
        while (p->next < p->n) {
            *m = d->moves[ply][p->next++];
            if (*m != p->tried && *m != p->excluded)
                return true;
        }
        switch (p->stage) {
        case STAGE_TABLE:
            p->stage = STAGE_NOISY;
            if (d->cfg->move_ordering && p->tt_move != PAB_MOVE_NONE &&
                !draw_by_rule(d->pos) && chess_move_valid(d->pos, p->tt_move)) {
                p->tried = *m = p->tt_move;
                return true;
            }
            break;
        case STAGE_NOISY: {
            p->stage = STAGE_QUIET;
            int front =
                stage(d, p, ply, GEN_CAPTURES | GEN_UNDERPROMOTIONS, false);
            p->bad = p->n = d->cfg->move_ordering
                                ? first_bad(d, ply, front, p->end)
                                : p->end;
            break;
        }
        case STAGE_QUIET:
            p->stage = STAGE_BAD;
            p->noisy_end = p->end;
            stage(d, p, ply, GEN_QUIETS, true);
            break;
        case STAGE_BAD:
            p->stage = STAGE_DONE;
            p->in_bad = true;
            p->next = p->bad;
            p->n = p->noisy_end;
            break;
        default: return false;
        }
    }
}

static void pv_update(direct *d, int ply, pab_move_t m)
{
    unsigned n = 1;
    d->pv[ply][0] = m;
    for (unsigned i = 0; i < d->pv_len[ply + 1] && n < PAB_PV_MAX; i++)
        d->pv[ply][n++] = d->pv[ply + 1][i];
    d->pv_len[ply] = n;
}

static void gravity_add(int32_t *h, int bonus)
{
    const int mag = bonus < 0 ? -bonus : bonus;
    *h += bonus - (int32_t)((int64_t)*h * mag / HISTORY_GRAVITY);
}

/* One history update (negative: a malus): signed under gravity, else
 * down to 0 at most and halved past HISTORY_MAX. */
static void history_add(direct *d, int ply, unsigned i, int bonus)
{
    int32_t *h = &d->history[i];
    if (d->cfg->history_gravity) {
        gravity_add(h, bonus);
        for (int back = 0; back < 2; back++) {
            int32_t *c = cont_entry(d, ply, back, i);
            if (c != NULL)
                gravity_add(c, bonus);
        }
        return;
    }
    if (bonus < 0) {
        *h = *h > -bonus ? *h + bonus : 0;
        return;
    }
    *h += bonus;
    if (*h > HISTORY_MAX)
        for (unsigned k = 0; k < INDEX_COUNT; k++)
            d->history[k] /= 2;
}

/* A quiet move cut off: killers, countermove, history; the quiet moves
 * tried before it (n of `tried`) lose what it gains. */
static void reward(direct *d, pab_move_t m, int depth, int ply,
                   const pab_move_t *tried, int n)
{
    if (!quiet(d->pos, m))
        return;
    if (d->killers[ply][0] != m) {
        d->killers[ply][1] = d->killers[ply][0];
        d->killers[ply][0] = m;
    }
    if (d->cfg->countermove && ply > 0 && d->prev_index[ply] < INDEX_COUNT)
        d->counter[d->prev_index[ply]] = m;
    int bonus = depth * depth;
    if (d->cfg->history_gravity) {
        bonus *= 16;
        bonus = bonus < HISTORY_BONUS_MAX ? bonus : HISTORY_BONUS_MAX;
    }
    if (d->cfg->history_malus)
        for (int k = 0; k < n; k++)
            if (tried[k] != m)
                history_add(d, ply, INDEX(tried[k]), -bonus);
    history_add(d, ply, INDEX(m), bonus);
}

/* ---- the searches ----------------------------------------------------------
 */

static bool table_cutoff(const pab_tt_entry *e, int depth, pab_score_t alpha,
                         pab_score_t beta)
{
    if (e->depth < depth)
        return false;
    return e->bound == PAB_BOUND_EXACT ||
           (e->bound == PAB_BOUND_LOWER && e->score >= beta) ||
           (e->bound == PAB_BOUND_UPPER && e->score <= alpha);
}

static pab_score_t quiesce(direct *d, pab_score_t alpha, pab_score_t beta,
                           int ply)
{
    const pab_config *cfg = d->cfg;
    chess_pos *pos = d->pos;
    d->nodes++;
    if (ply > d->seldepth)
        d->seldepth = ply;
    d->pv_len[ply] = 0;
    const uint64_t key = pos->key;
    pab_tt_entry e;
    if (cfg->qsearch_tt && pab_tt_probe(d->tt, key, &e)) {
        e.score = from_game(e.score, ply);
        if (table_cutoff(&e, 0, alpha, beta))
            return e.score;
    }
    const pab_score_t alpha0 = alpha;
    pab_move_t best_move = PAB_MOVE_NONE;
    pab_score_t best, terminal = 0;
    int n;
    if (ply < DIRECT_PLY_MAX - 1 && pos->checkers) {
        int noisy;
        n = generate_all(d, ply, &terminal, &noisy);
        if (n <= 0)
            return from_game(terminal, ply);
        order_all(d, ply, n, noisy, PAB_MOVE_NONE);
        best = -INF;
    } else {
        best = corrected(d, evaluate(pos, ply));
        if (best >= beta || ply >= DIRECT_PLY_MAX - 1)
            return best;
        if (best > alpha)
            alpha = best;
        n = generate_quiescence(d, ply);
    }
    for (int i = 0; i < n; i++) {
        pab_move_t m = d->moves[ply][i];
        if (!make(d, m, ply))
            continue;
        pab_score_t v = -quiesce(d, -beta, -alpha, ply + 1);
        chess_unmake(pos, m);
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = m;
                if (v >= beta)
                    break;
            }
        }
    }
    if (best == -INF)
        return from_game(terminal, ply);
    /* Bounds only: an exact value of no draft must not displace a deeper
     * entry. */
    if (cfg->qsearch_tt && (best <= alpha0 || best >= beta))
        pab_tt_store(d->tt, key, 0,
                     best >= beta ? PAB_BOUND_LOWER : PAB_BOUND_UPPER,
                     to_tt(best, ply), best_move);
    return best;
}

/* The horizon: quiescence, or the static value without it. */
static pab_score_t horizon(direct *d, pab_score_t alpha, pab_score_t beta,
                           int ply)
{
    if (d->cfg->quiescence)
        return quiesce(d, alpha, beta, ply);
    d->pv_len[ply] = 0;
    d->nodes++;
    if (ply > d->seldepth)
        d->seldepth = ply;
    return evaluate(d->pos, ply);
}

static void store(direct *d, uint64_t key, int depth, int ply,
                  pab_score_t alpha0, pab_score_t beta, pab_score_t best,
                  pab_move_t move)
{
    pab_bound b = best >= beta    ? PAB_BOUND_LOWER
                  : best > alpha0 ? PAB_BOUND_EXACT
                                  : PAB_BOUND_UPPER;
    pab_tt_store(d->tt, key, depth, b, to_tt(best, ply), move);
}

static pab_score_t search(direct *d, pab_score_t alpha, pab_score_t beta,
                          int depth, int ply, bool pv, pab_move_t excluded);

/* The null move: true with *value when a reduced search fails high. */
static bool null_cuts(direct *d, pab_score_t beta, int depth, int ply,
                      pab_score_t static_eval, pab_score_t *value)
{
    const pab_config *cfg = d->cfg;
    chess_pos *pos = d->pos;
    uint64_t pieces = pos->color_bb[pos->side] &
                      ~(pos->type_bb[CHESS_PAWN] | pos->type_bb[CHESS_KING]);
    if (pos->checkers || !pieces || !chess_make_null(pos))
        return false;
    d->prev_index[ply + 1] = NO_INDEX;
    int r = cfg->null_r_base + depth / cfg->null_r_div;
    if (cfg->null_r_eval > 0) {
        const int64_t more = ((int64_t)static_eval - beta) / cfg->null_r_eval;
        r += more < 3 ? (int)more : 3;
    }
    pab_score_t v = -search(d, -beta, -beta + 1, depth - 1 - r, ply + 1, false,
                            PAB_MOVE_NONE);
    chess_unmake_null(pos);
    if (v < beta)
        return false;
    *value = PAB_SCORE_IS_WIN(v) ? beta : v;
    return true;
}

/* ln(x) in 1/256ths, the library's approximation to the bit. */
static int ln256(unsigned x)
{
    int k = 31 - __builtin_clz(x);
    int frac = (int)(((x - (1u << k)) << 8) >> k); /* 0..255 */
    return (k * 256 + frac) * 177 / 256;           /* ln 2 = 177/256 */
}

static int reduction(const pab_config *cfg, int depth, int searched,
                     bool in_check, bool q, bool pv, int32_t history,
                     bool refutes, bool tt_noisy)
{
    if (!cfg->late_move_reductions || depth < cfg->lmr_min_depth ||
        searched < cfg->lmr_min_moves || in_check || !q)
        return 0;
    int r = cfg->lmr_r;
    if (cfg->lmr_log) {
        const int r256 =
            r * 256 - 64 +
            ln256((unsigned)depth) * ln256((unsigned)(searched + 1)) / 576;
        r = r256 / 256 - (pv ? 1 : 0);
        r = r > 0 ? r : 0;
    } else if (!pv && searched >= cfg->lmr_deep_moves &&
               depth >= cfg->lmr_deep_depth) {
        r = cfg->lmr_deep_r;
    }
    if (cfg->lmr_history > 0 && cfg->history_gravity)
        r -= history / cfg->lmr_history;
    if (cfg->lmr_refutation && refutes)
        r--;
    if (cfg->lmr_tt_noisy && tt_noisy)
        r++;
    if (r < 0)
        r = 0;
    return r < depth - 1 ? r : depth - 1;
}

/* Late-move pruning: a late quiet move near the horizon, or a losing
 * capture, at a node that already has a value that is no loss. */
static bool late_pruned(const pab_config *cfg, const picker *p, int depth,
                        int searched, pab_score_t best, bool q, bool improving)
{
    if (searched == 0 || PAB_SCORE_IS_LOSS(best))
        return false;
    if (q)
        return depth <= cfg->lmp_depth &&
               searched >= (cfg->lmp_moves + depth * depth) /
                               (improving || !cfg->improving ? 1 : 2);
    return p->in_bad && depth <= cfg->see_prune_depth;
}

/* improving: whether the static value rose since two plies before
 * (four, if unknown then; true if neither is known). */
static bool improving_at(direct *d, int ply, pab_score_t static_eval,
                         bool trend)
{
    d->eval_at[ply] = trend ? static_eval : NO_EVAL;
    if (!trend)
        return false;
    pab_score_t before = ply >= 2 ? d->eval_at[ply - 2] : NO_EVAL;
    if (before == NO_EVAL && ply >= 4)
        before = d->eval_at[ply - 4];
    return before == NO_EVAL || static_eval > before;
}

/* tt_eval: the pruning rules take the table's bound where it lies beyond
 * the static value. */
static pab_score_t table_refined(const pab_config *cfg, const pab_tt_entry *e,
                                 bool found, pab_score_t eval)
{
    if (!cfg->tt_eval || !found || PAB_SCORE_IS_WIN(e->score) ||
        PAB_SCORE_IS_LOSS(e->score))
        return eval;
    if (e->bound == PAB_BOUND_EXACT ||
        (e->bound == PAB_BOUND_LOWER && e->score > eval) ||
        (e->bound == PAB_BOUND_UPPER && e->score < eval))
        return e->score;
    return eval;
}

/* The singular extension's test of the table move m: 1 to extend it, 0
 * not, -1 a ply less (singular_negative); *cut set to a value when
 * another move reaches beta too. */
static int singular(direct *d, const pab_tt_entry *e, bool found, int depth,
                    int ply, pab_score_t beta, bool pv, pab_move_t m,
                    const picker *p, pab_score_t *cut)
{
    const pab_config *cfg = d->cfg;
    if (cfg->singular_depth <= 0 || depth < cfg->singular_depth || !found ||
        m != p->tt_move || m != p->tried || p->end != 0 || ply == 0 ||
        ply >= cfg->extension_max_ply || p->excluded != PAB_MOVE_NONE ||
        e->depth < depth - 3 ||
        (e->bound != PAB_BOUND_LOWER && e->bound != PAB_BOUND_EXACT) ||
        PAB_SCORE_IS_WIN(e->score) || PAB_SCORE_IS_LOSS(e->score))
        return 0;
    const int64_t b = (int64_t)e->score - (int64_t)cfg->singular_margin * depth;
    const pab_score_t s_beta =
        b > PAB_SCORE_MIN ? (pab_score_t)b : PAB_SCORE_MIN + 1;
    pab_score_t v =
        search(d, s_beta - 1, s_beta, (depth - 1) / 2, ply, false, m);
    if (v < s_beta)
        return 1;
    if (s_beta >= beta && !pv)
        *cut = s_beta;
    else if (cfg->singular_negative && e->score >= beta)
        return -1;
    return 0;
}

/* ProbCut: true with *value when a capture's search three plies shallower
 * than usual beats beta by probcut_margin (a quiescence search first). */
static bool probcut(direct *d, pab_score_t beta, int depth, int ply,
                    const pab_tt_entry *e, bool found, pab_score_t *value)
{
    const pab_config *cfg = d->cfg;
    if (cfg->probcut_depth <= 0 || depth < cfg->probcut_depth ||
        !cfg->quiescence || PAB_SCORE_IS_WIN(beta) || PAB_SCORE_IS_LOSS(beta) ||
        ply >= DIRECT_PLY_MAX - 2)
        return false;
    const int64_t raised = (int64_t)beta + cfg->probcut_margin;
    if (PAB_SCORE_IS_WIN(raised) || raised > PAB_SCORE_MAX)
        return false;
    const pab_score_t pcb = (pab_score_t)raised;
    if (found && e->depth >= depth - 3 && e->score < pcb &&
        e->bound != PAB_BOUND_LOWER)
        return false;
    pab_move_t captures[CHESS_MAX_MOVES];
    const int n = generate_quiescence(d, ply + 1);
    memcpy(captures, d->moves[ply + 1], sizeof *captures * (size_t)n);
    for (int i = 0; i < n; i++) {
        if (!make(d, captures[i], ply))
            continue;
        pab_score_t v = -quiesce(d, -pcb, -pcb + 1, ply + 1);
        if (v >= pcb)
            v = -search(d, -pcb, -pcb + 1, depth - 4, ply + 1, false,
                        PAB_MOVE_NONE);
        chess_unmake(d->pos, captures[i]);
        if (v >= pcb) {
            *value = v;
            return true;
        }
    }
    return false;
}

static pab_score_t search(direct *d, pab_score_t alpha, pab_score_t beta,
                          int depth, int ply, bool pv, pab_move_t excluded)
{
    const pab_config *cfg = d->cfg;
    chess_pos *pos = d->pos;
    if (ply > 0 && draw_by_rule(pos)) {
        d->pv_len[ply] = 0;
        d->nodes++;
        return 0;
    }
    if (depth <= 0 || ply >= DIRECT_PLY_MAX - 1)
        return horizon(d, alpha, beta, ply);
    d->pv_len[ply] = 0;
    d->nodes++;
    if (cfg->mate_distance_pruning) { /* no mate nearer than the ply */
        const pab_score_t lo = PAB_SCORE_LOSS_IN(0) + ply;
        const pab_score_t hi = PAB_SCORE_WIN_IN(1) - ply;
        if (alpha < lo)
            alpha = lo;
        if (beta > hi)
            beta = hi;
        if (alpha >= beta)
            return alpha;
    }
    const pab_score_t alpha0 = alpha;
    const uint64_t key = pos->key;
    /* A singular test's node neither reads nor writes the table. */
    const bool keep = excluded == PAB_MOVE_NONE;
    pab_tt_entry e;
    picker p = {.stage = STAGE_TABLE,
                .tt_move = PAB_MOVE_NONE,
                .tried = PAB_MOVE_NONE,
                .excluded = excluded};
    const bool found = keep && pab_tt_probe(d->tt, key, &e);
    if (found) {
        e.score = from_game(e.score, ply);
        p.tt_move = e.move;
        if (!pv && table_cutoff(&e, depth, alpha, beta))
            return e.score;
    }
    if (ply == 0) { /* the root: every move at once */
        int noisy;
        p.n = p.end = generate_all(d, ply, &p.terminal, &noisy);
        if (p.n <= 0) {
            pab_score_t v = from_game(p.terminal, ply);
            store(d, key, depth, ply, alpha0, beta, v, PAB_MOVE_NONE);
            return v;
        }
        order_all(d, ply, p.n, noisy, p.tt_move);
        p.stage = STAGE_DONE;
    }
    const bool in_check = pos->checkers != 0;
    if (cfg->iir_depth > 0 && depth >= cfg->iir_depth &&
        p.tt_move == PAB_MOVE_NONE)
        depth--;
    const bool want_eval =
        !pv && !in_check &&
        (cfg->null_move ||
         (cfg->futility_pruning && depth <= cfg->futility_depth) ||
         depth <= cfg->rfp_depth || depth <= cfg->lmp_depth);
    const bool trend = cfg->improving && !in_check;
    const pab_score_t raw_eval =
        want_eval || trend ? evaluate(pos, ply) : NO_EVAL;
    const pab_score_t corr_eval =
        raw_eval == NO_EVAL ? 0 : corrected(d, raw_eval);
    const bool improving = improving_at(d, ply, corr_eval, trend);
    const pab_score_t static_eval = table_refined(cfg, &e, found, corr_eval);
    const bool mate_beta = PAB_SCORE_IS_WIN(beta) || PAB_SCORE_IS_LOSS(beta);
    pab_score_t best = -INF, v;
    if (want_eval && depth <= cfg->rfp_depth && !mate_beta &&
        static_eval - (int64_t)cfg->rfp_margin * (depth - improving) >= beta) {
        if (keep)
            store(d, key, depth, ply, alpha0, beta, static_eval, PAB_MOVE_NONE);
        return static_eval;
    }
    if (want_eval && cfg->null_move && keep && depth >= cfg->null_min_depth &&
        static_eval >= beta && !mate_beta &&
        null_cuts(d, beta, depth, ply, static_eval, &v)) {
        store(d, key, depth, ply, alpha0, beta, v, PAB_MOVE_NONE);
        return v;
    }
    if (want_eval && keep && probcut(d, beta, depth, ply, &e, found, &v)) {
        store(d, key, depth, ply, alpha0, beta, v, PAB_MOVE_NONE);
        return v;
    }
    const int64_t margin64 = (int64_t)cfg->futility_margin * depth;
    const pab_score_t margin =
        margin64 > PAB_SCORE_MAX ? PAB_SCORE_MAX : (pab_score_t)margin64;
    const bool futile = want_eval && cfg->futility_pruning &&
                        depth <= cfg->futility_depth &&
                        static_eval + margin <= alpha;
    /* Late-move pruning never acts at PV nodes nor in check. */
    const bool prunes = !pv && !in_check;
    pab_move_t m, best_move = PAB_MOVE_NONE;
    pab_move_t quiets[QUIETS_MAX];
    int searched = 0, quiets_tried = 0;
    bool tt_noisy = false; /* the table's move, searched, was not quiet */
    while (next_move(d, &p, ply, &m)) {
        const bool q = quiet(pos, m);
        if (m == p.tt_move)
            tt_noisy = !q;
        if (futile && searched > 0 && q) {
            if (static_eval + margin > best)
                best = static_eval + margin;
            continue;
        }
        if (prunes && late_pruned(cfg, &p, depth, searched, best, q, improving))
            continue;
        pab_score_t cut = NO_EVAL;
        const int single =
            singular(d, &e, found, depth, ply, beta, pv, m, &p, &cut);
        const int32_t history =
            q && cfg->lmr_history > 0 && cfg->history_gravity
                ? history_at(d, ply, INDEX(m))
                : 0;
        if (cut != NO_EVAL) {
            v = cut;
        } else {
            if (!make(d, m, ply))
                continue;
            if (q && quiets_tried < QUIETS_MAX)
                quiets[quiets_tried] = m;
            quiets_tried += q;
            const int ext =
                single > 0 || (cfg->check_extension &&
                               ply < cfg->extension_max_ply && pos->checkers)
                    ? 1
                    : single;
            const int new_depth = depth - 1 + ext;
            if (searched == 0) {
                v = -search(d, -beta, -alpha, new_depth, ply + 1, pv,
                            PAB_MOVE_NONE);
            } else {
                const bool refutes = m == d->killers[ply][0] ||
                                     m == d->killers[ply][1] ||
                                     m == countermove(d, ply);
                int r = reduction(cfg, depth, searched, in_check, q && !ext, pv,
                                  history, refutes, tt_noisy);
                v = -search(d, -alpha - 1, -alpha, new_depth - r, ply + 1,
                            false, PAB_MOVE_NONE);
                if (v > alpha && r > 0)
                    v = -search(d, -alpha - 1, -alpha, new_depth, ply + 1,
                                false, PAB_MOVE_NONE);
                if (v > alpha && v < beta && pv)
                    v = -search(d, -beta, -alpha, new_depth, ply + 1, true,
                                PAB_MOVE_NONE);
            }
            chess_unmake(pos, m);
        }
        searched++;
        if (v <= best)
            continue;
        best = v;
        best_move = m;
        if (v <= alpha)
            continue;
        alpha = v;
        pv_update(d, ply, m);
        if (v >= beta) {
            reward(d, m, depth, ply, quiets,
                   quiets_tried < QUIETS_MAX ? quiets_tried : QUIETS_MAX);
            break;
        }
    }
    if (searched == 0 && best == -INF) {
        v = from_game(p.terminal, ply);
        if (keep && p.stage == STAGE_DONE && p.end == 0 &&
            p.tried == PAB_MOVE_NONE)
            store(d, key, depth, ply, alpha0, beta, v, PAB_MOVE_NONE);
        return v;
    }
    if (keep) {
        store(d, key, depth, ply, alpha0, beta, best, best_move);
        corr_learn(d, depth, raw_eval, corr_eval, best, best_move, alpha0,
                   beta);
    }
    return best;
}

/* A proven win within mate_moves moves ends the deepening. */
static bool mate_found(const pab_config *cfg, pab_score_t v)
{
    unsigned n = cfg->mate_moves;
    return n != 0 && PAB_SCORE_IS_WIN(v) &&
           PAB_SCORE_MATE - v <= (pab_score_t)(2 * n - 1);
}

/* Iterative deepening with aspiration windows, as iterate.c does. */
static pab_score_t iterate(direct *d)
{
    const pab_config *cfg = d->cfg;
    pab_score_t guess = 0;
    for (int depth = cfg->iterative_deepening ? 1 : cfg->max_depth;
         depth <= cfg->max_depth; depth++) {
        pab_score_t delta = cfg->aspiration_window, alpha = -INF, beta = INF;
        if (cfg->aspiration && depth > 1) {
            alpha = guess - delta < -INF ? -INF : guess - delta;
            beta = guess + delta > INF ? INF : guess + delta;
        }
        for (;;) {
            pab_score_t v =
                search(d, alpha, beta, depth, 0, true, PAB_MOVE_NONE);
            if (v <= alpha && alpha > -INF)
                alpha = v - delta < -INF ? -INF : v - delta;
            else if (v >= beta && beta < INF)
                beta = v + delta > INF ? INF : v + delta;
            else {
                guess = v;
                break;
            }
            const int64_t more = (int64_t)delta * cfg->aspiration_growth / 100;
            const int64_t g = delta + (more > 0 ? more : 1);
            delta = g > PAB_SCORE_MAX ? PAB_SCORE_MAX : (pab_score_t)g;
        }
        if (mate_found(cfg, guess))
            break;
    }
    return guess;
}

/* ---- the bench ------------------------------------------------------------
 */

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* What one search found, and how long it took (the quickest of its
 * runs: the machine's noise only ever adds time). */
typedef struct outcome {
    uint64_t nodes, ns;
    pab_score_t score;
    int seldepth;
    unsigned pv_len;
    pab_move_t pv[PAB_PV_MAX];
} outcome;

static void timed(outcome *o, uint64_t t0)
{
    uint64_t t = now_ns() - t0;
    o->ns = o->ns == 0 || t < o->ns ? t : o->ns;
}

static bool same_search(const outcome *a, const outcome *b)
{
    return a->nodes == b->nodes && a->score == b->score &&
           a->seldepth == b->seldepth && a->pv_len == b->pv_len &&
           !memcmp(a->pv, b->pv, sizeof a->pv[0] * a->pv_len);
}

/* The direct search of `pos` with the library's config `c`. */
static int direct_run(pab_tt *tt, chess_pos *pos, const pab_config *c,
                      outcome *o)
{
    direct *d = calloc(1, sizeof *d);
    if (d == NULL)
        return -1;
    d->pos = pos;
    d->tt = tt;
    d->cfg = c;
    if (c->cont_history_bits > 0 && c->history_gravity) {
        d->cont_mask = (1u << c->cont_history_bits) - 1;
        d->cont =
            calloc((size_t)(d->cont_mask + 1) * INDEX_COUNT, sizeof *d->cont);
        if (d->cont == NULL) {
            free(d);
            return -1;
        }
    }
    if (c->correction_bits > 0) {
        d->corr_mask = ((uint64_t)1 << c->correction_bits) - 1;
        d->corr = calloc(d->corr_mask + 1, sizeof *d->corr);
        if (d->corr == NULL) {
            free(d->cont);
            free(d);
            return -1;
        }
    }
    for (int p = 0; p < DIRECT_PLY_MAX; p++)
        d->killers[p][0] = d->killers[p][1] = PAB_MOVE_NONE;
    for (unsigned i = 0; i < INDEX_COUNT; i++)
        d->counter[i] = PAB_MOVE_NONE;
    for (int p = 0; p <= DIRECT_PLY_MAX; p++)
        d->eval_at[p] = NO_EVAL;
    d->prev_index[0] = NO_INDEX;
    pab_tt_clear(tt);
    uint64_t t0 = now_ns();
    pab_tt_new_search(tt);
    o->score = iterate(d);
    timed(o, t0);
    o->nodes = d->nodes;
    o->seldepth = d->seldepth;
    o->pv_len = d->pv_len[0];
    memcpy(o->pv, d->pv[0], sizeof o->pv[0] * o->pv_len);
    free(d->cont);
    free(d->corr);
    free(d);
    return 0;
}

static int library_run(pab_searcher *s, chess_pos *pos, const pab_config *c,
                       outcome *o)
{
    pab_result r;
    pab_tt_clear(pab_searcher_tt(s));
    pab_searcher_forget(s);
    uint64_t t0 = now_ns();
    if (pab_search(s, pos, c, &r) < 0)
        return -1;
    timed(o, t0);
    o->nodes = r.stats.nodes;
    o->score = r.score;
    o->seldepth = r.seldepth;
    o->pv_len = r.pv_length;
    memcpy(o->pv, r.pv, sizeof o->pv[0] * o->pv_len);
    return 0;
}

/* Both searches on every Bratko-Kopec position; the per-node cost of the
 * library is how much faster the direct loop visits the same nodes. */
int pc_direct(int argc, char **argv)
{
    int depth = argc > 1 ? (int)pc_number("depth", argv[1], 1, 20) : 8;
    int repeat = argc > 2 ? (int)pc_number("repeat", argv[2], 1, 100) : 1;
    pab_game game;
    pab_searcher *s;
    pab_tt *tt;
    chess_init();
    chess_game_init(&game);
    chess_pos *pos = malloc(sizeof *pos);
    /* One table for both, cleared before each search: the same memory,
     * so that neither gains from where its table happens to lie. */
    if (pos == NULL || pab_tt_create(&tt, (size_t)16 << 20, 0) < 0 ||
        pab_searcher_create_with_tt(&s, &game, tt) < 0)
        return 1;
    pab_config c;
    pab_config_init(&c);
    c.max_depth = depth;
    /* NAME=VALUE after the numbers: a library option for both searches. */
    for (int a = 3; a < argc; a++) {
        char name[64];
        const char *eq = strchr(argv[a], '=');
        int rc = PAB_EINVAL;
        if (eq != NULL && (size_t)(eq - argv[a]) < sizeof name) {
            memcpy(name, argv[a], (size_t)(eq - argv[a]));
            name[eq - argv[a]] = '\0';
            rc = pab_config_set_option(&c, name, eq + 1);
        }
        if (rc < 0) {
            fprintf(stderr, "pab-chess: direct: bad option '%s': %s\n", argv[a],
                    pab_strerror(rc));
            return 2;
        }
    }
    uint64_t lib_nodes = 0, lib_ns = 0, dir_nodes = 0, dir_ns = 0;
    int status = 0;
    for (unsigned i = 0; i < CHESS_BK_COUNT; i++) {
        char err[160];
        outcome lib = {0}, dir = {0};
        if (chess_from_fen(pos, chess_bk_positions[i].fen, err, sizeof err) < 0)
            return 1;
        /* Which goes first alternates, so that neither always finds the
         * caches the other warmed. */
        for (int k = 0; k < repeat; k++)
            if (((i + k) % 2 && direct_run(tt, pos, &c, &dir) < 0) ||
                library_run(s, pos, &c, &lib) < 0 ||
                ((i + k) % 2 == 0 && direct_run(tt, pos, &c, &dir) < 0))
                return 1;
        bool same = same_search(&lib, &dir);
        status |= !same;
        printf("%2u library %10" PRIu64 " nodes %6" PRIu64
               " ms  direct %10" PRIu64 " nodes %6" PRIu64 " ms  %s\n",
               i + 1, lib.nodes, lib.ns / 1000000, dir.nodes, dir.ns / 1000000,
               same ? "same" : "DIFFERENT");
        lib_nodes += lib.nodes;
        lib_ns += lib.ns;
        dir_nodes += dir.nodes;
        dir_ns += dir.ns;
    }
    double lib_nps = lib_nodes * 1e9 / (double)(lib_ns ? lib_ns : 1);
    double dir_nps = dir_nodes * 1e9 / (double)(dir_ns ? dir_ns : 1);
    printf("library: %" PRIu64 " nodes, %.0f nodes/s\n", lib_nodes, lib_nps);
    printf("direct:  %" PRIu64 " nodes, %.0f nodes/s\n", dir_nodes, dir_nps);
    printf("library cost per node: %+.1f %% over the direct loop%s\n",
           (dir_nps / lib_nps - 1) * 100,
           status ? " (node counts differ: not comparable)" : "");
    pab_searcher_destroy(s); /* before the table it borrows */
    pab_tt_destroy(tt);
    free(pos);
    return status;
}

/*
 * pab-chess tune net: trains the evaluation's learned correction
 * (examples/games/chess_net.h) on labelled positions, "FEN label" lines
 * where the label is white's expected score in a stronger engine's
 * judgement (scripts/sf-label.sh; with STATIC=1, millions of them in
 * minutes).
 *
 * The hand-written evaluation h stays as it is; the network learns only
 * what it misses, r, so that sigmoid(K (h + r)) predicts the label, where
 * sigmoid(x) = 1 / (1 + 10^(-x / 400)) and K is first fitted to h alone
 * (as tune fit does).  A network that starts with its output weights at 0
 * starts as the hand-written evaluation, and the check set's error says
 * at every epoch whether it still helps: the weights written are those of
 * the epoch that predicted it best.  Training is Adam (Kingma and Ba,
 * 2015) one position at a time, in an order shuffled each epoch from
 * --seed, so a run repeats exactly, with --threads T threads sharing out
 * the hidden units of every position (the same weights, byte for byte,
 * at any T).  The weights are written as the C
 * source of chess_net_trained (chess_net_weights.c), rounded to the
 * integers the engine adds up, and the check set's error is reported again
 * with those, through the engine's own chess_net_correction(), beside the
 * error of the weights the engine was built with, so a new network can be
 * compared with the shipped one before any game is played.
 */
#include <atomic_ops.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/chess_eval.h"
#include "../games/chess_net.h"
#include "pab-chess.h"
#include "tune.h"

#define NET_LINE_MAX 512
#define NET_HOLDOUT  10  /* one block in ten checks the training */
#define NET_BLOCK    500 /* positions, so a game is rarely split */
#define NET_B1_START 0.5 /* hidden units start half open */
#define NET_W1_RANGE 0.1 /* input weights start in [-range, range] */
#define ADAM_BETA1   0.9
#define ADAM_BETA2   0.999
#define ADAM_EPS     1e-8

#define H CHESS_NET_HIDDEN

/* A position as white's view sees it: black's view is the same pieces
 * with the colours and the ranks swapped (sample_views()), so it is not
 * kept, which halves the memory a run of a hundred million positions
 * takes. */
typedef struct net_sample {
    float hand;  /* the hand-written value, white's side */
    float label; /* white's expected score */
    uint16_t on[CHESS_NET_PIECES];
    uint8_t n;
} net_sample;

/* Both views' inputs of one sample, as the network reads them. */
typedef struct net_views {
    uint16_t on[2][CHESS_NET_PIECES];
    int n;
} net_views;

typedef struct net_set {
    net_sample *s;
    size_t n, cap;
} net_set;

/* The hidden units are added up in blocks of NET_BLOCK_UNITS, 64 bytes
 * of floats, and g is the sum of the blocks' sums in their order.  A
 * thread of tune net --threads takes whole blocks, so the sum is the same
 * to the last bit however many threads computed it. */
#define NET_BLOCK_UNITS 16
#define NET_BLOCKS      (H / NET_BLOCK_UNITS)
_Static_assert(H % NET_BLOCK_UNITS == 0, "whole blocks of hidden units");

/* The network in floating point while it learns; r in centipawns is
 * 100 (g(white's view) - g(black's view)).  w1 is kept block by block
 * (unit j of input i at w1[j / 16][i][j % 16]), so that a block's
 * weights for all inputs lie together: threads that split the units
 * write to memory far apart.  Rows split in the middle had each core's
 * prefetcher pull in the other's lines: two threads trained 1.2 times as
 * fast as one so, 1.7 to 1.85 times with blocks. */
typedef struct float_net {
    float w1[NET_BLOCKS][CHESS_NET_INPUTS][NET_BLOCK_UNITS], b1[H], w2[H];
} float_net;

static inline float *w1_at(float_net *net, int i, int j)
{
    return &net->w1[j / NET_BLOCK_UNITS][i][j % NET_BLOCK_UNITS];
}

/* Unit j's place in the block rows of one input, from the first. */
static inline int w1_offset(int j)
{
    return j / NET_BLOCK_UNITS * CHESS_NET_INPUTS * NET_BLOCK_UNITS +
           j % NET_BLOCK_UNITS;
}

/* Adam's running moments, one per weight. */
typedef struct moments {
    float_net m, v;
} moments;

typedef struct net_opts {
    const char *data, *check, *out;
    long epochs, limit, threads;
    double rate, final_rate; /* the step falls from one to the other */
    uint64_t seed;
    bool shipped; /* --start shipped: from the weights built in */
} net_opts;

static double K = 1.0;

static double expected(double value)
{
    return 1.0 / (1.0 + pow(10.0, -K * value / 400.0));
}

/* ---- the positions -------------------------------------------------------
 */

static bool add(net_set *set, const chess_pos *pos, float label)
{
    if (set->n == set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 65536;
        net_sample *s = realloc(set->s, cap * sizeof *s);
        if (s == NULL)
            return false;
        set->s = s;
        set->cap = cap;
    }
    net_sample *s = &set->s[set->n++];
    s->n = (uint8_t)chess_net_inputs(pos, CHESS_WHITE, s->on);
    int v = chess_evaluate(pos);
    s->hand = (float)(pos->side == CHESS_WHITE ? v : -v);
    s->label = label;
    return true;
}

/* Lines of `path` into train, or with holdout, every NET_HOLDOUT-th block
 * into check. */
static int load(const char *path, long limit, bool holdout, net_set *train,
                net_set *check)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "%s tune net: %s: cannot open\n", pc_prog, path);
        return -1;
    }
    chess_pos *pos = malloc(sizeof *pos);
    char line[NET_LINE_MAX], err[160];
    long kept = 0, skipped = 0;
    int rc = pos ? 0 : -1;
    while (rc == 0 && (limit == 0 || kept < limit) &&
           fgets(line, sizeof line, f) != NULL) {
        float label;
        if (!tune_parse_line(line, &label) ||
            chess_from_fen(pos, line, err, sizeof err) < 0) {
            skipped++;
            continue;
        }
        bool out =
            holdout && (kept / NET_BLOCK) % NET_HOLDOUT == NET_HOLDOUT - 1;
        kept++;
        if (!add(out ? check : train, pos, label))
            rc = -1;
    }
    fclose(f);
    free(pos);
    if (rc < 0)
        fprintf(stderr, "%s tune net: out of memory\n", pc_prog);
    else if (skipped)
        fprintf(stderr, "%s tune net: %s: %ld lines skipped\n", pc_prog, path,
                skipped);
    return rc;
}

/* ---- the network in floating point ----------------------------------------
 */

static double uniform(uint64_t *rng)
{
    return (double)(tune_random(rng) >> 11) / 9007199254740992.0;
}

static void net_init(float_net *net, uint64_t *rng)
{
    for (int i = 0; i < CHESS_NET_INPUTS; i++)
        for (int j = 0; j < H; j++)
            *w1_at(net, i, j) =
                (float)((2.0 * uniform(rng) - 1.0) * NET_W1_RANGE);
    for (int j = 0; j < H; j++) {
        net->b1[j] = (float)NET_B1_START;
        net->w2[j] = 0.0f;
    }
}

/* The engine's integer weights back in floating point, so a run can go
 * on from the network the engine was built with: new positions (from the
 * games of the engine those weights made) refine what the old ones taught,
 * where training from random weights would need the old ones again too. */
static void net_from(float_net *net, const chess_net *q)
{
    for (int i = 0; i < CHESS_NET_INPUTS; i++)
        for (int j = 0; j < H; j++)
            *w1_at(net, i, j) = (float)q->w1[i][j] / CHESS_NET_QA;
    for (int j = 0; j < H; j++) {
        net->b1[j] = (float)q->b1[j] / CHESS_NET_QA;
        net->w2[j] = (float)q->w2[j] / CHESS_NET_QB;
    }
}

/* Black's view of white's input x, through chess_net_input(), the one
 * place that lays the inputs out: x is piece (colour * 6 + type) * 64 +
 * square in white's view. */
static uint16_t black_input(uint16_t x)
{
    int piece = x / 64;
    return (uint16_t)chess_net_input(
        CHESS_PIECE(piece / 6, CHESS_PAWN + piece % 6), x % 64, CHESS_BLACK);
}

static void sample_views(const net_sample *s, net_views *v)
{
    v->n = s->n;
    for (int i = 0; i < s->n; i++) {
        v->on[0][i] = s->on[i];
        v->on[1][i] = black_input(s->on[i]);
    }
}

/* Blocks [lo, hi) of one view: each unit clipped to [0, 1] into h, each
 * block's share of g, the sum of its w2[j] h[j], into part.  Each unit
 * adds its inputs in their order, and needs only its own weights. */
static void view_blocks(const float_net *net, const net_views *v, int view,
                        int lo, int hi, float *h, double *part)
{
    for (int b = lo; b < hi; b++) {
        int first = b * NET_BLOCK_UNITS;
        float a[NET_BLOCK_UNITS];
        memcpy(a, net->b1 + first, sizeof a);
        for (int i = 0; i < v->n; i++) {
            const float *row = net->w1[b][v->on[view][i]];
            for (int u = 0; u < NET_BLOCK_UNITS; u++)
                a[u] += row[u];
        }
        part[b] = 0.0;
        for (int u = 0; u < NET_BLOCK_UNITS; u++) {
            float x = a[u] < 0.0f ? 0.0f : a[u] > 1.0f ? 1.0f : a[u];
            h[first + u] = x;
            part[b] += net->w2[first + u] * x;
        }
    }
}

static double view_sum(const double *part)
{
    double g = 0.0;
    for (int b = 0; b < NET_BLOCKS; b++)
        g += part[b];
    return g;
}

static double correction(const float_net *net, const net_views *v,
                         float h[2][H])
{
    double part[2][NET_BLOCKS];
    view_blocks(net, v, 0, 0, NET_BLOCKS, h[0], part[0]);
    view_blocks(net, v, 1, 0, NET_BLOCKS, h[1], part[1]);
    return 100.0 * (view_sum(part[0]) - view_sum(part[1]));
}

/* ---- Adam --------------------------------------------------------------- */

typedef struct adam {
    double rate, fix1, fix2; /* the step and the moments' bias corrections */
} adam;

static inline void adam_step(float *w, float *m, float *v, double grad,
                             const adam *a)
{
    *m = (float)(ADAM_BETA1 * *m + (1.0 - ADAM_BETA1) * grad);
    *v = (float)(ADAM_BETA2 * *v + (1.0 - ADAM_BETA2) * grad * grad);
    *w -= (float)(a->rate * (*m / a->fix1) / (sqrt(*v / a->fix2) + ADAM_EPS));
}

/* The open units' weights of one row (the biases, or one input's), each
 * at its offset from the row's first, by its unit's gradient. */
static void step_row(float *w, float *m, float *v, const int *at,
                     const double *g, int n_open, const adam *a)
{
    for (int k = 0; k < n_open; k++) {
        int j = at[k];
        adam_step(&w[j], &m[j], &v[j], g[k], a);
    }
}

/* The gradient dr of one position's error in r, the correction. */
static double gradient(const net_sample *s, double r, double *error)
{
    double p = expected(s->hand + r);
    *error = (p - s->label) * (p - s->label);
    return 2.0 * (p - s->label) * p * (1.0 - p) * K * log(10.0) / 400.0 * 100.0;
}

/* The steps of units [lo, hi) for one position, through both views (the
 * black view enters with the opposite sign).  Only the weights of the
 * inputs that are on move; their moments wait until then.  Each view's
 * units that are not clipped are listed with their gradients, and the
 * weights then step view by view along the rows of w1, so every weight
 * takes the same steps in the same order as unit by unit, with the rows
 * read once instead of once a unit. */
static void step_units(float_net *net, moments *mo, const net_views *v,
                       float h[2][H], double dr, int lo, int hi, const adam *a)
{
    double g[2][H];
    int open[2][H], at[2][H], n_open[2] = {0, 0};
    for (int j = lo; j < hi; j++) {
        double w2 = net->w2[j];
        adam_step(&net->w2[j], &mo->m.w2[j], &mo->v.w2[j],
                  dr * (h[0][j] - h[1][j]), a);
        for (int view = 0; view < 2; view++) {
            if (h[view][j] <= 0.0f || h[view][j] >= 1.0f)
                continue; /* clipped: no gradient */
            g[view][n_open[view]] = (view == 0 ? dr : -dr) * w2;
            at[view][n_open[view]] = w1_offset(j);
            open[view][n_open[view]++] = j;
        }
    }
    for (int view = 0; view < 2; view++) {
        step_row(net->b1, mo->m.b1, mo->v.b1, open[view], g[view], n_open[view],
                 a);
        for (int i = 0; i < v->n; i++) {
            int x = v->on[view][i];
            step_row(w1_at(net, x, 0), w1_at(&mo->m, x, 0), w1_at(&mo->v, x, 0),
                     at[view], g[view], n_open[view], a);
        }
    }
}

/* ---- threads that split the hidden units ---------------------------------
 *
 * tune net --threads T gives each of T threads whole blocks of the hidden
 * units.  A unit's forward sum and its steps touch only its own weights
 * of w1, its bias and its output weight, so the threads never share a
 * weight (nor, the blocks being cache lines, a line of weights); what they
 * share
 * is each block's share of g, which every thread needs to know the
 * position's gradient.  So each thread writes its blocks' shares,
 * announces how many positions it has reached (a release store through
 * libatomic_ops), waits until every thread has reached as many (acquire
 * loads), and adds up all the blocks' shares in order: the same sum as
 * one thread's, so the weights written are the same byte for byte at any
 * thread count.  The shares alternate between two buffers by the
 * position's parity: a thread can be at most one position ahead of the
 * slowest, since it waits at every position, so it never overwrites
 * shares another thread still reads. */

#define NET_THREADS_MAX NET_BLOCKS
#define NET_LINE        64

typedef struct net_team {
    float_net *net;
    moments *mo;
    const net_set *train;
    const size_t *order;
    double fall; /* the step's fall per position, in the last epoch */
    bool last;   /* the last epoch */
    int threads;
    _Alignas(NET_LINE) double part[2][2][NET_BLOCKS]; /* parity, view */
    _Alignas(NET_LINE) AO_t stop;
    struct {
        _Alignas(NET_LINE) AO_t reached; /* a line of its own */
    } mark[NET_THREADS_MAX];
} net_team;

typedef struct net_worker {
    _Alignas(NET_LINE) net_team *team; /* a thread's own lines */
    int me, lo, hi;                    /* blocks of units */
    adam a;     /* every thread steps the same schedule */
    uint64_t t; /* Adam's step count */
    double sum; /* the error over the epoch */
    pthread_t thread;
} net_worker;

/* Waits until every thread has reached `reached` positions; false if
 * the team was stopped instead (a thread that could not start). */
static bool meet(net_team *team, int me, AO_t reached)
{
    if (team->threads == 1)
        return true;
    AO_store_release(&team->mark[me].reached, reached);
    for (int u = 0; u < team->threads; u++)
        for (long spins = 1; AO_load_acquire(&team->mark[u].reached) < reached;
             spins++) {
            if (spins % 1024 == 0 && AO_load_acquire(&team->stop))
                return false;
            if (spins >= 1024)
                sched_yield(); /* more threads than cores */
        }
    return true;
}

/* One position, for blocks [lo, hi); returns its error, or -1 if the
 * team was stopped. */
static double learn(net_worker *w, size_t k)
{
    net_team *team = w->team;
    const net_sample *s = &team->train->s[team->order[k]];
    float h[2][H];
    double(*part)[NET_BLOCKS] = team->part[k & 1];
    net_views v;
    sample_views(s, &v);
    view_blocks(team->net, &v, 0, w->lo, w->hi, h[0], part[0]);
    view_blocks(team->net, &v, 1, w->lo, w->hi, h[1], part[1]);
    if (!meet(team, w->me, (AO_t)k + 1))
        return -1.0;
    double error,
        dr = gradient(s, 100.0 * (view_sum(part[0]) - view_sum(part[1])),
                      &error);
    step_units(team->net, team->mo, &v, h, dr, w->lo * NET_BLOCK_UNITS,
               w->hi * NET_BLOCK_UNITS, &w->a);
    return error;
}

static void *epoch_worker(void *arg)
{
    net_worker *w = arg;
    net_team *team = w->team;
    w->sum = 0.0;
    for (size_t k = 0; k < team->train->n; k++) {
        w->t++;
        if (team->last)
            w->a.rate *= team->fall;
        w->a.fix1 = 1.0 - pow(ADAM_BETA1, (double)w->t);
        w->a.fix2 = 1.0 - pow(ADAM_BETA2, (double)w->t);
        double error = learn(w, k);
        if (error < 0.0)
            break;
        w->sum += error;
    }
    return NULL;
}

/* One pass over the positions in team->order by team->threads threads
 * (the caller the first); a and t go on from where they are.  Returns the
 * mean error, or -1 if a thread could not start. */
static double run_epoch(net_team *team, adam *a, uint64_t *t)
{
    net_worker w[NET_THREADS_MAX];
    int started = 1;
    AO_store(&team->stop, 0);
    for (int u = 0; u < team->threads; u++) {
        AO_store(&team->mark[u].reached, 0);
        w[u] = (net_worker){team,
                            u,
                            NET_BLOCKS * u / team->threads,
                            NET_BLOCKS * (u + 1) / team->threads,
                            *a,
                            *t,
                            0.0,
                            0};
    }
    for (; started < team->threads; started++)
        if (pthread_create(&w[started].thread, NULL, epoch_worker,
                           &w[started]) != 0)
            break;
    if (started < team->threads) /* the others would wait for it */
        AO_store_release(&team->stop, 1);
    else
        epoch_worker(&w[0]);
    for (int u = 1; u < started; u++)
        pthread_join(w[u].thread, NULL);
    if (started < team->threads) {
        fprintf(stderr, "%s tune net: cannot start %d threads\n", pc_prog,
                team->threads);
        return -1.0;
    }
    *a = w[0].a;
    *t = w[0].t;
    return w[0].sum / (double)team->train->n;
}

static double float_error(const float_net *net, const net_set *set)
{
    double sum = 0.0;
    float h[2][H];
    net_views v;
    for (size_t i = 0; i < set->n; i++) {
        sample_views(&set->s[i], &v);
        double error;
        gradient(&set->s[i], correction(net, &v, h), &error);
        sum += error;
    }
    return sum / (double)set->n;
}

static double hand_error(double k, void *arg)
{
    const net_set *set = arg;
    K = k;
    double sum = 0.0;
    for (size_t i = 0; i < set->n; i++) {
        double p = expected(set->s[i].hand);
        sum += (p - set->s[i].label) * (p - set->s[i].label);
    }
    return sum / (double)set->n;
}

/* ---- the engine's integers --------------------------------------------- */

static int32_t quantum(double w, double scale, int32_t most)
{
    double q = round(w * scale);
    return (int32_t)(q > most ? most : q < -most ? -most : q);
}

static int descending(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x < y) - (x > y);
}

/* The largest a hidden sum can grow, in sign (1 or -1), over any board:
 * a square holds one piece at most, so each square adds at most its
 * largest weight of that sign over the twelve pieces, and at most
 * CHESS_NET_PIECES squares are occupied, so only the largest of those
 * count. */
static long unit_worst(const chess_net *q, int j, int sign)
{
    long most[64];
    for (int sq = 0; sq < 64; sq++) {
        most[sq] = 0;
        for (int piece = 0; piece < CHESS_NET_INPUTS / 64; piece++) {
            long w = sign * (long)q->w1[piece * 64 + sq][j];
            if (w > most[sq])
                most[sq] = w;
        }
    }
    qsort(most, 64, sizeof most[0], descending);
    long sum = sign * (long)q->b1[j];
    for (int k = 0; k < CHESS_NET_PIECES; k++)
        sum += most[k];
    return sum;
}

/* The largest hidden sum, either way, that any board can make: the kept
 * sums' 16 bits must hold it. */
static long worst_sum(const chess_net *q)
{
    long worst = 0;
    for (int j = 0; j < H; j++)
        for (int sign = -1; sign <= 1; sign += 2) {
            long w = unit_worst(q, j, sign);
            if (w > worst)
                worst = w;
        }
    return worst;
}

static void quantize(const float_net *f, chess_net *q)
{
    for (int i = 0; i < CHESS_NET_INPUTS; i++)
        for (int j = 0; j < H; j++)
            q->w1[i][j] = (int16_t)quantum(
                f->w1[j / NET_BLOCK_UNITS][i][j % NET_BLOCK_UNITS],
                CHESS_NET_QA, INT16_MAX);
    for (int j = 0; j < H; j++) {
        q->b1[j] = (int16_t)quantum(f->b1[j], CHESS_NET_QA, INT16_MAX);
        q->w2[j] = quantum(f->w2[j], CHESS_NET_QB, CHESS_NET_OUT_MAX);
    }
}

/* The check set's error with the integer network, as the engine adds it:
 * the positions are rebuilt from their inputs (white's view). */
static double integer_error(const chess_net *q, const net_set *set)
{
    chess_pos *pos = calloc(1, sizeof *pos);
    if (pos == NULL)
        return NAN;
    double sum = 0.0;
    for (size_t i = 0; i < set->n; i++) {
        const net_sample *s = &set->s[i];
        memset(pos->type_bb, 0, sizeof pos->type_bb);
        memset(pos->color_bb, 0, sizeof pos->color_bb);
        for (int k = 0; k < s->n; k++) {
            int x = s->on[k], sq = x % 64, piece = x / 64;
            pos->type_bb[CHESS_PAWN + piece % 6] |= UINT64_C(1) << sq;
            pos->color_bb[piece / 6] |= UINT64_C(1) << sq;
        }
        chess_net_refresh(pos); /* the shipped network reads kept sums */
        double p = expected(s->hand + chess_net_correction(q, pos));
        sum += (p - s->label) * (p - s->label);
    }
    free(pos);
    return sum / (double)set->n;
}

static int write_source(const chess_net *q, const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "%s tune net: %s: cannot write\n", pc_prog, path);
        return -1;
    }
    fprintf(f, "/*\n * Chess: the weights of the evaluation's learned "
               "correction (chess_net.h),\n * written by pab-chess tune net "
               "(examples/chess/tune_net.c); see\n * BENCHMARKS.md for the "
               "run that made them.\n */\n#include \"chess_net.h\"\n\n"
               "/* clang-format off */\nconst chess_net chess_net_trained = "
               "{\n    .w1 = {\n");
    for (int i = 0; i < CHESS_NET_INPUTS; i++) {
        fprintf(f, "        {");
        for (int j = 0; j < H; j++)
            fprintf(f, "%d%s", q->w1[i][j], j + 1 < H ? "," : "");
        fprintf(f, "},\n");
    }
    fprintf(f, "    },\n    .b1 = {");
    for (int j = 0; j < H; j++)
        fprintf(f, "%d%s", q->b1[j], j + 1 < H ? "," : "");
    fprintf(f, "},\n    .w2 = {");
    for (int j = 0; j < H; j++)
        fprintf(f, "%" PRId32 "%s", q->w2[j], j + 1 < H ? "," : "");
    fprintf(f, "},\n};\n/* clang-format on */\n");
    return fclose(f) == 0 ? 0 : -1;
}

/* ---- the command ------------------------------------------------------- */

static void net_usage(void)
{
    fprintf(stderr,
            "usage: %s tune net FILE [--check FILE] [--epochs N] [--rate R] "
            "[--final-rate R] [--seed S] [--limit N]\n"
            "           [--start random|shipped] [--threads T] "
            "[--out chess_net_weights.c]\n",
            pc_prog);
    exit(2);
}

static double rate_option(const char *name, const char *v)
{
    char *end;
    double r = strtod(v, &end);
    if (end == v || *end != '\0' || !(r > 0.0 && r < 1.0)) {
        fprintf(stderr, "%s tune net: %s takes a number in (0, 1)\n", pc_prog,
                name);
        exit(2);
    }
    return r;
}

static bool start_option(const char *v)
{
    if (strcmp(v, "random") && strcmp(v, "shipped")) {
        fprintf(stderr, "%s tune net: --start takes random or shipped\n",
                pc_prog);
        exit(2);
    }
    return !strcmp(v, "shipped");
}

static void net_options(int argc, char **argv, net_opts *o)
{
    if (argc < 2 || argv[1][0] == '-')
        net_usage();
    o->data = argv[1];
    for (int i = 2; i < argc; i++) {
        if (i + 1 >= argc)
            net_usage();
        const char *v = argv[++i];
        if (!strcmp(argv[i - 1], "--check"))
            o->check = v;
        else if (!strcmp(argv[i - 1], "--epochs"))
            o->epochs = pc_number("epochs", v, 1, 1000);
        else if (!strcmp(argv[i - 1], "--rate"))
            o->rate = rate_option("--rate", v);
        else if (!strcmp(argv[i - 1], "--final-rate"))
            o->final_rate = rate_option("--final-rate", v);
        else if (!strcmp(argv[i - 1], "--seed"))
            o->seed = (uint64_t)pc_number("seed", v, 1, 2147483647);
        else if (!strcmp(argv[i - 1], "--threads"))
            o->threads = pc_number("threads", v, 1, NET_THREADS_MAX);
        else if (!strcmp(argv[i - 1], "--limit"))
            o->limit = pc_number("limit", v, 1, 1000000000);
        else if (!strcmp(argv[i - 1], "--out"))
            o->out = v;
        else if (!strcmp(argv[i - 1], "--start"))
            o->shipped = start_option(v);
        else
            net_usage();
    }
}

static void shuffle(size_t *order, size_t n, uint64_t *rng)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(tune_random(rng) % i);
        size_t t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
}

static long out_sum(const chess_net *q)
{
    long sum = 0;
    for (int j = 0; j < H; j++)
        sum += labs((long)q->w2[j]);
    return sum;
}

/* The integer weights of f into the source `out`, unless a hidden sum or
 * the output could pass what the engine's arithmetic holds. */
static int save(const float_net *f, chess_net *q, const char *out)
{
    quantize(f, q);
    long worst = worst_sum(q), outs = out_sum(q);
    if (worst > CHESS_NET_SUM_MAX || outs > CHESS_NET_OUT_MAX) {
        fprintf(stderr,
                "%s tune net: a hidden sum could reach %ld (the engine "
                "holds %d), the weights out add up to %ld (%ld); train "
                "with a smaller --rate\n",
                pc_prog, worst, CHESS_NET_SUM_MAX, outs,
                (long)CHESS_NET_OUT_MAX);
        return -1;
    }
    return write_source(q, out);
}

/* The epochs; keeps in best the weights of the one that checked best, and
 * writes them at once, so a run stopped early leaves its best behind.  In
 * the last epoch the step falls geometrically, position by position, from
 * --rate to --final-rate: at a constant step the weights wander about
 * the minimum from one epoch to the next, and small steps settle them. */
static double train_epochs(const net_opts *o, const net_set *train,
                           const net_set *check, float_net *net,
                           float_net *best, chess_net *q, uint64_t *rng)
{
    moments *mo = aligned_alloc(NET_LINE, sizeof *mo);
    size_t *order = malloc(train->n * sizeof *order);
    net_team *team = aligned_alloc(NET_LINE, sizeof *team);
    double best_error = float_error(net, check);
    *best = *net;
    if (mo == NULL || order == NULL || team == NULL) {
        best_error = NAN;
        goto done;
    }
    memset(mo, 0, sizeof *mo);
    for (size_t i = 0; i < train->n; i++)
        order[i] = i;
    fprintf(stderr, "epoch 0: checked %.6f\n", best_error);
    *team = (net_team){.net = net,
                       .mo = mo,
                       .train = train,
                       .order = order,
                       .threads = (int)o->threads};
    team->fall = pow(o->final_rate / o->rate, 1.0 / (double)train->n);
    adam a = {o->rate, 1.0, 1.0};
    uint64_t t = 0;
    for (long e = 1; e <= o->epochs; e++) {
        shuffle(order, train->n, rng);
        team->last = e == o->epochs;
        double error = run_epoch(team, &a, &t);
        if (error < 0.0) {
            best_error = NAN;
            break;
        }
        double err = float_error(net, check);
        bool better = err < best_error;
        if (better) {
            best_error = err;
            *best = *net;
            save(best, q, o->out);
        }
        fprintf(stderr, "epoch %ld: error %.6f, checked %.6f, step %.3g%s\n", e,
                error, err, a.rate, better ? " (kept)" : "");
    }
done:
    free(team);
    free(mo);
    free(order);
    return best_error;
}

int tune_net(int argc, char **argv)
{
    net_opts o = {.out = "chess_net_weights.c",
                  .epochs = 4,
                  .rate = 1e-3,
                  .seed = 1,
                  .threads = 1};
    net_options(argc, argv, &o);
    if (o.final_rate == 0.0)
        o.final_rate = o.rate;
    chess_init();
    chess_net_active = NULL; /* h is the hand-written evaluation alone */
    net_set train = {0}, check = {0};
    int status = 1;
    /* on lines of their own, so threads' blocks of weights are too */
    float_net *net = aligned_alloc(NET_LINE, sizeof *net),
              *best = malloc(sizeof *best);
    chess_net *q = malloc(sizeof *q);
    if (net == NULL || best == NULL || q == NULL ||
        load(o.data, o.limit, o.check == NULL, &train, &check) < 0 ||
        (o.check && load(o.check, 0, false, &check, NULL) < 0))
        goto done;
    if (train.n == 0 || check.n == 0) {
        fprintf(stderr,
                "%s tune net: %zu positions to train, %zu to check: "
                "need some of each\n",
                pc_prog, train.n, check.n);
        goto done;
    }
    K = tune_fit_scale(hand_error, &train);
    fprintf(stderr,
            "%s tune net: %zu positions to train, %zu to check; K %.4f: "
            "hand-written error %.6f, checked %.6f; the shipped network "
            "checks %.6f\n",
            pc_prog, train.n, check.n, K, hand_error(K, &train),
            hand_error(K, &check), integer_error(&chess_net_trained, &check));
    uint64_t rng = tune_seed(o.seed);
    net_init(net, &rng); /* drawn either way: the same shuffles follow */
    if (o.shipped)
        net_from(net, &chess_net_trained);
    double err = train_epochs(&o, &train, &check, net, best, q, &rng);
    if (isnan(err) || save(best, q, o.out) < 0)
        goto done;
    fprintf(stderr, "final: checked %.6f, with the integer weights %.6f\n", err,
            integer_error(q, &check));
    status = 0;
done:
    free(train.s);
    free(check.s);
    free(net);
    free(best);
    free(q);
    return status;
}

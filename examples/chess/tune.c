/*
 * pab-chess tune fit: Texel tuning.  Each training position has the
 * result of its game (1, 0.5 or 0 for white); the static evaluation e of
 * white's side predicts it as sigmoid(e) = 1 / (1 + 10^(-K e / 400)).
 * First K is fitted with the weights as they are, so that the error
 * measures the weights and not the scale; then every weight in turn moves
 * by one centipawn up or down, and on in the same direction, for as long
 * as the mean squared error of the prediction falls, pass after pass
 * until no move helps (Peter Österlund's method, chessprogramming.org
 * "Texel's Tuning Method").  One block of 500 positions in ten is held
 * out: its error, printed beside the training error, tells a fit from an
 * overfit.  Blocks, not single positions, because the positions of one
 * game share its result and many of its features: a position held out
 * from a game the fit has seen is no test.
 *
 * The evaluation is the engine's own (chess_evaluate() reading
 * chess_weights[], which this process changes), so the tuned weights mean
 * the same thing in the engine.  A position's value is kept, and a move of
 * a table entry re-evaluates only the positions with that piece on that
 * square.  The result is chess_tune.h rewritten (--header, --out): the
 * number of each TUNE_ line and the rows of each table, nothing else.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../games/chess_eval.h"
#include "pab-chess.h"
#include "tune.h"

#define FIT_PASSES_DEFAULT 20
#define FIT_RUN_MAX        32  /* steps one way for one weight in a pass */
#define FIT_HOLDOUT        10  /* one block in ten checks the fit */
#define FIT_BLOCK          500 /* positions, so a game is rarely split */
#define FIT_LINE_MAX       512

/* A position as the evaluation reads it, and its game's result. */
typedef struct sample {
    uint64_t type_bb[7], color_bb[2];
    uint8_t side;
    float result;
} sample;

typedef struct sample_set {
    sample *s;
    double *value; /* the evaluation, white's side */
    double *error; /* its squared error */
    size_t n, cap;
} sample_set;

typedef struct fit_opts {
    const char *data, *header, *out;
    long passes, limit;
    double prior;
    bool tables, quiet;
} fit_opts;

static chess_pos *scratch; /* the position evaluations are made in */
static int *start;         /* the weights before the fit */
static double prior;       /* --prior, per position */

/* ---- reading the positions ---------------------------------------------- */

/* "1-0", "0-1", "1/2-1/2", or a number from 0 to 1, in brackets or
 * quotes or not (EPD's c9 "1-0";). */
static bool parse_result(char *t, float *r)
{
    while (*t == '[' || *t == '"' || *t == '(')
        t++;
    size_t n = strcspn(t, "]\";)");
    t[n] = '\0';
    if (!strcmp(t, "1-0"))
        *r = 1.0f;
    else if (!strcmp(t, "0-1"))
        *r = 0.0f;
    else if (!strcmp(t, "1/2-1/2"))
        *r = 0.5f;
    else {
        char *end;
        double v = strtod(t, &end);
        if (end == t || *end != '\0' || v < 0.0 || v > 1.0)
            return false;
        *r = (float)v;
    }
    return true;
}

/* Splits "FEN result" at its last word; drops EPD's "c9" before it. */
bool tune_parse_line(char *line, float *result)
{
    size_t len = strlen(line);
    while (len > 0 && isspace((unsigned char)line[len - 1]))
        line[--len] = '\0';
    char *last = strrchr(line, ' ');
    if (last == NULL || !parse_result(last + 1, result))
        return false;
    *last = '\0';
    size_t rest = strlen(line);
    if (rest > 3 && !strcmp(line + rest - 3, " c9"))
        line[rest - 3] = '\0';
    return true;
}

static bool add_sample(sample_set *set, const chess_pos *pos, float result)
{
    if (set->n == set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 4096;
        sample *s = realloc(set->s, cap * sizeof *s);
        if (s == NULL)
            return false;
        set->s = s;
        set->cap = cap;
    }
    sample *s = &set->s[set->n++];
    memcpy(s->type_bb, pos->type_bb, sizeof s->type_bb);
    memcpy(s->color_bb, pos->color_bb, sizeof s->color_bb);
    s->side = pos->side;
    s->result = result;
    return true;
}

static int load_samples(const fit_opts *o, sample_set *train, sample_set *check)
{
    FILE *f = strcmp(o->data, "-") ? fopen(o->data, "r") : stdin;
    if (f == NULL) {
        perror(o->data);
        return -1;
    }
    char line[FIT_LINE_MAX], err[160];
    long skipped = 0, kept = 0;
    while (fgets(line, sizeof line, f) && (o->limit == 0 || kept < o->limit)) {
        float r;
        if (!tune_parse_line(line, &r) ||
            chess_from_fen(scratch, line, err, sizeof err) < 0 ||
            (o->quiet && !tune_quiet(scratch))) {
            skipped++;
            continue;
        }
        sample_set *to =
            kept++ % FIT_HOLDOUT == FIT_HOLDOUT - 1 ? check : train;
        if (!add_sample(to, scratch, r)) {
            fprintf(stderr, "%s tune fit: out of memory\n", pc_prog);
            return -1;
        }
    }
    if (f != stdin)
        fclose(f);
    fprintf(stderr,
            "%s tune fit: %ld positions (%zu to fit, %zu to check), "
            "%ld lines skipped\n",
            pc_prog, kept, train->n, check->n, skipped);
    return train->n > 0 && check->n > 0 ? 0 : -1;
}

/* ---- the error ------------------------------------------------------------
 */

static double evaluate_white(const sample *s)
{
    memcpy(scratch->type_bb, s->type_bb, sizeof s->type_bb);
    memcpy(scratch->color_bb, s->color_bb, sizeof s->color_bb);
    scratch->side = s->side;
    double v = chess_evaluate(scratch);
    return s->side == CHESS_WHITE ? v : -v;
}

static double K = 1.0;

static double squared_error(double value, float result)
{
    double p = 1.0 / (1.0 + pow(10.0, -K * value / 400.0));
    return (result - p) * (result - p);
}

static bool set_alloc(sample_set *set)
{
    set->value = malloc((set->n + 1) * sizeof *set->value);
    set->error = malloc((set->n + 1) * sizeof *set->error);
    return set->value && set->error;
}

static void set_free(sample_set *set)
{
    free(set->s);
    free(set->value);
    free(set->error);
}

static void evaluate_all(sample_set *set)
{
    for (size_t i = 0; i < set->n; i++)
        set->value[i] = evaluate_white(&set->s[i]);
}

/* The mean squared error at the values kept, refreshing the errors. */
static double mean_error(sample_set *set)
{
    double sum = 0.0;
    for (size_t i = 0; i < set->n; i++)
        sum += set->error[i] = squared_error(set->value[i], set->s[i].result);
    return sum / (double)set->n;
}

double tune_fit_scale(double (*error)(double k, void *arg), void *arg)
{
    const double g = (sqrt(5.0) - 1.0) / 2.0;
    double a = 0.05, b = 4.0;
    while (b - a > 1e-4) {
        double c = b - g * (b - a), d = a + g * (b - a);
        if (error(c, arg) < error(d, arg))
            b = d;
        else
            a = c;
    }
    return (a + b) / 2.0;
}

static double error_at(double k, void *set)
{
    K = k;
    return mean_error(set);
}

/* K by golden-section search: the error is unimodal in K. */
static void fit_k(sample_set *set)
{
    K = tune_fit_scale(error_at, set);
    mean_error(set);
}

/* ---- coordinate descent -----------------------------------------------------
 */

/* Whether a change of weight w can change the sample's value: a table
 * entry only where its piece stands (tables are drawn from white's side,
 * a8 first). */
static bool touches(int w, const sample *s)
{
    if (w < CW_PST)
        return true;
    int t = (w - CW_PST) / 128 + CHESS_PAWN, at = (w - CW_PST) % 64;
    uint64_t on = (s->color_bb[CHESS_WHITE] & (UINT64_C(1) << (at ^ 56))) |
                  (s->color_bb[CHESS_BLACK] & (UINT64_C(1) << at));
    return (s->type_bb[t] & on) != 0;
}

/* The summed error after weight w took its current value; the new values
 * and errors wait in `value`/`error` of the touched samples, listed in
 * `touched`, until commit(). */
typedef struct trial {
    size_t *touched, n;
    double *value, *error;
    double sum;
} trial;

static void try_weight(sample_set *set, int w, double sum, trial *t)
{
    t->n = 0;
    t->sum = sum;
    for (size_t i = 0; i < set->n; i++) {
        if (!touches(w, &set->s[i]))
            continue;
        double v = evaluate_white(&set->s[i]);
        double e = squared_error(v, set->s[i].result);
        t->touched[t->n] = i;
        t->value[t->n] = v;
        t->error[t->n++] = e;
        t->sum += e - set->error[i];
    }
}

static void commit(sample_set *set, const trial *t)
{
    for (size_t k = 0; k < t->n; k++) {
        set->value[t->touched[k]] = t->value[k];
        set->error[t->touched[k]] = t->error[k];
    }
}

/* What --prior adds to the summed error for weight w at value v: a few
 * thousand games say little about a rare term, and a pull towards the
 * hand-set value keeps such a weight from chasing their noise. */
static double pull(const sample_set *set, int w, int v)
{
    double d = (v - start[w]) / 100.0;
    return prior * (double)set->n * d * d;
}

/* Moves weight w one way while the error falls; returns the steps made. */
static int descend_one(sample_set *set, int w, int dir, double *sum, trial *t)
{
    int steps = 0;
    while (steps < FIT_RUN_MAX) {
        chess_weights[w] += dir;
        try_weight(set, w, *sum, t);
        t->sum += pull(set, w, chess_weights[w]) -
                  pull(set, w, chess_weights[w] - dir);
        if (!(t->sum < *sum - 1e-9)) {
            chess_weights[w] -= dir;
            break;
        }
        commit(set, t);
        *sum = t->sum;
        steps++;
    }
    return steps;
}

/* Whether w is worth trying: the tables only if asked for (they are most
 * of the weights, and overfit a small set), and pawns never stand on the
 * first or last rank. */
static bool tunable(int w, bool tables)
{
    if (w < CW_PST)
        return true;
    if (!tables)
        return false;
    int t = (w - CW_PST) / 128 + CHESS_PAWN, row = (w - CW_PST) % 64 / 8;
    return t != CHESS_PAWN || (row != 0 && row != 7);
}

static int descend(sample_set *train, sample_set *check, const fit_opts *o)
{
    trial t = {malloc(train->n * sizeof(size_t)), 0,
               malloc(train->n * sizeof(double)),
               malloc(train->n * sizeof(double)), 0.0};
    if (!t.touched || !t.value || !t.error)
        return -1;
    double sum = mean_error(train) * (double)train->n;
    for (long pass = 1; pass <= o->passes; pass++) {
        long moved = 0;
        uint64_t began = pc_now_ns();
        for (int w = 0; w < CW_COUNT; w++) {
            if (!tunable(w, o->tables))
                continue;
            int steps = descend_one(train, w, +1, &sum, &t);
            if (steps == 0)
                steps = descend_one(train, w, -1, &sum, &t);
            moved += steps;
        }
        evaluate_all(check);
        fprintf(stderr,
                "pass %2ld: error %.6f, held out %.6f, %ld steps, %.1f s\n",
                pass, mean_error(train), mean_error(check), moved,
                (double)(pc_now_ns() - began) / 1e9);
        if (moved == 0)
            break;
    }
    free(t.touched);
    free(t.value);
    free(t.error);
    return 0;
}

/* ---- writing the header ----------------------------------------------------
 */

static int scalar_index(const char *name, size_t len)
{
    char buf[32];
    for (int w = 0; w < CW_PST; w++) {
        const char *n = chess_weight_name(w, buf);
        if (strlen(n) == len && !strncmp(n, name, len))
            return w;
    }
    return -1;
}

static int table_index(const char *name)
{
    static const char *const types[] = {"PAWN", "KNIGHT", "BISHOP",
                                        "ROOK", "QUEEN",  "KING"};
    for (int t = 0; t < 6; t++)
        for (int ph = 0; ph < 2; ph++) {
            char want[32];
            snprintf(want, sizeof want, "%s_%s ", types[t], ph ? "EG" : "MG");
            if (!strncmp(name, want, strlen(want)))
                return CW_PST_OF(t + CHESS_PAWN, ph);
        }
    return -1;
}

/* Eight rows as chess_tune.h draws them, the last with no comma. */
static void write_table(FILE *out, int base)
{
    for (int row = 0; row < 8; row++) {
        fputs("   ", out);
        for (int col = 0; col < 8; col++) {
            bool last = row == 7 && col == 7;
            fprintf(out, " %3d%s", chess_weights[base + row * 8 + col],
                    last ? "" : ",");
        }
        fputs(row < 7 ? " \\\n" : "\n", out);
    }
}

/* One line of the old header, with its number replaced if it names a
 * weight; returns the table rows to replace after it, if any. */
static int rewrite_line(FILE *out, const char *line)
{
    const char *p = line + strlen("#define TUNE_");
    if (strncmp(line, "#define TUNE_", strlen("#define TUNE_")) != 0) {
        fputs(line, out);
        return 0;
    }
    if (!strncmp(p, "PST_", 4) && table_index(p + 4) >= 0) {
        fputs(line, out);
        write_table(out, table_index(p + 4));
        return 8;
    }
    size_t len = strcspn(p, " \t");
    const char *num = p + len + strspn(p + len, " \t");
    int w = scalar_index(p, len);
    if (w < 0 || !(isdigit((unsigned char)*num) || *num == '-')) {
        fputs(line, out);
        return 0;
    }
    fprintf(out, "%.*s%d\n", (int)(num - line), line, chess_weights[w]);
    return 0;
}

static int write_header(const fit_opts *o)
{
    FILE *in = fopen(o->header, "r");
    if (in == NULL) {
        perror(o->header);
        return -1;
    }
    FILE *out = o->out ? fopen(o->out, "w") : stdout;
    if (out == NULL) {
        perror(o->out);
        fclose(in);
        return -1;
    }
    char line[FIT_LINE_MAX];
    int skip = 0;
    while (fgets(line, sizeof line, in)) {
        if (skip > 0)
            skip--;
        else
            skip = rewrite_line(out, line);
    }
    fclose(in);
    return (out != stdout ? fclose(out) : fflush(out)) == 0 ? 0 : -1;
}

/* What moved, for the log. */
static void print_changes(const int *before)
{
    char buf[32];
    for (int w = 0; w < CW_COUNT; w++)
        if (chess_weights[w] != before[w] && w < CW_PST)
            fprintf(stderr, "  %-22s %5d -> %5d\n", chess_weight_name(w, buf),
                    before[w], chess_weights[w]);
}

/* ---- the command ------------------------------------------------------------
 */

static void fit_usage(void)
{
    fprintf(stderr,
            "usage: %s tune fit FILE [--passes N] [--tables] [--quiet] "
            "[--limit N] [--prior L]\n"
            "           [--header chess_tune.h] [--out FILE]\n",
            pc_prog);
    exit(2);
}

static void fit_options(int argc, char **argv, fit_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--tables"))
            o->tables = true;
        else if (!strcmp(a, "--quiet"))
            o->quiet = true;
        else if (a[0] != '-' || !strcmp(a, "-")) {
            if (o->data)
                fit_usage();
            o->data = a;
        } else if (i + 1 >= argc)
            fit_usage();
        else if (!strcmp(a, "--passes"))
            o->passes = pc_number("passes", argv[++i], 0, 100000);
        else if (!strcmp(a, "--limit"))
            o->limit = pc_number("limit", argv[++i], 0, 1000000000);
        else if (!strcmp(a, "--prior"))
            o->prior = atof(argv[++i]);
        else if (!strcmp(a, "--header"))
            o->header = argv[++i];
        else if (!strcmp(a, "--out"))
            o->out = argv[++i];
        else
            fit_usage();
    }
    if (o->data == NULL)
        fit_usage();
}

/* The fit proper, on sets already loaded and sized. */
static int fit(const fit_opts *o, sample_set *train, sample_set *check,
               const int *before)
{
    evaluate_all(train);
    evaluate_all(check);
    fit_k(train);
    fprintf(stderr, "K %.4f: error %.6f, held out %.6f\n", K, mean_error(train),
            mean_error(check));
    if (descend(train, check, o) < 0)
        return 1;
    fprintf(stderr, "final: error %.6f, held out %.6f\n", mean_error(train),
            mean_error(check));
    print_changes(before);
    return o->header && write_header(o) < 0 ? 1 : 0;
}

int tune_fit(int argc, char **argv)
{
    fit_opts o = {.passes = FIT_PASSES_DEFAULT};
    fit_options(argc, argv, &o);
    chess_init();
    scratch = malloc(sizeof *scratch);
    sample_set train = {0}, check = {0};
    int *before = malloc(sizeof chess_weights);
    start = before;
    prior = o.prior;
    int status = 1;
    if (scratch != NULL && before != NULL &&
        load_samples(&o, &train, &check) == 0 && set_alloc(&train) &&
        set_alloc(&check)) {
        memcpy(before, chess_weights, sizeof chess_weights);
        status = fit(&o, &train, &check, before);
    }
    set_free(&train);
    set_free(&check);
    free(before);
    free(scratch);
    scratch = NULL;
    start = NULL;
    return status;
}

int pc_tune(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "play"))
        return tune_play(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "fit"))
        return tune_fit(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "spread"))
        return tune_spread(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "net"))
        return tune_net(argc - 1, argv + 1);
    fprintf(stderr,
            "usage: %s tune play|spread|fit|net ... (see pab-chess(1))\n",
            pc_prog);
    return 2;
}

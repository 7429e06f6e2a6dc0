/*
 * pab-bench compare: time to a fixed depth and nodes for every algorithm
 * and thread count on a set of positions, and the papers' measures:
 *
 *   RS  = T(algo, 1) / T(algo, N)             relative speedup (Weill)
 *   AS  = T(serial, 1) / T(algo, N)           absolute speedup (Weill)
 *   SO  = nodes(algo, N) / nodes(algo, 1) - 1 search overhead (Weill)
 *   TO  = T(algo, N) * N / T(algo, 1) - 1     time overhead (Weill)
 *   EF  = AS / N                              efficiency (Weill)
 *   CSS = N / (RS * (SO + 1)) - 1             the thesis' equation 6.3,
 *                                             its misprint corrected
 *
 * Times and node counts are the median of --repeat runs per position,
 * summed over the positions.  Every run starts from a cleared table of the
 * same size, whatever the thread count (Weill, section 3).
 *
 * With --simulate=LIST the searches run on that many virtual processors
 * (config.simulate) and time is virtual, in ticks; the measures are then
 * the thesis' (section 6.6.1), against serial search on one virtual
 * processor, t_1 and n_1:
 *
 *   SU  = t_1 / t_N                           speedup (equation 6.1)
 *   SO  = n_N / n_1 - 1                       search overhead (6.2)
 *   CSS = N / (SU * (SO + 1)) - 1             equation 6.3, corrected
 *   RS  = ticks(algo, 1) / ticks(algo, N)     the algorithm against itself
 *
 * With --sim-seeds=K every simulated search runs K times, with the timing
 * noise seeded sim_seed, sim_seed + 1, ..: the measures are then taken
 * per seed (against serial on the same seed) and reported as the median
 * with the range.  With --hash-per-proc=MB the table has MB MiB per thread
 * or virtual processor (Weill's condition: his 128 processors had 128
 * times the table of one), at most --hash-cap-mb.
 *
 * With --sim-calibrate the simulator also charges each algorithm's own
 * work per node (config.sim_node_extra), which its operations do not
 * count: first every algorithm and serial run on one real thread and on
 * one virtual processor on the same positions, and an algorithm's real
 * time per node over serial's, as a share of serial's simulated ticks per
 * node, less what the virtual processor already charged it per node, is
 * its extra cost per node (calibrate()).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <pab/pab.h>

#include "../common/ranks.h"
#include "../games/tree.h"
#include "args.h"
#include "bench.h"
#include "compare.h"
#include "network.h"
#include "thesis.h"

#define MAX_ITEMS     32
#define MAX_POSITIONS 256
#define MAX_REPEAT    64
#define MAX_SEEDS     64
/* --sim-calibrate: real runs per position, of which the median counts. */
#define CALIBRATE_REPEAT 3
/* The threads could not each have had a core when they waited for one
 * more than this share of their time (bench_cpu_wait_ns()), over the whole
 * comparison and for longer than MIN_WAIT_MS, or in one row for longer
 * than LONG_WAIT_MS; see judge_load(). */
#define BUSY_WAIT    0.25
#define MIN_WAIT_MS  10.0
#define LONG_WAIT_MS 100.0
/* Stockfish had fewer cores than its threads below this share of them
 * (cpu_share(): 0.96-0.98 quiet, 0.41-0.65 beside two spinners). */
#define STOCKFISH_SHARE 0.8

typedef struct cmp_options {
    const char *game;
    const char *params;
    const char *positions_file;
    const char *algos[MAX_ITEMS];
    unsigned nalgos;
    char *algos_copy; /* the --algos text the names point into */
    unsigned threads[MAX_ITEMS];
    unsigned nthreads;
    unsigned ranks[MAX_ITEMS]; /* --ranks: process counts above 1 */
    unsigned nranks;
    int depth;
    unsigned repeat;
    unsigned hash_mb;
    unsigned hash_per_proc_mb; /* 0: hash_mb whatever the thread count */
    unsigned hash_cap_mb;
    unsigned seeds; /* simulated: runs with seeds sim_seed + 0 .. seeds-1 */
    int plain;
    const char *opts[MAX_ITEMS];
    unsigned nopts;
    const char *csv, *json, *plot;
    const char *diagnose;  /* config.diagnostics, by depth into this CSV */
    const char *stockfish; /* compare with its Lazy SMP; NULL: not */
    int stockfish_depth;
    bool simulate;  /* threads[] are virtual processors */
    bool calibrate; /* --sim-calibrate */
} cmp_options;

typedef struct row {
    const char *algo;
    unsigned ranks; /* MPI processes, each with `threads` threads */
    unsigned threads;
    double time_ms; /* sum over positions of the median */
    uint64_t nodes; /* likewise */
    uint64_t ticks; /* likewise, simulated */
    double rs, as, so, to, ef, css;
    double su;         /* simulated: t_1 / t_N (the median over seeds) */
    double split_wait; /* simulated: owners' wait at split points, ticks */
    double ow;         /* ... as a share of N times the ticks */
    double su_min, su_max;
    uint64_t seed_ticks[MAX_SEEDS], seed_nodes[MAX_SEEDS]; /* sums */
    pab_depth_stats by_depth[PAB_DIAG_DEPTHS];             /* --diagnose */
    uint64_t iteration_nodes[PAB_DIAG_DEPTHS];
    bool oversubscribed;
    double wait_ms;      /* the threads' time waiting for a core, every run */
    double thread_ms;    /* threads times wall time, every run */
    bool busy;           /* other processes took the cores it needed */
    double mpi_ms;       /* --ranks: time in the distributed table */
    unsigned node_extra; /* simulated: config.sim_node_extra */
} row;

typedef struct bench_run {
    const cmp_options *o;
    const char *positions[MAX_POSITIONS];
    unsigned npositions;
    row rows[MAX_ITEMS * MAX_ITEMS + 1];
    unsigned nrows;
    unsigned done, total; /* for the progress bar */
    unsigned cores;
    bool wait_unknown; /* bench_cpu_wait_ns() failed: no row is judged */
    /* --sim-calibrate, per algorithm of o->algos: the real time per node
     * on one thread over serial's, and what it costs per simulated node */
    bool calibrated;
    double extra_share[MAX_ITEMS];
    unsigned node_extra[MAX_ITEMS];
} bench_run;

/* ---- arguments ----------------------------------------------------------- */

static void add_threads(cmp_options *o, unsigned t)
{
    for (unsigned i = 0; i < o->nthreads; i++)
        if (o->threads[i] == t)
            return;
    if (o->nthreads == MAX_ITEMS)
        bench_fail("%s", "too many thread counts");
    o->threads[o->nthreads++] = t;
}

/* --threads or --simulate: thread counts are real or virtual, never both. */
static void parse_threads(cmp_options *o, const char *flag, const char *text)
{
    const char *items[MAX_ITEMS];
    char *copy;
    bool simulate = strcmp(flag, "--simulate") == 0;
    if (o->nthreads > 0 && simulate != o->simulate)
        bench_fail("%s", "compare: --threads and --simulate do not mix");
    o->simulate = simulate;
    unsigned n = bench_split_list(text, items, MAX_ITEMS, &copy);
    for (unsigned i = 0; i < n; i++)
        add_threads(o,
                    (unsigned)bench_number(flag, items[i], 1, PAB_THREADS_MAX));
    free(copy);
}

/* --ranks=LIST: under mpirun -np R with R at least the largest; 1 is the
 * ordinary run, always made. */
static void parse_ranks(cmp_options *o, const char *text)
{
    const char *items[MAX_ITEMS];
    char *copy;
    unsigned n = bench_split_list(text, items, MAX_ITEMS, &copy);
    for (unsigned i = 0; i < n; i++) {
        unsigned k = (unsigned)bench_number("--ranks", items[i], 1, 1 << 16);
        if ((int)k > ex_ranks_size()) {
            fprintf(stderr,
                    "pab-bench: compare --ranks=%u needs mpirun -np %u or "
                    "more (this run has %d rank(s))\n",
                    k, k, ex_ranks_size());
            exit(2);
        }
        bool seen = k == 1;
        for (unsigned j = 0; j < o->nranks; j++)
            seen |= o->ranks[j] == k;
        if (!seen)
            o->ranks[o->nranks++] = k;
    }
    free(copy);
}

static void parse_args(int argc, char **argv, cmp_options *o)
{
    const char *v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((v = bench_arg_value(a, "--game")))
            o->game = v;
        else if ((v = bench_arg_value(a, "--params")) ||
                 (v = bench_arg_value(a, "--tree")))
            o->params = v;
        else if ((v = bench_arg_value(a, "--positions")))
            o->positions_file = v;
        else if ((v = bench_arg_value(a, "--algos"))) {
            free(o->algos_copy); /* the last --algos counts */
            o->nalgos =
                bench_split_list(v, o->algos, MAX_ITEMS, &o->algos_copy);
        } else if ((v = bench_arg_value(a, "--threads")))
            parse_threads(o, "--threads", v);
        else if ((v = bench_arg_value(a, "--simulate")))
            parse_threads(o, "--simulate", v);
        else if ((v = bench_arg_value(a, "--ranks")))
            parse_ranks(o, v);
        else if ((v = bench_arg_value(a, "--depth")))
            o->depth = (int)bench_number("--depth", v, 1, PAB_DEPTH_MAX);
        else if ((v = bench_arg_value(a, "--repeat")))
            o->repeat = (unsigned)bench_number("--repeat", v, 1, MAX_REPEAT);
        else if ((v = bench_arg_value(a, "--hash-mb")))
            o->hash_mb = (unsigned)bench_number("--hash-mb", v, 1, 1 << 20);
        else if ((v = bench_arg_value(a, "--hash-per-proc")))
            o->hash_per_proc_mb =
                (unsigned)bench_number("--hash-per-proc", v, 1, 1 << 20);
        else if ((v = bench_arg_value(a, "--hash-cap-mb")))
            o->hash_cap_mb =
                (unsigned)bench_number("--hash-cap-mb", v, 1, 1 << 20);
        else if ((v = bench_arg_value(a, "--sim-seeds")))
            o->seeds = (unsigned)bench_number("--sim-seeds", v, 1, MAX_SEEDS);
        else if ((v = bench_arg_value(a, "--opt")) ||
                 (strcmp(a, "--opt") == 0 && i + 1 < argc && (v = argv[++i]))) {
            if (o->nopts == MAX_ITEMS)
                bench_fail("%s", "too many --opt");
            o->opts[o->nopts++] = v;
        } else if ((v = bench_arg_value(a, "--csv")))
            o->csv = v;
        else if ((v = bench_arg_value(a, "--json")))
            o->json = v;
        else if ((v = bench_arg_value(a, "--plot")))
            o->plot = v;
        else if ((v = bench_arg_value(a, "--diagnose")))
            o->diagnose = v;
        else if ((v = bench_arg_value(a, "--stockfish")))
            o->stockfish = v;
        else if ((v = bench_arg_value(a, "--stockfish-depth")))
            o->stockfish_depth =
                (int)bench_number("--stockfish-depth", v, 1, 99);
        else if (strcmp(a, "--sim-calibrate") == 0)
            o->calibrate = true;
        else if (strcmp(a, "--plain") == 0)
            o->plain = 1;
        else if (strcmp(a, "--no-plain") == 0)
            o->plain = 0;
        else
            bench_fail("compare: unknown option '%s'", a);
    }
}

/* Each algorithm once, by its own name: a name given twice would add its
 * times and nodes into one row twice over. */
static void check_algos(cmp_options *o)
{
    bool seen[PAB_ALGO_COUNT] = {false};
    unsigned n = 0;
    for (unsigned i = 0; i < o->nalgos; i++) {
        int a = pab_algorithm_from_name(o->algos[i]);
        if (a < 0)
            bench_fail("unknown algorithm '%s'", o->algos[i]);
        if (!seen[a])
            o->algos[n++] = pab_algorithm_name(a);
        seen[a] = true;
    }
    o->nalgos = n;
}

static void default_algos(cmp_options *o)
{
    if (o->nalgos > 0) {
        check_algos(o);
        return;
    }
    for (int a = 0; a < PAB_ALGO_COUNT; a++)
        if (a != PAB_ALGO_SERIAL)
            o->algos[o->nalgos++] = pab_algorithm_name(a);
}

/* ---- positions ----------------------------------------------------------- */

static void read_positions(bench_run *r, const char *file)
{
    FILE *f = fopen(file, "r");
    char line[1024];
    if (f == NULL)
        bench_fail("cannot read positions file '%s'", file);
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        if (r->npositions == MAX_POSITIONS)
            break;
        r->positions[r->npositions++] = strdup(line);
    }
    fclose(f);
    if (r->npositions == 0)
        bench_fail("no positions in '%s'", file);
}

static void embedded_positions(bench_run *r, const ex_game *ex)
{
    if (ex->bench_position == NULL) {
        r->positions[r->npositions++] = NULL; /* the initial position */
        return;
    }
    for (const char *p; r->npositions < MAX_POSITIONS &&
                        (p = ex->bench_position(r->npositions)) != NULL;)
        r->positions[r->npositions++] = strdup(p);
}

/* ---- running
 * ------------------------------------------------------------------ */

static double now_ms_precise(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* On a terminal only: in a log the bar would be one endless line. */
static void progress(bench_run *r, const char *algo, unsigned threads)
{
    static double last;
    const int width = 30;
    double now = now_ms_precise();
    if (!isatty(STDERR_FILENO) || (r->done < r->total && now - last < 200))
        return;
    last = now;
    int filled = (int)((double)r->done * width / r->total);
    fprintf(stderr, "\r[%.*s%*s] %u/%u %-18s x%-3u", filled,
            "##############################", width - filled, "", r->done,
            r->total, algo, threads);
    if (r->done == r->total)
        fprintf(stderr, "\n");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_unsigned(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

static double median(double *v, unsigned n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Scheme C's classifier: the network shipped for the tree's ordering, or
 * for the nearest trained one; other games take the thesis' chess-like
 * ordering's, (32, 79, 5).  Loaded once, on first use. */
static net *scheme_c_net;

static void *scheme_c_classifier(const cmp_options *o)
{
    if (scheme_c_net != NULL)
        return scheme_c_net;
    tree_params t = {32, 79, 5, 0};
    char err[4200], used[4200];
    if (strcmp(o->game, "tree") == 0 && o->params != NULL &&
        tree_params_parse(o->params, &t, err, sizeof err) < 0)
        bench_fail("%s", err);
    scheme_c_net = net_load_nearest(NULL, t.b, t.wa, t.wb, used, sizeof used,
                                    err, sizeof err);
    if (scheme_c_net == NULL)
        bench_fail("%s", err);
    return scheme_c_net;
}

/* --sim-calibrate: the extra cost per node measured for one of --algos;
 * serial, and everything before the calibration, keep the config's. */
static void calibrated_extra(const bench_run *r, const char *algo,
                             unsigned *extra)
{
    for (unsigned a = 0; r->calibrated && a < r->o->nalgos; a++)
        if (strcmp(r->o->algos[a], algo) == 0 && strcmp(algo, "serial"))
            *extra = r->node_extra[a];
}

static void configure(const bench_run *r, const bench_loaded *l, pab_config *c,
                      const char *algo, unsigned threads)
{
    const cmp_options *o = r->o;
    pab_config_init(c);
    c->max_depth = o->depth > 0             ? o->depth
                   : l->ex->bench_depth > 0 ? l->ex->bench_depth
                                            : l->ex->default_depth;
    c->plain = o->plain >= 0 ? o->plain != 0 : l->ex->plain_default;
    for (unsigned i = 0; i < o->nopts; i++)
        bench_apply_opt(c, o->opts[i]);
    c->algorithm = (pab_algorithm)pab_algorithm_from_name(algo);
    c->threads = threads;
    c->simulate = o->simulate;
    if (o->simulate)
        calibrated_extra(r, algo, &c->sim_node_extra);
    if (o->diagnose != NULL)
        c->diagnostics = true;
    if (c->split_scheme == PAB_SPLIT_SCHEME_C && c->classify == NULL) {
        c->classify = net_classify;
        c->classify_user = scheme_c_classifier(o);
    }
}

/* One position's medians of --repeat searches, and the sums over them of
 * the time the threads waited for a core and of threads times wall time. */
typedef struct sample {
    double time_ms, nodes, ticks, split_wait, mpi_ms;
    double wait_ms, thread_ms;
    unsigned node_extra;
    uint64_t seed_ticks[MAX_SEEDS], seed_nodes[MAX_SEEDS];
    pab_depth_stats by_depth[PAB_DIAG_DEPTHS]; /* the first run's */
    uint64_t iteration_nodes[PAB_DIAG_DEPTHS];
} sample;

/* Start the searcher's threads untimed: the first search on N threads
 * would time their creation, and a new thread may wait a whole time slice
 * behind its creator for a core (up to 3 ms of a 4.5 ms search). */
static void start_threads(pab_searcher *s, const bench_loaded *l,
                          const pab_config *c)
{
    pab_config warm = *c;
    pab_result res;
    if (c->threads < 2 || c->simulate)
        return;
    warm.max_depth = 1;
    pab_search(s, l->state, &warm, &res); /* a failure recurs, timed */
}

static void measure(bench_run *r, pab_searcher *s, const bench_loaded *l,
                    const char *algo, unsigned threads, sample *out)
{
    double t[MAX_REPEAT * MAX_SEEDS], n[MAX_REPEAT * MAX_SEEDS],
        v[MAX_REPEAT * MAX_SEEDS], sw[MAX_REPEAT * MAX_SEEDS],
        mpi[MAX_REPEAT * MAX_SEEDS];
    const unsigned seeds = r->o->simulate ? r->o->seeds : 1;
    unsigned k = r->o->repeat * seeds;
    pab_config c;
    configure(r, l, &c, algo, threads);
    start_threads(s, l, &c);
    const uint64_t seed0 = c.sim_seed;
    out->wait_ms = out->thread_ms = 0;
    out->node_extra = c.sim_node_extra;
    for (unsigned i = 0; i < k; i++) {
        pab_result res;
        c.sim_seed = seed0 + i % seeds;
        pab_tt_clear(pab_searcher_tt(s));
        pab_searcher_forget(s);
        int64_t w0 = bench_cpu_wait_ns();
        double t0 = now_ms_precise();
        int rc = pab_search(s, l->state, &c, &res);
        t[i] = now_ms_precise() - t0;
        int64_t w1 = bench_cpu_wait_ns();
        if (rc < 0)
            bench_fail("search failed: %s", pab_strerror(rc));
        if (w0 < 0 || w1 < 0)
            r->wait_unknown = true;
        else /* a wait counts when it ends, maybe begun before t0 */
            out->wait_ms += fmin((double)(w1 - w0) / 1e6, t[i] * threads);
        out->thread_ms += t[i] * threads;
        n[i] = (double)res.stats.nodes;
        v[i] = (double)res.ticks;
        sw[i] = (double)res.split_wait_ns; /* ticks when simulated */
        mpi[i] = ex_ranks_mpi_ms(s);
        out->seed_ticks[i % seeds] = res.ticks; /* the same every repeat */
        out->seed_nodes[i % seeds] = res.stats.nodes;
        if (i == 0) {
            memcpy(out->by_depth, res.by_depth, sizeof res.by_depth);
            memcpy(out->iteration_nodes, res.iteration_nodes,
                   sizeof res.iteration_nodes);
        }
        r->done++;
        progress(r, algo, threads);
    }
    out->time_ms = median(t, k);
    out->nodes = median(n, k);
    out->ticks = median(v, k);
    out->split_wait = median(sw, k);
    out->mpi_ms = median(mpi, k);
}

static row *row_for(bench_run *r, const char *algo, unsigned ranks,
                    unsigned threads)
{
    for (unsigned i = 0; i < r->nrows; i++)
        if (strcmp(r->rows[i].algo, algo) == 0 && r->rows[i].ranks == ranks &&
            r->rows[i].threads == threads)
            return &r->rows[i];
    row *w = &r->rows[r->nrows++];
    memset(w, 0, sizeof *w);
    w->algo = algo;
    w->ranks = ranks;
    w->threads = threads;
    w->oversubscribed = !r->o->simulate && ranks * threads > r->cores;
    return w;
}

static void depth_add(pab_depth_stats *to, const pab_depth_stats *from)
{
    to->nodes += from->nodes;
    to->shared += from->shared;
    to->late += from->late;
    to->deferrals += from->deferrals;
    to->re_searches += from->re_searches;
    to->evictions += from->evictions;
}

static void add_sample(bench_run *r, const char *algo, unsigned ranks,
                       unsigned threads, const sample *x)
{
    row *w = row_for(r, algo, ranks, threads);
    w->mpi_ms += x->mpi_ms;
    w->time_ms += x->time_ms;
    w->nodes += (uint64_t)x->nodes;
    w->ticks += (uint64_t)x->ticks;
    w->split_wait += x->split_wait;
    w->wait_ms += x->wait_ms;
    w->thread_ms += x->thread_ms;
    w->node_extra = x->node_extra;
    for (unsigned i = 0; i < r->o->seeds; i++) {
        w->seed_ticks[i] += x->seed_ticks[i];
        w->seed_nodes[i] += x->seed_nodes[i];
    }
    for (int d = 0; d < PAB_DIAG_DEPTHS; d++) {
        depth_add(&w->by_depth[d], &x->by_depth[d]);
        w->iteration_nodes[d] += x->iteration_nodes[d];
    }
}

/* A table of hash_mb, or of hash_per_proc_mb per thread up to the cap. */
static pab_searcher *new_searcher(const cmp_options *o, const bench_loaded *l,
                                  unsigned threads)
{
    pab_searcher *s;
    uint64_t mb = o->hash_mb;
    if (o->hash_per_proc_mb > 0) {
        mb = (uint64_t)o->hash_per_proc_mb * threads;
        if (mb > o->hash_cap_mb)
            mb = o->hash_cap_mb;
    }
    int rc = pab_searcher_create(&s, &l->game, (size_t)mb << 20);
    if (rc < 0)
        bench_fail("cannot create searcher: %s", pab_strerror(rc));
    return s;
}

/* The algorithms libpab-mpi runs over several ranks. */
static bool over_ranks(const char *algo)
{
    return strcmp(algo, "abdada") == 0 ||
           strcmp(algo, "simplified-abdada") == 0 ||
           strcmp(algo, "lazy-smp") == 0;
}

/* One process (rank 0 under mpirun, while the others wait): serial and
 * every algorithm at every thread count. */
static void run_local(bench_run *r, const bench_loaded *l)
{
    const cmp_options *o = r->o;
    pab_searcher *s = new_searcher(o, l, 1);
    sample x;
    measure(r, s, l, "serial", 1, &x);
    add_sample(r, "serial", 1, 1, &x);
    for (unsigned i = 0; i < o->nthreads; i++) {
        if (o->hash_per_proc_mb > 0 && o->threads[i] > 1) {
            pab_searcher_destroy(s); /* a table of this thread count's size */
            s = new_searcher(o, l, o->threads[i]);
        }
        for (unsigned a = 0; a < o->nalgos; a++) {
            if (strcmp(o->algos[a], "serial") == 0)
                continue;
            measure(r, s, l, o->algos[a], o->threads[i], &x);
            add_sample(r, o->algos[a], 1, o->threads[i], &x);
        }
    }
    pab_searcher_destroy(s);
}

/* --ranks: the first R ranks search together, the others wait. */
static void run_ranks(bench_run *r, const bench_loaded *l, unsigned ranks)
{
    const cmp_options *o = r->o;
    pab_searcher *s;
    int rc = ex_ranks_searcher_of(&s, &l->game, (size_t)o->hash_mb << 20,
                                  (int)ranks);
    if (rc < 0)
        bench_fail("cannot create a searcher over ranks: %s", pab_strerror(rc));
    for (unsigned i = 0; s != NULL && i < o->nthreads; i++)
        for (unsigned a = 0; a < o->nalgos; a++) {
            if (!over_ranks(o->algos[a]))
                continue;
            sample x;
            measure(r, s, l, o->algos[a], o->threads[i], &x);
            add_sample(r, o->algos[a], ranks, o->threads[i], &x);
        }
    pab_searcher_destroy(s);
    ex_ranks_barrier();
}

static void run_position(bench_run *r, const char *position)
{
    const cmp_options *o = r->o;
    bench_loaded l;
    bench_load(o->game, o->params, position, &l);
    if (ex_ranks_rank() == 0)
        run_local(r, &l);
    ex_ranks_barrier();
    for (unsigned i = 0; i < o->nranks; i++)
        run_ranks(r, &l, o->ranks[i]);
    bench_unload(&l);
}

/* ---- --sim-calibrate ----------------------------------------------------- */

/* Sums over the positions of one side of the calibration, real (time in
 * ms) or simulated (ticks): [0] serial's, [1 + a] that of --algos[a]. */
typedef struct totals {
    double time[MAX_ITEMS + 1], nodes[MAX_ITEMS + 1];
} totals;

/* Serial and every algorithm on one thread or processor, as r->o says. */
static void measure_all(bench_run *r, pab_searcher *s, const bench_loaded *l,
                        totals *sum)
{
    for (unsigned a = 0; a <= r->o->nalgos; a++) {
        sample x;
        measure(r, s, l, a == 0 ? "serial" : r->o->algos[a - 1], 1, &x);
        sum->time[a] += r->o->simulate ? x.ticks : x.time_ms;
        sum->nodes[a] += x.nodes;
    }
}

static void calibrate_position(bench_run *r, const char *position,
                               const cmp_options *sim_one,
                               const cmp_options *real, totals k[2])
{
    const cmp_options *o = r->o;
    bench_loaded l;
    bench_load(o->game, o->params, position, &l);
    pab_searcher *s = new_searcher(o, &l, 1);
    r->o = sim_one;
    measure_all(r, s, &l, &k[0]);
    r->o = real;
    measure_all(r, s, &l, &k[1]);
    r->o = o;
    pab_searcher_destroy(s);
    bench_unload(&l);
}

/* Each algorithm's real time per node on one thread over serial's, as a
 * share, and what that share of serial's simulated ticks per node adds
 * to what one virtual processor already charges the algorithm per node
 * (flat memory's atomic operations, say), in thousandths of a tick: the
 * work of its own that the simulator's operations do not count.  An
 * algorithm the model already charges enough is charged nothing more. */
static void calibrate(bench_run *r)
{
    cmp_options real = *r->o;
    real.simulate = false;
    real.repeat = CALIBRATE_REPEAT;
    real.seeds = 1;
    cmp_options sim_one = *r->o;
    sim_one.repeat = sim_one.seeds = 1;
    totals k[2] = {0}; /* simulated, real */
    for (unsigned p = 0; p < r->npositions; p++)
        calibrate_position(r, r->positions[p], &sim_one, &real, k);
    if (!(k[1].time[0] > 0 && k[1].nodes[0] > 0 && k[0].nodes[0] > 0))
        bench_fail("%s", "compare: --sim-calibrate: serial took no time");
    const double serial_per_node = k[1].time[0] / k[1].nodes[0];
    const double ticks_per_node = k[0].time[0] / k[0].nodes[0];
    for (unsigned a = 0; a < r->o->nalgos; a++) {
        const double share =
            k[1].time[1 + a] / k[1].nodes[1 + a] / serial_per_node - 1.0;
        const double extra =
            ticks_per_node * (1 + share) - k[0].time[1 + a] / k[0].nodes[1 + a];
        r->extra_share[a] = share;
        r->node_extra[a] = extra > 0 ? (unsigned)lround(extra * 1000) : 0;
    }
    r->calibrated = true;
}

static void print_calibration(const bench_run *r, FILE *f)
{
    fprintf(f, "(--sim-calibrate: time per node on one real thread over "
               "serial's, charged per simulated node in 1/1000 tick:");
    for (unsigned a = 0; a < r->o->nalgos; a++)
        if (strcmp(r->o->algos[a], "serial") != 0)
            fprintf(f, " %s %+.1f %% %u;", r->o->algos[a],
                    100 * r->extra_share[a], r->node_extra[a]);
    fprintf(f, ")\n");
}

/* ---- the measures
 * ------------------------------------------------------------- */

/* Weill's measures from wall time, against the algorithm on one thread. */
static void real_measures(row *w, const row *serial, const row *one)
{
    const double n = w->ranks * w->threads;
    w->rs = one->time_ms / w->time_ms;
    w->as = serial->time_ms / w->time_ms;
    w->so = (double)w->nodes / (double)one->nodes - 1;
    w->to = w->time_ms * n / one->time_ms - 1;
    w->ef = w->as / n;
    w->css = n / (w->rs * (w->so + 1)) - 1;
}

/* The thesis' measures from virtual time, against serial on one: per
 * seed, against serial with the same seed; the median and range over the
 * seeds. */
static void simulated_measures(row *w, const row *serial, const row *one,
                               unsigned seeds)
{
    const double n = w->threads;
    double su[MAX_SEEDS], so[MAX_SEEDS], rs[MAX_SEEDS];
    for (unsigned i = 0; i < seeds; i++) {
        su[i] = (double)serial->seed_ticks[i] / (double)w->seed_ticks[i];
        so[i] = (double)w->seed_nodes[i] / (double)serial->seed_nodes[i] - 1;
        rs[i] = (double)one->seed_ticks[i] / (double)w->seed_ticks[i];
    }
    w->su = median(su, seeds);
    w->su_min = su[0];
    w->su_max = su[seeds - 1];
    w->so = median(so, seeds);
    w->rs = median(rs, seeds);
    w->css = n / (w->su * (w->so + 1)) - 1;
    w->ow = w->ticks > 0 ? w->split_wait / (n * (double)w->ticks) : 0;
}

/* The share of their time a row's threads waited for a core. */
static double wait_share(const row *w)
{
    return w->thread_ms > 0 ? w->wait_ms / w->thread_ms : 0;
}

/*
 * Other processes slow every run they share the cores with, so their
 * waits add up.  A lone stall of a few milliseconds (a thread woken onto
 * its sibling's core, say) also happens on a quiet machine, and can be
 * most of a short row, or of a tiny comparison.  Measured on two cores,
 * quiet: 250 compares of tic-tac-toe, Connect Four and Othello, 7-50 ms
 * of thread time each, waited 0.06% of it in the median, at most 5.7 ms
 * in all, but up to 70% of the tiniest; beside two spinning processes,
 * 40-95% and 25-360 ms (4-66 ms for the tiniest, too small to judge).  So
 * the comparison is busy when its threads waited more than BUSY_WAIT of
 * their time and more than MIN_WAIT_MS, or a row more than BUSY_WAIT for
 * longer than LONG_WAIT_MS; then the rows that waited more than BUSY_WAIT
 * are marked.  Rows with more threads than cores are not judged: their
 * threads wait for each other, and their times mean nothing anyway (the *
 * footnote); nor are simulated rows, whose clocks are virtual.
 */
static void judge_load(bench_run *r)
{
    double wait = 0, span = 0;
    bool long_wait = false;
    if (r->o->simulate || r->wait_unknown)
        return;
    for (unsigned i = 0; i < r->nrows; i++) {
        const row *w = &r->rows[i];
        if (w->oversubscribed)
            continue;
        wait += w->wait_ms;
        span += w->thread_ms;
        long_wait |= wait_share(w) > BUSY_WAIT && w->wait_ms > LONG_WAIT_MS;
    }
    bool busy = (wait > BUSY_WAIT * span && wait > MIN_WAIT_MS) || long_wait;
    for (unsigned i = 0; i < r->nrows; i++) {
        row *w = &r->rows[i];
        w->busy = busy && !w->oversubscribed && wait_share(w) > BUSY_WAIT;
    }
}

/* The largest share of their time the threads of a busy row waited. */
static double worst_wait(const bench_run *r)
{
    double worst = 0;
    for (unsigned i = 0; i < r->nrows; i++)
        if (r->rows[i].busy && wait_share(&r->rows[i]) > worst)
            worst = wait_share(&r->rows[i]);
    return worst;
}

static bool any_busy(const bench_run *r)
{
    return worst_wait(r) > 0;
}

static void compute_measures(bench_run *r)
{
    const row *serial = row_for(r, "serial", 1, 1);
    for (unsigned i = 0; i < r->nrows; i++) {
        row *w = &r->rows[i];
        const row *one = row_for(r, w->algo, 1, 1);
        if (r->o->simulate)
            simulated_measures(w, serial, one, r->o->seeds);
        else
            real_measures(w, serial, one);
    }
    judge_load(r);
}

static void print_simulated(const bench_run *r, FILE *f)
{
    const bool seeds = r->o->seeds > 1;
    fprintf(f, "%-20s %5s %14s %14s %8s %7s %7s %7s %6s %10s%s\n", "algo", "N",
            "ticks", "nodes", "SU", "SO", "CSS", "RS", "OW", "host_ms",
            seeds ? "    SU_min   SU_max" : "");
    for (unsigned i = 0; i < r->nrows; i++) {
        const row *w = &r->rows[i];
        fprintf(f,
                "%-20s %5u %14" PRIu64 " %14" PRIu64
                " %8.3f %7.3f %7.3f %7.3f %6.3f %10.0f",
                w->algo, w->threads, w->ticks, w->nodes, w->su, w->so, w->css,
                w->rs, w->ow, w->time_ms);
        if (seeds)
            fprintf(f, " %9.3f %8.3f", w->su_min, w->su_max);
        fprintf(f, "\n");
    }
    fprintf(f, "(simulated: virtual processors and ticks; SU, SO and CSS "
               "against serial on one virtual processor; OW: owners idle "
               "at their split points, share of N x ticks)\n");
    if (seeds)
        fprintf(f,
                "(%u seeds of the timing noise: ticks and nodes are medians "
                "per position; SU, SO, RS the median over seeds of the "
                "measure on each, SU_min and SU_max its range)\n",
                r->o->seeds);
}

/* The footer that says when the times cannot be trusted. */
static void print_load(const bench_run *r, FILE *f)
{
    if (r->wait_unknown) {
        fprintf(f, "note: this system does not say (in /proc/self/task/*/"
                   "schedstat) whether other processes took the cores\n");
        return;
    }
    if (!any_busy(r))
        return;
    fprintf(f,
            "warning: other processes took CPU: the threads of the rows "
            "marked ! waited for a core\n"
            "up to %.0f%% of their time, so their times are too long and the "
            "speedups too low;\nrun on a quiet machine\n",
            100 * worst_wait(r));
}

static void print_table(const bench_run *r, FILE *f)
{
    bool flagged = false;
    if (r->o->simulate) {
        print_simulated(r, f);
        return;
    }
    const bool ranks = r->o->nranks > 0;
    fprintf(f, "%-20s%s %7s %12s %14s %6s %6s %7s %7s %6s %7s%s\n", "algo",
            ranks ? " ranks" : "", "threads", "time_ms", "nodes", "RS", "AS",
            "SO", "TO", "EF", "CSS", ranks ? "   mpi_ms" : "");
    for (unsigned i = 0; i < r->nrows; i++) {
        const row *w = &r->rows[i];
        fprintf(f, "%-20s", w->algo);
        if (ranks)
            fprintf(f, " %5u", w->ranks);
        fprintf(
            f,
            " %6u%s %12.1f %14" PRIu64 " %6.2f %6.2f %7.3f %7.3f %6.2f %7.3f",
            w->threads,
            w->oversubscribed ? "*"
            : w->busy         ? "!"
                              : " ",
            w->time_ms, w->nodes, w->rs, w->as, w->so, w->to, w->ef, w->css);
        if (ranks)
            fprintf(f, " %8.1f", w->mpi_ms);
        fprintf(f, "\n");
        flagged |= w->oversubscribed;
    }
    if (flagged)
        fprintf(f,
                "* more threads than the %u cores: node counts (SO) are "
                "meaningful, times are not\n",
                r->cores);
    if (ranks)
        fprintf(f, "(ranks: MPI processes of this machine, each with the "
                   "threads shown; mpi_ms: the threads' time in operations "
                   "on the distributed table, summed; the speedups count "
                   "ranks x threads processors)\n");
    print_load(r, f);
}

static FILE *open_out(const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        bench_fail("cannot write '%s'", path);
    return f;
}

static void write_csv(const bench_run *r, const char *path)
{
    FILE *f = open_out(path);
    if (r->o->simulate) {
        fprintf(f, "algo,N,ticks,nodes,SU,SO,CSS,RS,host_ms,SU_min,SU_max,"
                   "seeds,OW,node_extra\n");
        for (unsigned i = 0; i < r->nrows; i++) {
            const row *w = &r->rows[i];
            fprintf(f,
                    "%s,%u,%" PRIu64 ",%" PRIu64
                    ",%.4f,%.4f,%.4f,%.4f,%.3f,%.4f,%.4f,%u,%.4f,%u\n",
                    w->algo, w->threads, w->ticks, w->nodes, w->su, w->so,
                    w->css, w->rs, w->time_ms, w->su_min, w->su_max,
                    r->o->seeds, w->ow, w->node_extra);
        }
        fclose(f);
        return;
    }
    fprintf(f, "algo,threads,time_ms,nodes,RS,AS,SO,TO,EF,CSS,oversubscribed,"
               "busy,cpu_wait,ranks,mpi_ms\n");
    for (unsigned i = 0; i < r->nrows; i++) {
        const row *w = &r->rows[i];
        fprintf(f, "%s,%u,%.3f,%" PRIu64 ",%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%d,",
                w->algo, w->threads, w->time_ms, w->nodes, w->rs, w->as, w->so,
                w->to, w->ef, w->css, w->oversubscribed);
        if (r->wait_unknown) /* empty: not known */
            fprintf(f, ",");
        else
            fprintf(f, "%d,%.4f", w->busy, wait_share(w));
        fprintf(f, ",%u,%.3f\n", w->ranks, w->mpi_ms);
    }
    fclose(f);
}

/* --diagnose: where each row's nodes went, by remaining depth (and what
 * each iteration cost), summed over the positions (first run of each). */
static void write_diagnosis(const bench_run *r, const char *path)
{
    FILE *f = open_out(path);
    fprintf(f, "algo,threads,depth,nodes,shared,late,deferrals,re_searches,"
               "evictions,iteration_nodes\n");
    for (unsigned i = 0; i < r->nrows; i++) {
        const row *w = &r->rows[i];
        for (int d = 0; d < PAB_DIAG_DEPTHS; d++) {
            const pab_depth_stats *s = &w->by_depth[d];
            if (s->nodes == 0 && s->evictions == 0 && s->deferrals == 0 &&
                w->iteration_nodes[d] == 0)
                continue;
            fprintf(f,
                    "%s,%u,%d,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
                    ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
                    w->algo, w->threads, d, s->nodes, s->shared, s->late,
                    s->deferrals, s->re_searches, s->evictions,
                    w->iteration_nodes[d]);
        }
    }
    fclose(f);
}

/* The same, one line per row: the interior nodes and the share searched
 * by two or more threads at once. */
static void print_diagnosis(const bench_run *r, FILE *f)
{
    fprintf(f, "%-20s %5s %12s %8s %10s %10s %10s %10s\n", "diagnosis", "N",
            "interior", "shared%", "late", "deferrals", "re-search",
            "evictions");
    for (unsigned i = 0; i < r->nrows; i++) {
        const row *w = &r->rows[i];
        pab_depth_stats t = {0};
        for (int d = 0; d < PAB_DIAG_DEPTHS; d++)
            depth_add(&t, &w->by_depth[d]);
        fprintf(f,
                "%-20s %5u %12" PRIu64 " %8.2f %10" PRIu64 " %10" PRIu64
                " %10" PRIu64 " %10" PRIu64 "\n",
                w->algo, w->threads, t.nodes,
                t.nodes ? 100.0 * (double)t.shared / (double)t.nodes : 0.0,
                t.late, t.deferrals, t.re_searches, t.evictions);
    }
}

/* A load flag in JSON: null when the system does not say. */
static const char *json_known(const bench_run *r, bool flag)
{
    return r->wait_unknown ? "null" : flag ? "true" : "false";
}

static void write_json(const bench_run *r, const char *path)
{
    const cmp_options *o = r->o;
    FILE *f = open_out(path);
    fprintf(f,
            "{\"game\": \"%s\", \"positions\": %u, \"repeat\": %u, "
            "\"cores\": %u, \"simulated\": %s, ",
            o->game, r->npositions, o->repeat, r->cores,
            o->simulate ? "true" : "false");
    if (!o->simulate)
        fprintf(f, "\"busy\": %s, ", json_known(r, any_busy(r)));
    fprintf(f, "\"rows\": [\n");
    for (unsigned i = 0; i < r->nrows; i++) {
        const row *w = &r->rows[i];
        if (o->simulate) {
            fprintf(f,
                    "  {\"algo\": \"%s\", \"N\": %u, \"ticks\": %" PRIu64
                    ", \"nodes\": %" PRIu64 ", \"SU\": %.4f, \"SO\": %.4f, "
                    "\"CSS\": %.4f, \"RS\": %.4f, \"host_ms\": %.3f, "
                    "\"SU_min\": %.4f, \"SU_max\": %.4f, \"seeds\": %u, "
                    "\"OW\": %.4f, \"node_extra\": %u}%s\n",
                    w->algo, w->threads, w->ticks, w->nodes, w->su, w->so,
                    w->css, w->rs, w->time_ms, w->su_min, w->su_max, o->seeds,
                    w->ow, w->node_extra, i + 1 < r->nrows ? "," : "");
            continue;
        }
        fprintf(f,
                "  {\"algo\": \"%s\", \"threads\": %u, \"time_ms\": %.3f, "
                "\"nodes\": %" PRIu64 ", \"RS\": %.4f, \"AS\": %.4f, "
                "\"SO\": %.4f, \"TO\": %.4f, \"EF\": %.4f, \"CSS\": %.4f, "
                "\"oversubscribed\": %s, \"busy\": %s, \"cpu_wait\": ",
                w->algo, w->threads, w->time_ms, w->nodes, w->rs, w->as, w->so,
                w->to, w->ef, w->css, w->oversubscribed ? "true" : "false",
                json_known(r, w->busy));
        if (r->wait_unknown)
            fprintf(f, "null");
        else
            fprintf(f, "%.4f", wait_share(w));
        fprintf(f, ", \"ranks\": %u, \"mpi_ms\": %.3f}%s\n", w->ranks,
                w->mpi_ms, i + 1 < r->nrows ? "," : "");
    }
    fprintf(f, "]}\n");
    fclose(f);
}

/* Speedup (with the ideal line) and search overhead against threads, one
 * line per algorithm, drawn by gnuplot. */
static void write_plot(const bench_run *r, const char *png)
{
    char data[] = "/tmp/pab-bench-XXXXXX";
    int fd = mkstemp(data);
    if (fd < 0)
        bench_fail("%s", "cannot create a temporary file for the plot");
    FILE *f = fdopen(fd, "w");
    const cmp_options *o = r->o;
    unsigned max_threads = 1;
    for (unsigned a = 0; a < o->nalgos; a++) {
        if (strcmp(o->algos[a], "serial") == 0)
            continue;
        fprintf(f, "\"%s\"\n", o->algos[a]);
        for (unsigned i = 0; i < r->nrows; i++) {
            const row *w = &r->rows[i];
            if (strcmp(w->algo, o->algos[a]) == 0) {
                fprintf(f, "%u %.4f %.4f %.4f\n", w->threads,
                        o->simulate ? w->su : w->rs, w->as, 100 * w->so);
                if (w->threads > max_threads)
                    max_threads = w->threads;
            }
        }
        fprintf(f, "\n\n");
    }
    fclose(f);
    char cmd[4096], axes[256];
    if (o->simulate)
        snprintf(axes, sizeof axes,
                 "set xlabel 'virtual processors'; set ylabel 'speedup SU "
                 "(ticks of serial on 1 / ticks on N)'; set logscale x 2; "
                 "set xrange [1:%u];",
                 max_threads);
    else
        snprintf(axes, sizeof axes,
                 "set xlabel 'threads'; set ylabel 'relative speedup RS'; "
                 "set xrange [1:%u]; set xtics 1;",
                 max_threads);
    snprintf(
        cmd, sizeof cmd,
        "gnuplot -e \"set terminal pngcairo size 1200,500 font ',10'; "
        "set output '%s'; set multiplot layout 1,2 title 'libpab on %s, "
        "%u positions%s'; set key top left; set grid; "
        "%s set yrange [0:*]; "
        "set title 'Speedup'; "
        "plot x title 'ideal' dt 2 lc 'gray', for [i=0:%u] '%s' index i "
        "using 1:2 with linespoints lc (i+1) title columnheader(1); "
        "set ylabel 'search overhead SO (%%)'; set title 'Search overhead'; "
        "set yrange [*:*]; plot for [i=0:%u] '%s' index i using 1:4 with "
        "linespoints lc (i+1) title columnheader(1); unset multiplot\" 2>&1",
        png, o->game, r->npositions, o->simulate ? ", simulated" : "", axes,
        o->nalgos - 1, data, o->nalgos - 1, data);
    int rc = system(cmd);
    unlink(data);
    if (rc != 0)
        bench_fail("gnuplot failed writing '%s' (is the gnuplot package "
                   "installed?)",
                   png);
}

/* ---- Stockfish's own Lazy SMP, for comparison ---------------------------- */

/* The CPU time of the children waited for so far (and theirs). */
static double children_cpu_ms(void)
{
    struct rusage u;
    if (getrusage(RUSAGE_CHILDREN, &u) != 0)
        return 0;
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 +
           (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
}

/*
 * The share of its cores Stockfish's bench had.  Its threads end with it,
 * and their run delay with them (bench_cpu_wait_ns()), but Lazy SMP's
 * threads never idle, so their CPU time over threads times the search time
 * tells the same: 0.96-0.98 on a quiet machine, 0.41-0.65 beside two
 * spinning processes on two cores.  Loading its network, on one thread
 * and outside its "Total time", counts as the wall time beyond that total.
 */
static double cpu_share(double cpu_ms, double wall_ms, double search_ms,
                        unsigned threads)
{
    double start = wall_ms > search_ms ? wall_ms - search_ms : 0;
    return (cpu_ms - start) / (threads * search_ms);
}

/* Total time of `stockfish bench 16 THREADS DEPTH`, or -1; *share is
 * cpu_share()'s. */
static double stockfish_bench_ms(const char *stockfish, unsigned threads,
                                 int depth, uint64_t *nodes, double *share)
{
    char cmd[512], line[256];
    double ms = -1, cpu0 = children_cpu_ms(), t0 = now_ms_precise();
    snprintf(cmd, sizeof cmd, "%s bench 16 %u %d 2>&1", stockfish, threads,
             depth);
    FILE *p = popen(cmd, "r");
    if (p == NULL)
        return -1;
    while (fgets(line, sizeof line, p) != NULL) {
        unsigned long long v;
        if (sscanf(line, "Total time (ms) : %llu", &v) == 1)
            ms = (double)v;
        else if (sscanf(line, "Nodes searched : %llu", &v) == 1)
            *nodes = v;
    }
    pclose(p);
    if (ms > 0)
        *share = cpu_share(children_cpu_ms() - cpu0, now_ms_precise() - t0, ms,
                           threads);
    return ms;
}

/* Stockfish's time-to-depth ratio at 1 and 2 threads on its own bench
 * positions: the yardstick the papers' numbers are read against.  Two
 * threads on one core are not judged: they share it by design. */
static void compare_stockfish(const char *stockfish, int depth, unsigned cores)
{
    uint64_t n1 = 0, n2 = 0;
    double s1 = 1, s2 = 1;
    if (access(stockfish, X_OK) != 0) {
        printf("stockfish: %s not found, comparison skipped\n", stockfish);
        return;
    }
    fprintf(stderr, "running %s bench 16 1|2 %d ...\n", stockfish, depth);
    double t1 = stockfish_bench_ms(stockfish, 1, depth, &n1, &s1);
    double t2 = stockfish_bench_ms(stockfish, 2, depth, &n2, &s2);
    if (t1 <= 0 || t2 <= 0) {
        printf("stockfish: bench output not understood, comparison skipped\n");
        return;
    }
    printf("stockfish lazy smp (bench 16 T %d): 1 thread %.0f ms %" PRIu64
           " nodes, 2 threads %.0f ms %" PRIu64 " nodes: time-to-depth "
           "ratio %.2f, SO %.3f\n",
           depth, t1, n1, t2, n2, t1 / t2, (double)n2 / (double)n1 - 1);
    if (s1 < STOCKFISH_SHARE || (cores >= 2 && s2 < STOCKFISH_SHARE))
        printf("warning: other processes took CPU: Stockfish's threads had "
               "%.0f%% (1 thread) and %.0f%% (2)\nof their cores, so its ratio "
               "is not its own; run on a quiet machine\n",
               100 * s1, 100 * s2);
}

int bench_compare(int argc, char **argv)
{
    cmp_options o = {.game = "tictactoe",
                     .repeat = 1,
                     .hash_mb = 64,
                     .hash_cap_mb = 4096,
                     .seeds = 1,
                     .plain = -1,
                     .stockfish_depth = 13};
    static bench_run r; /* large: the rows' diagnoses */
    r.o = &o;
    parse_args(argc, argv, &o);
    default_algos(&o);
    if (o.nthreads == 0) {
        add_threads(&o, 1);
        add_threads(&o, 2);
    }
    add_threads(&o, 1); /* RS, SO and TO need every algorithm at 1 */
    qsort(o.threads, o.nthreads, sizeof o.threads[0], cmp_unsigned);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    r.cores = cores > 0 ? (unsigned)cores : 1;
    if (o.positions_file != NULL) {
        read_positions(&r, o.positions_file);
    } else {
        bench_loaded l;
        bench_load(o.game, o.params, NULL, &l);
        embedded_positions(&r, l.ex);
        bench_unload(&l);
    }
    if (o.seeds > 1 && !o.simulate)
        bench_fail("%s", "compare: --sim-seeds needs --simulate");
    if (o.calibrate && !o.simulate)
        bench_fail("%s", "compare: --sim-calibrate needs --simulate");
    unsigned runs = 1;
    if (o.nranks > 0 && o.simulate)
        bench_fail("%s", "compare: --ranks does not mix with --simulate");
    row_for(&r, "serial", 1,
            1); /* the rows in this order, whatever the runs' */
    for (unsigned a = 0; a < o.nalgos; a++)
        if (strcmp(o.algos[a], "serial") != 0) {
            runs += o.nthreads;
            for (unsigned i = 0; i < o.nthreads; i++)
                row_for(&r, o.algos[a], 1, o.threads[i]);
        }
    for (unsigned k = 0; k < o.nranks; k++)
        for (unsigned i = 0; i < o.nthreads; i++)
            for (unsigned a = 0; a < o.nalgos; a++)
                if (over_ranks(o.algos[a])) {
                    runs++;
                    row_for(&r, o.algos[a], o.ranks[k], o.threads[i]);
                }
    r.total = runs * r.npositions * o.repeat * (o.simulate ? o.seeds : 1);
    if (o.calibrate) {
        r.total += r.npositions * (1 + o.nalgos) * (1 + CALIBRATE_REPEAT);
        calibrate(&r);
    }
    for (unsigned p = 0; p < r.npositions; p++)
        run_position(&r, r.positions[p]);
    compute_measures(&r);
    if (ex_ranks_rank() != 0) { /* rank 0 reports; the others only searched */
        for (unsigned p = 0; p < r.npositions; p++)
            free((void *)r.positions[p]);
        free(o.algos_copy);
        return 0;
    }
    printf("pab-bench compare: game %s, %u positions, repeat %u, %u cores\n",
           o.game, r.npositions, o.repeat, r.cores);
    print_table(&r, stdout);
    if (r.calibrated)
        print_calibration(&r, stdout);
    if (o.simulate && strcmp(o.game, "tree") == 0 && r.npositions == 100 &&
        o.depth == 6) {
        const row *serial = row_for(&r, "serial", 1, 1);
        thesis_print_beside(stdout, o.params, serial->ticks, serial->nodes);
    }
    if (o.diagnose != NULL) {
        print_diagnosis(&r, stdout);
        write_diagnosis(&r, o.diagnose);
    }
    if (o.csv)
        write_csv(&r, o.csv);
    if (o.json)
        write_json(&r, o.json);
    if (o.plot)
        write_plot(&r, o.plot);
    net_destroy(scheme_c_net);
    scheme_c_net = NULL;
    if (o.stockfish == NULL && strcmp(o.game, "chess") == 0 && !o.simulate)
        o.stockfish = "/usr/games/stockfish";
    if (o.stockfish != NULL && strcmp(o.stockfish, "none") != 0)
        compare_stockfish(o.stockfish, o.stockfish_depth, r.cores);
    for (unsigned p = 0; p < r.npositions; p++)
        free((void *)r.positions[p]);
    free(o.algos_copy);
    return 0;
}

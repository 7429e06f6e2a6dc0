/*
 * libpab-mpi across ranks: a plain executable that tests/check_mpi.sh
 * starts under mpirun.  Not a Criterion suite: Criterion runs each test
 * in a forked process, and a process forked after MPI_Init may not use
 * MPI.  Every rank runs the same checks; a failure prints one line and
 * aborts the whole job (mpirun then exits non-zero).
 *
 *   mpi_search values THREADS   abdada, simplified-abdada and lazy-smp
 *                               across the ranks, THREADS threads each,
 *                               return the serial search's value in plain
 *                               mode: artificial trees, tic-tac-toe,
 *                               Connect Four solved to the end; with the
 *                               remote threshold at 1 (every entry
 *                               distributed, and Kerrigan's table with it)
 *                               and at the defaults
 *   mpi_search limits           a time limit and a stop from rank 0 end
 *                               every rank within PAB_MPI_BOUND_MS (250)
 *   mpi_search repeat N         N searches on one communicator (leak check
 *                               under AddressSanitizer)
 *   mpi_search errors           exact error codes
 *   mpi_search killed           the last rank kills itself mid-search: the
 *                               job must end (mpirun's doing), not hang
 */
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pab/mpi.h>

#include "../examples/common/ranks.h"

#include "../examples/games/connect4.h"
#include "../examples/games/tictactoe.h"
#include "../examples/games/tree.h"

static int rank, ranks;

__attribute__((format(printf, 1, 2))) static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mpi_search (rank %d of %d): ", rank, ranks);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

#define check(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond))                                                           \
            fail(__VA_ARGS__);                                                 \
    } while (0)

static const pab_algorithm cluster_algos[] = {
    PAB_ALGO_ABDADA, PAB_ALGO_SIMPLIFIED_ABDADA, PAB_ALGO_LAZY_SMP};
#define N_ALGOS (sizeof cluster_algos / sizeof cluster_algos[0])

static pab_score_t serial_value(const pab_game *g, const void *root,
                                const pab_config *c)
{
    pab_searcher *s;
    pab_config sc = *c;
    pab_result r;
    sc.algorithm = PAB_ALGO_SERIAL;
    sc.threads = 1;
    check(pab_searcher_create(&s, g, 1 << 20) == 0, "serial create");
    check(pab_search(s, root, &sc, &r) == 0, "serial search");
    pab_searcher_destroy(s);
    return r.score;
}

/* Every cluster algorithm on one position equals `want`. */
static void compare(pab_searcher *s, const void *root, const pab_config *base,
                    unsigned threads, pab_score_t want, const char *what)
{
    for (size_t a = 0; a < N_ALGOS; a++) {
        pab_config c = *base;
        pab_result r;
        c.algorithm = cluster_algos[a];
        c.threads = threads;
        c.lazy_same_depth = true;
        int rc = pab_search(s, root, &c, &r);
        check(rc == 0, "%s: pab_search returned %d (algorithm %ld)", what, rc,
              (long)a);
        check(r.score == want, "%s: value %ld, serial %ld", what, (long)r.score,
              (long)want);
        /* Every rank returns the same result. */
        long same[4] = {(long)r.best_move, r.depth, -(long)r.best_move,
                        -(long)r.depth};
        MPI_Allreduce(MPI_IN_PLACE, same, 4, MPI_LONG, MPI_MIN, MPI_COMM_WORLD);
        check(same[0] == -same[2] && same[1] == -same[3],
              "%s: the ranks returned different moves or depths", what);
        /* The ranks did share: the table went remote, or entries were
         * sent and received. */
        pab_mpi_stats st;
        check(pab_mpi_searcher_stats(s, &st) == 0, "%s: stats", what);
        check(st.ranks == (unsigned)ranks, "%s: %u ranks", what, st.ranks);
        if (ranks > 1 && c.algorithm == PAB_ALGO_LAZY_SMP)
            check(st.sent > 0 && st.received == st.sent * (uint64_t)(ranks - 1),
                  "%s: lazy-smp sent %lu, received %lu", what,
                  (unsigned long)st.sent, (unsigned long)st.received);
        else if (ranks > 1)
            check(st.remote_ops > 0, "%s: no remote operation", what);
    }
}

static void values_trees(pab_searcher *s, unsigned threads)
{
    static const tree_params shapes[] = {{8, 79, 5, TREE_HEIGHT_MAX},
                                         {6, 60, 20, TREE_HEIGHT_MAX},
                                         {5, 30, 10, TREE_HEIGHT_MAX}};
    static const int depths[] = {5, 5, 6};
    uint32_t seeds[TREE_TG1_COUNT];
    check(tree_seed_set("tg1", seeds, TREE_TG1_COUNT) == TREE_TG1_COUNT,
          "seeds");
    for (unsigned i = 0; i < 9; i++) {
        unsigned k = i % 3;
        pab_game g;
        check(tree_game_init(&g, &shapes[k]) == 0, "tree");
        void *root = malloc(g.state_size);
        check(root != NULL && tree_root(&g, root, seeds[i]) == 0, "tree root");
        pab_config c;
        pab_config_init(&c);
        c.max_depth = depths[k];
        c.plain = true;
        pab_score_t want = serial_value(&g, root, &c);
        /* The searcher holds the game's own copy: one per tree shape. */
        pab_searcher *ts;
        pab_mpi_options o;
        pab_mpi_options_init(&o);
        o.remote_min_depth = 1 + (int)(i % 2) * 3;
        o.cs_min_depth = i % 2 ? 0 : 2; /* the distributed CS table too */
        check(pab_mpi_searcher_create(&ts, &g, 1 << 20, MPI_COMM_WORLD, &o) ==
                  0,
              "tree searcher");
        compare(ts, root, &c, threads, want, "tree");
        pab_searcher_destroy(ts);
        free(root);
        tree_game_free(&g);
    }
    (void)s;
}

static void values_tictactoe(unsigned threads)
{
    static const char *const positions[] = {".........", "X...O....",
                                            "X.O.X....", ".X..O..X."};
    pab_game g;
    ttt_game(&g, TTT_SCORE_MATE);
    pab_searcher *s;
    pab_mpi_options o;
    pab_mpi_options_init(&o);
    o.remote_min_depth = 1;
    o.cs_min_depth = 1;
    check(pab_mpi_searcher_create(&s, &g, 1 << 20, MPI_COMM_WORLD, &o) == 0,
          "tic-tac-toe searcher");
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        ttt_state st;
        check(ttt_parse(&st, positions[i]) == 0, "%s", positions[i]);
        pab_config c;
        pab_config_init(&c);
        c.max_depth = 9 - st.stones;
        pab_score_t want = serial_value(&g, &st, &c);
        compare(s, &st, &c, threads, want, positions[i]);
    }
    pab_searcher_destroy(s);
}

static void values_connect4(unsigned threads)
{
    static const struct {
        const char *line;
        int score;
    } lines[] = {{"67152117737262713366376314254", 6},
                 {"52677675164321472411331752454", 0},
                 {"12156756715535615116237724723", -2}};
    pab_game g;
    c4_game_init(&g);
    pab_searcher *s;
    check(pab_mpi_searcher_create(&s, &g, 4 << 20, MPI_COMM_WORLD, NULL) == 0,
          "connect4 searcher");
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        c4_pos pos;
        char err[128];
        check(c4_parse(&pos, lines[i].line, err, sizeof err) == 0, "%s",
              lines[i].line);
        pab_config c;
        pab_config_init(&c);
        c4_solve_config(&c, &pos);
        compare(s, &pos, &c, threads, lines[i].score, lines[i].line);
    }
    pab_searcher_destroy(s);
}

static void values(unsigned threads)
{
    values_trees(NULL, threads);
    values_tictactoe(threads);
    values_connect4(threads);
}

/* ---- limits -------------------------------------------------------------- */

static uint64_t bound_ms(void)
{
    const char *e = getenv("PAB_MPI_BOUND_MS");
    return e != NULL ? strtoull(e, NULL, 10) : 250;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, ms % 1000 * 1000000L};
    nanosleep(&ts, NULL);
}

static void *stop_after(void *arg)
{
    sleep_ms(200);
    pab_searcher_stop(arg);
    return NULL;
}

/* Connect Four from the empty board: a search that never ends alone. */
static pab_searcher *endless(pab_game *g, c4_pos *pos)
{
    pab_searcher *s;
    c4_game_init(g);
    c4_init(pos);
    check(pab_mpi_searcher_create(&s, g, 4 << 20, MPI_COMM_WORLD, NULL) == 0,
          "a searcher for Connect Four");
    return s;
}

static void limits(void)
{
    pab_game g;
    c4_pos pos;
    pab_searcher *s = endless(&g, &pos);
    uint64_t bound = bound_ms();
    for (size_t a = 0; a < N_ALGOS; a++) {
        for (int stop = 0; stop <= 1; stop++) {
            pab_config c;
            pab_result r;
            pab_mpi_stats st;
            pab_config_init(&c);
            c.algorithm = cluster_algos[a];
            /* Every rank and thread on this machine's two cores: four
             * of them in all. */
            c.threads = ranks > 2 ? 1 : 2;
            c.time_limit_ms = stop ? 0 : 200;
            pthread_t t;
            if (stop && rank == 0)
                check(pthread_create(&t, NULL, stop_after, s) == 0, "thread");
            check(pab_search(s, &pos, &c, &r) == 0, "limited search");
            if (stop && rank == 0)
                pthread_join(t, NULL);
            check(pab_mpi_searcher_stats(s, &st) == 0, "stats");
            const char *what = stop ? "stop" : "time limit";
            check(r.stopped, "%s: not stopped (algorithm %ld)", what, (long)a);
            check(st.search_ms_max <= 200 + bound,
                  "%s: a rank searched %ld ms (algorithm %ld)", what,
                  (long)st.search_ms_max, (long)a);
            check(st.stop_ns <= bound * 1000000u,
                  "%s: a rank took %ld ns after the stop (algorithm %ld)", what,
                  (long)st.stop_ns, (long)a);
            check(r.best_move < 7, "%s: move %ld (algorithm %ld)", what,
                  (long)r.best_move, (long)a);
        }
    }
    pab_searcher_destroy(s);
}

/* ---- a rank killed ----------------------------------------------------------
 */

static void *die_soon(void *arg)
{
    (void)arg;
    sleep_ms(300);
    raise(SIGKILL);
    return NULL;
}

/* The last rank dies in the middle of an endless search.  What follows is
 * MPI's: Open MPI's mpirun ends the whole job with a message and a failing
 * status (tests/check_mpi.sh checks that it does, and in time).  Reaching
 * the end of this function is the failure. */
static void killed(void)
{
    pab_game g;
    c4_pos pos;
    pab_searcher *s = endless(&g, &pos);
    pthread_t t;
    if (rank == ranks - 1)
        check(pthread_create(&t, NULL, die_soon, NULL) == 0, "thread");
    pab_config c;
    pab_result r;
    pab_config_init(&c);
    c.algorithm = PAB_ALGO_ABDADA;
    c.threads = 2;
    c.time_limit_ms = 30000;
    pab_search(s, &pos, &c, &r);
    fail("killed: the search of the survivors returned after %d ms",
         (int)r.time_ms);
}

/* ---- repeat, errors --------------------------------------------------------
 */

static void repeat(unsigned n)
{
    pab_game g;
    ttt_game(&g, TTT_SCORE_MATE);
    ttt_state st;
    ttt_init(&st);
    pab_searcher *s;
    pab_mpi_options o;
    pab_mpi_options_init(&o);
    o.remote_min_depth = 2;
    check(pab_mpi_searcher_create(&s, &g, 1 << 20, MPI_COMM_WORLD, &o) == 0,
          "repeat searcher");
    pab_config c;
    pab_config_init(&c);
    c.max_depth = 5;
    c.threads = 2;
    c.lazy_same_depth = true;
    c.plain = true;
    pab_score_t want = serial_value(&g, &st, &c);
    for (unsigned i = 0; i < n; i++) {
        pab_result r;
        c.algorithm = cluster_algos[i % N_ALGOS];
        check(pab_search(s, &st, &c, &r) == 0, "repeat: search %u failed", i);
        check(r.score == want, "repeat: value %d, serial %d", (int)r.score,
              (int)want);
    }
    pab_searcher_destroy(s);
}

static void errors(void)
{
    pab_game g;
    ttt_game(&g, TTT_SCORE_MATE);
    ttt_state st;
    ttt_init(&st);
    pab_searcher *s;
    pab_mpi_options o;
    pab_mpi_options_init(&o);
    o.remote_min_depth = 0;
    check(pab_mpi_searcher_create(&s, &g, 1 << 20, MPI_COMM_WORLD, &o) ==
              PAB_EINVAL,
          "remote_min_depth 0");
    check(s == NULL, "failed create left a searcher");
    pab_mpi_options_init(&o);
    o.size = 8;
    check(pab_mpi_searcher_create(&s, &g, 1 << 20, MPI_COMM_WORLD, &o) ==
              PAB_EVERSION,
          "options size");
    check(pab_mpi_searcher_create(&s, &g, 100, MPI_COMM_WORLD, NULL) ==
              PAB_ESIZE,
          "table of 100 bytes");
    check(pab_mpi_searcher_create(&s, &g, 1 << 20, MPI_COMM_NULL, NULL) ==
              PAB_EINVAL,
          "MPI_COMM_NULL");
    /* Options that differ between ranks: PAB_EINVAL on every rank. */
    pab_mpi_options_init(&o);
    o.remote_min_depth = 4 + (rank == ranks - 1);
    check(pab_mpi_searcher_create(&s, &g, 1 << 20, MPI_COMM_WORLD, &o) ==
              (ranks > 1 ? PAB_EINVAL : 0),
          "options that differ between ranks");
    pab_searcher_destroy(s);
    check(pab_mpi_searcher_create(&s, &g, 1 << 20, MPI_COMM_WORLD, NULL) == 0,
          "create");
    pab_mpi_stats stats;
    check(pab_mpi_searcher_stats(NULL, &stats) == PAB_EINVAL, "stats of NULL");
    pab_config c;
    pab_result r;
    pab_config_init(&c);
    c.max_depth = 3;
    c.algorithm = PAB_ALGO_YBWC;
    int want = ranks > 1 ? PAB_ENOTSUP : 0;
    check(pab_search(s, &st, &c, &r) == want, "ybwc across ranks: not %d",
          want);
    /* Ranks that disagree on the algorithm all get PAB_EINVAL. */
    c.algorithm = rank == 0 ? PAB_ALGO_ABDADA : PAB_ALGO_LAZY_SMP;
    want = ranks > 1 ? PAB_EINVAL : 0;
    check(pab_search(s, &st, &c, &r) == want, "different algorithms: not %d",
          want);
    /* And the searcher still works after the refusals. */
    c.algorithm = PAB_ALGO_ABDADA;
    check(pab_search(s, &st, &c, &r) == 0, "a search after the refusals");
    want = ranks > 1 ? PAB_ENOTSUP : 0;
    c.simulate = true;
    check(pab_search(s, &st, &c, &r) == want, "simulated: not %d", want);
    pab_searcher_destroy(s);

    pab_searcher *plain;
    check(pab_searcher_create(&plain, &g, 1 << 20) == 0, "plain");
    check(pab_mpi_searcher_stats(plain, &stats) == PAB_EINVAL,
          "stats of a searcher not ours");
    pab_searcher_destroy(plain);
}

int main(int argc, char **argv)
{
    /* MPI, with the leak check before MPI_Finalize under AddressSanitizer
     * (examples/common/ranks.c). */
    ex_ranks_init(&argc, &argv);
    if (!ex_ranks_active())
        return 1;
    rank = ex_ranks_rank();
    ranks = ex_ranks_size();
    const char *mode = argc > 1 ? argv[1] : "values";
    if (strcmp(mode, "values") == 0)
        values(argc > 2 ? (unsigned)atoi(argv[2]) : 1);
    else if (strcmp(mode, "limits") == 0)
        limits();
    else if (strcmp(mode, "repeat") == 0)
        repeat(argc > 2 ? (unsigned)atoi(argv[2]) : 100);
    else if (strcmp(mode, "errors") == 0)
        errors();
    else if (strcmp(mode, "killed") == 0)
        killed();
    else
        fail("unknown mode %s", mode);
    return 0;
}

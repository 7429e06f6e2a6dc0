/*
 * pab-chess: the UCI engine.  The input loop runs on the main thread and
 * never waits for a search, so `isready`, `stop`, `ponderhit` and `quit`
 * are answered while one runs; each `go` runs pab_search() on a thread of
 * its own, which prints the `info` lines and finally `bestmove`.
 *
 * `go perft` runs on the same thread machinery, counting with
 * pab_searcher_perft(), so it too answers isready and obeys stop and quit.
 *
 * Stopping.  Each `go` takes a stop ticket (pab_searcher_ticket()) on the
 * input thread before its thread starts, so a `stop` that arrives before
 * the search has begun still reaches it.  A ponderhit's deadline, set
 * while the search may not have started yet, could still be overwritten
 * when pab_search() sets its own; the engine therefore keeps its own
 * record of what was asked (`stop`, the deadlines), and while a search is
 * running the input loop wakes every TICK_MS to stop it once the record
 * says it should be over.  The library's own time limit does the precise
 * work; the tick is the safety net.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../common/ranks.h"
#include "../games/chess_eval.h"
#include "../games/chess_net.h"
#include "../games/chess_tune.h"
#include "pab-chess.h"
#include "timeman.h"
#include "uci.h"

#define TICK_MS        5
#define LINE_MAX_BYTES ((size_t)16 << 20) /* longer lines are dropped */

/* ---- output: one line at a time from either thread ----------------------- */

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&out_lock);
    vfprintf(stdout, fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
    va_end(ap);
}

/* ---- the engine ---------------------------------------------------------- */

typedef struct engine {
    uci_settings set;
    pab_game game;
    pab_searcher *searcher;
    chess_pos *pos; /* the game as the last good `position` left it */
    bool debug;

    /* Shared with the search thread, under lock. */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool live;                 /* a search thread exists and is not joined */
    bool done;                 /* it has printed bestmove */
    bool stop;                 /* answer as soon as possible */
    bool pondering;            /* go ponder, and no ponderhit yet */
    bool infinite;             /* go infinite: bestmove waits for stop */
    uint64_t soft_at, hard_at; /* pc_now_ns() deadlines; 0: none */
    uint64_t soft_from;        /* when the soft limit's clock started */
    tm_plan plan;              /* kept for ponderhit */
    tm_clock clock;            /* the increment learnt (timeman.h); the
                                * search thread writes its think, read
                                * after the thread is joined */
    uint64_t go_at;            /* pc_now_ns() when the go arrived */

    /* The search's own data, written before its thread starts. */
    pthread_t thread;
    chess_pos *root;
    pab_config cfg;
    pab_move_t searchmoves[CHESS_MAX_MOVES];
    bool bounded;   /* it ends by itself (a limit other than time) */
    bool stretch;   /* TimeStretch, as it was at go */
    tm_trend trend; /* how settled the iterations are */
    int perft;      /* go perft: the depth counted; 0 for a search */
} engine;

static int engine_init(engine *e)
{
    memset(e, 0, sizeof *e);
    chess_init();
    uci_settings_init(&e->set);
    chess_game_init(&e->game);
    e->pos = malloc(sizeof *e->pos);
    e->root = malloc(sizeof *e->root);
    if (e->pos == NULL || e->root == NULL)
        return PAB_ENOMEM;
    chess_start(e->pos);
    tm_clock_reset(&e->clock);
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->cond, NULL);
    return pc_searcher_new(&e->game, e->set.hash_mb, &e->searcher);
}

static void engine_free(engine *e)
{
    pab_searcher_destroy(e->searcher);
    free(e->pos);
    free(e->root);
    pthread_mutex_destroy(&e->lock);
    pthread_cond_destroy(&e->cond);
}

/* ---- the search thread --------------------------------------------------- */

static void print_line(const pab_result *r, const pab_line *line,
                       unsigned index, unsigned hashfull)
{
    char score[32], pv[PAB_PV_MAX * 6 + 1];
    uint64_t ms = r->time_ms ? r->time_ms : 1;
    uci_score_text(line->score, score, sizeof score);
    uci_moves_text(line->pv, line->pv_length, pv, sizeof pv);
    say("info depth %d seldepth %d multipv %u score %s nodes %" PRIu64
        " nps %" PRIu64 " hashfull %u time %" PRIu64 " pv %s",
        r->depth, r->seldepth, index + 1, score, r->stats.nodes,
        r->stats.nodes * 1000 / ms, hashfull, r->time_ms, pv);
}

/* The soft deadline stretched to `percent` of its length. */
static uint64_t stretched(const engine *e, unsigned percent)
{
    if (e->soft_at == 0)
        return 0;
    return e->soft_from + (e->soft_at - e->soft_from) / 100 * percent;
}

/* After an iteration past the soft deadline (stretched by TimeStretch,
 * see timeman.h) the next one would not finish in time, or is not worth
 * its time: stop here rather than throw its work away. */
static void check_deadlines(engine *e, const pab_result *r)
{
    unsigned percent = 100;
    if (e->stretch)
        percent = tm_trend_update(&e->trend, r->best_move, r->score);
    uint64_t now = pc_now_ns();
    pthread_mutex_lock(&e->lock);
    uint64_t soft = stretched(e, percent);
    bool over = !e->pondering && (e->stop || (soft && now >= soft) ||
                                  (e->hard_at && now >= e->hard_at));
    pthread_mutex_unlock(&e->lock);
    if (over)
        pab_searcher_stop(e->searcher);
}

/* Inside an iteration: the root move being searched, once the search has
 * run a second (before that they fly past too fast to read), and every
 * second the nodes so far. */
#define CURRMOVE_AFTER_MS 1000

static void on_progress(const pab_progress *p, void *user)
{
    (void)user;
    if (p->currmove_number == 0) {
        say("info depth %d seldepth %d nodes %" PRIu64 " nps %" PRIu64
            " hashfull %u time %" PRIu64,
            p->depth, p->seldepth, p->nodes, p->nps, p->hashfull, p->time_ms);
    } else if (p->time_ms >= CURRMOVE_AFTER_MS) {
        char m[8];
        chess_move_to_uci(p->currmove, m, sizeof m);
        say("info depth %d currmove %s currmovenumber %u", p->depth, m,
            p->currmove_number);
    }
}

static void on_iteration(const pab_result *r, void *user)
{
    engine *e = user;
    unsigned hashfull = pab_tt_hashfull(pab_searcher_tt(e->searcher));
    for (unsigned i = 0; i < r->lines; i++)
        print_line(r, &r->line[i], i, hashfull);
    check_deadlines(e, r);
}

/* The search, and when the library refuses the algorithm (one not
 * finished yet, a variant it rejects) the serial search instead: a GUI
 * needs its move whatever happens. */
static int run_search(engine *e, pab_result *r)
{
    int rc = pab_search(e->searcher, e->root, &e->cfg, r);
    if (rc < 0 && e->cfg.algorithm != PAB_ALGO_SERIAL && ex_ranks_size() == 1) {
        say("info string %s search failed: %s; searching serially",
            pab_algorithm_name(e->cfg.algorithm), pab_strerror(rc));
        e->cfg.algorithm = PAB_ALGO_SERIAL;
        e->cfg.threads = 1;
        rc = pab_search(e->searcher, e->root, &e->cfg, r);
    }
    if (rc < 0)
        say("info string search failed: %s", pab_strerror(rc));
    return rc;
}

/* UCI: after `go infinite` or `go ponder` bestmove must wait for stop (or
 * ponderhit), even when the search itself is over. */
static void hold_answer(engine *e)
{
    pthread_mutex_lock(&e->lock);
    while (!e->stop && (e->infinite || e->pondering))
        pthread_cond_wait(&e->cond, &e->lock);
    pthread_mutex_unlock(&e->lock);
}

/* The reply the search expects to `best`, if it is legal there. */
static pab_move_t ponder_move(const engine *e, const pab_result *r,
                              pab_move_t best)
{
    if (r->pv_length < 2 || r->pv[0] != best)
        return PAB_MOVE_NONE;
    chess_pos *after = malloc(sizeof *after);
    pab_move_t reply = PAB_MOVE_NONE;
    if (after != NULL) {
        memcpy(after, e->root, sizeof *after);
        if (chess_play(after, best) == 0 && chess_is_legal(after, r->pv[1]))
            reply = r->pv[1];
        free(after);
    }
    return reply;
}

static void answer(engine *e, const pab_result *r)
{
    pab_move_t moves[CHESS_MAX_MOVES];
    int n = chess_legal_moves(e->root, moves, CHESS_MAX_MOVES);
    pab_move_t best = r ? r->best_move : PAB_MOVE_NONE;
    char score[32], m1[8], m2[8];
    if (n > 0 && (best == PAB_MOVE_NONE || !chess_is_legal(e->root, best)))
        best = moves[0]; /* never happens with a working library */
    if (n <= 0) {
        best = PAB_MOVE_NONE;
        uci_score_text(chess_in_check(e->root) ? PAB_SCORE_LOSS_IN(0) : 0,
                       score, sizeof score);
        say("info depth 0 score %s", score);
    } else if (r != NULL) {
        uint64_t ms = r->time_ms ? r->time_ms : 1;
        say("info nodes %" PRIu64 " nps %" PRIu64 " time %" PRIu64
            " hashfull %u",
            r->stats.nodes, r->stats.nodes * 1000 / ms, r->time_ms,
            pab_tt_hashfull(pab_searcher_tt(e->searcher)));
    }
    pab_move_t reply =
        r && best != PAB_MOVE_NONE ? ponder_move(e, r, best) : PAB_MOVE_NONE;
    chess_move_to_uci(best, m1, sizeof m1);
    if (reply != PAB_MOVE_NONE) {
        chess_move_to_uci(reply, m2, sizeof m2);
        say("bestmove %s ponder %s", m1, m2);
    } else {
        say("bestmove %s", m1);
    }
}

static void *search_main(void *arg)
{
    engine *e = arg;
    pab_result r;
    int rc = run_search(e, &r);
    hold_answer(e);
    answer(e, rc == 0 ? &r : NULL);
    tm_clock_spent(&e->clock, (int64_t)((pc_now_ns() - e->go_at) / 1000000u));
    pthread_mutex_lock(&e->lock);
    e->done = true;
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* ---- controlling the search from the input loop -------------------------- */

static bool searching(engine *e)
{
    pthread_mutex_lock(&e->lock);
    bool s = e->live && !e->done;
    pthread_mutex_unlock(&e->lock);
    return s;
}

/* Repeat the stop while the record says the search is over (see top). */
static void tick(engine *e)
{
    uint64_t now = pc_now_ns();
    pthread_mutex_lock(&e->lock);
    bool over =
        e->live && !e->done &&
        (e->stop || (!e->pondering && e->hard_at != 0 && now >= e->hard_at));
    pthread_mutex_unlock(&e->lock);
    if (over)
        pab_searcher_stop(e->searcher);
}

static void request_stop(engine *e)
{
    pthread_mutex_lock(&e->lock);
    bool live = e->live;
    e->stop = true;
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    if (live)
        pab_searcher_stop(e->searcher);
}

/* Wait for the search thread's bestmove, stopping it first if asked, and
 * join it. */
static void finish_search(engine *e, bool stop)
{
    if (!e->live)
        return;
    if (stop)
        request_stop(e);
    pthread_mutex_lock(&e->lock);
    while (!e->done) {
        pthread_mutex_unlock(&e->lock);
        tick(e);
        struct timespec pause = {0, TICK_MS * 1000000L};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&e->lock);
    }
    pthread_mutex_unlock(&e->lock);
    pthread_join(e->thread, NULL);
    e->live = false;
}

/* ---- go ------------------------------------------------------------------ */

static bool listed(const pab_move_t *moves, unsigned n, pab_move_t m)
{
    for (unsigned i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* searchmoves: the legal ones among them, each once; none legal means
 * all. */
static unsigned root_subset(engine *e, const uci_go *go)
{
    unsigned n = 0;
    for (unsigned i = 0; i < go->nsearchmoves && n < CHESS_MAX_MOVES; i++) {
        pab_move_t m = chess_move_from_uci(e->root, go->searchmoves[i]);
        if (m == PAB_MOVE_NONE)
            say("info string searchmoves: '%.12s' is not legal here",
                go->searchmoves[i]);
        else if (!listed(e->searchmoves, n, m))
            e->searchmoves[n++] = m;
    }
    return n;
}

static void set_limits(engine *e, const uci_go *go)
{
    pab_config *c = &e->cfg;
    pab_move_t moves[CHESS_MAX_MOVES];
    int legal = chess_legal_moves(e->root, moves, CHESS_MAX_MOVES);
    c->max_depth =
        go->depth > 0 && go->depth < PAB_DEPTH_MAX ? go->depth : PAB_DEPTH_MAX;
    c->node_limit = go->nodes;
    c->mate_moves = go->mate > 0 ? (unsigned)go->mate : 0;
    c->root_move_count = root_subset(e, go);
    c->root_moves = c->root_move_count ? e->searchmoves : NULL;
    tm_plan_move(go, e->root->side, e->set.move_overhead_ms,
                 legal > 0 ? (unsigned)legal : 0, &e->plan);
    tm_slow_mover(&e->plan, e->set.slow_mover);
    e->bounded =
        go->depth > 0 || go->nodes > 0 || go->mate > 0 || e->plan.hard_ms > 0;
}

/* Over several ranks (mpirun) only the algorithms libpab-mpi runs across
 * processes can search, at any thread count: the chosen one if it is one
 * of them, else Lazy Cluster, as Stockfish's cluster branch plays. */
static int over_ranks(int chosen)
{
    if (chosen == PAB_ALGO_ABDADA || chosen == PAB_ALGO_SIMPLIFIED_ABDADA ||
        chosen == PAB_ALGO_LAZY_SMP)
        return chosen;
    return PAB_ALGO_LAZY_SMP;
}

static void configure(engine *e)
{
    pab_config *c = &e->cfg;
    *c = e->set.config;
    if (ex_ranks_size() > 1) {
        c->algorithm = over_ranks(e->set.algorithm);
        c->threads = e->set.threads;
    } else {
        c->algorithm = uci_algorithm(e->set.algorithm, e->set.threads);
        c->threads = uci_threads(c->algorithm, e->set.threads);
    }
    c->multipv = e->set.multipv;
    c->time_limit_ms = 0;
    c->info = on_iteration;
    c->info_user = e;
    c->progress = on_progress;
    c->progress_user = e;
}

/* go perft N, as Stockfish answers it: per-move counts, then the total,
 * on the search thread so that the input loop keeps answering.  A stop
 * ends it between or inside root moves; then the total would be wrong, so
 * it is not printed. */
static void *perft_main(void *arg)
{
    engine *e = arg;
    pab_move_t moves[CHESS_MAX_MOVES];
    uint64_t total = 0;
    char name[8];
    int n = chess_legal_moves(e->root, moves, CHESS_MAX_MOVES), i = 0;
    int rc = 0;
    for (; i < n && rc == 0; i++) {
        uint64_t count = 0;
        chess_make(e->root, moves[i]);
        rc = pab_searcher_perft(e->searcher, e->root, e->perft - 1,
                                PAB_PERFT_BULK, e->cfg.stop_ticket, &count);
        chess_unmake(e->root, moves[i]);
        if (rc == 0) {
            chess_move_to_uci(moves[i], name, sizeof name);
            say("%s: %" PRIu64, name, count);
            total += count;
        }
    }
    if (rc == PAB_ESTOPPED)
        say("info string perft %d stopped after %d of %d root moves; no total",
            e->perft, i - 1, n);
    else if (rc < 0)
        say("info string perft %d failed: %s", e->perft, pab_strerror(rc));
    else
        say("\nNodes searched: %" PRIu64, total);
    pthread_mutex_lock(&e->lock);
    e->done = true;
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* The job on its own thread (or here, when no thread can be had), with a
 * stop ticket taken now: a `stop` read from now on reaches it even before
 * the thread has started. */
static void launch(engine *e, void *(*job)(void *))
{
    e->cfg.stop_ticket = pab_searcher_ticket(e->searcher);
    e->live = true;
    if (pthread_create(&e->thread, NULL, job, e) != 0) {
        say("info string cannot start a search thread; running here");
        e->pondering = e->infinite = false;
        e->live = false;
        job(e);
    }
}

/* go perft N: every root move counted N - 1 plies deep. */
static void start_perft(engine *e, int depth)
{
    if (depth < 1 || depth > PAB_PLY_MAX) {
        say("info string go perft takes a depth from 1 to %d", PAB_PLY_MAX);
        return; /* a running search or count goes on undisturbed */
    }
    finish_search(e, true);
    memcpy(e->root, e->pos, sizeof *e->root);
    e->root->perft = true; /* every leaf counts: no draw rules */
    pab_config_init(&e->cfg);
    e->perft = depth;
    e->done = e->stop = false;
    e->pondering = e->infinite = false;
    e->bounded = true;
    e->soft_at = e->hard_at = 0;
    launch(e, perft_main);
}

/* The library's soft limit: no new iteration past the longest the
 * engine's own check could allow. */
static uint64_t library_soft(const engine *e)
{
    uint64_t soft = e->plan.soft_ms;
    if (e->stretch && soft > 1)
        soft = soft * TM_STRETCH_MAX / 100;
    return e->plan.hard_ms && soft > e->plan.hard_ms ? e->plan.hard_ms : soft;
}

static void start_search(engine *e, const uci_go *go)
{
    if (go->perft_given) {
        start_perft(e, go->perft);
        return;
    }
    uint64_t now = pc_now_ns();
    finish_search(e, true);
    memcpy(e->root, e->pos, sizeof *e->root);
    configure(e);
    uci_go clocks = *go;
    tm_clock_go(&e->clock, &clocks, e->root->side);
    e->go_at = now;
    set_limits(e, &clocks);
    e->done = e->stop = false;
    e->pondering = go->ponder;
    e->infinite = go->infinite;
    e->soft_at = e->hard_at = 0;
    e->stretch = e->set.time_stretch;
    tm_trend_reset(&e->trend);
    if (!go->ponder) {
        /* The library keeps both limits from the start of the search; a
         * ponder search gets the hard one at ponderhit.  The soft one is
         * ours, checked after each iteration; the library's lies as far
         * out as TimeStretch may take it. */
        e->cfg.time_limit_ms = e->plan.hard_ms;
        e->cfg.time_soft_ms = library_soft(e);
        e->soft_from = now;
        e->soft_at = e->plan.soft_ms ? now + e->plan.soft_ms * 1000000u : 0;
        e->hard_at = e->plan.hard_ms ? now + e->plan.hard_ms * 1000000u : 0;
    }
    e->perft = 0;
    launch(e, search_main);
}

/* The move the engine pondered on was played: the search goes on as a
 * normal one, its clock starting now. */
static void ponderhit(engine *e)
{
    uint64_t now = pc_now_ns();
    pthread_mutex_lock(&e->lock);
    bool was = e->live && !e->done && e->pondering;
    if (was) {
        e->pondering = false;
        e->soft_from = now;
        e->soft_at = e->plan.soft_ms ? now + e->plan.soft_ms * 1000000u : 0;
        e->hard_at = e->plan.hard_ms ? now + e->plan.hard_ms * 1000000u : 0;
        pthread_cond_broadcast(&e->cond);
    }
    pthread_mutex_unlock(&e->lock);
    if (was && e->plan.hard_ms)
        pab_searcher_set_time_limit(e->searcher, e->plan.hard_ms);
}

/* ---- the other commands -------------------------------------------------- */

static void identify(engine *e)
{
    pthread_mutex_lock(&out_lock);
    printf("id name pab-chess %s\n", pab_version());
    printf("id author the libpab authors\n");
    uci_write_options(&e->set, stdout);
    printf("uciok\n");
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
}

static void new_table(engine *e, unsigned old_mb)
{
    pab_searcher *s;
    finish_search(e, true);
    if (pc_searcher_new(&e->game, e->set.hash_mb, &s) < 0) {
        say("info string no table of %u MB; keeping %u MB", e->set.hash_mb,
            old_mb);
        e->set.hash_mb = old_mb;
        return;
    }
    pab_searcher_destroy(e->searcher);
    e->searcher = s;
}

/* StagedMoves: the searcher copies the game table, so a new one. */
static void new_game_table(engine *e)
{
    pab_searcher *s;
    pab_game old = e->game;
    finish_search(e, true);
    if (e->set.staged)
        chess_game_init(&e->game);
    else
        chess_game_init_plain(&e->game);
    if (pc_searcher_new(&e->game, e->set.hash_mb, &s) < 0) {
        say("info string no new table; keeping the old one");
        e->game = old;
        e->set.staged = !e->set.staged;
        return;
    }
    pab_searcher_destroy(e->searcher);
    e->searcher = s;
}

static void clear_table(engine *e)
{
    finish_search(e, true);
    pab_tt_clear(pab_searcher_tt(e->searcher));
    pab_searcher_forget(e->searcher);
}

/* EvalNet: the search reads the evaluation's network, so none may run
 * while it changes; the table's values were made with the other
 * evaluation. */
static void set_eval(engine *e)
{
    finish_search(e, true);
    chess_net_active = e->set.eval_net ? &chess_net_trained : NULL;
    pab_tt_clear(pab_searcher_tt(e->searcher));
    pab_searcher_forget(e->searcher);
}

static void setoption(engine *e, const uci_cmd *c)
{
    char err[200];
    unsigned old_mb = e->set.hash_mb;
    int rc = uci_setoption(&e->set, c->name, c->value, err, sizeof err);
    if (rc < 0)
        say("info string %s", err);
    else if (rc == UCI_EFFECT_HASH && e->set.hash_mb != old_mb)
        new_table(e, old_mb);
    else if (rc == UCI_EFFECT_CLEAR)
        clear_table(e);
    else if (rc == UCI_EFFECT_GAME)
        new_game_table(e);
    else if (rc == UCI_EFFECT_EVAL)
        set_eval(e);
}

static void position(engine *e, const uci_cmd *c)
{
    char err[200];
    if (uci_set_position(c, e->pos, err, sizeof err) < 0)
        say("info string %s", err);
}

static void display(engine *e)
{
    char fen[CHESS_FEN_MAX];
    chess_to_fen(e->pos, fen, sizeof fen);
    pthread_mutex_lock(&out_lock);
    pc_print_board(stdout, e->pos, false);
    printf("Fen: %s\nKey: %016" PRIx64 "\n", fen, e->pos->key);
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
}

/* The static evaluation from white's side, in pawns, on the line
 * Stockfish's `eval` ends with, so that one script reads either engine
 * (scripts/sf-label.sh STATIC=1); its parts before the blend first.  In
 * check there is none: the search never stands pat there. */
static void evaluate(engine *e)
{
    int mg, eg, phase;
    chess_evaluate_parts(e->pos, &mg, &eg, &phase);
    int white = chess_evaluate(e->pos);
    if (e->pos->side == CHESS_BLACK)
        white = -white;
    say("Middle game %+.2f, endgame %+.2f, phase %d of %d (white side)",
        mg / 100.0, eg / 100.0, phase, TUNE_PHASE_MAX);
    if (chess_net_active != NULL)
        say("Network correction %+.2f (white side)",
            chess_net_correction(chess_net_active, e->pos) / 100.0);
    if (e->pos->checkers)
        say("Final evaluation: none (in check)");
    else
        say("Final evaluation       %+.2f (white side)", white / 100.0);
}

/* One command; false for quit. */
static bool dispatch(engine *e, const uci_cmd *c)
{
    switch (c->kind) {
    case UCI_UCI: identify(e); break;
    case UCI_DEBUG: e->debug = c->debug_on; break;
    case UCI_ISREADY: say("readyok"); break;
    case UCI_SETOPTION: setoption(e, c); break;
    case UCI_NEWGAME:
        clear_table(e);
        chess_start(e->pos);
        tm_clock_reset(&e->clock);
        break;
    case UCI_POSITION: position(e, c); break;
    case UCI_GO: start_search(e, &c->go); break;
    case UCI_STOP: request_stop(e); break;
    case UCI_PONDERHIT: ponderhit(e); break;
    case UCI_QUIT: return false;
    case UCI_DISPLAY: display(e); break;
    case UCI_EVAL: evaluate(e); break;
    case UCI_REGISTER:
    case UCI_NONE: break;
    }
    return true;
}

/* ---- input: whole lines from fd 0, waiting at most a tick when asked ----- */

typedef struct reader {
    char *buf;
    size_t start, len, cap;
    bool eof;
    bool skipping; /* inside a line too long to keep */
} reader;

/* The next complete line, or the unterminated rest at end of input. */
static char *take_line(reader *r)
{
    if (r->start == r->len)
        return NULL;
    char *nl = memchr(r->buf + r->start, '\n', r->len - r->start);
    if (nl == NULL && !r->eof)
        return NULL;
    char *line = r->buf + r->start;
    if (nl == NULL)
        nl = r->buf + r->len;
    *nl = '\0';
    r->start = (size_t)(nl - r->buf) + 1;
    if (r->start > r->len)
        r->start = r->len;
    return line;
}

/* Room to read into: move the partial line to the front, grow, or drop an
 * overlong line up to its newline. */
static bool make_room(reader *r)
{
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->len - r->start);
        r->len -= r->start;
        r->start = 0;
    }
    if (r->cap - r->len > 1)
        return true;
    if (r->cap >= LINE_MAX_BYTES) {
        r->len = 0;
        r->skipping = true;
        return true;
    }
    size_t cap = r->cap ? r->cap * 2 : 4096;
    char *b = realloc(r->buf, cap);
    if (b == NULL)
        return false;
    r->buf = b;
    r->cap = cap;
    return true;
}

/* The rest of an overlong line, once its newline has come. */
static void end_skip(reader *r)
{
    char *nl = memchr(r->buf, '\n', r->len);
    if (nl == NULL) {
        r->len = 0;
        return;
    }
    r->start = (size_t)(nl - r->buf) + 1;
    r->skipping = false;
}

/* 1 with *line set, 0 when timeout_ms passed first (-1: wait), -1 at the
 * end of the input. */
static int next_line(reader *r, int timeout_ms, char **line)
{
    for (;;) {
        if (!r->skipping && (*line = take_line(r)) != NULL)
            return 1;
        if (r->eof)
            return -1;
        if (!make_room(r))
            return -1;
        struct pollfd p = {.fd = 0, .events = POLLIN};
        int ready = poll(&p, 1, timeout_ms);
        if (ready == 0)
            return 0;
        if (ready < 0 && errno == EINTR)
            continue;
        ssize_t n =
            ready < 0 ? -1 : read(0, r->buf + r->len, r->cap - r->len - 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            r->eof = true;
            continue;
        }
        r->len += (size_t)n;
        if (r->skipping)
            end_skip(r);
    }
}

/* ---- the loop ------------------------------------------------------------ */

/* Over several ranks, rank 0 reads the input and every other rank runs
 * the same commands (its output goes nowhere), so that the collective
 * calls -- a searcher made, a search started -- happen alike everywhere. */
static int lead_line(reader *r, int timeout_ms, char **line)
{
    int got = next_line(r, timeout_ms, line);
    if (got != 0)
        ex_ranks_send_line(got > 0 ? *line : NULL);
    return got;
}

static int follow_line(char **line)
{
    static char *last;
    free(last);
    last = ex_ranks_next_line();
    *line = last;
    return last != NULL ? 1 : -1;
}

static void run_command(engine *e, const char *line, bool *quit)
{
    uci_cmd c;
    if (uci_parse(line, &c) < 0)
        say("info string out of memory; line ignored");
    else if (!dispatch(e, &c))
        *quit = true;
    uci_cmd_free(&c);
}

/* At the end of the input a search that would never end by itself is
 * stopped; one with a limit is left to answer first. */
static void finish_at_eof(engine *e)
{
    pthread_mutex_lock(&e->lock);
    bool endless = e->pondering || e->infinite || !e->bounded;
    pthread_mutex_unlock(&e->lock);
    finish_search(e, endless);
}

int pc_uci(void)
{
    engine e;
    reader r = {0};
    if (engine_init(&e) < 0) {
        fprintf(stderr, "%s: cannot set up the engine\n", pc_prog);
        return 1;
    }
    bool quit = false;
    while (!quit) {
        char *line;
        int got = ex_ranks_rank() == 0
                      ? lead_line(&r, searching(&e) ? TICK_MS : -1, &line)
                      : follow_line(&line);
        if (got < 0) {
            finish_at_eof(&e);
            break;
        }
        tick(&e);
        if (got > 0)
            run_command(&e, line, &quit);
    }
    finish_search(&e, true);
    engine_free(&e);
    free(r.buf);
    return 0;
}

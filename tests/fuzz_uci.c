/*
 * libFuzzer target: arbitrary bytes as lines a GUI sends to pab-chess.
 * Each line goes through the engine's own parser (uci_parse) and, as the
 * engine would, its text side: `position` to the current position,
 * `setoption` to the settings, `go` to the time plan and the searchmoves,
 * `uci` to the option list.  Nothing may crash or leak; a refused position
 * or option must leave the old one exactly as it was; an accepted
 * position must be one whose FEN reads back; the time plan must never
 * spend more than the clock holds.
 *
 * Built by tests/fuzz/run-fuzzers.sh with clang -fsanitize=fuzzer,address
 * from the engine's parser and time plan, and the games library and
 * libpab as the build lists them:
 * fuzz-sources: examples/chess/uci.c examples/chess/timeman.c
 * fuzz-sources: $(examples_games_libpabgames_la_SOURCES)
 * fuzz-sources: $(lib_libpab_la_SOURCES)
 * fuzz-packages: atomic_ops
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../examples/chess/timeman.h"
#include "../examples/chess/uci.h"

static chess_pos pos, before, reread;
static uci_settings settings;
static FILE *sink;

static void check(bool ok)
{
    if (!ok)
        abort();
}

static void on_position(const uci_cmd *c)
{
    char err[200], fen[CHESS_FEN_MAX];
    memcpy(&before, &pos, sizeof pos);
    err[0] = '\0';
    if (uci_set_position(c, &pos, err, sizeof err) < 0) {
        check(memcmp(&before, &pos, sizeof pos) == 0);
        check(err[0] != '\0' && strchr(err, '\n') == NULL);
        return;
    }
    chess_to_fen(&pos, fen, sizeof fen);
    check(chess_from_fen(&reread, fen, NULL, 0) == 0);
    check(reread.key == pos.key);
}

static void on_setoption(const uci_cmd *c)
{
    char err[200];
    uci_settings keep = settings;
    int rc = uci_setoption(&settings, c->name, c->value, err, sizeof err);
    if (rc < 0)
        check(memcmp(&keep, &settings, sizeof keep) == 0);
    check(settings.threads >= 1 && settings.threads <= UCI_THREADS_MAX);
    check(settings.multipv >= 1 && settings.multipv <= PAB_MULTIPV_MAX);
    check(settings.hash_mb >= 1 && settings.hash_mb <= UCI_HASH_MB_MAX);
    pab_config cfg = settings.config;
    cfg.algorithm = uci_algorithm(settings.algorithm, settings.threads);
    cfg.threads = uci_threads(cfg.algorithm, settings.threads);
    cfg.multipv = settings.multipv;
    check(pab_config_validate(&cfg) == 0);
}

static void on_go(const uci_cmd *c)
{
    tm_plan plan;
    const uci_go *g = &c->go;
    tm_plan_move(g, pos.side, settings.move_overhead_ms, 20, &plan);
    check(plan.soft_ms <= plan.hard_ms || plan.hard_ms == 0);
    int64_t clock = pos.side == CHESS_WHITE ? g->wtime : g->btime;
    if (g->movetime == UCI_UNSET && clock != UCI_UNSET)
        check((int64_t)plan.hard_ms <= (clock > 1 ? clock : 1));
    for (unsigned i = 0; i < g->nsearchmoves; i++)
        (void)chess_move_from_uci(&pos, g->searchmoves[i]);
}

static void run_line(const char *line)
{
    uci_cmd c;
    if (uci_parse(line, &c) < 0)
        return;
    switch (c.kind) {
    case UCI_POSITION: on_position(&c); break;
    case UCI_SETOPTION: on_setoption(&c); break;
    case UCI_GO: on_go(&c); break;
    case UCI_UCI: uci_write_options(&settings, sink); break;
    case UCI_NEWGAME: chess_start(&pos); break;
    default: break;
    }
    uci_cmd_free(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        chess_init();
        sink = fopen("/dev/null", "w");
        check(sink != NULL);
        ready = true;
    }
    chess_start(&pos);
    uci_settings_init(&settings);
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    /* Lines as the engine's reader cuts them: at each newline; a NUL ends
     * what C sees of a line, as it does in the engine. */
    for (char *line = text, *next; line != NULL; line = next) {
        next = memchr(line, '\n', (size_t)(text + size - line));
        if (next != NULL)
            *next++ = '\0';
        run_line(line);
    }
    free(text);
    return 0;
}

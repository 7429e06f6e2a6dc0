/*
 * pab-chess: the UCI command parser, `position`, the options and score
 * text.  See uci.h.  The protocol is the one Stefan Meyer-Kahlen published
 * with Shredder ("Description of the universal chess interface", 2006);
 * where it leaves a case open, the choice is commented.
 */
#include "uci.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- tokens -------------------------------------------------------------- */

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* Copy the line and cut it into tokens in place. */
static int tokenize(const char *line, uci_cmd *c)
{
    size_t len = strlen(line);
    c->text = malloc(len + 1);
    c->joined = malloc(len + 4); /* three joins, each with its NUL */
    c->tok = malloc(sizeof *c->tok * (len / 2 + 1));
    if (c->text == NULL || c->joined == NULL || c->tok == NULL)
        return PAB_ENOMEM;
    memcpy(c->text, line, len + 1);
    char *p = c->text;
    for (;;) {
        while (is_blank(*p))
            *p++ = '\0';
        if (*p == '\0')
            break;
        c->tok[c->ntok++] = p;
        while (*p != '\0' && !is_blank(*p))
            p++;
    }
    return 0;
}

/* Tokens [from, to) joined by single spaces, stored after what earlier
 * joins wrote; *used is the space taken so far. */
static const char *join(uci_cmd *c, unsigned from, unsigned to, size_t *used)
{
    char *out = c->joined + *used, *w = out;
    for (unsigned i = from; i < to; i++) {
        if (i > from)
            *w++ = ' ';
        size_t n = strlen(c->tok[i]);
        memcpy(w, c->tok[i], n);
        w += n;
    }
    *w++ = '\0';
    *used += (size_t)(w - out);
    return out;
}

static int find_token(const uci_cmd *c, unsigned from, const char *word)
{
    for (unsigned i = from; i < c->ntok; i++)
        if (strcmp(c->tok[i], word) == 0)
            return (int)i;
    return -1;
}

/* A decimal integer, clamped to [lo, hi]; false when it is not one.  GUIs
 * do send negative clock times when a player overstepped, so the sign is
 * accepted and the caller decides. */
static bool parse_int(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end != '\0')
        return false;
    if (errno == ERANGE)
        v = *s == '-' ? lo : hi;
    *out = v < lo ? lo : v > hi ? hi : v;
    return true;
}

/* ---- commands ------------------------------------------------------------ */

static const struct {
    const char *word;
    uci_kind kind;
} commands[] = {
    {"uci", UCI_UCI},           {"debug", UCI_DEBUG},
    {"isready", UCI_ISREADY},   {"setoption", UCI_SETOPTION},
    {"register", UCI_REGISTER}, {"ucinewgame", UCI_NEWGAME},
    {"position", UCI_POSITION}, {"go", UCI_GO},
    {"stop", UCI_STOP},         {"ponderhit", UCI_PONDERHIT},
    {"quit", UCI_QUIT},         {"d", UCI_DISPLAY},
    {"eval", UCI_EVAL},
};

static uci_kind command_of(const char *word)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(word, commands[i].word) == 0)
            return commands[i].kind;
    return UCI_NONE;
}

static const char *const go_words[] = {
    "searchmoves", "ponder",    "wtime", "btime", "winc",
    "binc",        "movestogo", "depth", "nodes", "mate",
    "movetime",    "infinite",  "perft",
};

static bool is_go_word(const char *w)
{
    for (size_t i = 0; i < sizeof go_words / sizeof go_words[0]; i++)
        if (strcmp(w, go_words[i]) == 0)
            return true;
    return false;
}

/* The go parameter that takes a number, or NULL. */
static bool go_number(uci_go *g, const char *word, const char *arg)
{
    long long v;
    const long long big = INT64_MAX / 4; /* leaves room for sums of times */
    if (arg == NULL)
        return false;
    int64_t *time = !strcmp(word, "wtime")      ? &g->wtime
                    : !strcmp(word, "btime")    ? &g->btime
                    : !strcmp(word, "winc")     ? &g->winc
                    : !strcmp(word, "binc")     ? &g->binc
                    : !strcmp(word, "movetime") ? &g->movetime
                                                : NULL;
    if (time != NULL) {
        if (!parse_int(arg, -big, big, &v))
            return false;
        *time = v;
        return true;
    }
    int *count = !strcmp(word, "movestogo") ? &g->movestogo
                 : !strcmp(word, "depth")   ? &g->depth
                 : !strcmp(word, "mate")    ? &g->mate
                                            : NULL;
    if (count != NULL) {
        if (!parse_int(arg, 0, INT_MAX, &v))
            return false;
        *count = (int)v;
        return true;
    }
    if (!strcmp(word, "nodes")) {
        if (!parse_int(arg, 0, big, &v))
            return false;
        g->nodes = (uint64_t)v;
        return true;
    }
    return false;
}

/* go perft N: any integer is kept for the engine to judge (and refuse with
 * a message), anything else is marked bad; the word is never ignored, so a
 * mistyped perft never turns into an endless search. */
static bool go_perft(uci_go *g, const char *arg)
{
    long long v;
    g->perft_given = true;
    if (arg != NULL && parse_int(arg, INT_MIN + 1LL, INT_MAX, &v)) {
        g->perft = (int)v;
        return true;
    }
    g->perft = UCI_PERFT_BAD;
    return arg != NULL && !is_go_word(arg);
}

static void parse_go(uci_cmd *c, unsigned i)
{
    uci_go *g = &c->go;
    while (i < c->ntok) {
        const char *w = c->tok[i];
        const char *arg = i + 1 < c->ntok ? c->tok[i + 1] : NULL;
        if (!strcmp(w, "perft")) {
            if (go_perft(g, arg))
                i++;
        } else if (!strcmp(w, "ponder")) {
            g->ponder = true;
        } else if (!strcmp(w, "infinite")) {
            g->infinite = true;
        } else if (!strcmp(w, "searchmoves")) {
            unsigned j = i + 1;
            while (j < c->ntok && !is_go_word(c->tok[j]))
                j++;
            g->searchmoves = (const char *const *)&c->tok[i + 1];
            g->nsearchmoves = j - i - 1;
            i = j;
            continue;
        } else if (go_number(g, w, arg)) {
            i++; /* the number is used; a bad one is left as a token */
        }
        i++;
    }
}

static void parse_position(uci_cmd *c, unsigned i, size_t *used)
{
    int moves = find_token(c, i, "moves");
    unsigned end = moves < 0 ? c->ntok : (unsigned)moves;
    for (; i < end; i++) {
        if (!strcmp(c->tok[i], "startpos")) {
            c->startpos = true;
            break;
        }
        if (!strcmp(c->tok[i], "fen")) {
            c->fen = join(c, i + 1, end, used);
            break;
        }
    }
    if (moves >= 0) {
        c->moves = (const char *const *)&c->tok[moves + 1];
        c->nmoves = c->ntok - (unsigned)moves - 1;
    }
}

/* Option names may have spaces ("Clear Hash"); the words "name" and
 * "value" cannot be part of them, which is what makes this unambiguous. */
static void parse_setoption(uci_cmd *c, unsigned i, size_t *used)
{
    int name = find_token(c, i, "name");
    if (name < 0)
        return;
    int value = find_token(c, (unsigned)name + 1, "value");
    unsigned end = value < 0 ? c->ntok : (unsigned)value;
    c->name = join(c, (unsigned)name + 1, end, used);
    if (value >= 0)
        c->value = join(c, (unsigned)value + 1, c->ntok, used);
}

int uci_parse(const char *line, uci_cmd *c)
{
    memset(c, 0, sizeof *c);
    c->go.wtime = c->go.btime = c->go.winc = c->go.binc = UCI_UNSET;
    c->go.movetime = UCI_UNSET;
    if (line == NULL)
        return 0;
    if (tokenize(line, c) < 0) {
        uci_cmd_free(c);
        memset(c, 0, sizeof *c);
        return PAB_ENOMEM;
    }
    size_t used = 0;
    unsigned i = 0;
    while (i < c->ntok && (c->kind = command_of(c->tok[i])) == UCI_NONE)
        i++;
    i++;
    switch (c->kind) {
    case UCI_DEBUG:
        c->debug_on = i < c->ntok && !strcmp(c->tok[i], "on");
        break;
    case UCI_SETOPTION: parse_setoption(c, i, &used); break;
    case UCI_POSITION: parse_position(c, i, &used); break;
    case UCI_GO: parse_go(c, i); break;
    default: break;
    }
    return 0;
}

void uci_cmd_free(uci_cmd *c)
{
    free(c->text);
    free(c->joined);
    free(c->tok);
    c->text = c->joined = NULL;
    c->tok = NULL;
    c->ntok = 0;
}

/* ---- position ------------------------------------------------------------ */

static int play_list(const uci_cmd *c, chess_pos *pos, char *err, size_t errlen)
{
    for (unsigned i = 0; i < c->nmoves; i++) {
        pab_move_t m = chess_move_from_uci(pos, c->moves[i]);
        if (m == PAB_MOVE_NONE || chess_play(pos, m) < 0) {
            snprintf(err, errlen,
                     "illegal move '%.12s' (move %u of the list); "
                     "position unchanged",
                     c->moves[i], i + 1);
            return PAB_EINVAL;
        }
    }
    return 0;
}

int uci_set_position(const uci_cmd *c, chess_pos *pos, char *err, size_t errlen)
{
    char why[160];
    chess_pos *p = malloc(sizeof *p);
    if (p == NULL) {
        snprintf(err, errlen, "out of memory; position unchanged");
        return PAB_ENOMEM;
    }
    int rc = 0;
    if (c->startpos) {
        chess_start(p);
    } else if (c->fen == NULL) {
        snprintf(err, errlen, "position needs startpos or fen; unchanged");
        rc = PAB_EINVAL;
    } else if (chess_from_fen(p, c->fen, why, sizeof why) < 0) {
        snprintf(err, errlen, "bad FEN: %s; position unchanged", why);
        rc = PAB_EINVAL;
    }
    if (rc == 0)
        rc = play_list(c, p, err, errlen);
    if (rc == 0)
        memcpy(pos, p, sizeof *p);
    free(p);
    return rc;
}

/* ---- options ------------------------------------------------------------- */

/* Library options UCI sets its own way (Threads, Algorithm, MultiPV, go's
 * limits) and those that would leave a game without a timely move: plain
 * mode and a search without iterative deepening report nothing until
 * their one depth is done. */
static const char *const lib_hidden[] = {
    "algorithm",           "threads",      "max_depth",  "time_limit_ms",
    "node_limit",          "multipv",      "mate_moves", "plain",
    "iterative_deepening", "time_soft_ms",
};

static bool lib_is_hidden(const char *name)
{
    for (size_t i = 0; i < sizeof lib_hidden / sizeof lib_hidden[0]; i++)
        if (!strcmp(name, lib_hidden[i]))
            return true;
    return false;
}

static const pab_option_info *lib_option_find(const char *name)
{
    const pab_option_info *o;
    for (unsigned i = 0; (o = pab_config_option(i)) != NULL; i++)
        if (!strcmp(name, o->name))
            return o;
    return NULL;
}

/* UCI spins are 32-bit in most GUIs: a wider range is offered clamped
 * (the library still checks the value it is given). */
static long spin_bound(long long v)
{
    return v < INT_MIN ? INT_MIN : v > INT_MAX ? INT_MAX : (long)v;
}

/* The library's name for a UCI option name, or NULL. */
static const char *lib_name(const char *uci_name)
{
    const char *n;
    for (unsigned i = 0; (n = pab_config_option_name(i)) != NULL; i++)
        if (!lib_is_hidden(n) && !strcasecmp(n, uci_name))
            return n;
    return NULL;
}

void uci_settings_init(uci_settings *s)
{
    memset(s, 0, sizeof *s);
    s->threads = 1;
    s->hash_mb = UCI_HASH_MB_DEFAULT;
    s->algorithm = UCI_ALGORITHM_DEFAULT;
    s->multipv = 1;
    s->move_overhead_ms = UCI_OVERHEAD_DEFAULT;
    s->slow_mover = UCI_SLOW_MOVER_DEFAULT;
    s->staged = true;
    s->eval_net = true;
    s->time_stretch = true;
    pab_config_init(&s->config);
}

int uci_algorithm(int chosen, unsigned threads)
{
    return threads <= 1 ? PAB_ALGO_SERIAL : chosen;
}

unsigned uci_threads(int chosen, unsigned threads)
{
    return chosen == PAB_ALGO_SERIAL ? 1 : threads;
}

static int spin_value(const char *name, const char *value, long lo, long hi,
                      long *out, char *err, size_t errlen)
{
    long long v;
    char *end;
    errno = 0;
    v = value ? strtoll(value, &end, 10) : 0;
    if (value == NULL || end == value || *end != '\0' || errno != 0 || v < lo ||
        v > hi) {
        snprintf(err, errlen, "%s takes a whole number from %ld to %ld", name,
                 lo, hi);
        return PAB_EINVAL;
    }
    *out = (long)v;
    return 0;
}

static int check_value(const char *name, const char *value, bool *out,
                       char *err, size_t errlen)
{
    if (value != NULL && !strcasecmp(value, "true"))
        *out = true;
    else if (value != NULL && !strcasecmp(value, "false"))
        *out = false;
    else {
        snprintf(err, errlen, "%s takes true or false", name);
        return PAB_EINVAL;
    }
    return 0;
}

static int set_algorithm(uci_settings *s, const char *value, char *err,
                         size_t errlen)
{
    for (int a = 0; a < PAB_ALGO_COUNT; a++)
        if (value != NULL && !strcasecmp(value, pab_algorithm_name(a))) {
            s->algorithm = a;
            return UCI_EFFECT_NONE;
        }
    snprintf(err, errlen, "unknown algorithm '%.40s'", value ? value : "");
    return PAB_EALGO;
}

/* A library field, checked as a search would check it before it is kept. */
static int set_library(uci_settings *s, const char *name, const char *value,
                       char *err, size_t errlen)
{
    const pab_option_info *o = lib_option_find(name);
    long v;
    if (value == NULL || *value == '\0') {
        snprintf(err, errlen, "%s needs a value", name);
        return PAB_EINVAL;
    }
    if (o != NULL && o->kind == PAB_OPTION_INT &&
        spin_value(name, value, spin_bound(o->min), spin_bound(o->max), &v, err,
                   errlen) < 0)
        return PAB_EINVAL;
    pab_config c = s->config;
    int rc = pab_config_set_option(&c, name, value);
    if (rc == 0) {
        pab_config check = c; /* the variants alone, whatever the threads */
        check.algorithm = PAB_ALGO_SERIAL;
        check.threads = 1;
        rc = pab_config_validate(&check);
    }
    if (rc < 0) {
        snprintf(err, errlen, "%s: value '%.40s' refused: %s", name, value,
                 pab_strerror(rc));
        return rc;
    }
    s->config = c;
    return UCI_EFFECT_NONE;
}

/* The engine's own whole-number options, all unsigned fields. */
static const struct {
    const char *name;
    long lo, hi;
    size_t offset;
    int effect;
} spins[] = {
    {"Threads", 1, UCI_THREADS_MAX, offsetof(uci_settings, threads),
     UCI_EFFECT_NONE},
    {"Hash", 1, UCI_HASH_MB_MAX, offsetof(uci_settings, hash_mb),
     UCI_EFFECT_HASH},
    {"MultiPV", 1, PAB_MULTIPV_MAX, offsetof(uci_settings, multipv),
     UCI_EFFECT_NONE},
    {"Move Overhead", 0, 5000, offsetof(uci_settings, move_overhead_ms),
     UCI_EFFECT_NONE},
    {"Slow Mover", 10, 1000, offsetof(uci_settings, slow_mover),
     UCI_EFFECT_NONE},
};

/* The check options, and what a change of each asks of the caller. */
static const struct {
    const char *name;
    size_t offset;
    int effect;
} checks[] = {
    {"Ponder", offsetof(uci_settings, ponder), UCI_EFFECT_NONE},
    {"StagedMoves", offsetof(uci_settings, staged), UCI_EFFECT_GAME},
    {"EvalNet", offsetof(uci_settings, eval_net), UCI_EFFECT_EVAL},
    {"TimeStretch", offsetof(uci_settings, time_stretch), UCI_EFFECT_NONE},
};

int uci_setoption(uci_settings *s, const char *name, const char *value,
                  char *err, size_t errlen)
{
    long v;
    bool b;
    if (name == NULL || *name == '\0') {
        snprintf(err, errlen, "setoption needs a name");
        return PAB_EINVAL;
    }
    for (size_t i = 0; i < sizeof spins / sizeof spins[0]; i++) {
        if (strcasecmp(name, spins[i].name) != 0)
            continue;
        if (spin_value(spins[i].name, value, spins[i].lo, spins[i].hi, &v, err,
                       errlen) < 0)
            return PAB_EINVAL;
        *(unsigned *)((char *)s + spins[i].offset) = (unsigned)v;
        return spins[i].effect;
    }
    if (!strcasecmp(name, "Clear Hash"))
        return UCI_EFFECT_CLEAR;
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++) {
        if (strcasecmp(name, checks[i].name) != 0)
            continue;
        if (check_value(checks[i].name, value, &b, err, errlen) < 0)
            return PAB_EINVAL;
        bool *flag = (bool *)((char *)s + checks[i].offset);
        bool was = *flag;
        *flag = b;
        return b == was ? UCI_EFFECT_NONE : checks[i].effect;
    }
    if (!strcasecmp(name, "Algorithm"))
        return set_algorithm(s, value, err, errlen);
    const char *lib = lib_name(name);
    if (lib != NULL)
        return set_library(s, lib, value, err, errlen);
    snprintf(err, errlen, "no option named '%.40s'", name);
    return PAB_EOPTION;
}

/* One library option as a UCI option line, from the library's own
 * description of it and its current value. */
static void write_library_option(const pab_config *c, const pab_option_info *o,
                                 FILE *out)
{
    long long v = o->default_value;
    pab_config_get_option(c, o->name, &v);
    switch (o->kind) {
    case PAB_OPTION_BOOL:
        fprintf(out, "option name %s type check default %s\n", o->name,
                v ? "true" : "false");
        break;
    case PAB_OPTION_INT:
        fprintf(out, "option name %s type spin default %ld min %ld max %ld\n",
                o->name, spin_bound(v), spin_bound(o->min), spin_bound(o->max));
        break;
    case PAB_OPTION_CHOICE:
        fprintf(out, "option name %s type combo default %s", o->name,
                o->choices[v]);
        for (long long i = o->min; i <= o->max; i++)
            fprintf(out, " var %s", o->choices[i]);
        fputc('\n', out);
        break;
    case PAB_OPTION_ALGORITHM: /* Algorithm is UCI's own option */
    default:
        fprintf(out, "option name %s type string default <empty>\n", o->name);
        break;
    }
}

void uci_write_options(const uci_settings *s, FILE *out)
{
    fprintf(out, "option name Threads type spin default %u min 1 max %d\n",
            s->threads, UCI_THREADS_MAX);
    fprintf(out, "option name Hash type spin default %u min 1 max %d\n",
            s->hash_mb, UCI_HASH_MB_MAX);
    fprintf(out, "option name Clear Hash type button\n");
    fprintf(out, "option name MultiPV type spin default %u min 1 max %d\n",
            s->multipv, PAB_MULTIPV_MAX);
    fprintf(out,
            "option name Move Overhead type spin default %u min 0 max 5000\n",
            s->move_overhead_ms);
    fprintf(out,
            "option name Slow Mover type spin default %u min 10 max 1000\n",
            s->slow_mover);
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        fprintf(out, "option name %s type check default %s\n", checks[i].name,
                *(const bool *)((const char *)s + checks[i].offset) ? "true"
                                                                    : "false");
    fprintf(out, "option name Algorithm type combo default %s",
            pab_algorithm_name(s->algorithm));
    for (int a = 0; a < PAB_ALGO_COUNT; a++)
        fprintf(out, " var %s", pab_algorithm_name(a));
    fputc('\n', out);
    const pab_option_info *o;
    for (unsigned i = 0; (o = pab_config_option(i)) != NULL; i++)
        if (!lib_is_hidden(o->name))
            write_library_option(&s->config, o, out);
}

/* ---- output -------------------------------------------------------------- */

void uci_score_text(pab_score_t score, char *buf, size_t len)
{
    if (PAB_SCORE_IS_WIN(score)) {
        int plies = (int)(PAB_SCORE_MATE - score);
        snprintf(buf, len, "mate %d", (plies + 1) / 2);
    } else if (PAB_SCORE_IS_LOSS(score)) {
        int plies = (int)(score + PAB_SCORE_MATE);
        snprintf(buf, len, "mate %d", -((plies + 1) / 2));
    } else {
        snprintf(buf, len, "cp %ld", (long)score);
    }
}

size_t uci_moves_text(const pab_move_t *moves, unsigned n, char *buf,
                      size_t len)
{
    size_t used = 0;
    if (len == 0)
        return 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < n; i++) {
        char m[8];
        chess_move_to_uci(moves[i], m, sizeof m);
        size_t need = strlen(m) + (used ? 1 : 0);
        if (used + need + 1 > len)
            break;
        used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                 used ? " " : "", m);
    }
    return used;
}

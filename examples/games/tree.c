/*
 * Artificial game trees: the exponentially ordered trees of chapter 4 of
 * the 2001 parallel alpha-beta thesis, as a pab_game.
 *
 * The model.  A node is two numbers handed down by its parent, a seed and
 * a pscore, plus what its place in the tree says: its type (the root is a
 * MAX node, the types alternate) and its remaining height.  A leaf's value
 * is its pscore.  An interior node grows its b children with BRANCHGENERATE
 * (figure 4.2): it starts a private random stream from its seed with
 * RANDOMSEED (figure 4.1), the first child inherits the node's pscore and
 * every other child draws its pscore on the node's side of it ([score_min,
 * pscore] under a MAX node, [pscore, score_max] under a MIN node); each
 * child then draws its own seed from the same stream.  So the first child
 * is the best and the pscore of every node is its exact minimax value (the
 * root's value is the midpoint whatever the seed); what differs between
 * trees is where the best child sits.  BRANCHORDER (figure 4.4) decides
 * that: it goes on drawing from the node's stream and, for each position
 * in turn, either picks the best of the children not yet placed (with
 * probability w_a/100 for the first position, w_b/100 for the others) or a
 * random one, and swaps its pscore into place.  Only pscores move; each
 * seed stays at its position.  Equations 4.1 and 4.2 give the resulting
 * distribution of the best child's position.
 *
 * Everything about a node's children is a function of (seed, pscore, type)
 * alone, so any search, serial or parallel, in any order, sees the same
 * tree -- the thesis' third requirement on a tree generator.
 *
 * A property of this generator worth knowing: child i's seed is the state
 * of its parent's stream after 2i + 1 draws, and RANDOMSEED only scales
 * it, so the streams of siblings are one sequence shifted by two draws
 * per index.  It follows that a node's seed depends only on its ply and
 * on the sum of the child indices along its path (seeds never move), so a
 * ply holds about ply * (b - 1) + 1 distinct seeds, and the orderings of
 * nodes sharing a seed are alike.  The pscores still differ.  Nothing here
 * is changed -- table 4.4 is reproduced exactly with it -- but a key made
 * from the seed would collide all over the tree; keys follow the path.
 *
 * The game.  The position is the path from the root: a stack of (seed,
 * pscore, key) nodes; the type and the remaining height follow from the
 * depth in the stack.  A move is a child's index in the tree's own order
 * (after BRANCHORDER), so generate() only lists 0..b-1; make(i) pushes
 * child i and unmake() pops it.  Computing a node's children costs about
 * 3b draws, so make() keeps them in a small per-ply cache inside the state
 * (a node is usually left through several of its children).  The cache is
 * only a shortcut: a slot is trusted only while the node that filled it is
 * still on the path, so the answer never depends on what was cached.
 *
 * Scores: negamax, from the side to move.  A pscore p in [0, 2^31 - 2] maps
 * to p - TREE_MIDPOINT in [-(2^30 - 1), 2^30 - 1] = +-PAB_SCORE_MAX, which
 * keeps the order; a MIN node negates it.  evaluate() returns the node's
 * own pscore so mapped -- exact at every node, as said above.
 *
 * Height and the search depth.  The thesis searches a tree of height D to
 * depth D.  The height is the fourth field of the parameters ("b,wa,wb,h")
 * or tree_set_height(); without either it is TREE_HEIGHT_MAX.  Searching
 * that taller tree to depth D visits exactly the same nodes and values as
 * the height-D tree: the nodes D plies down are scored by evaluate(),
 * which returns their pscore, precisely what they return as leaves of the
 * height-D tree.  That is why pab-bench needs to pass nothing but the
 * search depth.
 *
 * Keys: the root's key mixes the seed with b, w_a and w_b; a child's key
 * mixes its parent's key with its index, and each node keeps its key on
 * the path.  With a 64-bit finaliser of good avalanche the keys of
 * distinct nodes collide only by 64-bit chance, and no two paths lead to
 * one node, so the tree has no transpositions.
 */
#include "tree.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- figure 4.1: the random routines ------------------------------------ */

#define TREE_SEED_MULTIPLIER   16807u /* RANDOMSEED */
#define TREE_RANDOM_MULTIPLIER 48271u /* RANDOM */

/* (multiplier * x) mod (2^31 - 1) for any 32-bit x.  The modulus is a
 * Mersenne prime, so 2^31 = 1 (mod m) and the product folds into its low
 * 31 bits plus the rest: below 2m, one subtraction finishes.  The same
 * value as the % of the figure, several times cheaper, and these draws
 * are most of the time a search of these trees takes. */
static inline uint32_t lcg_step(uint32_t multiplier, uint32_t x)
{
    uint64_t product = (uint64_t)multiplier * x;
    uint64_t folded = (product & TREE_RANDOM_LIMIT) + (product >> 31);
    return (uint32_t)(folded >= TREE_RANDOM_LIMIT ? folded - TREE_RANDOM_LIMIT
                                                  : folded);
}

static inline uint32_t next_random(tree_rnd *rnd)
{
    rnd->state = lcg_step(TREE_RANDOM_MULTIPLIER, rnd->state);
    return rnd->state;
}

/* RANDOM scaled into [lower, upper]: RANDOM < random_limit, so the
 * quotient stays below upper - lower + 1.  The product needs 62 bits. */
static inline uint32_t next_in_range(tree_rnd *rnd, uint32_t lower,
                                     uint32_t upper)
{
    uint64_t span = (uint64_t)upper - lower + 1u;
    return (uint32_t)((uint64_t)next_random(rnd) * span / TREE_RANDOM_LIMIT +
                      lower);
}

void tree_random_seed(tree_rnd *rnd, uint32_t seed)
{
    rnd->state = lcg_step(TREE_SEED_MULTIPLIER, seed);
}

uint32_t tree_random(tree_rnd *rnd)
{
    return next_random(rnd);
}

uint32_t tree_random_range(tree_rnd *rnd, uint32_t lower, uint32_t upper)
{
    return next_in_range(rnd, lower, upper);
}

/* ---- figure 4.2: BRANCHGENERATE ----------------------------------------- */

void tree_branch_generate(tree_rnd *rnd, uint32_t seed, uint32_t pscore,
                          bool max_node, tree_child *children, unsigned b)
{
    tree_random_seed(rnd, seed);
    for (unsigned i = 0; i < b; i++) {
        /* Per child: its pscore draw (none for the first), then its seed. */
        if (i == 0)
            children[i].pscore = pscore;
        else if (max_node)
            children[i].pscore = next_in_range(rnd, TREE_SCORE_MIN, pscore);
        else
            children[i].pscore = next_in_range(rnd, pscore, TREE_SCORE_MAX);
        children[i].seed = next_random(rnd);
    }
}

/* ---- figure 4.4: BRANCHORDER -------------------------------------------- */

/* Index of the best pscore in children[from..b) for the side to move: the
 * first one found, as the figure's strict comparison keeps it. */
static unsigned best_remaining(const tree_child *children, unsigned from,
                               unsigned b, bool max_node)
{
    unsigned best = from;
    for (unsigned j = from + 1; j < b; j++) {
        bool better = max_node ? children[j].pscore > children[best].pscore
                               : children[j].pscore < children[best].pscore;
        if (better)
            best = j;
    }
    return best;
}

void tree_branch_order(tree_rnd *rnd, bool max_node, tree_child *children,
                       unsigned b, unsigned wa, unsigned wb, unsigned *labels)
{
    for (unsigned i = 0; i < b; i++) {
        unsigned weight = i == 0 ? wa : wb;
        unsigned w = next_in_range(rnd, 0, 99);
        unsigned p;
        if (w < weight) {
            p = best_remaining(children, i, b, max_node);
        } else {
            /* The figure counts positions from 1: RANDOMRANGE(i, b). */
            p = next_in_range(rnd, i + 1, b) - 1;
        }
        uint32_t pscore = children[i].pscore;
        children[i].pscore = children[p].pscore;
        children[p].pscore = pscore;
        if (labels != NULL) {
            unsigned label = labels[i];
            labels[i] = labels[p];
            labels[p] = label;
        }
    }
}

void tree_children(const tree_params *params, uint32_t seed, uint32_t pscore,
                   bool max_node, tree_child *children)
{
    tree_rnd rnd;
    tree_branch_generate(&rnd, seed, pscore, max_node, children, params->b);
    tree_branch_order(&rnd, max_node, children, params->b, params->wa,
                      params->wb, NULL);
}

/* ---- equations 4.1 and 4.2 ---------------------------------------------- */

double tree_model_probability(unsigned b, unsigned wa, unsigned wb, unsigned n)
{
    double a = wa / 100.0, w = wb / 100.0;
    if (n < 1 || n > b)
        return 0.0;
    if (n == 1)
        return a + (1.0 - a) / b;
    double p = (1.0 - a) / b * ((b - n + 1) * w + (1.0 - w));
    for (unsigned k = 2; k < n; k++)
        p *= 1.0 - w;
    return p;
}

/* ---- appendix A: the seed sets ------------------------------------------ */

/* tg1 (table A.1) is r_n = (16807 r_{n-1} mod 2147483647) + 1 from
 * r_0 = 12345678.  The text above the table prints the recurrence without
 * the "+ 1", but that reproduces none of the printed seeds; the table is
 * what the experiments used. */
#define TREE_TG1_START 12345678u

static uint32_t tg1_next(uint32_t r)
{
    return lcg_step(TREE_SEED_MULTIPLIER, r) + 1u;
}

/* tg2 (tables A.2 and A.3): successive nine-digit groups of the decimals
 * of pi, n = 1..200 in the tables' column order.  Some groups start with
 * zeros, dropped here (a leading 0 would make a C literal octal). */
static const uint32_t tg2_seeds[TREE_TG2_COUNT] = {
    314159265, 358979323, 846264338, 327950288, 419716939, /* 1-5 */
    937510582, 97494459,  230781640, 628620899, 862803482, 534211706, 798214808,
    651328230, 664709384, 460955058, 223172535, 940812848, 111745028, 410270193,
    852110555, 964462294, 895493038, 196442881, 97566593,  344612847, 564823378,
    678316527, 120190914, 564856692, 346034861, /* 26-30 */
    45432664,  821339360, 726024914, 127372458, 700660631, 558817488, 152092096,
    282925409, 171536436, 789259036, 1133053,   54882046,  652138414, 695194151,
    160943305, 727036575, 959195309, 218611738, 193261179, 310511854, 807446237,
    996274956, 735188575, 272489122, 793818301, /* 51-55 */
    194912983, 367336244, 65664308,  602139494, 639522473, 719070217, 986094370,
    277053921, 717629317, 675238467, 481846766, 940513200, 56812714,  526356082,
    778577134, 275778960, 917363717, 872146844, 90122495,  343014654, 958537105,
    79227968,  925892354, 201995611, 212902196, /* 76-80 */
    86403441,  815981362, 977477130, 996051870, 721134999, 999837297, 804995105,
    973173281, 609631859, 502445945, 534690830, 264252230, 825334468, 503526193,
    118817101, 313783,    875288658, 753320838, 142061717, 766914730, 359825349,
    42875546,  873115956, 286388235, 378759375, /* 101-105 */
    195778185, 778053217, 122680661, 300192787, 661119590, 921642019, 893809525,
    720106548, 586327886, 593615338, 182796823, 30195203,  530185296, 899577362,
    259941389, 124972177, 528347913, 151557485, 724245415, 69595082,  953311686,
    172785588, 907509838, 175463746, 493931925, /* 126-130 */
    506040092, 770167113, 900984882, 401285836, 160356370, 766010471, 18194295,
    559619894, 676783744, 944825537, 977472684, 710404753, 464620804, 668425906,
    949129331, 367702898, 915210475, 216205696, 602405803, 815019351, 125338243,
    3558764,   24749647,  326391419, 927260426, /* 151-155 */
    992279678, 235478163, 600934172, 164121992, 458631503, 28618297,  455570674,
    983850549, 458858692, 699569092, 721079750, 930295532, 116534498, 720275596,
    23648066,  549911988, 183479775, 356636980, 742654252, 786255181, 841757467,
    289097777, 279380008, 164706001, 614524919, /* 176-180 */
    217321721, 477235014, 144197356, 854816136, 115735255, 213347574, 184946843,
    852332390, 739414333, 454776241, 686251898, 356948556, 209921922, 218427255,
    25425688,  767179049, 460165346, 680498862, 723279178, 608578438,
};

unsigned tree_seed_set(const char *name, uint32_t *out, unsigned capacity)
{
    if (name == NULL)
        return 0;
    if (strcmp(name, "tg1") == 0) {
        uint32_t r = TREE_TG1_START;
        for (unsigned n = 0; n < TREE_TG1_COUNT; n++) {
            r = tg1_next(r);
            if (n < capacity)
                out[n] = r;
        }
        return TREE_TG1_COUNT;
    }
    if (strcmp(name, "tg2") == 0) {
        for (unsigned n = 0; n < TREE_TG2_COUNT && n < capacity; n++)
            out[n] = tg2_seeds[n];
        return TREE_TG2_COUNT;
    }
    return 0;
}

/* ---- parameters --------------------------------------------------------- */

static void set_error(char *err, size_t errlen, const char *text)
{
    if (err != NULL && errlen > 0)
        snprintf(err, errlen, "%s", text);
}

/* One unsigned decimal field in [0, max] ending at `end` (',' or '\0');
 * advances *text past it. */
static bool parse_field(const char **text, unsigned long max, char end,
                        unsigned long *value)
{
    const char *s = *text;
    char *stop;
    if (*s < '0' || *s > '9')
        return false;
    errno = 0;
    unsigned long v = strtoul(s, &stop, 10);
    if (errno != 0 || v > max || *stop != end)
        return false;
    *value = v;
    *text = end == '\0' ? stop : stop + 1;
    return true;
}

static unsigned count_char(const char *s, char c)
{
    unsigned n = 0;
    for (; *s != '\0'; s++)
        n += *s == c;
    return n;
}

int tree_params_parse(const char *text, tree_params *params, char *err,
                      size_t errlen)
{
    static const unsigned long limit[4] = {TREE_BRANCH_MAX, 100, 100,
                                           TREE_HEIGHT_MAX};
    unsigned long v[4] = {0, 0, 0, TREE_HEIGHT_MAX};
    unsigned fields = text != NULL ? count_char(text, ',') + 1 : 0;
    bool ok = fields == 3 || fields == 4;
    const char *s = text;
    for (unsigned k = 0; ok && k < fields; k++)
        ok = parse_field(&s, limit[k], k + 1 < fields ? ',' : '\0', &v[k]);
    if (!ok || v[0] == 0) {
        set_error(err, errlen,
                  "tree parameters must be b,wa,wb or b,wa,wb,h with "
                  "1 <= b <= 256, 0 <= wa, wb <= 100, 0 <= h <= 128");
        return PAB_EINVAL;
    }
    params->b = (unsigned)v[0];
    params->wa = (unsigned)v[1];
    params->wb = (unsigned)v[2];
    params->height = (int)v[3];
    return 0;
}

static bool params_valid(const tree_params *params)
{
    return params->b >= 1 && params->b <= TREE_BRANCH_MAX &&
           params->wa <= 100 && params->wb <= 100 && params->height >= 0 &&
           params->height <= TREE_HEIGHT_MAX;
}

/* ---- scores ------------------------------------------------------------- */

pab_score_t tree_score_from_pscore(uint32_t pscore, bool max_node)
{
    pab_score_t s = (pab_score_t)((int64_t)pscore - (int64_t)TREE_MIDPOINT);
    return max_node ? s : -s;
}

uint32_t tree_pscore_from_score(pab_score_t score, bool max_node)
{
    int64_t s = max_node ? score : -(int64_t)score;
    return (uint32_t)(s + (int64_t)TREE_MIDPOINT);
}

/* ---- keys --------------------------------------------------------------- */

#define TREE_GOLDEN 0x9e3779b97f4a7c15u

static uint64_t root_key(const tree_params *params, uint32_t seed)
{
    uint64_t shape =
        (uint64_t)params->b << 16 | (uint64_t)params->wa << 8 | params->wb;
    return ex_mix64(ex_mix64(seed + TREE_GOLDEN) ^ shape);
}

static uint64_t child_key(uint64_t parent, unsigned index)
{
    return ex_mix64(parent + TREE_GOLDEN * ((uint64_t)index + 1u));
}

/* ---- the position ------------------------------------------------------- */

/* Plies whose children the state can hold at once.  A deeper path reuses
 * slots round-robin (ply mod slots); a shallow node whose slot was reused
 * simply computes its children again. */
#define TREE_CACHE_PLIES 16u
#define TREE_CACHE_BYTES ((size_t)16 << 10)

typedef struct tree_node {
    uint32_t seed;
    uint32_t pscore;
    uint64_t key;
} tree_node;

typedef struct tree_state {
    uint32_t ply;   /* the top of the path is path[ply] */
    uint32_t b;     /* children per node, sizes the cache */
    uint32_t slots; /* cache slots */
    uint32_t unused;
    tree_node path[TREE_HEIGHT_MAX + 1];
    /* The ply whose children each slot holds, -1 for none. */
    int32_t slot_ply[TREE_CACHE_PLIES];
    tree_child cache[]; /* slots * b children, slot by slot */
} tree_state;

typedef struct tree_user {
    tree_params params;
} tree_user;

static unsigned cache_slots(unsigned b)
{
    size_t slots = TREE_CACHE_BYTES / (b * sizeof(tree_child));
    if (slots < 1)
        slots = 1;
    if (slots > TREE_CACHE_PLIES)
        slots = TREE_CACHE_PLIES;
    return (unsigned)slots;
}

static size_t state_size(unsigned b)
{
    return sizeof(tree_state) + (size_t)cache_slots(b) * b * sizeof(tree_child);
}

static const tree_node *top(const tree_state *st)
{
    return &st->path[st->ply];
}

/* Plies are counted from the root, a MAX node. */
static bool ply_is_max(unsigned ply)
{
    return ply % 2 == 0;
}

static int remaining_height(const tree_state *st, const tree_user *u)
{
    return u->params.height - (int)st->ply;
}

/* The children of the top node, from the cache or computed into it. */
static const tree_child *top_children(tree_state *st, const tree_user *u)
{
    unsigned slot = st->ply % st->slots;
    tree_child *children = &st->cache[(size_t)slot * st->b];
    if (st->slot_ply[slot] != (int32_t)st->ply) {
        const tree_node *node = top(st);
        tree_children(&u->params, node->seed, node->pscore, ply_is_max(st->ply),
                      children);
        st->slot_ply[slot] = (int32_t)st->ply;
    }
    return children;
}

/* A new node is about to sit at `ply`: whatever the cache holds for that
 * ply belonged to the node it replaces. */
static void forget_ply(tree_state *st, unsigned ply)
{
    unsigned slot = ply % st->slots;
    if (st->slot_ply[slot] == (int32_t)ply)
        st->slot_ply[slot] = -1;
}

unsigned tree_ply(const void *state)
{
    return ((const tree_state *)state)->ply;
}

uint32_t tree_node_seed(const void *state)
{
    return top(state)->seed;
}

uint32_t tree_node_pscore(const void *state)
{
    return top(state)->pscore;
}

bool tree_node_is_max(const void *state)
{
    return ply_is_max(tree_ply(state));
}

/* ---- the callbacks ------------------------------------------------------ */

static pab_score_t node_score(const tree_state *st)
{
    return tree_score_from_pscore(top(st)->pscore, ply_is_max(st->ply));
}

/* The moves are child indices in the tree's own order: BRANCHORDER has
 * already put the children where the search meets them, so the list is
 * 0..b-1 and the children themselves are computed by make(). */
static int tree_generate(const void *state, pab_move_t *moves,
                         unsigned capacity, pab_score_t *terminal, void *user)
{
    const tree_state *st = state;
    const tree_user *u = user;
    if (remaining_height(st, u) <= 0) {
        *terminal = node_score(st);
        return 0;
    }
    if (capacity < u->params.b)
        return PAB_EINVAL;
    for (unsigned i = 0; i < u->params.b; i++)
        moves[i] = i;
    return (int)u->params.b;
}

/* A move generate() never offered (past a leaf, or beyond b) is refused;
 * a copy of the node is pushed all the same so that the unmake() the
 * library then calls stays balanced. */
static bool tree_make(void *state, pab_move_t move, void *user)
{
    tree_state *st = state;
    const tree_user *u = user;
    if (st->ply >= TREE_HEIGHT_MAX)
        return false; /* cannot happen: height <= TREE_HEIGHT_MAX */
    bool legal = remaining_height(st, u) > 0 && move < u->params.b;
    tree_node next = *top(st);
    if (legal) {
        const tree_child *child = &top_children(st, u)[move];
        next.seed = child->seed;
        next.pscore = child->pscore;
        next.key = child_key(top(st)->key, move);
    }
    forget_ply(st, st->ply + 1);
    st->path[++st->ply] = next;
    return legal;
}

static void tree_unmake(void *state, pab_move_t move, void *user)
{
    tree_state *st = state;
    if (st->ply > 0)
        st->ply--;
}

static pab_score_t tree_evaluate(const void *state, void *user)
{
    return node_score(state);
}

static uint64_t tree_hash(const void *state, void *user)
{
    return top(state)->key;
}

/* ---- set-up ------------------------------------------------------------- */

int tree_game_init(pab_game *game, const tree_params *params)
{
    if (game == NULL || params == NULL || !params_valid(params))
        return PAB_EINVAL;
    tree_user *u = malloc(sizeof *u);
    if (u == NULL)
        return PAB_ENOMEM;
    u->params = *params;
    pab_game_init(game);
    game->state_size = state_size(params->b);
    game->max_moves = params->b;
    game->user = u;
    game->generate = tree_generate;
    game->make = tree_make;
    game->unmake = tree_unmake;
    game->evaluate = tree_evaluate;
    game->hash = tree_hash;
    return 0;
}

void tree_game_free(pab_game *game)
{
    if (game == NULL)
        return;
    free(game->user);
    game->user = NULL;
}

int tree_set_height(pab_game *game, int height)
{
    if (game == NULL || game->user == NULL || height < 0 ||
        height > TREE_HEIGHT_MAX)
        return PAB_EINVAL;
    ((tree_user *)game->user)->params.height = height;
    return 0;
}

const tree_params *tree_game_params(const pab_game *game)
{
    return &((const tree_user *)game->user)->params;
}

int tree_root(const pab_game *game, void *state, uint32_t seed)
{
    const tree_user *u = game->user;
    if (seed == 0 || seed >= TREE_RANDOM_LIMIT)
        return PAB_EINVAL; /* RANDOMSEED would start a stream stuck at 0 */
    tree_state *st = state;
    memset(st, 0, game->state_size);
    st->b = u->params.b;
    st->slots = cache_slots(u->params.b);
    for (unsigned k = 0; k < TREE_CACHE_PLIES; k++)
        st->slot_ply[k] = -1;
    st->path[0].seed = seed;
    st->path[0].pscore = TREE_MIDPOINT;
    st->path[0].key = root_key(&u->params, seed);
    return 0;
}

/* ---- the pab-bench descriptor ------------------------------------------- */

#define TREE_DEFAULT_PARAMS "32,79,5"

static int ex_tree_setup(pab_game *game, void *state, const char *params,
                         const char *position, char *err, size_t errlen)
{
    tree_params p;
    int rc = tree_params_parse(params != NULL ? params : TREE_DEFAULT_PARAMS,
                               &p, err, errlen);
    if (rc < 0)
        return rc;
    uint32_t seed;
    tree_seed_set("tg1", &seed, 1); /* default root: the first tg1 seed */
    if (position != NULL) {
        const char *s = position;
        unsigned long v;
        if (!parse_field(&s, TREE_RANDOM_LIMIT - 1u, '\0', &v) || v == 0) {
            set_error(err, errlen,
                      "tree position must be a root seed, 1 .. 2147483646");
            return PAB_EINVAL;
        }
        seed = (uint32_t)v;
    }
    if (state_size(p.b) > EX_STATE_MAX) {
        set_error(err, errlen, "tree state too large");
        return PAB_ESIZE;
    }
    rc = tree_game_init(game, &p);
    if (rc < 0) {
        set_error(err, errlen, pab_strerror(rc));
        return rc;
    }
    return tree_root(game, state, seed);
}

static void ex_tree_move_name(const pab_game *game, const void *state,
                              pab_move_t move, char *buf, size_t len)
{
    snprintf(buf, len, "%" PRIu32, move + 1u);
}

static pab_move_t ex_tree_parse_move(const pab_game *game, const void *state,
                                     const char *text)
{
    const tree_params *p = tree_game_params(game);
    const char *s = text;
    unsigned long v;
    if (text == NULL || (int)tree_ply(state) >= p->height ||
        !parse_field(&s, p->b, '\0', &v) || v == 0)
        return PAB_MOVE_NONE;
    return (pab_move_t)(v - 1);
}

static long ex_tree_natural_score(const pab_game *game, const void *state,
                                  pab_score_t score)
{
    return (long)tree_pscore_from_score(score, tree_node_is_max(state));
}

/* The plies left to the leaves.  Without an explicit height that is
 * TREE_HEIGHT_MAX, far too deep to solve: give "b,wa,wb,h" to solve. */
static int ex_tree_solve_depth(const pab_game *game, const void *state)
{
    int left = tree_game_params(game)->height - (int)tree_ply(state);
    return left > 0 ? left : 0;
}

/* pab-bench compare's default: the first ten tg1 trees, as the thesis'
 * experiments search them (plain mode, depth 7). */
static const char *ex_tree_bench_position(unsigned index)
{
    static char text[16];
    uint32_t seeds[TREE_TG1_COUNT];
    if (index >= 10 || tree_seed_set("tg1", seeds, TREE_TG1_COUNT) <= index)
        return NULL;
    snprintf(text, sizeof text, "%u", (unsigned)seeds[index]);
    return text;
}

const ex_game ex_tree = {
    .name = "tree",
    .description = "artificial exponentially ordered trees (thesis ch. 4); "
                   "params b,wa,wb[,h], position = root seed",
    .setup = ex_tree_setup,
    .teardown = tree_game_free,
    .move_name = ex_tree_move_name,
    .parse_move = ex_tree_parse_move,
    .natural_score = ex_tree_natural_score,
    .solve_depth = ex_tree_solve_depth,
    .perft_flags = 0,
    .default_depth = 5,
    .plain_default = true,
    .bench_position = ex_tree_bench_position,
    .bench_depth = 7,
};

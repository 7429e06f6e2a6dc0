/*
 * Split points: what YBWC (ybwc.c), Jamboree (jamboree.c), PVSplit
 * (pvsplit.c) and DTS (dts.c) share.  See splitpoint.c for the design;
 * this header is the interface they are written against: each is an
 * sp_algo, a few hooks into one node search.
 *
 * The node search, sp_node(), is a NegaScout node (negascout.c's pieces)
 * typed by the algorithm, whose move loop runs here, in search_moves().  While
 * one thread searches the node alone the loop is the serial one.  When an idle
 * thread asks for work, the busy thread opens a split point at the highest of
 * its nodes that the algorithm's rule allows (sp_frame.need moves searched):
 * from then on every thread working there takes one move at a time from
 * the split point and records its value there, and the owner does not
 * leave the node before everybody else has.
 */
#ifndef PAB_SPLITPOINT_H
#define PAB_SPLITPOINT_H

#include <stdbool.h>

#include "internal.h"

typedef struct split_point split_point;
typedef struct sp_thread sp_thread;

/* One node as one thread works on it: its own node (the owner's), or a
 * helper's copy of a split point's node.  Lives on that thread's stack;
 * only that thread reads or writes it. */
typedef struct sp_frame {
    ns_node nd;      /* the window is refreshed from the split point */
    split_point *sp; /* the shared node, once split or joined */
    bool helper;     /* working at another thread's split point */
    bool expanding;  /* before the move loop: a child is a null move */
    bool staged;    /* too shallow to split: moves by ns_next, stage by stage */
    int next;       /* not split yet: the next move to search */
    int need;       /* moves searched before the node may split */
    int kind;       /* the algorithm's node type (ybwc: Y-PV ...) */
    int type;       /* ybwc scheme C: the classifier's type value; */
    int wait;       /* ... its wait; */
    bool alternate; /* ... scheme B: the plies below alternate */
    int cur;        /* index of the move being searched */
    pab_move_t cur_move;
    pab_score_t move_alpha; /* the alpha that move started with */
    bool scouting;          /* that move is a null-window test (see ybwc.c) */
} sp_frame;

/* What an algorithm plugs into the shared machinery. */
typedef struct sp_algo {
    /* The node's type (f->kind, and what the algorithm keeps with it),
     * set right after sp_open; NULL: 0. */
    void (*type)(worker *w, sp_frame *f, int ply, unsigned flags);
    /* Search move f->cur_move of f->nd (window already fresh); false
     * when the move was skipped (illegal or pruned), as ns_move.  NULL:
     * NegaScout's son (sp_negascout_move). */
    bool (*move)(worker *w, sp_frame *f, pab_score_t *value);
    /* Restart a test whose window an alpha raise at its split point made
     * obsolete (outside plain mode). */
    bool restart_obsolete;
    /* How many moves the young brothers wait for at frame f, its list
     * complete; NULL: the eldest only. */
    int (*need)(const worker *w, const sp_frame *f);
    /* Whether frame f may ever split (PVSplit: only on the principal
     * variation); NULL: every frame at split_min_depth or deeper.  A
     * frame that may not keeps a staged game's stages to the end. */
    bool (*splits)(const worker *w, const sp_frame *f);
    /* How sure frame f's type is, for ranking candidates of one height
     * (the thesis' guideline 2 of section 6.5); NULL: its moves searched. */
    int (*confidence)(const worker *w, const sp_frame *f);
    /* Idle threads choose among the nodes of every busy thread's path
     * (DTS, PAB_SPLIT_SELECT), whatever config.split_policy says. */
    bool select;
    /* The algorithm's own split-point scheme (sp_scheme.c), for
     * PAB_SPLIT_SCHEME_AUTO. */
    pab_split_scheme scheme;
} sp_algo;

/* Run one search: the main thread's iterative deepening with sp_node,
 * the other threads looking for work until it is done. */
int sp_run(search *sh, const sp_algo *algo);
/* The node search of every algorithm on split points, the root's too: a
 * NegaScout node (negascout.c's pieces) typed by algo->type, whose move
 * loop runs in search_moves(); the child an algorithm's move recurses into. */
pab_score_t sp_node(worker *w, pab_score_t alpha, pab_score_t beta, int depth,
                    int ply, unsigned flags);

/* The frame of the node's parent, NULL at the root. */
const sp_frame *sp_parent(const worker *w, int ply);

/* The node's alpha now: its own, or its split point's if that is higher. */
pab_score_t sp_alpha(const sp_frame *f);
/* A null-window test of f->cur_move at alpha (even in plain mode). */
bool sp_test(worker *w, sp_frame *f, ns_fn child, pab_score_t *value);
/* The full-window search of f->cur_move after a test failed high. */
bool sp_research(worker *w, sp_frame *f, ns_fn child, pab_score_t alpha,
                 pab_score_t *value);
/* NegaScout's son f->cur_move: the eldest (or an unsplit node's moves) by
 * ns_move; a younger brother at a split PV node as a test at the split
 * point's alpha, re-searched only if it fails high against the alpha that
 * holds after it (else tested again at that alpha).  YBWC's move; PVSplit's
 * too. */
bool sp_negascout_move(worker *w, sp_frame *f, ns_fn child, pab_score_t *value);
/* Jamboree: wait until every earlier move of the split point is done,
 * working below it meanwhile.  False when the search must unwind. */
bool sp_wait_earlier(worker *w, sp_frame *f);

/* ---- sp_scheme.c: nodes typed by the thesis' schemes (section 6.5) ------- */

/* sp_algo.type of YBWC and DTS: the node's type under the scheme (the
 * algorithm's own, or config.split_scheme). */
void sp_scheme_type(worker *w, sp_frame *f, int ply, unsigned flags);
/* sp_algo.need: moves frame f searches before it may split. */
int sp_scheme_need(const worker *w, const sp_frame *f);
/* sp_algo.confidence: how sure frame f's type is (scheme B: DTS's). */
int sp_scheme_confidence(const worker *w, const sp_frame *f);

#endif /* PAB_SPLITPOINT_H */

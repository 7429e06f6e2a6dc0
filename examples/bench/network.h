/*
 * The node-classification network of the thesis, chapter 5: three inputs
 * (the parent is PV, the parent's type value, the son's index), twelve
 * hidden sigmoid neurons, two sigmoid outputs (the son's type value and
 * wait), bias neurons on the input and hidden layers; inputs and outputs
 * scaled to [0.1, 0.9].  FANN holds and trains it.
 *
 * Scaling, fixed so that one network serves any game: pv 0/1, type 0..100,
 * index 1..NET_INDEX_MAX (later sons count as the last), wait
 * 0..NET_INDEX_MAX moves.
 */
#ifndef PAB_BENCH_NETWORK_H
#define PAB_BENCH_NETWORK_H

#include <stdbool.h>
#include <stddef.h>

#include <pab/pab.h>

#define NET_HIDDEN    12
#define NET_INDEX_MAX 32

typedef struct net net;

/* One training pattern in the thesis' units (index from 1). */
typedef struct net_pattern {
    bool pv;
    double type, index; /* inputs */
    double out_type, out_wait;
} net_pattern;

/* A new network with weights drawn uniformly from [-0.1, 0.1] by
 * srand(seed); NULL when out of memory. */
net *net_create(unsigned seed);
/* The network in `path` (FANN's text format), or NULL with one line in
 * err: a missing or unreadable file, or one of another topology than
 * 3-12-2. */
net *net_load(const char *path, char *err, size_t errlen);
/* 0, or -1 with one line in err. */
int net_save(const net *n, const char *path, char *err, size_t errlen);
void net_destroy(net *n);

/* Back-propagation, pattern by pattern in the given order, `epochs`
 * times, at learning rate `eta`; linear error, no momentum. */
void net_train(net *n, const net_pattern *p, size_t count, unsigned epochs,
               double eta);
/* Equation 5.10 for both outputs, in the outputs' own units. */
void net_errors(const net *n, const net_pattern *p, size_t count,
                double *e_type, double *e_wait);
/* The outputs for one input, in the thesis' units; safe from several
 * threads at once. */
void net_run(const net *n, bool pv, double type, double index, double *out_type,
             double *out_wait);
/* The same through FANN's own fann_run (one thread at a time), for the
 * tests to hold the two together. */
void net_run_fann(net *n, bool pv, double type, double index, double *out_type,
                  double *out_wait);

/* The orderings (b, wa, wb) whose networks are shipped: the thesis' five. */
#define NET_TRAINED 5
extern const unsigned net_trained[NET_TRAINED][3];

/* The file name of an ordering's network: "tree-B-WA-WB.net". */
void net_file_name(unsigned b, unsigned wa, unsigned wb, char *buf, size_t len);

/* Which of them is nearest to (b, wa, wb): the index of the least sum of
 * differences (exact if there is one). */
unsigned net_nearest(unsigned b, unsigned wa, unsigned wb);

/* The network of the trained ordering nearest to (b, wa, wb): from `dir`,
 * or when it is NULL from the installed networks, else the source tree's.
 * Its path goes to `used`.  NULL with one line in err. */
net *net_load_nearest(const char *dir, unsigned b, unsigned wa, unsigned wb,
                      char *used, size_t usedlen, char *err, size_t errlen);

/* A pab_classify_fn over a network (user: the net). */
void net_classify(const pab_classify_input *in, pab_classify_output *out,
                  void *user);

#endif /* PAB_BENCH_NETWORK_H */

/*
 * The thesis' classification network on FANN (see network.h).  FANN's
 * sigmoid with steepness 0.5 is equation 5.2, 1 / (1 + e^-x); its
 * incremental training with the linear error function and no momentum is
 * the back-propagation of equations 5.5-5.9.
 *
 * Running it is equations 5.2-5.4 on a copy of the weights taken after
 * training or loading: fann_run writes into the network, and a search may
 * ask from several threads at once.
 */
#include "network.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <fann.h>

/* FANN's neurons, biases included: inputs 0-2 and bias 3, hidden 4-15
 * and bias 16, outputs 17-18. */
#define FIRST_HIDDEN 4
#define HIDDEN_BIAS  (FIRST_HIDDEN + NET_HIDDEN)
#define FIRST_OUTPUT (HIDDEN_BIAS + 1)
#define NEURONS      (FIRST_OUTPUT + 2)

struct net {
    struct fann *ann;
    double wh[NET_HIDDEN][4];     /* hidden k: from inputs 0-2 and the bias */
    double wo[2][NET_HIDDEN + 1]; /* output k: from hidden 0-11, bias */
};

static bool take_weights(net *n);

static double scale(double v, double lo, double hi)
{
    if (v < lo)
        v = lo;
    if (v > hi)
        v = hi;
    return 0.1 + 0.8 * (v - lo) / (hi - lo);
}

static double unscale(double s, double lo, double hi)
{
    return lo + (s - 0.1) / 0.8 * (hi - lo);
}

static void inputs(bool pv, double type, double index, fann_type in[3])
{
    in[0] = (fann_type)(pv ? 0.9 : 0.1);
    in[1] = (fann_type)scale(type, 0, 100);
    in[2] = (fann_type)scale(index, 1, NET_INDEX_MAX);
}

static void quiet_fann(void)
{
    fann_set_error_log(NULL, NULL); /* errors come back to us, not stderr */
}

static void set_rules(struct fann *ann)
{
    fann_set_activation_function_hidden(ann, FANN_SIGMOID);
    fann_set_activation_function_output(ann, FANN_SIGMOID);
    fann_set_activation_steepness_hidden(ann, 0.5);
    fann_set_activation_steepness_output(ann, 0.5);
    fann_set_train_error_function(ann, FANN_ERRORFUNC_LINEAR);
    fann_set_learning_momentum(ann, 0);
}

net *net_create(unsigned seed)
{
    quiet_fann();
    net *n = malloc(sizeof *n);
    if (n == NULL)
        return NULL;
    n->ann = fann_create_standard(3, 3, NET_HIDDEN, 2);
    if (n->ann == NULL) {
        free(n);
        return NULL;
    }
    set_rules(n->ann);
    /* FANN seeds rand() from the clock when it creates a network; the
     * weights are drawn again from our seed. */
    srand(seed);
    fann_randomize_weights(n->ann, -0.1f, 0.1f);
    take_weights(n);
    return n;
}

static bool topology_ok(struct fann *ann)
{
    unsigned layers[3];
    if (fann_get_num_layers(ann) != 3)
        return false;
    fann_get_layer_array(ann, layers);
    return layers[0] == 3 && layers[1] == NET_HIDDEN && layers[2] == 2 &&
           fann_get_total_neurons(ann) == NEURONS &&
           fann_get_total_connections(ann) ==
               NET_HIDDEN * 4 + 2 * (NET_HIDDEN + 1);
}

/* Copy FANN's weights into ours; false if a connection is not where a
 * fully connected 3-12-2 network has it. */
static bool take_weights(net *n)
{
    const unsigned total = fann_get_total_connections(n->ann);
    struct fann_connection *c = malloc(total * sizeof *c);
    bool ok = c != NULL;
    if (ok)
        fann_get_connection_array(n->ann, c);
    for (unsigned i = 0; ok && i < total; i++) {
        const unsigned from = c[i].from_neuron, to = c[i].to_neuron;
        if (to >= FIRST_HIDDEN && to < HIDDEN_BIAS && from < FIRST_HIDDEN)
            n->wh[to - FIRST_HIDDEN][from] = c[i].weight;
        else if (to >= FIRST_OUTPUT && to < FIRST_OUTPUT + 2 &&
                 from >= FIRST_HIDDEN && from <= HIDDEN_BIAS)
            n->wo[to - FIRST_OUTPUT][from - FIRST_HIDDEN] = c[i].weight;
        else
            ok = false;
    }
    free(c);
    return ok;
}

net *net_load(const char *path, char *err, size_t errlen)
{
    quiet_fann();
    if (access(path, R_OK) != 0) { /* FANN would leak its error message */
        snprintf(err, errlen, "%s: not a readable FANN network", path);
        return NULL;
    }
    struct fann *ann = fann_create_from_file(path);
    if (ann == NULL) {
        snprintf(err, errlen, "%s: not a readable FANN network", path);
        return NULL;
    }
    net *n = malloc(sizeof *n);
    if (n != NULL)
        n->ann = ann;
    if (n == NULL || !topology_ok(ann) || !take_weights(n)) {
        snprintf(err, errlen, "%s: not a fully connected 3-%d-2 network", path,
                 NET_HIDDEN);
        free(n);
        fann_destroy(ann);
        return NULL;
    }
    set_rules(ann);
    return n;
}

int net_save(const net *n, const char *path, char *err, size_t errlen)
{
    if (fann_save(n->ann, path) != 0) {
        snprintf(err, errlen, "%s: cannot write the network", path);
        return -1;
    }
    return 0;
}

void net_destroy(net *n)
{
    if (n == NULL)
        return;
    fann_destroy(n->ann);
    free(n);
}

static void desired(const net_pattern *p, fann_type out[2])
{
    out[0] = (fann_type)scale(p->out_type, 0, 100);
    out[1] = (fann_type)scale(p->out_wait, 0, NET_INDEX_MAX);
}

void net_train(net *n, const net_pattern *p, size_t count, unsigned epochs,
               double eta)
{
    fann_set_learning_rate(n->ann, (float)eta);
    for (unsigned e = 0; e < epochs; e++)
        for (size_t i = 0; i < count; i++) {
            fann_type in[3], out[2];
            inputs(p[i].pv, p[i].type, p[i].index, in);
            desired(&p[i], out);
            fann_train(n->ann, in, out);
        }
    take_weights(n);
}

static double sigmoid(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

void net_run(const net *n, bool pv, double type, double index, double *out_type,
             double *out_wait)
{
    fann_type in[3];
    double h[NET_HIDDEN], o[2];
    inputs(pv, type, index, in);
    for (int k = 0; k < NET_HIDDEN; k++)
        h[k] = sigmoid(n->wh[k][3] + in[0] * n->wh[k][0] + in[1] * n->wh[k][1] +
                       in[2] * n->wh[k][2]);
    for (int k = 0; k < 2; k++) {
        double beta = n->wo[k][NET_HIDDEN];
        for (int j = 0; j < NET_HIDDEN; j++)
            beta += h[j] * n->wo[k][j];
        o[k] = sigmoid(beta);
    }
    *out_type = unscale(o[0], 0, 100);
    *out_wait = unscale(o[1], 0, NET_INDEX_MAX);
}

void net_run_fann(net *n, bool pv, double type, double index, double *out_type,
                  double *out_wait)
{
    fann_type in[3];
    inputs(pv, type, index, in);
    const fann_type *o = fann_run(n->ann, in);
    *out_type = unscale(o[0], 0, 100);
    *out_wait = unscale(o[1], 0, NET_INDEX_MAX);
}

void net_errors(const net *n, const net_pattern *p, size_t count,
                double *e_type, double *e_wait)
{
    double st = 0, sw = 0;
    for (size_t i = 0; i < count; i++) {
        double t, w;
        net_run(n, p[i].pv, p[i].type, p[i].index, &t, &w);
        st += (p[i].out_type - t) * (p[i].out_type - t) / 2;
        sw += (p[i].out_wait - w) * (p[i].out_wait - w) / 2;
    }
    *e_type = count > 0 ? st / (double)count : 0;
    *e_wait = count > 0 ? sw / (double)count : 0;
}

void net_classify(const pab_classify_input *in, pab_classify_output *out,
                  void *user)
{
    double t, w;
    net_run(user, in->parent_pv, in->parent_type, in->index + 1.0, &t, &w);
    out->type = (int)lround(t);
    out->wait = (int)lround(w);
}

/* ---- the shipped networks ------------------------------------------------ */

#ifndef PAB_NETS_DIR
#define PAB_NETS_DIR ""
#endif
#ifndef PAB_SRC_NETS_DIR
#define PAB_SRC_NETS_DIR ""
#endif

const unsigned net_trained[NET_TRAINED][3] = {
    {32, 79, 5}, {20, 69, 19}, {32, 66, 66}, {32, 33, 33}, {32, 0, 0}};

static unsigned distance(unsigned x, unsigned y)
{
    return x > y ? x - y : y - x;
}

void net_file_name(unsigned b, unsigned wa, unsigned wb, char *buf, size_t len)
{
    snprintf(buf, len, "tree-%u-%u-%u.net", b, wa, wb);
}

unsigned net_nearest(unsigned b, unsigned wa, unsigned wb)
{
    unsigned best = 0, best_d = ~0u;
    for (unsigned i = 0; i < NET_TRAINED; i++) {
        const unsigned d = distance(net_trained[i][0], b) +
                           distance(net_trained[i][1], wa) +
                           distance(net_trained[i][2], wb);
        if (d < best_d) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

net *net_load_nearest(const char *dir, unsigned b, unsigned wa, unsigned wb,
                      char *used, size_t usedlen, char *err, size_t errlen)
{
    const unsigned *t = net_trained[net_nearest(b, wa, wb)];
    const char *dirs[] = {dir, dir ? NULL : PAB_NETS_DIR,
                          dir ? NULL : PAB_SRC_NETS_DIR};
    snprintf(err, errlen, "no directory of networks");
    for (size_t i = 0; i < 3; i++) {
        if (dirs[i] == NULL || dirs[i][0] == '\0')
            continue;
        char name[64];
        net_file_name(t[0], t[1], t[2], name, sizeof name);
        snprintf(used, usedlen, "%s/%s", dirs[i], name);
        net *n = net_load(used, err, errlen);
        if (n != NULL)
            return n;
    }
    return NULL;
}

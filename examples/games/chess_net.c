/*
 * Chess: the evaluation's learned correction (chess_net.h).
 */
#include "config.h"

#include "chess_net.h"

#include "chess_bits.h"

const chess_net *chess_net_active = &chess_net_trained;

int chess_net_inputs(const chess_pos *pos, int view, uint16_t *on)
{
    int n = 0;
    for (int c = CHESS_WHITE; c <= CHESS_BLACK; c++)
        for (int t = CHESS_PAWN; t <= CHESS_KING; t++) {
            uint64_t b = pos->type_bb[t] & pos->color_bb[c];
            while (b && n < CHESS_NET_PIECES) {
                int sq = __builtin_ctzll(b);
                b &= b - 1;
                on[n++] =
                    (uint16_t)chess_net_input(CHESS_PIECE(c, t), sq, view);
            }
        }
    return n;
}

/* One view's hidden sums, added up from the pieces. */
static void sums(const chess_net *net, const chess_pos *pos, int view,
                 int16_t *acc)
{
    uint16_t on[CHESS_NET_PIECES];
    int n = chess_net_inputs(pos, view, on);
    for (int j = 0; j < CHESS_NET_HIDDEN; j++)
        acc[j] = net->b1[j];
    for (int i = 0; i < n; i++) {
        const int16_t *w = net->w1[on[i]];
        for (int j = 0; j < CHESS_NET_HIDDEN; j++)
            acc[j] = (int16_t)(acc[j] + w[j]);
    }
}

void chess_net_refresh(chess_pos *pos)
{
    for (int view = CHESS_WHITE; view <= CHESS_BLACK; view++)
        sums(&chess_net_trained, pos, view, pos->net.v[view]);
}

/* g of one view's sums, in units of 1 / (QA * QB). */
static int32_t half(const chess_net *net, const int16_t *acc)
{
    int32_t g = 0;
    for (int j = 0; j < CHESS_NET_HIDDEN; j++) {
        int32_t h = acc[j] < 0              ? 0
                    : acc[j] > CHESS_NET_QA ? CHESS_NET_QA
                                            : acc[j];
        g += h * net->w2[j];
    }
    return g;
}

CHESS_HOT int chess_net_correction(const chess_net *net, const chess_pos *pos)
{
    int32_t white, black;
    if (net == &chess_net_trained) {
        white = half(net, pos->net.v[CHESS_WHITE]);
        black = half(net, pos->net.v[CHESS_BLACK]);
    } else {
        int16_t acc[CHESS_NET_HIDDEN];
        sums(net, pos, CHESS_WHITE, acc);
        white = half(net, acc);
        sums(net, pos, CHESS_BLACK, acc);
        black = half(net, acc);
    }
    /* Truncation toward zero keeps the two signs exactly opposite. */
    return (int)((int64_t)(white - black) * 100 /
                 (CHESS_NET_QA * CHESS_NET_QB));
}

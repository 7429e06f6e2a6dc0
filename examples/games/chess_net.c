/*
 * Chess: the evaluation's learned correction (chess_net.h).
 */
#include "chess_net.h"

#include "chess_bits.h"

const chess_net *chess_net_active = &chess_net_trained;

int chess_net_inputs(const chess_pos *pos, int view, uint16_t *on)
{
    int n = 0;
    for (int c = CHESS_WHITE; c <= CHESS_BLACK; c++)
        for (int t = CHESS_PAWN; t <= CHESS_KING; t++) {
            uint64_t b = pos->type_bb[t] & pos->color_bb[c];
            /* Black's view: its pieces are "ours", the board upside down. */
            int side = view == CHESS_WHITE ? c : c ^ 1;
            int flip = view == CHESS_WHITE ? 0 : 56;
            while (b && n < CHESS_NET_PIECES) {
                int sq = __builtin_ctzll(b);
                b &= b - 1;
                on[n++] = (uint16_t)(((side * 6 + t - CHESS_PAWN) * 64) +
                                     (sq ^ flip));
            }
        }
    return n;
}

/* g of one view, in units of 1 / (QA * QB).  The hidden sums fit 16 bits
 * (chess_net.h), so the compiler adds a whole row in a few vector
 * instructions. */
static int32_t half(const chess_net *net, const uint16_t *on, int n)
{
    int16_t acc[CHESS_NET_HIDDEN];
    for (int j = 0; j < CHESS_NET_HIDDEN; j++)
        acc[j] = net->b1[j];
    for (int i = 0; i < n; i++) {
        const int16_t *w = net->w1[on[i]];
        for (int j = 0; j < CHESS_NET_HIDDEN; j++)
            acc[j] = (int16_t)(acc[j] + w[j]);
    }
    int32_t g = 0;
    for (int j = 0; j < CHESS_NET_HIDDEN; j++) {
        int32_t h = acc[j] < 0              ? 0
                    : acc[j] > CHESS_NET_QA ? CHESS_NET_QA
                                            : acc[j];
        g += h * net->w2[j];
    }
    return g;
}

int chess_net_correction(const chess_net *net, const chess_pos *pos)
{
    uint16_t on[CHESS_NET_PIECES];
    int n = chess_net_inputs(pos, CHESS_WHITE, on);
    int32_t white = half(net, on, n);
    n = chess_net_inputs(pos, CHESS_BLACK, on);
    int32_t black = half(net, on, n);
    /* Truncation toward zero keeps the two signs exactly opposite. */
    return (int)((int64_t)(white - black) * 100 /
                 (CHESS_NET_QA * CHESS_NET_QB));
}

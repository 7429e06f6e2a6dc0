#!/bin/sh
# Build a consumer of the installed libpab with nothing but
# `pkg-config --cflags --libs pab`, and run it.  Called by
# `make installcheck` (and so by distcheck) with the install prefix.
set -eu
prefix=$1
srcdir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/consumer.c" <<'EOC'
#include <stdio.h>
#include <string.h>
#include <pab/pab.h>

/* Nim with 1..3 stones a turn; whoever cannot move has lost. */
static int gen(const void *s, pab_move_t *m, unsigned cap, pab_score_t *t,
               void *u)
{
    int left = *(const int *)s, n = 0;
    for (int k = 1; k <= 3 && k <= left; k++)
        m[n++] = (pab_move_t)k;
    *t = -1;
    return n;
}
static bool mk(void *s, pab_move_t m, void *u) { *(int *)s -= (int)m; return true; }
static void un(void *s, pab_move_t m, void *u) { *(int *)s += (int)m; }
static pab_score_t ev(const void *s, void *u) { return *(const int *)s == 0 ? -1 : 0; }
static uint64_t hs(const void *s, void *u) { return 0x9e3779b97f4a7c15u * (uint64_t)(*(const int *)s + 1); }

int main(void)
{
    pab_game g;
    pab_searcher *sr;
    pab_config c;
    pab_result r;
    int stones = 10;
    pab_game_init(&g);
    g.state_size = sizeof stones;
    g.generate = gen; g.make = mk; g.unmake = un; g.evaluate = ev; g.hash = hs;
    if (pab_searcher_create(&sr, &g, 0) < 0) return 1;
    pab_config_init(&c);
    c.max_depth = 10;
    if (pab_search(sr, &stones, &c, &r) < 0) return 1;
    pab_searcher_destroy(sr);
    /* 10 stones: take 2 and leave a multiple of 4, a win. */
    printf("libpab %s: best %u score %d\n", pab_version(), (unsigned)r.best_move, (int)r.score);
    return !(r.best_move == 2 && r.score == 1 && strcmp(pab_version(), PAB_VERSION_STRING) == 0);
}
EOC
PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export PKG_CONFIG_PATH
flags=$(pkg-config --cflags --libs pab)
${CC:-cc} -std=c11 -Wall -Wextra -o "$tmp/consumer" "$tmp/consumer.c" $flags
LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$tmp/consumer"
# The static library links too, with the private dependencies.
flags=$(pkg-config --static --cflags --libs pab)
${CC:-cc} -std=c11 -o "$tmp/consumer-static" "$tmp/consumer.c" "$prefix/lib/libpab.a" $flags
"$tmp/consumer-static"
[ -f "$prefix/share/man/man3/pab_search.3" ] && [ -f "$prefix/share/man/man7/pab.7" ]
echo "installcheck: consumer built with pkg-config against $prefix"

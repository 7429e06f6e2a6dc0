#!/bin/sh
# check_porting.sh: the guide compiles and works.  Every code block of
# man/man7/pab-porting.7 marked with a `.\" snippet: NAME` line, in page
# order, un-escaped from roff, followed by tests/porting_main.c, is one C
# program: it must compile with -std=c11 -Wall -Wextra -Werror against the
# built library and the chess module, and run to exit status 0 (perft,
# a legal move, copy-make against make/unmake, YBWC against serial, the
# soft time limit).  One line on failure, then "check_porting: N passed, N
# failed".
#
# Environment: top_srcdir, top_builddir, CC and PAB_TEST_CFLAGS (the
# sanitizer flags of the build), as make check sets them.

: "${top_srcdir:=$(dirname "$0")/..}"
: "${top_builddir:=.}"
: "${CC:=cc}"
page=$top_srcdir/man/man7/pab-porting.7
lib=$top_builddir/lib/.libs/libpab.a
games=$top_builddir/examples/games/.libs/libpabgames.a
passed=0 failed=0
tmp=${TMPDIR:-/tmp}/check_porting.$$
mkdir "$tmp" || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' 1 2 15

fail() {
    echo "FAIL: $*"
    failed=$((failed + 1))
}

if [ ! -f "$lib" ] || [ ! -f "$games" ]; then
    echo "check_porting: no static $lib or $games, skipping"
    exit 77
fi

awk '/^\.\\" snippet:/ { want = 1; next }
     want && /^\.EX/ { inside = 1; next }
     inside && /^\.EE/ { inside = 0; want = 0; next }
     inside { print }' "$page" |
    sed -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\e/\\/g' >"$tmp/glue.c"
snippets=$(grep -c '^\.\\" snippet:' "$page")
[ "$snippets" -ge 10 ] && passed=$((passed + 1)) ||
    fail "only $snippets snippets in $page"
cat "$top_srcdir/tests/porting_main.c" >>"$tmp/glue.c"

# shellcheck disable=SC2086
if $CC -std=c11 -Wall -Wextra -Werror $PAB_TEST_CFLAGS \
    -I"$top_srcdir/include" -I"$top_srcdir/examples/games" \
    "$tmp/glue.c" "$games" "$lib" \
    $(pkg-config --libs atomic_ops 2>/dev/null || echo -latomic_ops) \
    -lpthread -lm -o "$tmp/porting" 2>"$tmp/cc.err"; then
    passed=$((passed + 1))
    if "$tmp/porting" >/dev/null 2>"$tmp/run.err"; then
        passed=$((passed + 1))
    else
        fail "the guide's program: $(tail -n 1 "$tmp/run.err")"
    fi
else
    fail "the guide's snippets do not compile: $(head -n 3 "$tmp/cc.err" | tr '\n' ' ')"
fi
echo "check_porting: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

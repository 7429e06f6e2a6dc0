#!/bin/sh
# Every test: make check in _build, then make distcheck (an out-of-tree build
# of the tarball, its tests, and a consumer built against the installed tree
# with pkg-config only).  Exits non-zero on any failure.
set -eu
cd "$(dirname "$0")/.."
[ -f _build/Makefile ] || sh scripts/setup.sh >/dev/null
cd _build
status=0
# The tests with a latency bound each alone, after the others
# (tests/local.mk).
make -j"$(nproc)" check-apart || status=1
sh ../scripts/summary.sh . || true
if [ "$status" -eq 0 ]; then
    make -j"$(nproc)" distcheck >distcheck.log 2>&1 || {
        status=1
        logs=$(find . -path '*/_build/sub/test-suite.log' 2>/dev/null)
        for log in $logs; do head -c 20000 "$log"; done
        tail -n 40 distcheck.log
        # Last, where a short tail of CI's output still shows it: which
        # checks failed, from the failing tests' own logs.
        for log in $logs; do
            grep -E '^(FAIL|ERROR)|\[FAIL\]|: (Assertion|Timed|Crash)' "$log" |
                head -n 20
        done
        echo "distcheck FAILED (see _build/distcheck.log)"
    }
    [ "$status" -eq 0 ] && grep -E "archives ready|installcheck:" distcheck.log || true
fi
exit "$status"

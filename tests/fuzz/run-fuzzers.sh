#!/bin/sh
# Build every tests/fuzz_*.c with clang's libFuzzer and AddressSanitizer
# (directly, not through automake) and run each for a bounded time.
#   sh tests/fuzz/run-fuzzers.sh            30 s per target
#   FUZZ_TIME=300 sh tests/fuzz/run-fuzzers.sh
#   FUZZ_TARGETS="fen" sh tests/fuzz/run-fuzzers.sh
# A target is tests/fuzz_<name>.c plus the sources named on a line of it
#   fuzz-sources: examples/games/chess_*.c lib/*.c
# (paths from the top of the tree; default: the chess module's
# examples/games/chess_*.c) and the pkg-config packages on a line
#   fuzz-packages: atomic_ops
# lib/ sources build against a config.h made here.  Crashes and their
# inputs go to $FUZZ_OUT (default: a temporary directory, kept on
# failure); the exit status is non-zero if any target crashed or failed to
# build.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CLANG:-clang}
time_per_target=${FUZZ_TIME:-30}
out=${FUZZ_OUT:-$(mktemp -d /tmp/pab-fuzz.XXXXXX)}
mkdir -p "$out"
if ! command -v "$CC" >/dev/null 2>&1; then
    echo "run-fuzzers: $CC not found (set CLANG)"; exit 77
fi

# The word list after "$2:" on a line of file $1, if any.
declared() {
    sed -n "s/.*$2:[[:space:]]*//p" "$1" | head -n 1 |
        sed 's|\*/.*||; s/[[:space:]]*$//'
}

extra_sources() {
    list=$(declared "$1" fuzz-sources)
    [ -n "$list" ] || list="examples/games/chess_*.c"
    for pattern in $list; do
        # shellcheck disable=SC2086
        for f in "$top"/$pattern; do
            [ -e "$f" ] && echo "$f"
        done
    done
}

# What lib/ expects from configure.
printf '#define PAB_BUILDING 1\n' >"$out/config.h"

# Starting inputs: the FENs of the perft suite for the FEN reader.
seed_corpus() {
    case "$1" in
    fen)
        i=0
        sed -n 's/ *;.*//p' "$top/tests/data/perftsuite.epd" | while read -r fen; do
            i=$((i + 1))
            printf '%s' "$fen" >"$2/seed$i"
        done ;;
    esac
}

status=0
for src in "$top"/tests/fuzz_*.c; do
    [ -e "$src" ] || continue
    name=$(basename "$src" .c)
    name=${name#fuzz_}
    if [ -n "${FUZZ_TARGETS:-}" ]; then
        case " $FUZZ_TARGETS " in *" $name "*) ;; *) continue ;; esac
    fi
    bin="$out/fuzz_$name"
    packages=$(declared "$src" fuzz-packages)
    pkg_flags=""
    [ -n "$packages" ] && pkg_flags=$(pkg-config --cflags --libs $packages)
    # shellcheck disable=SC2046,SC2086
    if ! "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 \
        -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -I"$out" -I"$top/include" -I"$top/lib" -I"$top/examples/games" \
        "$src" $(extra_sources "$src") $pkg_flags -o "$bin" -lpthread; then
        echo "run-fuzzers: $name: build FAILED"; status=1; continue
    fi
    corpus="$out/corpus_$name"
    mkdir -p "$corpus"
    seed_corpus "$name" "$corpus"
    echo "run-fuzzers: $name for ${time_per_target}s"
    if "$bin" -max_total_time="$time_per_target" -max_len=512 \
        -artifact_prefix="$out/crash_${name}_" "$corpus" \
        >"$out/$name.log" 2>&1; then
        echo "run-fuzzers: $name: ok: $(tail -n 1 "$out/$name.log")"
    else
        echo "run-fuzzers: $name: CRASH (log $out/$name.log)"
        tail -n 30 "$out/$name.log"
        status=1
    fi
done
[ "$status" -eq 0 ] && [ -z "${FUZZ_OUT:-}" ] && rm -rf "$out"
exit "$status"

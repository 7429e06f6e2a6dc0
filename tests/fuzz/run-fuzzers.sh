#!/bin/sh
# Build every tests/fuzz_*.c with clang's libFuzzer and AddressSanitizer
# (directly, not through automake) and run each for a bounded time.
#   sh tests/fuzz/run-fuzzers.sh            30 s per target
#   FUZZ_TIME=300 sh tests/fuzz/run-fuzzers.sh
#   FUZZ_TARGETS="fen" sh tests/fuzz/run-fuzzers.sh
# A target is tests/fuzz_<name>.c plus the sources named on a line of it
#   fuzz-sources: $(lib_libpab_la_SOURCES) examples/chess/uci.c
# (several such lines add up)
# where $(VAR) is an automake variable of the build (the .c files it lists
# in Makefile.am and the local.mk/*.mk fragments), so a target links the
# very sources the library and the programs are built from and cannot
# drift from them, and a plain word is a path from the top of the tree; and
# the pkg-config packages on a line
#   fuzz-packages: atomic_ops
# lib/ sources build against a config.h made here.  Each target starts
# from its committed seed corpus, tests/fuzz/corpus/<name>/ (copied, so
# the run never changes it).  Crashes and their inputs go to $FUZZ_OUT
# (default: a temporary directory, kept on failure).  The last line says
# how many targets passed and failed; the exit status is non-zero if any
# target crashed or failed to build (CI runs it: .ci/run).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CLANG:-clang}
time_per_target=${FUZZ_TIME:-30}
out=${FUZZ_OUT:-$(mktemp -d /tmp/pab-fuzz.XXXXXX)}
mkdir -p "$out"
if ! command -v "$CC" >/dev/null 2>&1; then
    echo "run-fuzzers: $CC not found (set CLANG)"; exit 77
fi

# The words after "$2:" on every such line of file $1 (a long list may
# take several lines, each starting with the marker).
declared() {
    sed -n "s/.*$2:[[:space:]]*//p" "$1" |
        sed 's|\*/.*||; s/[[:space:]]*$//' | tr '\n' ' '
}

# The .c files automake variable $1 lists, from every fragment of the build.
make_variable() {
    find "$top" -name '*.mk' -o -name Makefile.am | grep -v '/_build' |
        xargs awk -v var="$1" '
            { line = $0 }
            cont || $1 == var && ($2 == "=" || $2 == "+=") {
                if (!cont) sub(/^[^=]*=/, "", line)
                cont = line ~ /\\$/
                sub(/\\$/, "", line)
                print line
            }' | tr ' \t' '\n\n' | grep '\.c$'
}

extra_sources() {
    list=$(declared "$1" fuzz-sources)
    if [ -z "$list" ]; then
        echo "run-fuzzers: $1 has no fuzz-sources line" >&2
        return 1
    fi
    for word in $list; do
        case $word in
        '$('*')') make_variable "$(echo "$word" | sed 's/^\$(//; s/)$//')" ;;
        *) echo "$word" ;;
        esac
    done | sort -u | while read -r f; do
        [ -e "$top/$f" ] || { echo "run-fuzzers: no $f" >&2; exit 1; }
        echo "$top/$f"
    done
}

# What lib/ expects from configure.
printf '#define PAB_BUILDING 1\n' >"$out/config.h"

# Starting inputs: the committed corpus of the target.
seed_corpus() {
    if [ -d "$top/tests/fuzz/corpus/$1" ]; then
        cp "$top/tests/fuzz/corpus/$1"/* "$2"/ 2>/dev/null
    fi
}

status=0
passed=0
failed=0
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
    if ! sources=$(extra_sources "$src"); then
        echo "run-fuzzers: $name: build FAILED (sources)"
        status=1
        failed=$((failed + 1))
        continue
    fi
    # shellcheck disable=SC2046,SC2086
    if ! "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 \
        -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -I"$out" -I"$top/include" -I"$top/lib" -I"$top/examples/games" \
        "$src" $sources $pkg_flags -o "$bin" -lpthread; then
        echo "run-fuzzers: $name: build FAILED"
        status=1
        failed=$((failed + 1))
        continue
    fi
    corpus="$out/corpus_$name"
    mkdir -p "$corpus"
    seed_corpus "$name" "$corpus"
    echo "run-fuzzers: $name for ${time_per_target}s"
    if "$bin" -max_total_time="$time_per_target" -max_len=512 \
        -artifact_prefix="$out/crash_${name}_" "$corpus" \
        >"$out/$name.log" 2>&1; then
        echo "run-fuzzers: $name: ok: $(tail -n 1 "$out/$name.log")"
        passed=$((passed + 1))
    else
        echo "run-fuzzers: $name: CRASH (log $out/$name.log)"
        tail -n 30 "$out/$name.log"
        status=1
        failed=$((failed + 1))
    fi
done
echo "run-fuzzers: $passed passed, $failed failed"
[ "$status" -eq 0 ] && [ -z "${FUZZ_OUT:-}" ] && rm -rf "$out"
exit "$status"

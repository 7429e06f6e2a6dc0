#!/bin/sh
# The sanitizer suites, each in its own build directory with clang:
#   sh scripts/sanitize.sh thread             the stress executables (Criterion
#                                             aborts under ThreadSanitizer)
#   sh scripts/sanitize.sh address,undefined  every test
set -eu
cd "$(dirname "$0")/.."
which=${1:?usage: sanitize.sh thread|address,undefined}
dir="_build-$(echo "$which" | tr ',' '-')"
[ -f configure ] || autoreconf -fi >/dev/null
mkdir -p "$dir"
cd "$dir"
[ -f Makefile ] || ../configure --quiet CC=clang CFLAGS="-O1 -g" \
    --enable-sanitizers="$which" --disable-static
make -j"$(nproc)" >/dev/null
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
# Hundreds of searches per algorithm under the sanitizers (knobs of the
# stress executables; make check alone keeps them small).
export PAB_STRESS_SEARCHES="${PAB_STRESS_SEARCHES:-150}"
export PAB_STRESS_STOPS="${PAB_STRESS_STOPS:-3}"
export ASAN_OPTIONS="detect_leaks=1 abort_on_error=0"
export LSAN_OPTIONS="suppressions=$(cd .. && pwd)/tests/lsan.supp print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1 halt_on_error=1"
status=0
# The tests with a latency bound each alone, after the others
# (tests/local.mk).
make -j"$(nproc)" check-apart || status=1
sh ../scripts/summary.sh . || true
[ "$status" -eq 0 ] || { for f in $(grep -l "FAIL\|ERROR" tests/*.log 2>/dev/null); do tail -n 30 "$f"; done; }
echo "sanitizers $which: $([ "$status" -eq 0 ] && echo passed || echo FAILED)"
exit "$status"

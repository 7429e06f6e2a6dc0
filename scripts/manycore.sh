#!/bin/sh
# Real threads on a machine with many cores: the Bratko-Kopec tables that
# the simulated multiprocessor predicts (BENCHMARKS.md, "Many processors"),
# measured, so that the predictions can be checked the day such a machine
# is at hand.  Run it on a quiet machine, as root or not:
#
#   sh scripts/manycore.sh                 1, 2, 4, .. up to every core
#   MAX_THREADS=64 DEPTH=11 sh scripts/manycore.sh
#
# Knobs (environment):
#   MAX_THREADS  the largest thread count (default: the online CPUs)
#   DEPTH        the search depth (default 11: deep enough that 64 threads
#                all have work; the simulation's tables use 9 to 11)
#   REPEAT       runs per position and configuration, median kept (3)
#   ALGOS        algorithms (default: all six)
#   HASH_PER_PROC  MiB of table per thread, Weill's condition (default 0:
#                a fixed 1024 MiB table); HASH_CAP_MB caps it (16384)
#   PIN=1        pin each search thread to its own CPU, from outside:
#                libpab's threads live in the searcher's pool for the
#                whole comparison, so they are pinned round-robin as they
#                appear (taskset -p on each thread id)
#   NUMA=interleave  run under numactl --interleave=all, so that the
#                table's pages spread over every node instead of the one
#                that cleared it (the library clears it on one thread)
#   OUT          where the CSV, plot and report go (bench-results/manycore)
# Huge pages: the library asks for transparent huge pages for its table
# (madvise); the report says whether the kernel grants them
# (/sys/kernel/mm/transparent_hugepage/enabled must say [always] or
# [madvise]).
set -eu
cd "$(dirname "$0")/.."
B=${PAB_BENCH:-_build/examples/bench/pab-bench}
[ -x "$B" ] || sh scripts/setup.sh >/dev/null
OUT=${OUT:-bench-results/manycore}
mkdir -p "$OUT"
cpus=$(getconf _NPROCESSORS_ONLN)
max=${MAX_THREADS:-$cpus}
depth=${DEPTH:-11}
repeat=${REPEAT:-3}
algos=${ALGOS:-ybwc,jamboree,abdada,simplified-abdada,lazy-smp}

threads=1
t=2
while [ "$t" -le "$max" ]; do
    threads="$threads,$t"
    t=$((t * 2))
done
case ",$threads," in *",$max,"*) ;; *) threads="$threads,$max" ;; esac

hash="--hash-mb=1024"
if [ "${HASH_PER_PROC:-0}" -gt 0 ]; then
    hash="--hash-per-proc=$HASH_PER_PROC --hash-cap-mb=${HASH_CAP_MB:-16384}"
fi

launch=""
if [ "${NUMA:-}" = interleave ]; then
    if command -v numactl >/dev/null 2>&1; then
        launch="numactl --interleave=all"
    else
        echo "manycore: numactl not installed (apt-get install numactl): NUMA=interleave ignored"
    fi
fi

report="$OUT/report.txt"
{
    echo "machine: $cpus online CPUs; $(uname -srm)"
    grep -m1 'model name' /proc/cpuinfo 2>/dev/null || true
    command -v numactl >/dev/null 2>&1 && numactl --hardware | head -n 1
    thp=/sys/kernel/mm/transparent_hugepage/enabled
    [ -r "$thp" ] && echo "transparent huge pages: $(cat "$thp")"
    echo "threads $threads, depth $depth, repeat $repeat, table: $hash, pin ${PIN:-0}, numa ${NUMA:-default}"
} >"$report"

# Pin the threads of process $1 round-robin over the CPUs this script may
# use, as they appear, until it ends.
pin_threads() {
    list=$(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' |
        awk -F- '{ hi = ($2 == "" ? $1 : $2); for (c = $1; c <= hi; c++) print c }')
    n=$(echo "$list" | wc -l)
    pinned=" "
    while kill -0 "$1" 2>/dev/null; do
        i=0
        for task in /proc/"$1"/task/*; do
            tid=${task##*/}
            i=$((i + 1))
            case "$pinned" in *" $tid "*) continue ;; esac
            cpu=$(echo "$list" | sed -n "$(((i - 1) % n + 1))p")
            taskset -pc "$cpu" "$tid" >/dev/null 2>&1 && pinned="$pinned$tid "
        done
        sleep 1
    done
}

# shellcheck disable=SC2086
$launch "$B" compare --game=chess --depth="$depth" --threads="$threads" \
    --repeat="$repeat" --algos="$algos" $hash --stockfish=none \
    --csv="$OUT/chess.csv" --plot="$OUT/chess.png" >>"$report" 2>/dev/null &
bench=$!
if [ "${PIN:-0}" = 1 ]; then
    pin_threads "$bench" &
fi
wait "$bench"
cat "$report"

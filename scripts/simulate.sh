#!/bin/sh
# The simulated multiprocessor's measurements (BENCHMARKS.md, "Virtual
# processors" and "Many processors").  Deterministic for given seeds: the
# numbers do not depend on the machine or its load, only the host time
# does.  Writes tables, CSV and plots into $OUT (default
# bench-results/simulate/).  Parts, all by default:
#   sh scripts/simulate.sh thesis   tg1 trees, depth 6, 12/24/48 processors,
#                                   flat and MSI memory (tables 6.4-6.8)
#   sh scripts/simulate.sh chess    Bratko-Kopec at 16/32/128 processors:
#                                   flat as before, then MSI memory with
#                                   10 % noise over 3 seeds, a fixed table
#                                   and Weill's table per processor
#   sh scripts/simulate.sh two      2 virtual processors, for the real runs
#   sh scripts/simulate.sh costs    how much the costs of sharing matter
#   sh scripts/simulate.sh lockstep 16 processors from the root: a regular
#                                   clock, then noise; beside 16 real
#                                   threads' node counts; with the breakdown
#                                   of where the nodes go (--diagnose)
# SMOKE=1 runs every part on toy sizes (seconds), as make check does.
# Host time on this machine (2 cores; the parts run side by side with
# JOBS=2, the default): thesis about 4 hours of one core (flat 2, MSI 2;
# the ordering (32, 0, 0) alone half of it); lockstep 0.3, two 0.5,
# costs 0.2; chess about 2 (the two MSI tables at 16, 32 and 128 took
# about an hour of both cores here with three seeds at 128, five at the
# others; this script uses five throughout).
set -eu
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."
B=${PAB_BENCH:-_build/examples/bench/pab-bench}
[ -x "$B" ] || sh scripts/setup.sh >/dev/null
OUT=${OUT:-bench-results/simulate}
mkdir -p "$OUT"
parts=${*:-thesis chess two costs lockstep}
run() { echo "\$ $*"; "$@"; }

if [ "${SMOKE:-0}" = 1 ]; then
    # Two trees, tiny depths and processor counts: the commands, not the
    # figures.
    grep -v "^#" examples/bench/tg1.txt | head -n 2 >"$OUT/tg1-smoke.txt"
    TG1="$OUT/tg1-smoke.txt" TREE_DEPTH=3 THESIS_N=2,3
    ORDERINGS="32,79,5" CHESS_DEPTH=3 CHESS_N=2,4 CHESS_POS="--depth=3"
    LOCK_DEPTH=3 LOCK_N=4 TWO_DEPTH=3 SEEDS=2
else
    TG1=examples/bench/tg1.txt TREE_DEPTH=6 THESIS_N=12,24,48
    ORDERINGS="32,79,5 20,69,19 32,66,66 32,33,33 32,0,0"
    CHESS_DEPTH=9 CHESS_N=16,32,128 CHESS_POS=""
    LOCK_DEPTH=8 LOCK_N=16 TWO_DEPTH=9 SEEDS=5
fi
ALL=ybwc,jamboree,abdada,simplified-abdada,lazy-smp

# Thesis tables 6.4-6.8: every ordering of tg1 at depth 6 (figure 4.3
# alpha-beta, as PABSim searched), with the default costs, under the flat
# model and under the MSI model (no noise: one run each).  YBWC twice:
# Feldmann's random-owner rule, and the thesis' scheme A (strong YBWC, the
# highest split point anywhere).
thesis_model() {
    m=$1
    for o in $ORDERINGS; do
        tag=$(echo "$o" | tr ',' '-')
        if [ "$m" = msi ]; then tag="$tag-msi"; fi
        run $B compare --game=tree --params="$o" --positions="$TG1" \
            --plain --depth=$TREE_DEPTH --simulate=$THESIS_N \
            --opt sim_memory="$m" --opt sim_jitter=0 \
            --algos=ybwc,abdada,simplified-abdada,jamboree,lazy-smp \
            --csv="$OUT/tree-$tag.csv" 2>/dev/null
        run $B compare --game=tree --params="$o" --positions="$TG1" \
            --plain --depth=$TREE_DEPTH --simulate=$THESIS_N --algos=ybwc \
            --opt sim_memory="$m" --opt sim_jitter=0 \
            --opt split_policy=highest --opt ybwc_strong=1 \
            --csv="$OUT/tree-$tag-scheme-a.csv" 2>/dev/null
    done
}
thesis_flat() { thesis_model flat; }
thesis_msi() { thesis_model msi; }

# The Bratko-Kopec positions at 16, 32 and 128 processors, beside the
# published hardware figures (DTS 11.1 on 16, Kerrigan 16.75 on 32, Weill
# 65.9 on 128).  First as in libpab 0.4 (flat, no noise, 64 MiB), then
# with the MSI model and 10 % noise over five seeds on the first eight
# positions, with the fixed table and with Weill's condition (8 MiB per
# processor: 1 GiB at 128, where Weill's 64 MiB per processor would be
# 8 GiB).
chess_flat() {
    run $B compare --game=chess --depth=$CHESS_DEPTH $CHESS_POS \
        --simulate=$CHESS_N --algos=$ALL --opt sim_jitter=0 \
        --csv="$OUT/chess.csv" 2>/dev/null
}
chess_msi() {
    grep -v '^#' tests/data/bk.epd | head -n 8 | cut -d' ' -f1-4 \
        >"$OUT/bk8.txt"
    for table in "--hash-mb=64" "--hash-per-proc=8 --hash-cap-mb=1024"; do
        tag=$(echo "$table" | sed 's/--hash-per-proc.*/-per-proc/; s/--hash-mb=64//')
        # shellcheck disable=SC2086
        run $B compare --game=chess --depth=$CHESS_DEPTH \
            --positions="$OUT/bk8.txt" --simulate=$CHESS_N --algos=$ALL \
            --opt sim_memory=msi --opt sim_jitter=10 --sim-seeds=$SEEDS $table \
            --csv="$OUT/chess-msi$tag.csv" 2>/dev/null
    done
}

# Two virtual processors on the workloads measured on real threads
# (BENCHMARKS.md): the simulated speedup, median and range over seeds,
# beside the real one.
two() {
    run $B compare --game=chess --depth=$TWO_DEPTH --simulate=2 \
        --algos=$ALL --opt sim_jitter=10 --sim-seeds=$SEEDS \
        --csv="$OUT/chess-2.csv" 2>/dev/null
    for g in tree othello connect4; do
        run $B compare --game=$g --simulate=2 --algos=$ALL \
            --opt sim_jitter=10 --sim-seeds=$SEEDS $CHESS_POS \
            --csv="$OUT/$g-2.csv" 2>/dev/null
    done
}

# The same 48-processor run with a shared access at 1 tick and an atomic
# one at 3, and Bratko-Kopec with another backoff time (which changes only
# the interleaving).
costs() {
    run $B compare --game=tree --params=32,79,5 --positions="$TG1" \
        --plain --depth=$TREE_DEPTH --simulate=$THESIS_N \
        --algos=ybwc,jamboree,abdada --opt sim_shared=1 --opt sim_atomic=3 \
        --csv="$OUT/tree-costs.csv" 2>/dev/null
    run $B compare --game=chess --depth=$TWO_DEPTH --simulate=2 \
        --algos=abdada,simplified-abdada,ybwc,jamboree --opt sim_wait=30 \
        --csv="$OUT/chess-2-wait30.csv" 2>/dev/null
}

# Lockstep: the algorithms that start every processor at the root, on 16
# virtual processors with a regular clock (flat, no noise), with noise
# (flat and MSI, three seeds), beside 16 real threads time-sliced on this
# machine's cores (their node counts are meaningful, their times are
# not), each with where its nodes go.
lockstep() {
    a=lazy-smp,simplified-abdada,abdada,ybwc
    run $B compare --game=chess --depth=$LOCK_DEPTH --simulate=$LOCK_N \
        --algos=$a --opt sim_jitter=0 --diagnose="$OUT/lock-flat-diag.csv" \
        --csv="$OUT/lock-flat.csv" 2>/dev/null
    for m in flat msi; do
        run $B compare --game=chess --depth=$LOCK_DEPTH --simulate=$LOCK_N \
            --algos=$a --opt sim_memory=$m --opt sim_jitter=10 --sim-seeds=3 \
            --diagnose="$OUT/lock-$m-j10-diag.csv" \
            --csv="$OUT/lock-$m-j10.csv" 2>/dev/null
    done
    run $B compare --game=chess --depth=$LOCK_DEPTH --threads=$LOCK_N \
        --algos=$a --repeat=3 --stockfish=none \
        --diagnose="$OUT/lock-real-diag.csv" --csv="$OUT/lock-real.csv" \
        2>/dev/null
}

# Each part's report in its own file; JOBS parts at a time (a part starts
# as soon as another ends), and a part that fails fails the script.
if [ "${1:-}" = --part ]; then
    exec >"$OUT/report-$2.txt" 2>&1
    "$2"
    exit 0
fi
list=$(echo "$parts" | sed 's/thesis/thesis_flat thesis_msi/;
    s/chess/chess_flat chess_msi/')
status=0
# shellcheck disable=SC2086
printf '%s\n' $list | xargs -P "${JOBS:-2}" -I{} sh "$self" --part {} ||
    status=1
for p in $list; do
    cat "$OUT/report-$p.txt"
done
exit "$status"

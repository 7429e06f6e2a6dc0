#!/bin/sh
# The simulated multiprocessor's measurements (BENCHMARKS.md, "Virtual
# processors").  Deterministic: the numbers do not depend on the machine or
# its load, only the host time does.  Writes tables, CSV and plots into
# $OUT (default bench-results/simulate/).  Parts, all by default:
#   sh scripts/simulate.sh thesis   tg1 trees, depth 6, 12/24/48 processors
#   sh scripts/simulate.sh chess    Bratko-Kopec at 16/32/128 processors
#   sh scripts/simulate.sh two      2 virtual processors, for the real runs
#   sh scripts/simulate.sh costs    how much the costs of sharing matter
# All of it takes about two hours of one core (the ordering (32, 0, 0) alone
# about one); the parts can run side by side.
set -eu
cd "$(dirname "$0")/.."
B=${PAB_BENCH:-_build/examples/bench/pab-bench}
[ -x "$B" ] || sh scripts/setup.sh >/dev/null
OUT=${OUT:-bench-results/simulate}
mkdir -p "$OUT"
parts=${*:-thesis chess two costs}
run() { echo "\$ $*"; "$@"; }

# Thesis tables 6.4-6.8: every ordering of tg1 at depth 6 (figure 4.3
# alpha-beta, as PABSim searched), with the default costs.  YBWC twice:
# Feldmann's random-owner rule, and the thesis' scheme A (strong YBWC, the
# highest split point anywhere).
thesis() {
    for o in 32,79,5 20,69,19 32,66,66 32,33,33 32,0,0; do
        tag=$(echo "$o" | tr ',' '-')
        run $B compare --game=tree --params="$o" --positions=examples/bench/tg1.txt \
            --plain --depth=6 --simulate=12,24,48 \
            --algos=ybwc,abdada,simplified-abdada,jamboree \
            --csv="$OUT/tree-$tag.csv" --plot="$OUT/tree-$tag.png" 2>/dev/null
        run $B compare --game=tree --params="$o" --positions=examples/bench/tg1.txt \
            --plain --depth=6 --simulate=12,24,48 --algos=ybwc \
            --opt split_policy=highest --opt ybwc_strong=1 \
            --csv="$OUT/tree-$tag-scheme-a.csv" 2>/dev/null
    done
}

# The Bratko-Kopec positions at 16, 32 and 128 processors, beside the
# published hardware figures (DTS 11.1 on 16, Kerrigan 16.75 on 32, Weill
# 65.9 on 128).
chess() {
    run $B compare --game=chess --depth="${PAB_SIM_CHESS_DEPTH:-9}" \
        --simulate=16,32,128 --algos=ybwc,jamboree,abdada,simplified-abdada \
        --csv="$OUT/chess.csv" --plot="$OUT/chess.png" 2>/dev/null
}

# Two virtual processors on the workloads measured on real threads
# (BENCHMARKS.md): the simulated speedup beside the real one.
two() {
    run $B compare --game=chess --depth=10 --simulate=2 \
        --csv="$OUT/chess-2.csv" 2>/dev/null
    run $B compare --game=tree --simulate=2 --csv="$OUT/tree-2.csv" 2>/dev/null
    run $B compare --game=othello --simulate=2 --csv="$OUT/othello-2.csv" 2>/dev/null
    run $B compare --game=connect4 --simulate=2 --csv="$OUT/connect4-2.csv" 2>/dev/null
}

# The same 48-processor run with a shared access at 1 tick and an atomic
# one at 3, and Bratko-Kopec at depth 10 with another backoff time (which
# changes only the interleaving).
costs() {
    run $B compare --game=tree --params=32,79,5 --positions=examples/bench/tg1.txt \
        --plain --depth=6 --simulate=48 --algos=ybwc,jamboree,abdada \
        --opt sim_shared=1 --opt sim_atomic=3 --csv="$OUT/tree-costs.csv" 2>/dev/null
    run $B compare --game=chess --depth=10 --simulate=2 \
        --algos=abdada,simplified-abdada,ybwc,jamboree --opt sim_wait=30 \
        --csv="$OUT/chess-2-wait30.csv" 2>/dev/null
}

for p in $parts; do
    $p
done 2>&1 | tee "$OUT/report-$(echo "$parts" | tr ' ' '-').txt"

#!/bin/sh
# Every measurement BENCHMARKS.md reports, on the machine at hand.  Writes
# tables, CSV and plots into $OUT (default bench-results/).  Run it on an
# otherwise idle machine; it takes a while (PAB_BENCH_QUICK=1 for a short
# pass with fewer repeats).
set -eu
cd "$(dirname "$0")/.."
[ -x _build/examples/bench/pab-bench ] || sh scripts/setup.sh >/dev/null
B=_build/examples/bench/pab-bench
C=_build/examples/chess/pab-chess
OUT=${OUT:-bench-results}
REPEAT=${PAB_BENCH_REPEAT:-3}
[ "${PAB_BENCH_QUICK:-0}" = 1 ] && REPEAT=1
mkdir -p "$OUT"
run() { echo "\$ $*"; "$@"; }
{
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(date -u)"
for g in tree connect4 othello; do
    run $B compare --game=$g --threads=1,2,4,8,16 --repeat="$REPEAT" \
        --csv="$OUT/$g.csv" --json="$OUT/$g.json" --plot="$OUT/$g.png" 2>/dev/null
done
run $B compare --game=chess --threads=1,2 --repeat=1 \
    --depth="${PAB_BENCH_CHESS_DEPTH:-10}" --csv="$OUT/chess.csv" \
    --json="$OUT/chess.json" --plot="$OUT/chess.png" 2>/dev/null
echo "== chess perft(6), libpab then Stockfish"
run $B perft --game=chess --depth=6 | tail -2
start=$(date +%s%N)
printf 'position startpos\ngo perft 6\nquit\n' | /usr/games/stockfish | tail -1
echo "stockfish wall ms: $(( ($(date +%s%N) - start) / 1000000 ))"
echo "== othello perft(10)"
run $B perft --game=othello --depth=10 | tail -2
echo "== connect4: every line of tests/data/connect4.txt solved"
start=$(date +%s%N)
grep -v '^#' tests/data/connect4.txt | while read -r line score; do
    got=$($B solve --game=connect4 --position="$line" | tail -1)
    [ "$got" = "score $score" ] || echo "MISMATCH $line: $got, want $score"
done
echo "50 lines solved in $(( ($(date +%s%N) - start) / 1000000 )) ms"
echo "== thesis table 4.4"
start=$(date +%s%N)
run $B ordering --tree=32,79,5 --seeds=tg1 --depth=7 2>/dev/null
echo "table 4.4 run: $(( ($(date +%s%N) - start) / 1000000 )) ms"
echo "== chess bench, serial, 1 thread (determinism and speed)"
run $C bench 10 1 serial 2>/dev/null | tail -2
} 2>&1 | tee "$OUT/report.txt"

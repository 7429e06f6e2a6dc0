#!/bin/sh
# The measurement scripts stay runnable: every script of scripts/ parses,
# and simulate.sh (every part) and manycore.sh run end to end on toy sizes
# (SMOKE=1; two threads at depth 3), with the build's pab-bench, writing
# their tables, CSV files and reports; tune-eval.sh (SMOKE=1) plays two
# games with the build's pab-chess and fits the weights to them;
# strength.sh (SMOKE=1) plays every match of its parts, two games each.  A script that no longer runs, or a
# part that fails, fails here.
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
src=$(cd "$top_srcdir" && pwd)
bench=$(cd "$top_builddir" && pwd)/examples/bench/pab-bench
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }

for s in "$src"/scripts/*.sh; do
    if head -n 1 "$s" | grep -q bash; then shell=bash; else shell=sh; fi
    if $shell -n "$s"; then ok; else bad "$s does not parse"; fi
done

if SMOKE=1 JOBS=2 PAB_BENCH="$bench" OUT="$out/sim" \
    sh "$src/scripts/simulate.sh" >"$out/sim.log" 2>&1; then
    ok
else
    tail -n 20 "$out/sim.log"
    bad "simulate.sh (SMOKE=1) failed"
fi
for f in tree-32-79-5.csv tree-32-79-5-msi.csv tree-32-79-5-msi-scheme-a.csv \
    chess.csv chess-msi.csv chess-msi-per-proc.csv chess-2.csv othello-2.csv \
    tree-costs.csv lock-flat-diag.csv lock-msi-j10.csv lock-real.csv \
    variant-abdada-share-cutoffs.csv variant-ybwc-highest.csv \
    chess-2-drift10.csv; do
    if [ -s "$out/sim/$f" ]; then ok; else bad "simulate.sh wrote no $f"; fi
done
# The thesis' split-point schemes: a part of its own, outside the default
# run (hours of host time at full size).
if SMOKE=1 JOBS=1 PAB_BENCH="$bench" OUT="$out/sim" \
    sh "$src/scripts/simulate.sh" schemes >"$out/schemes.log" 2>&1 &&
    [ -s "$out/sim/scheme-32-79-5-flat-c-3.csv" ] &&
    [ -s "$out/sim/scheme-32-79-5-msi-b-2.csv" ] &&
    [ -s "$out/sim/scheme-32-79-5-flat-c1_3-3.csv" ]; then
    ok
else
    tail -n 20 "$out/schemes.log"
    bad "simulate.sh schemes (SMOKE=1) failed"
fi
# The seeds' columns, and the real run's breakdown by depth.
if head -n 1 "$out/sim/chess-2.csv" | grep -q 'SU_min,SU_max,seeds'; then ok; else bad "no SU range"; fi
if grep -q '^abdada,4,' "$out/sim/lock-real-diag.csv"; then ok; else bad "no real diagnosis"; fi

if MAX_THREADS=2 DEPTH=3 REPEAT=1 PAB_BENCH="$bench" OUT="$out/many" \
    sh "$src/scripts/manycore.sh" >"$out/many.log" 2>&1 &&
    grep -q '^ybwc  *2[ *!]' "$out/many/report.txt" && [ -s "$out/many/chess.csv" ]; then
    ok
else
    tail -n 20 "$out/many.log"
    bad "manycore.sh (2 threads, depth 3) failed"
fi

# The strength matches: two games a match at 300 ms + 10 ms (where the
# match runner's npm packages are installed: not in distcheck's tree):
# 16 ablations, 2 Slow Mover settings, 1 Stockfish level, 7 algorithms,
# the start position and the same through xboard; then two positions
# judged for pab-chess and
# for Stockfish at one level (three lines: its own, and the difference).
if [ -d "$src/examples/chess/node_modules/chess.js" ]; then
    if SMOKE=1 PAB_CHESS="$(cd "$top_builddir" && pwd)/examples/chess/pab-chess" \
        OUT="$out/strength" sh "$src/scripts/strength.sh" \
        >"$out/strength.log" 2>&1 &&
        [ "$(grep -c '^summary: games=2 ' "$out/strength.log")" -eq 28 ] &&
        [ "$(grep -c '^quality: .* per move' "$out/strength.log")" -eq 3 ]; then
        ok
    else
        tail -n 20 "$out/strength.log"
        bad "strength.sh (SMOKE=1) failed"
    fi
fi

# libpab-mpi's measurements on toy sizes: the simulated cluster always,
# the loopback runs where the build has libpab-mpi and mpirun exists.
if SMOKE=1 PAB_BENCH="$bench" OUT="$out/cluster" MPIRUN="${MPIRUN:-mpirun}" \
    sh "$src/scripts/cluster.sh" >"$out/cluster.log" 2>&1 &&
    [ -s "$out/cluster/calibrate.csv" ] && [ -s "$out/cluster/predict-2.csv" ]; then
    ok
else
    tail -n 20 "$out/cluster.log"
    bad "cluster.sh (SMOKE=1) failed"
fi
if grep -q '^#define PAB_HAVE_MPI 1' "$top_builddir/config.h" 2>/dev/null; then
    if awk -F, 'NR > 1 && $1 == "abdada" && $14 == 2 { found = 1 }
        END { exit !found }' "$out/cluster/loopback-chess-1.csv" 2>/dev/null; then
        ok
    else
        bad "cluster.sh loopback wrote no rows of 2 ranks"
    fi
fi

# Texel tuning: two games at depth 2, one pass, a header written.
chess=$(cd "$top_builddir" && pwd)/examples/chess/pab-chess
if SMOKE=1 PAB_CHESS="$chess" OUT="$out/tune" \
    sh "$src/scripts/tune-eval.sh" >"$out/tune.log" 2>&1 &&
    grep -q '^#define TUNE_PAWN_MG ' "$out/tune/chess_tune.h"; then
    ok
else
    tail -n 20 "$out/tune.log"
    bad "tune-eval.sh (SMOKE=1) failed"
fi

# The same with every position labelled by Stockfish (scripts/sf-label.sh).
if SMOKE=1 LABEL=engine PAB_CHESS="$chess" OUT="$out/tune-label" \
    sh "$src/scripts/tune-eval.sh" >"$out/tune-label.log" 2>&1 &&
    grep -q ' positions labelled at depth 2$' "$out/tune-label.log" &&
    grep -q '^#define TUNE_PAWN_MG ' "$out/tune-label/chess_tune.h"; then
    ok
else
    tail -n 20 "$out/tune-label.log"
    bad "tune-eval.sh (SMOKE=1 LABEL=engine) failed"
fi

# Search labels stream every position to Stockfish at once; one at a time
# (STREAM=0) gives the same labels.  An engine that stops a search when
# the next command comes (pab-chess) is refused when streamed, with the
# cure named, and labels one at a time.
head -n 40 "$out/tune-label/data.txt" >"$out/forty.txt" 2>/dev/null
if [ -s "$out/forty.txt" ] &&
    DEPTH=3 bash "$src/scripts/sf-label.sh" <"$out/forty.txt" >"$out/streamed.txt" &&
    DEPTH=3 STREAM=0 bash "$src/scripts/sf-label.sh" <"$out/forty.txt" >"$out/dialogue.txt" &&
    [ "$(wc -l <"$out/streamed.txt")" -eq 40 ] &&
    cmp -s "$out/streamed.txt" "$out/dialogue.txt"; then
    ok
else
    bad "sf-label.sh: streamed and one-at-a-time search labels differ"
fi
if ENGINE="$chess" DEPTH=2 bash "$src/scripts/sf-label.sh" <"$out/forty.txt" \
    >/dev/null 2>"$out/stream-pab.log"; then
    bad "sf-label.sh streamed pab-chess's searches"
elif grep -q 'needs STREAM=0)$' "$out/stream-pab.log" &&
    ENGINE="$chess" DEPTH=2 STREAM=0 bash "$src/scripts/sf-label.sh" \
        <"$out/forty.txt" >"$out/pab-labels.txt" &&
    [ "$(wc -l <"$out/pab-labels.txt")" -eq 40 ]; then
    ok
else
    bad "sf-label.sh with pab-chess: $(cat "$out/stream-pab.log")"
fi

# tune spread: five walks from each of two positions give at most ten
# positions, each a FEN the engine reads back unchanged, not in check, with
# its source's result; the same seed gives the same positions.
spread() {
    printf '%s 1-0\n%s 0-1\n' \
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \
        'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' |
        "$chess" tune spread --walks 5 --plies 3 --seed "$1"
}
spread 3 >"$out/spread.txt" 2>"$out/spread.log"
spread 3 >"$out/spread2.txt" 2>/dev/null
n=$(wc -l <"$out/spread.txt")
sed 's/ [^ ]*$//' "$out/spread.txt" | while IFS= read -r fen; do
    printf 'position fen %s\nd\neval\n' "$fen"
done | "$chess" >"$out/spread.d"
if [ "$n" -ge 1 ] && [ "$n" -le 10 ] &&
    grep -q "tune spread: 2 positions read (0 not FEN), $n written$" "$out/spread.log" &&
    [ "$(sed -n 's/^Fen: //p' "$out/spread.d")" = "$(sed 's/ [^ ]*$//' "$out/spread.txt")" ] &&
    [ "$(grep -c '^Final evaluation  *[-+]' "$out/spread.d")" -eq "$n" ] &&
    ! grep -qv ' \(1-0\|0-1\)$' "$out/spread.txt" &&
    cmp -s "$out/spread.txt" "$out/spread2.txt"; then
    ok
else
    cat "$out/spread.log" "$out/spread.txt"
    bad "tune spread: $n positions, not all read back quiet and alike"
fi

# Static labels (LABEL=static), by pab-chess's own `eval`: each label is
# its static evaluation as white's expected score, 1 / (1 + 10^(-cp/400)),
# checked here on the first position against the engine's answer.
if SMOKE=1 LABEL=static ENGINE="$chess" PAB_CHESS="$chess" \
    OUT="$out/tune-static" sh "$src/scripts/tune-eval.sh" \
    >"$out/tune-static.log" 2>&1 &&
    grep -q ' positions labelled by static evaluation$' "$out/tune-static.log" &&
    line=$(head -n 1 "$out/tune-static/labelled.txt") &&
    pawns=$(printf 'position fen %s\neval\n' "${line% *}" | "$chess" |
        sed -n 's/^Final evaluation  *\([-+][0-9.]*\) (white side)$/\1/p') &&
    [ -n "$pawns" ] &&
    [ "$(awk -v p="$pawns" 'BEGIN { printf "%.4f", 1 / (1 + 10 ^ (-p / 4)) }')" = "${line##* }" ]; then
    ok
else
    tail -n 20 "$out/tune-static.log"
    bad "tune-eval.sh (SMOKE=1 LABEL=static) failed, or a label is not the evaluation (${line:-none}: ${pawns:-none})"
fi

# The learned correction's training, end to end on a few games: weights
# for all 768 inputs written, and the check set's error with them; the
# step has fallen to FINAL_RATE by the end of the (one) epoch.
if SMOKE=1 FINAL_RATE=0.0002 PAB_CHESS="$chess" OUT="$out/net" \
    sh "$src/scripts/train-net.sh" >"$out/net.log" 2>&1 &&
    grep -q '^final: checked [0-9.]*, with the integer weights [0-9.]*$' "$out/net.log" &&
    grep -q '^epoch 1: error [0-9.]*, checked [0-9.]*, step 0.0002' "$out/net.log" &&
    [ "$(grep -c '^        {' "$out/net/chess_net_weights.c")" -eq 768 ]; then
    ok
else
    tail -n 20 "$out/net.log"
    bad "train-net.sh (SMOKE=1) failed"
fi

# A thread count outside 1 to the trainer's blocks is refused (the weights at
# 1-3 threads: tests/stress_train.sh).
if "$chess" tune net /nonexistent --threads 0 >/dev/null 2>"$out/threads.log"; then
    bad "tune net took --threads 0"
elif grep -q 'threads must be a number from 1 to [0-9]*, not .0.$' "$out/threads.log"; then
    ok
else
    bad "tune net --threads 0: $(cat "$out/threads.log")"
fi

# A step outside (0, 1) is refused before anything is read.
if "$chess" tune net /nonexistent --final-rate 1.5 >/dev/null 2>"$out/rate.log"; then
    bad "tune net took --final-rate 1.5"
elif grep -q 'tune net: --final-rate takes a number in (0, 1)$' "$out/rate.log"; then
    ok
else
    bad "tune net --final-rate 1.5: $(cat "$out/rate.log")"
fi

# Training can go on from the weights the engine was built with: they go
# into floating point and back exactly, so at a vanishing step the weights
# written are the shipped ones, byte for byte (the source included).
if "$chess" tune net "$out/net/labelled.txt" --check "$out/net/check-labelled.txt" \
    --start shipped --epochs 1 --rate 0.000000001 --out "$out/again.c" \
    >"$out/again.log" 2>&1 &&
    cmp -s "$out/again.c" "$src/examples/games/chess_net_weights.c"; then
    ok
else
    tail -n 5 "$out/again.log"
    bad "tune net --start shipped did not give the shipped weights back"
fi
# The trainer keeps white's view of a position and derives black's: with
# the shipped weights its floating-point error before the first step is
# the engine's own (integer, both views kept as it plays) within rounding.
shipped=$(sed -n 's/.*the shipped network checks \([0-9.]*\)$/\1/p' "$out/again.log")
start=$(sed -n 's/^epoch 0: checked \([0-9.]*\)$/\1/p' "$out/again.log")
if [ -n "$shipped" ] && [ -n "$start" ] &&
    awk -v a="$shipped" -v b="$start" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && d <= 0.02 * a) }'; then
    ok
else
    bad "tune net --start shipped: error at the start ${start:-none}, the engine's ${shipped:-none}"
fi
if "$chess" tune net /nonexistent --start zero >/dev/null 2>"$out/start.log"; then
    bad "tune net took --start zero"
elif grep -q 'tune net: --start takes random or shipped$' "$out/start.log"; then
    ok
else
    bad "tune net --start zero: $(cat "$out/start.log")"
fi

# A second round fitted together with the first's labels (KEEP): the fit
# reads both rounds' positions.
first=$(wc -l <"$out/tune-label/labelled.txt" 2>/dev/null || echo 0)
if SMOKE=1 LABEL=engine KEEP="$out/tune-label/labelled.txt" \
    PAB_CHESS="$chess" OUT="$out/tune-keep" \
    sh "$src/scripts/tune-eval.sh" >"$out/tune-keep.log" 2>&1 &&
    second=$(wc -l <"$out/tune-keep/labelled.txt") &&
    grep -q "^tune-eval: $((first + second)) positions with those of " \
        "$out/tune-keep.log" &&
    grep -q '^#define TUNE_PAWN_MG ' "$out/tune-keep/chess_tune.h"; then
    ok
else
    tail -n 20 "$out/tune-keep.log"
    bad "tune-eval.sh (SMOKE=1 LABEL=engine KEEP=...) failed"
fi

echo "check_scripts: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

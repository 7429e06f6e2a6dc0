#!/bin/sh
# pab-chess tune net --threads under the thread suite: the trainer's
# threads meet at every position through libatomic_ops, and a race there
# would show under ThreadSanitizer (scripts/sanitize.sh thread runs the
# stress tests only).  Positions from a few games at depth 2, labelled by
# their results; the weights of 2 and 3 threads must be one thread's, byte
# for byte (check_scripts.sh checks the same on Stockfish's labels).
top_builddir=${top_builddir:-.}
chess=$(cd "$top_builddir" && pwd)/examples/chess/pab-chess
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
"$chess" tune play --games 6 --depth 2 --seed 11 >"$out/games.txt" 2>/dev/null ||
    { echo "FAIL: tune play"; exit 1; }
# a check set of its own: too few positions for tune net's held-out blocks
head -n 100 "$out/games.txt" >"$out/check.txt"
for t in 1 2 3; do
    if ! "$chess" tune net "$out/games.txt" --check "$out/check.txt" \
        --epochs 2 --threads "$t" \
        --out "$out/w$t.c" >"$out/t$t.log" 2>&1; then
        cat "$out/t$t.log"
        echo "FAIL: tune net --threads $t"
        fail=1
    fi
done
for t in 2 3; do
    cmp -s "$out/w1.c" "$out/w$t.c" ||
        { echo "FAIL: $t threads wrote other weights than one"; fail=1; }
done
echo "stress_train: $(wc -l <"$out/games.txt") positions, 1-3 threads: $([ "$fail" -eq 0 ] && echo same weights || echo FAILED)"
exit "$fail"

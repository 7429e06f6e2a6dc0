#!/bin/sh
# Trains the evaluation's learned correction (examples/games/chess_net.h),
# end to end:
#
#   1. positions: DATA, or self-play as tune-eval.sh plays it;
#   2. one block of 500 in ten set aside to check the training, before
#      anything else, so that no position near a checked one is learned;
#   3. the rest spread: random moves from each (pab-chess tune spread),
#      and with AGAIN, random moves again from all of those;
#   4. those labelled with Stockfish's static evaluation (sf-label.sh
#      STATIC=1), the checked ones with its search at CHECK_DEPTH;
#   5. the network trained (pab-chess tune net), which writes
#      chess_net_weights.c.
#
# Rebuild with the new weights and measure the engine before installing
# them.  The shipped weights' run (BENCHMARKS.md, "Twice the hidden
# units"; about 3 hours of both cores for games and labels, 47 minutes
# for the training): 256 hidden units (CHESS_NET_HIDDEN), from 46 sets
# of 575 self-play games of 0.12.1, each set held out, spread twice and
# labelled on its own, then all trained at once at half the rate, the
# last of four epochs' step falling tenfold:
#
#   for s in $(seq 6000 6045); do      # this script's steps 1-4, by hand
#       pab-chess tune play --games 575 --depth 6 --seed $s >g$s.txt
#       awk -v c=chk$s.txt -v t=trn$s.txt \
#           '{ print > (int((NR - 1) / 500) % 10 == 9 ? c : t) }' g$s.txt
#       pab-chess tune spread --walks 16 --plies 4 --seed $s \
#           <trn$s.txt >sp$s.txt
#       cat trn$s.txt sp$s.txt | pab-chess tune spread --walks 8 \
#           --plies 4 --seed $((s + 1000)) | sort -u >ag$s.txt
#       cat trn$s.txt sp$s.txt ag$s.txt |
#           STATIC=1 bash scripts/sf-label.sh >lab$s.txt
#   done
#   cat chk6000.txt chk6001.txt | DEPTH=8 bash scripts/sf-label.sh \
#       >check-lab.txt
#   cat lab60*.txt | pab-chess tune net /dev/stdin --check check-lab.txt \
#       --epochs 4 --rate 0.0005 --final-rate 0.00005 --seed 2024 \
#       --threads 2
#   SMOKE=1 sh scripts/train-net.sh                seconds: that it all runs
#
# (The games were 0.12.1's, whose evaluation was the 128-unit network
# before these weights: another build plays other games, so its
# positions are not the same byte for byte.  That network's run, from
# four engines' games, is in BENCHMARKS.md, "A settled last epoch".)
#
# Knobs (environment):
#   DATA         "FEN result" (or "FEN label") lines; without it, GAMES
#                self-play games at DEPTH (tune play, 8 random plies)
#   GAMES, DEPTH, SEED   as tune-eval.sh's (900, 6, 2024)
#   WALKS, PLIES tune spread's walks per position and plies at most (8, 4)
#   AGAIN        walks again from every position, first or spread, the
#                repeats dropped (0: none); quiet positions are cheap to
#                label statically, and the network learns Stockfish's
#                evaluation better from more of them
#   CHECK_DEPTH  the search depth of the check set's labels (8)
#   EPOCHS, RATE tune net's (12, 0.001)
#   FINAL_RATE   tune net's --final-rate, the last epoch's falling step
#                (RATE: the step stays)
#   START        tune net's --start: random (the default) or shipped, to go
#                on from the weights the engine was built with
#   JOBS         processes at once for play and labelling, and tune net's
#                threads (1; play seeds SEED, SEED + 1, ... as in
#                tune-eval.sh; the weights are the same at any JOBS)
#   ENGINE       the labelling engine (Stockfish)
#   PAB_CHESS    the engine trained (the build's)
#   OUT          where the files go (bench-results/train-net)
#   INSTALL=1    copy the weights over examples/games/chess_net_weights.c
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
engine=${PAB_CHESS:-$here/_build/examples/chess/pab-chess}
out=${OUT:-bench-results/train-net}
games=${GAMES:-900} depth=${DEPTH:-6} seed=${SEED:-2024}
walks=${WALKS:-8} plies=${PLIES:-4} again=${AGAIN:-0}
check_depth=${CHECK_DEPTH:-8}
epochs=${EPOCHS:-12} rate=${RATE:-0.001} jobs=${JOBS:-1}
final_rate=${FINAL_RATE:-$rate} start=${START:-random}
if [ "${SMOKE:-0}" = 1 ]; then
    games=4 depth=2 check_depth=2 epochs=1 jobs=1 again=1
fi
[ -x "$engine" ] || { echo "train-net: no engine at $engine (build first)" >&2; exit 1; }
mkdir -p "$out"

data=${DATA:-}
if [ -z "$data" ]; then
    data=$out/data.txt
    . "$here/scripts/selfplay.sh"
    selfplay "$engine" "$games" "$depth" "$seed" "$jobs" "$data"
fi
# With few positions (SMOKE) blocks of 500 would leave nothing to check.
block=500
[ "$(wc -l <"$data")" -lt 5000 ] && block=$(( ($(wc -l <"$data") + 9) / 10 ))
awk -v b="$block" -v check="$out/check.txt" -v train="$out/train.txt" '
    int((NR - 1) / b) % 10 == 9 { print >check; next }
    { print >train }' "$data"
echo "train-net: $(wc -l <"$out/train.txt") positions to learn from," \
    "$(wc -l <"$out/check.txt") to check" >&2

"$engine" tune spread --walks "$walks" --plies "$plies" --seed "$seed" \
    <"$out/train.txt" >"$out/spread.txt"
: >"$out/again.txt"
if [ "$again" -gt 0 ]; then
    cat "$out/train.txt" "$out/spread.txt" |
        "$engine" tune spread --walks "$again" --plies "$plies" \
            --seed "$((seed + 1))" | sort -u >"$out/again.txt"
fi
cat "$out/train.txt" "$out/spread.txt" "$out/again.txt" |
    JOBS=$jobs STATIC=1 bash "$here/scripts/sf-label.sh" >"$out/labelled.txt"
JOBS=$jobs DEPTH=$check_depth bash "$here/scripts/sf-label.sh" \
    <"$out/check.txt" >"$out/check-labelled.txt"
echo "train-net: $(wc -l <"$out/labelled.txt") positions labelled statically," \
    "$(wc -l <"$out/check-labelled.txt") at depth $check_depth to check" >&2

"$engine" tune net "$out/labelled.txt" --check "$out/check-labelled.txt" \
    --epochs "$epochs" --rate "$rate" --final-rate "$final_rate" \
    --seed "$seed" --start "$start" --threads "$jobs" \
    --out "$out/chess_net_weights.c" 2>"$out/net.log"
cat "$out/net.log" >&2
grep -q '^final: ' "$out/net.log"
if [ "${INSTALL:-0}" = 1 ]; then
    cp "$out/chess_net_weights.c" "$here/examples/games/chess_net_weights.c"
    echo "train-net: installed; rebuild and measure before committing" >&2
else
    echo "train-net: new weights in $out/chess_net_weights.c" >&2
fi

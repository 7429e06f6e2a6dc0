#!/bin/sh
# Texel tuning of pab-chess's evaluation, end to end: the engine plays
# itself at a fixed depth from random openings (pab-chess tune play), the
# quiet positions of those games are kept with each game's result, and the
# weights are fitted to them (pab-chess tune fit), which writes
# chess_tune.h anew.  Review the new header's diff, rebuild, and measure
# the engine before installing it:
#
#   sh scripts/tune-eval.sh                     about 25 minutes on one core
#   GAMES=2000 DEPTH=7 TABLES=1 sh scripts/tune-eval.sh
#   GAMES=3000 JOBS=3 SEED=3001 LABEL=engine TABLES=1 PASSES=30 \
#       OUT=round1 sh scripts/tune-eval.sh     0.8.2's weights: about
#                                   40 minutes of play and 40 of labelling
#                                   on each of two cores, 15 of fitting
#   GAMES=2000 JOBS=2 SEED=3004 LABEL=engine TABLES=1 PASSES=25 \
#       KEEP=round1/labelled.txt sh scripts/tune-eval.sh
#                                   0.8.3's, with 0.8.2 playing: 8
#                                   minutes of play and 15 of labelling
#                                   on two cores, 8 of fitting
#   SMOKE=1 sh scripts/tune-eval.sh             seconds: that it all runs
#
# Knobs (environment):
#   GAMES     self-play games (default 900; about 100 positions each)
#   DEPTH     their search depth (6)
#   SEED      their random openings' seed (2024); JOBS games (and with
#             LABEL=engine, engines labelling) at once (1)
#   PASSES    coordinate-descent passes at most (20)
#   TABLES=1  tune the piece-square tables too (768 more weights: they
#             overfit a few thousand games; watch the held-out error)
#   DATA      a "FEN result" file to fit instead of playing games
#   LABEL=engine  label every position with a stronger engine's score
#             (scripts/sf-label.sh; ENGINE, default Stockfish, at
#             LABEL_DEPTH, default 8, blended with the game's result by
#             LAMBDA, default 1) and fit those labels instead of results
#   LABEL=static  the same with the engine's static evaluation (its `eval`
#             command; STATIC=1 of scripts/sf-label.sh): some 40 times
#             cheaper than depth 8, for sets of millions of positions
#   KEEP      "FEN label" lines of an earlier round (its labelled.txt),
#             fitted together with this round's
#   CPU       run pinned to this CPU (taskset -c), e.g. CPU=1
#   PAB_CHESS the engine (default: the build's, _build/examples/chess)
#   OUT       where data.txt, fit.log and chess_tune.h go
#             (bench-results/tune-eval)
#   INSTALL=1 copy the new header over examples/games/chess_tune.h
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
engine=${PAB_CHESS:-$here/_build/examples/chess/pab-chess}
out=${OUT:-bench-results/tune-eval}
games=${GAMES:-900} depth=${DEPTH:-6} seed=${SEED:-2024}
passes=${PASSES:-20} jobs=${JOBS:-1}
if [ "${SMOKE:-0}" = 1 ]; then
    games=2 depth=2 passes=1 jobs=1
fi
pin=
[ -n "${CPU:-}" ] && pin="taskset -c $CPU"
mkdir -p "$out"
[ -x "$engine" ] || { echo "tune-eval: no engine at $engine (build first)" >&2; exit 1; }

data=${DATA:-}
if [ -z "$data" ]; then
    data=$out/data.txt
    . "$here/scripts/selfplay.sh"
    selfplay "$engine" "$games" "$depth" "$seed" "$jobs" "$data"
fi
echo "tune-eval: $(wc -l <"$data") positions in $data" >&2

if [ "${LABEL:-}" = engine ] || [ "${LABEL:-}" = static ]; then
    ldepth=${LABEL_DEPTH:-8}
    [ "${SMOKE:-0}" = 1 ] && ldepth=2
    static=0 how="at depth $ldepth"
    [ "$LABEL" = static ] && static=1 how="by static evaluation"
    JOBS=$jobs STATIC=$static DEPTH=$ldepth \
        bash "$here/scripts/sf-label.sh" <"$data" >"$out/labelled.txt"
    data=$out/labelled.txt
    [ -s "$data" ] || { echo "tune-eval: the engine labelled nothing" >&2; exit 1; }
    echo "tune-eval: $(wc -l <"$data") positions labelled $how" >&2
fi

if [ -n "${KEEP:-}" ]; then
    [ -s "$KEEP" ] || { echo "tune-eval: nothing to keep in $KEEP" >&2; exit 1; }
    cat "$KEEP" "$data" >"$out/fit-data.txt"
    data=$out/fit-data.txt
    echo "tune-eval: $(wc -l <"$data") positions with those of $KEEP" >&2
fi

set -- --passes "$passes" --header "$here/examples/games/chess_tune.h" \
    --out "$out/chess_tune.h"
[ "${TABLES:-0}" = 1 ] && set -- "$@" --tables
$pin "$engine" tune fit "$data" "$@" 2>"$out/fit.log"
cat "$out/fit.log" >&2
grep -q '^final: ' "$out/fit.log"
[ -s "$out/chess_tune.h" ]
if [ "${INSTALL:-0}" = 1 ]; then
    cp "$out/chess_tune.h" "$here/examples/games/chess_tune.h"
    echo "tune-eval: installed; rebuild and measure before committing" >&2
else
    echo "tune-eval: new weights in $out/chess_tune.h (diff it against examples/games/chess_tune.h)" >&2
fi

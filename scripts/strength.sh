#!/bin/sh
# Playing strength (BENCHMARKS.md, "A serial search worth dividing"): every
# match of issue 13, played by examples/chess/match.mjs with the build's
# pab-chess, one game at a time.  Each part writes its PGN, JSON and report
# into $OUT (default bench-results/strength/); the Elo and its 95 % error
# are on each report's `summary:` line.
#   sh scripts/strength.sh ablate     each 0.6 and 0.8 search rule flipped
#                                     against the defaults, self-play, $GAMES
#                                     games at $FAST_TIME + $FAST_INC ms
#   sh scripts/strength.sh slowmover  Slow Mover 100 and 300 against 200
#   sh scripts/strength.sh stockfish  one thread against Stockfish at each
#                                     UCI_Elo of $LEVELS, $SF_GAMES games at
#                                     $TIME + $INC ms (the issue's 5 s +
#                                     0.05 s, 100 games)
#   sh scripts/strength.sh algorithms each parallel algorithm at 2 threads
#                                     against serial at 1 thread
#   sh scripts/strength.sh startpos   the acceptance setting: 20 games from
#                                     the start position against UCI_Elo
#                                     $ACCEPT_ELO, colours alternating
#   sh scripts/strength.sh xboard     the acceptance setting through
#                                     another client: xboard and polyglot
#                                     (examples/chess/pgn-tally.mjs counts)
#   sh scripts/strength.sh quality    not a match: the engine's moves in the
#                                     1200 positions of quality.epd judged
#                                     by Stockfish at depth 14
#                                     (examples/chess/quality.mjs), then
#                                     Stockfish's own at each UCI_Elo of
#                                     $QUALITY_LEVELS beside them
# All parts by default.  Times: a self-play game at 1 s + 0.01 s takes about
# 3 s, one against Stockfish at 5 s + 0.05 s about 15 s, so the defaults
# take about 5.6 hours (ablate alone 2.7, algorithms 0.6; quality 10
# minutes for the engine, 25 for each Stockfish level, which thinks
# longer).  Times are only fair on a quiet machine: a match with 2
# threads needs both cores of this one.  SMOKE=1 plays 2 games per part
# at 300 ms + 10 ms and judges 2 positions at depth 6
# (tests/check_scripts.sh).
set -eu
cd "$(dirname "$0")/.."
ENGINE=${PAB_CHESS:-$(pwd)/_build/examples/chess/pab-chess}
[ -x "$ENGINE" ] || sh scripts/setup.sh >/dev/null
if [ ! -d examples/chess/node_modules/chess.js ]; then
    . scripts/packages.sh
    install_match_deps >/dev/null
fi
OUT=${OUT:-bench-results/strength}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
if [ "${SMOKE:-0}" = 1 ]; then
    GAMES=2 SF_GAMES=2 ALGO_GAMES=2 FAST_TIME=300 FAST_INC=10
    TIME=300 INC=10 LEVELS="2000" ACCEPT_GAMES=2
    QUALITY_MAX=2 QUALITY_DEPTH=6 QUALITY_LEVELS=2000
else
    GAMES=${GAMES:-200} SF_GAMES=${SF_GAMES:-100}
    ALGO_GAMES=${ALGO_GAMES:-100} FAST_TIME=${FAST_TIME:-1000}
    FAST_INC=${FAST_INC:-10} TIME=${TIME:-5000} INC=${INC:-50}
    LEVELS=${LEVELS:-"2000 2200 2400 2600"} ACCEPT_GAMES=20
    QUALITY_MAX=${QUALITY_MAX:-0} QUALITY_DEPTH=${QUALITY_DEPTH:-14}
    QUALITY_LEVELS=${QUALITY_LEVELS:-2400}
fi
ACCEPT_ELO=${ACCEPT_ELO:-2400}
parts=${*:-ablate slowmover stockfish algorithms startpos xboard quality}

# match TAG ARGS...: one match, its report in $OUT/TAG.txt.
match() {
    tag=$1
    shift
    echo "\$ match.mjs $*"
    (cd examples/chess && node match.mjs --engine "$ENGINE" --threads 1 \
        --pgn "$OUT/$tag.pgn" --json "$OUT/$tag.json" "$@") \
        >"$OUT/$tag.txt" 2>&1 || true
    grep '^summary:' "$OUT/$tag.txt" || {
        tail -n 5 "$OUT/$tag.txt"
        return 1
    }
}

fast() {
    echo "--games $GAMES --time $FAST_TIME --inc $FAST_INC --openings-file openings.epd"
}

# The defaults against each rule flipped (off where it is on by default,
# on at its measured setting where it is off): a positive Elo says the
# default is the better choice, by that much.
ablate() {
    for off in rfp_depth=0 lmp_depth=6 see_prune_depth=4 lmr_log=false \
        countermove=false history_malus=false qsearch_skip_bad=false \
        iir_depth=4 mate_distance_pruning=false qsearch_tt=true \
        singular_depth=0 null_r_eval=0 improving=true history_gravity=true \
        aspiration_growth=33; do
        # shellcheck disable=SC2046
        match "ablate-${off%%=*}" $(fast) --self --opponent-threads 1 \
            --opponent-option "$off"
    done
    # Continuation history acts only with history_gravity: both sides
    # have it, one without the continuation tables.
    # shellcheck disable=SC2046
    match ablate-cont_history_bits $(fast) --self --opponent-threads 1 \
        --option history_gravity=true --opponent-option history_gravity=true \
        --opponent-option cont_history_bits=0
}

slowmover() {
    for s in 100 300; do
        # shellcheck disable=SC2046
        match "slowmover-$s" $(fast) --self --opponent-threads 1 \
            --opponent-option "Slow Mover=$s"
    done
}

stockfish() {
    for elo in $LEVELS; do
        match "stockfish-$elo" --games "$SF_GAMES" --time "$TIME" \
            --inc "$INC" --openings-file openings.epd --uci-elo "$elo"
    done
}

# The modern measure of a parallel search: Elo at 2 threads against the
# serial search at 1, at the same time control.
algorithms() {
    for a in abdada simplified-abdada ybwc jamboree lazy-smp pvsplit dts; do
        # shellcheck disable=SC2046
        match "algorithm-$a" $(fast | sed "s/--games $GAMES/--games $ALGO_GAMES/") \
            --threads 2 --option "Algorithm=$a" --self --opponent-threads 1
    done
}

startpos() {
    match startpos --games "$ACCEPT_GAMES" --time "$TIME" --inc "$INC" \
        --startpos --uci-elo "$ACCEPT_ELO"
}

# The acceptance setting again through a client other than ours: xboard
# 4.9 drives both engines through polyglot (Debian's xboard, polyglot and
# xvfb) on a virtual display, and examples/chess/pgn-tally.mjs replays and
# counts the PGN it saves.  The board is drawn without animation or
# textures: drawn in full under Xvfb it added more than 57 ms to one move
# in ten, more than the 50 ms increment.  polyglot 2.0.4 passes no
# increment under a second to its engines, so both think as at sudden
# death while xboard's clocks add it.  A check option is set as 1 through
# xboard ("=true" is silently dropped).  xboard does not always leave
# after the match, so it is stopped once the PGN holds every game.
xboard() {
    . scripts/packages.sh
    install_packages xboard polyglot xvfb
    pgn="$OUT/xboard.pgn"
    rm -f "$pgn" "$OUT/xboard.display"
    Xvfb -displayfd 1 -screen 0 1024x768x24 >"$OUT/xboard.display" 2>/dev/null &
    xvfb=$!
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        [ -s "$OUT/xboard.display" ] && break
        sleep 1
    done
    secs=$(((TIME + 999) / 1000))
    inc=$(awk -v i="$INC" 'BEGIN { printf "%g", i / 1000 }')
    echo "\$ xboard ... -tc 0:$secs -inc $inc -mg $ACCEPT_GAMES" \
        "(UCI_Elo $ACCEPT_ELO)"
    (cd "$OUT" && DISPLAY=":$(cat xboard.display)" PATH="/usr/games:$PATH" \
        exec xboard -fcp "$ENGINE" -fUCI -scp stockfish -sUCI \
        -secondOptions "UCI_LimitStrength=1,UCI_Elo=$ACCEPT_ELO" \
        -tc "0:$secs" -inc "$inc" -mm -mg "$ACCEPT_GAMES" -sgf "$pgn" \
        -xponder -autoCallFlag true -xanimate -useBoardTexture false \
        -highlightMoveWithArrow false -size tiny >"$OUT/xboard.log" 2>&1) &
    gui=$!
    # Each game at most both clocks and their increments over 300 moves.
    limit=$((ACCEPT_GAMES * (2 * TIME + 600 * INC) / 1000 + 60))
    waited=0
    while [ "$waited" -lt "$limit" ] && kill -0 "$gui" 2>/dev/null; do
        done_games=$(grep -c '^\[Result "[012]' "$pgn" 2>/dev/null || true)
        [ "${done_games:-0}" -ge "$ACCEPT_GAMES" ] && break
        sleep 2
        waited=$((waited + 2))
    done
    kill "$gui" 2>/dev/null || true
    wait "$gui" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
    (cd examples/chess && node pgn-tally.mjs --engine pab-chess "$pgn") \
        >"$OUT/xboard.txt" 2>&1 || true
    grep '^summary:' "$OUT/xboard.txt" || {
        tail -n 5 "$OUT/xboard.txt" "$OUT/xboard.log"
        return 1
    }
}

# quality.mjs run ARGS...: the engine's moves or Stockfish's, judged with
# the verdicts cached in $OUT (a level's run judges only the moves the
# engine's did not play).
judge() {
    (cd examples/chess && node quality.mjs run --max "$QUALITY_MAX" \
        --judge-depth "$QUALITY_DEPTH" --cache "$OUT/quality-cache.json" "$@")
}

quality() {
    judge --engine "$ENGINE" --label pab-chess --out "$OUT/quality.json" || return 1
    for elo in $QUALITY_LEVELS; do
        judge --engine /usr/games/stockfish \
            --uci-elo "$elo" --out "$OUT/quality-$elo.json" \
            --baseline "$OUT/quality.json" || return 1
    done
}

status=0
for p in $parts; do
    echo "== $p"
    "$p" || status=1
done
exit "$status"

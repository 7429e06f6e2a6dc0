#!/bin/bash
# Labels training positions with a UCI engine's judgement, for Texel
# tuning (scripts/tune-eval.sh, LABEL=engine): each "FEN result" line of
# standard input comes out as "FEN p", where p blends the engine's score at
# a fixed depth, as white's expected score, with the game's result:
#
#   p = LAMBDA * 1 / (1 + 10^(-cp / 400)) + (1 - LAMBDA) * result
#
# A game's result is one number shared by a hundred positions, most of
# them long before the game was decided; a stronger engine's score is a
# label of each position's own, so the same positions teach the fit far
# more (the method is "Texel tuning with evaluation labels",
# chessprogramming.org).  Mates count as 1 or 0.
#
#   bash scripts/sf-label.sh <data.txt >labelled.txt
#
# Knobs (environment):
#   ENGINE   the UCI engine (default: stockfish, or /usr/games/stockfish)
#   DEPTH    its search depth per position (8: about 9 ms with Stockfish
#            15.1 on this machine's cores)
#   LAMBDA   the engine's share of the label, 0 to 1 (1)
#   STATIC=1 the engine's static evaluation instead of a search: its
#            `eval` command's "Final evaluation +0.25 (white side)" line
#            (Stockfish's, and pab-chess's in the same form), about 0.25 ms
#            a position with Stockfish 15.1 against 9 ms at depth 8, so
#            millions of positions can be labelled; a position in check
#            has none and is dropped
#   JOBS     engines at once, each labelling its share of the lines, the
#            output in the input's order (1)
set -euo pipefail
engine=${ENGINE:-$(command -v stockfish || echo /usr/games/stockfish)}
depth=${DEPTH:-8}
lambda=${LAMBDA:-1}
[ -x "$engine" ] || { echo "sf-label: no engine at $engine" >&2; exit 1; }

if [ "${JOBS:-1}" -gt 1 ]; then
    parts=$(mktemp -d)
    trap 'rm -rf "$parts"' EXIT
    cat >"$parts/all"
    split -n "l/$JOBS" -d "$parts/all" "$parts/in."
    pids=
    for part in "$parts"/in.*; do
        JOBS=1 bash "$0" <"$part" >"$part.out" &
        pids="$pids $!"
    done
    for pid in $pids; do
        wait "$pid"
    done
    cat "$parts"/in.*.out
    exit 0
fi

# The label of one position from white's expected score p and the game's
# result r ("1-0", "0-1", "1/2-1/2" or a number).
blend='function label(fen, p, res,   r) {
    if (res == "1-0") r = 1; else if (res == "0-1") r = 0;
    else if (res == "1/2-1/2") r = 0.5; else r = res + 0;
    printf "%s %.4f\n", fen, lam * p + (1 - lam) * r
}'

# Static labels: every position through one engine process, its answers
# paired with the input lines in order (one "Final evaluation" line per
# `eval`).
if [ "${STATIC:-0}" = 1 ]; then
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    awk 'NF > 1' >"$dir/in"
    { echo uci; awk '{ $NF = ""; print "position fen " $0; print "eval" }' "$dir/in"
      echo quit; } | "$engine" 2>/dev/null | grep '^Final evaluation' >"$dir/out" || true
    if [ "$(wc -l <"$dir/in")" -ne "$(wc -l <"$dir/out")" ]; then
        echo "sf-label: $engine answered $(wc -l <"$dir/out") of $(wc -l <"$dir/in") evals" >&2
        exit 1
    fi
    paste -d '\t' "$dir/in" "$dir/out" | awk -F '\t' -v lam="$lambda" "$blend"'
    $2 ~ /none/ { next }
    {
        res = $1; sub(/.* /, "", res)
        fen = $1; sub(/ [^ ]*$/, "", fen)
        n = split($2, w, " +")
        cp = 100 * w[3]
        label(fen, 1 / (1 + 10 ^ (-cp / 400)), res)
    }'
    exit 0
fi

coproc UCI { "$engine"; }
to=${UCI[1]} from=${UCI[0]}
send() { printf '%s\n' "$*" >&"$to"; }
await() {
    local l
    while IFS= read -r l <&"$from"; do
        [ "${l%% *}" = "$1" ] && return 0
    done
    echo "sf-label: the engine stopped" >&2
    exit 1
}
send uci
await uciok
send "setoption name Threads value 1"
send "setoption name Hash value 16"
send isready
await readyok

# The score of the last complete iteration, side to move's: "cp N" or
# "mate N".
score_of() {
    local l kind= value=
    while IFS= read -r l <&"$from"; do
        case $l in
        info*" score cp "* | info*" score mate "*)
            set -- ${l#* score }
            kind=$1 value=$2
            ;;
        bestmove*)
            break
            ;;
        esac
    done
    echo "$kind $value"
}

while IFS= read -r line; do
    result=${line##* }
    fen=${line% *}
    [ "$fen" = "$line" ] && continue
    send "position fen $fen"
    send "go depth $depth"
    read -r kind value <<<"$(score_of)"
    [ -n "$kind" ] || continue
    set -- $fen
    side=$2
    awk -v kind="$kind" -v v="$value" -v side="$side" -v lam="$lambda" \
        -v res="$result" -v fen="$fen" "$blend"'
    BEGIN {
        if (kind == "mate") p = v > 0 ? 1 : 0;
        else p = 1 / (1 + 10 ^ (-v / 400));
        if (side == "b") p = 1 - p;
        label(fen, p, res)
    }'
done
send quit

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
set -euo pipefail
engine=${ENGINE:-$(command -v stockfish || echo /usr/games/stockfish)}
depth=${DEPTH:-8}
lambda=${LAMBDA:-1}
[ -x "$engine" ] || { echo "sf-label: no engine at $engine" >&2; exit 1; }

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
        -v res="$result" -v fen="$fen" 'BEGIN {
        if (res == "1-0") r = 1; else if (res == "0-1") r = 0;
        else if (res == "1/2-1/2") r = 0.5; else r = res + 0;
        if (kind == "mate") p = v > 0 ? 1 : 0;
        else p = 1 / (1 + 10 ^ (-v / 400));
        if (side == "b") p = 1 - p;
        printf "%s %.4f\n", fen, lam * p + (1 - lam) * r
    }'
done
send quit

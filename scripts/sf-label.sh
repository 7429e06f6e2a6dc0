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
#   STREAM=0 searches one position at a time, each `go` sent once the
#            last `bestmove` is in, for an engine that stops a search
#            when the next command comes (pab-chess does); by default
#            every position goes to the engine at once, as Stockfish
#            queues its searches (the same labels, 0.1 ms a position at
#            depth 1 where a position at a time took some 2 ms)
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

# Search labels: the score of each position's last iteration before its
# `bestmove`, side to move's, as "cp N" or "mate N", into $dir/out.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
awk 'NF > 1' >"$dir/in"
scores='
    /^info .* score (cp|mate) / {
        for (i = 1; i < NF; i++)
            if ($i == "score") { kind = $(i + 1); value = $(i + 2) }
    }
    /^bestmove/ { print kind, value; kind = value = ""; fflush() }'
if [ "${STREAM:-1}" = 1 ]; then
    # Every `go depth` at once: Stockfish starts a search once the one
    # before it has ended.  A last search on the start position ends the
    # stream, so that `quit` cuts short that one, not a labelled one.
    { echo uci
      echo "setoption name Threads value 1"
      echo "setoption name Hash value 16"
      awk -v d="$depth" '{ $NF = ""; print "position fen " $0; print "go depth " d }' "$dir/in"
      echo "position startpos"; echo "go depth 1"; echo quit; } |
        "$engine" 2>/dev/null | awk "$scores" >"$dir/out"
else
    coproc UCI { "$engine"; }
    to=${UCI[1]} from=${UCI[0]}
    printf 'uci\nsetoption name Threads value 1\nsetoption name Hash value 16\n' >&"$to"
    while IFS= read -r line; do
        printf 'position fen %s\ngo depth %s\n' "${line% *}" "$depth" >&"$to"
        kind= value=
        while IFS= read -r answer <&"$from"; do
            case $answer in
            info*" score cp "* | info*" score mate "*)
                set -- ${answer#* score }
                kind=$1 value=$2
                ;;
            bestmove*) break ;;
            esac
        done
        printf '%s %s\n' "$kind" "$value"
    done <"$dir/in" >"$dir/out"
    printf 'quit\n' >&"$to"
fi
unscored=$(head -n "$(wc -l <"$dir/in")" "$dir/out" | grep -c '^ *$' || true)
if [ "$(wc -l <"$dir/out")" -lt "$(wc -l <"$dir/in")" ] || [ "$unscored" -gt 0 ]; then
    echo "sf-label: $engine scored $(($(wc -l <"$dir/out") - unscored)) of" \
        "$(wc -l <"$dir/in") searches (an engine that stops a search at the" \
        "next command needs STREAM=0)" >&2
    exit 1
fi
head -n "$(wc -l <"$dir/in")" "$dir/out" | paste -d '\t' "$dir/in" - |
    awk -F '\t' -v lam="$lambda" "$blend"'
    {
        res = $1; sub(/.* /, "", res)
        fen = $1; sub(/ [^ ]*$/, "", fen)
        split(fen, f, " ")
        split($2, s, " ")
        if (s[1] == "mate") p = s[2] > 0 ? 1 : 0
        else p = 1 / (1 + 10 ^ (-s[2] / 400))
        if (f[2] == "b") p = 1 - p
        label(fen, p, res)
    }'

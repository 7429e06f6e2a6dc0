#!/bin/sh
# pab-chess as a GUI drives it: scripted UCI sessions fed to the real
# binary, every one bounded by timeout(1), and the answers checked --
# the handshake and its options, isready, legal best moves, stop and quit
# in the middle of a search, ponderhit, positions refused with the old one
# kept, mate search, MultiPV, searchmoves, finished games, and the bench
# node count, which at one thread with the serial search is deterministic.
#
# A move is shown legal by the engine itself: playing it in a following
# `position ... moves` must be accepted (an illegal one is refused with an
# info string).  One line per failure, then "check_uci: N passed, N
# failed"; the exit status is 1 on any failure.
#
# The bench count changes whenever the search or the chess module changes
# what it searches; record the new value then (pab-chess bench 5 1 serial).
BENCH_ARGS="5 1 serial"
BENCH_NODES=147001

top_builddir=${top_builddir:-.}
engine="$top_builddir/examples/chess/pab-chess"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() {
    echo "FAIL: $1"
    fail=$((fail + 1))
}
check() { # description, then a command that must succeed
    what=$1
    shift
    if "$@"; then ok; else bad "$what"; fi
}

if [ ! -x "$engine" ]; then
    echo "check_uci: no $engine"
    exit 1
fi

tmp=${TMPDIR:-/tmp}/check_uci.$$
mkdir "$tmp" || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' 1 2 15
out=$tmp/out

# The lines given as arguments, one a line, to the engine; output in $out,
# the exit status in $status.
session() {
    printf '%s\n' "$@" | timeout 30 "$engine" >"$out" 2>&1
    status=$?
}
has() { grep -q -- "$1" "$out"; }
lacks() { ! grep -q -- "$1" "$out"; }
count() { grep -c -- "$1" "$out"; }
bestmove() { sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$out" | tail -n 1; }

# Whether move $2 is legal after `position` command $1: the engine takes
# it and the position changes.
legal_after() {
    case "$1" in
    *" moves "*) then="$1 $2" ;;
    *) then="$1 moves $2" ;;
    esac
    printf '%s\n' "$1" d "$then" d | timeout 10 "$engine" >"$tmp/legal" 2>&1
    [ "$(grep -c '^Fen:' "$tmp/legal")" -eq 2 ] || return 1
    ! grep -q '^info string' "$tmp/legal" || return 1
    [ "$(grep '^Fen:' "$tmp/legal" | sort -u | wc -l)" -eq 2 ]
}
# The FEN `d` shows after the given lines.
fen_after() {
    session "$@" d
    sed -n 's/^Fen: //p' "$out" | tail -n 1
}

# ---- handshake --------------------------------------------------------------

session uci isready quit
check "uci: id name" has '^id name pab-chess '
check "uci: id author" has '^id author '
for opt in "Threads type spin default 1 min 1 max 256" "Hash type spin" \
    "Algorithm type combo" "MultiPV type spin default 1 min 1 max 16" \
    "Ponder type check" "Clear Hash type button" "Move Overhead type spin" \
    "Slow Mover type spin default 200 min 10 max 1000" \
    "TimeStretch type check default true" \
    "rfp_depth type spin default 6 min 0 max 128" \
    "qsearch_tt type check default false" \
    "lazy_same_depth type check default false" \
    "defer_depth type spin default 3 min 0 max 128" \
    "cs_ways type spin default 4 min 1 max 64" \
    "sim_wait type spin default 36 min 0 max 1000000" \
    "split_policy type combo default random-owner var random-owner var highest"; do
    check "uci: option $opt" has "^option name $opt"
done
for algo in serial abdada simplified-abdada ybwc jamboree lazy-smp; do
    check "uci: Algorithm var $algo" has "^option name Algorithm .* var $algo"
done
# Every library option UCI does not set its own way is offered typed, from
# the library's table: no string fallback is left.
check "uci: library options typed" lacks '^option name .* type string'
session uci "setoption name defer_depth value 129" "setoption name defer_depth value 7" uci quit
check "setoption out of the library's range refused" has '^info string defer_depth takes a whole number from 0 to 128$'
check "uci: the option shows its new value" has '^option name defer_depth type spin default 7 min 0 max 128$'
session uci isready quit
check "uci: uciok after the options" \
    test "$(grep -n . "$out" | grep ':uciok$' | cut -d: -f1)" -gt 10
check "isready: readyok" has '^readyok$'
check "quit: status 0" test "$status" -eq 0

session "xyzzy plugh" "  isready  " "joho debug on" isready
check "unknown words ignored, readyok twice" test "$(count '^readyok$')" -eq 2

# ---- go perft ------------------------------------------------------------------

session "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" "go perft 3"
check "go perft 3 (Kiwipete): the published total" has '^Nodes searched: 97862$'
check "go perft 3: one line per legal move" test "$(grep -c '^[a-h][1-8][a-h][1-8][qrbn]\{0,1\}: [0-9]*$' "$out")" -eq 48
session "position startpos moves e2e4 e7e5 g1f3 b8c6 f3g1 c6b8 g1f3 b8c6 f3g1 c6b8" "go perft 2"
# 835 = perft(2) after 1.e4 e5 (pab-bench perft on its FEN): no branch
# stops at the threefold repetitions a knight move would make.
check "go perft after repetitions counts every leaf" has '^Nodes searched: 835$'
session "position startpos" "go perft 4"
check "go perft 4 from the start: 197281" has '^Nodes searched: 197281$'

# Perft runs off the input thread: isready is answered at once, and stop
# and quit end it promptly without a total that would be wrong.  (perft 7
# from the start takes about 20 s, so none of these can finish it.)
timed() { # seconds of pause after the first lines, then the rest
    first=$1 pause=$2 rest=$3
    { printf "$first"; sleep "$pause"; printf "$rest"; } |
        timeout 10 "$engine" >"$out" 2>&1
    status=$?
}
timed 'position startpos\ngo perft 7\nisready\n' 1 'quit\n'
check "go perft 7: isready answered while it counts" has '^readyok$'
check "go perft 7: quit ends it promptly" test "$status" -eq 0
check "go perft 7 quit: no total" lacks '^Nodes searched'
timed 'position startpos\ngo perft 7\n' 0.5 'stop\nisready\ngo perft 3\n'
check "go perft 7 stop: says it stopped" has '^info string perft 7 stopped'
check "go perft 7 stop: only the next count's total" test "$(count '^Nodes searched')" -eq 1
check "go perft 7 stop: then perft 3 counts 8902" has '^Nodes searched: 8902$'
timed 'position startpos\ngo perft 256\n' 0.3 'quit\n'
check "go perft 256: quit ends it" test "$status" -eq 0
# Bad depths: one line each, nothing runs, the engine goes on.
session "position startpos" "go perft 0" "go perft -1" "go perft x" "go perft" \
    "go perft 257" "go perft 300" "go perft depth 3" isready "go perft 3"
check "go perft with a bad depth: one info string each" test "$(count '^info string go perft takes a depth from 1 to 256$')" -eq 7
check "go perft with a bad depth: no search" lacks '^bestmove'
check "go perft with a bad depth: the engine answers" has '^readyok$'
check "go perft with a bad depth: then perft 3 counts 8902" test "$(grep '^Nodes searched' "$out")" = "Nodes searched: 8902"

# ---- eval: the static evaluation, white's side -----------------------------
# The start position is symmetric: both parts 0, and the side to move has
# only the tempo (TUNE_TEMPO in examples/games/chess_tune.h).
tempo=$(sed -n 's/^#define TUNE_TEMPO  *\([0-9]*\)$/\1/p' \
    "${top_srcdir:-.}/examples/games/chess_tune.h")
session "position startpos" eval \
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1" eval \
    "position fen 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1" eval quit
check "eval: the start position's parts are 0" \
    test "$(count '^Middle game +0.00, endgame +0.00, phase 24 of 24 (white side)$')" -eq 2
check "eval: white to move has the tempo ($tempo)" \
    has "^Final evaluation  *+$(awk -v t="$tempo" 'BEGIN { printf "%.2f", t / 100 }') (white side)$"
check "eval: black to move, the tempo for black" \
    has "^Final evaluation  *-$(awk -v t="$tempo" 'BEGIN { printf "%.2f", t / 100 }') (white side)$"
check "eval: none in check" has '^Final evaluation: none (in check)$'
# EvalNet: the correction shows, goes with false, and a bad value is
# refused with the setting kept.
session "position startpos moves e2e4" eval "setoption name EvalNet value maybe" \
    eval "setoption name EvalNet value false" eval quit
check "EvalNet: on by default, and kept after a bad value" \
    test "$(count '^Network correction [-+][0-9.]* (white side)$')" -eq 2
check "EvalNet: a bad value refused" has '^info string EvalNet takes true or false$'
check "EvalNet false: three evaluations, the last without the correction" \
    test "$(count '^Final evaluation  *[-+]')" -eq 3

# ---- a search ---------------------------------------------------------------

session "position startpos moves e2e4 e7e5" "go depth 5"
move=$(bestmove)
check "go depth 5: info lines up to depth 5" has '^info depth 5 seldepth [0-9]* multipv 1 score cp -\{0,1\}[0-9]* nodes [0-9]* nps [0-9]* hashfull [0-9]* time [0-9]* pv '
check "go depth 5: a legal bestmove ($move)" \
    legal_after "position startpos moves e2e4 e7e5" "$move"
check "go depth 5: a legal ponder move" \
    legal_after "position startpos moves e2e4 e7e5 $move" \
    "$(sed -n 's/^bestmove [^ ]* ponder \([^ ]*\)$/\1/p' "$out")"

session "position startpos" "go depth 4 searchmoves a2a3 h2h4"
move=$(bestmove)
check "searchmoves: bestmove among them ($move)" \
    test "$move" = a2a3 -o "$move" = h2h4

session "position startpos" "go nodes 20000"
check "go nodes: a bestmove" legal_after "position startpos" "$(bestmove)"

session "position startpos" "go wtime 1000 btime 1000 winc 10 binc 10"
check "go wtime: a bestmove" legal_after "position startpos" "$(bestmove)"

# ---- stop, quit and ponderhit in the middle of a search -----------------------

# If stop did nothing, the bestmove would only come at the end of the
# input, after the second readyok.
{
    echo "go infinite"
    sleep 1
    echo stop
    sleep 1
    echo isready
} | timeout 20 "$engine" >"$out" 2>&1
check "stop: bestmove before the next readyok" \
    test "$(grep -n '^bestmove\|^readyok' "$out" | head -n 1 | cut -d: -f2 | cut -c1-8)" = bestmove
check "stop: a legal bestmove" legal_after "position startpos" "$(bestmove)"

# quit while searching: exit 0 long before the input ends.
{
    echo "go infinite"
    sleep 1
    echo quit
    sleep 8
} | {
    timeout 5 "$engine" >"$out" 2>&1
    echo $? >"$tmp/status"
}
check "quit mid-search: exit 0 within seconds" test "$(cat "$tmp/status")" -eq 0

# go ponder: no bestmove before ponderhit; after it, one within the time.
{
    echo "position startpos moves e2e4"
    echo "go ponder wtime 3000 btime 3000"
    sleep 1
    echo isready
    sleep 0.2
    echo ponderhit
    sleep 3
    echo isready
} | timeout 20 "$engine" >"$out" 2>&1
check "ponder: readyok, then bestmove, then readyok" \
    test "$(grep '^bestmove\|^readyok' "$out" | cut -c1-8 | tr '\n' ' ')" = "readyok bestmove readyok "

# ---- positions refused ------------------------------------------------------------

start_e4=$(fen_after "position startpos moves e2e4")
got=$(fen_after "position startpos moves e2e4" "position fen this/is/not/a/fen w - - 0 1")
check "bad FEN: info string" has '^info string bad FEN'
check "bad FEN: previous position kept" test "$got" = "$start_e4"
session "position startpos moves e2e4" "position fen rnbqkbnr/pppppppp/8 w" "go depth 3"
check "bad FEN then go: black's legal move" \
    legal_after "position startpos moves e2e4" "$(bestmove)"

got=$(fen_after "position startpos moves e2e4" "position startpos moves d2d4 d7d5 e1e8")
check "illegal move: info string" has "^info string illegal move 'e1e8'"
check "illegal move: previous position kept" test "$got" = "$start_e4"
session "position startpos moves e2e4" "position startpos moves g1f3 g1f3" "go depth 3"
check "illegal move then go: black's legal move" \
    legal_after "position startpos moves e2e4" "$(bestmove)"

# ---- mate, MultiPV, finished games -------------------------------------------------

session "position fen r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1" \
    "go mate 2"
check "go mate 2: score mate 2" has '^info .* score mate 2 '
check "go mate 2: the mating move d5f6" test "$(bestmove)" = d5f6

session "setoption name MultiPV value 3" "position startpos" "go depth 4"
for d in 1 2 3 4; do
    for k in 1 2 3; do
        check "MultiPV 3: depth $d line $k" has "^info depth $d .*multipv $k "
    done
done
check "MultiPV 3: no fourth line" lacks 'multipv 4'

session "position fen k7/1Q6/1K6/8/8/8/8/8 b - - 0 1" "go depth 5"
check "checkmated: score mate 0" has '^info depth 0 score mate 0'
check "checkmated: bestmove 0000" test "$(bestmove)" = 0000
session "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" "go depth 5"
check "stalemate: bestmove 0000" test "$(bestmove)" = 0000

# ---- options --------------------------------------------------------------------

session "setoption name Hash value 0" "setoption name Threads value 999" \
    "setoption name Algorithm value mtdf" "setoption name No Such value 1" \
    "setoption name cs_size value 1000" isready
check "refused options: one info string each" test "$(count '^info string')" -eq 5
session "setoption name StagedMoves value false" "position startpos" "go depth 5" \
    "setoption name StagedMoves value maybe" isready
check "StagedMoves false: a legal bestmove" legal_after "position startpos" "$(bestmove)"
check "StagedMoves maybe: refused" test "$(count '^info string')" -eq 1
session uci "setoption name lmr_r value 2" uci quit
check "uci: the tunables are options" has '^option name lmr_r type spin default 2 min 0 max 128$'
check "uci: time_soft_ms is go's, not an option" lacks '^option name time_soft_ms'
# Root moves are reported once the search has run a second; in three more
# seconds some root move starts (an iteration of the start position takes
# well under that here), and the periodic line comes every second.
timed 'position startpos\ngo infinite\n' 4 'stop\nquit\n'
check "go infinite: info currmove after a second" has '^info depth [0-9]* currmove [a-h][1-8][a-h][1-8][qrbn]* currmovenumber [1-9]'
check "go infinite: periodic info nodes" has '^info depth [0-9]* seldepth [0-9]* nodes [0-9]* nps [0-9]* hashfull [0-9]* time [0-9]*$'
for algo in serial abdada simplified-abdada ybwc jamboree lazy-smp; do
    session "setoption name Threads value 2" "setoption name Algorithm value $algo" \
        "setoption name Hash value 8" "ucinewgame" "position startpos" "go depth 4"
    check "Threads 2 $algo: a legal bestmove" \
        legal_after "position startpos" "$(bestmove)"
done

# ---- bench -----------------------------------------------------------------------

# shellcheck disable=SC2086
nodes=$(timeout 120 "$engine" bench $BENCH_ARGS 2>&1 | sed -n 's/^Nodes searched: //p')
check "bench $BENCH_ARGS: $nodes nodes, recorded $BENCH_NODES" \
    test "$nodes" = "$BENCH_NODES"
lines=$(timeout 120 "$engine" bench 3 2>/dev/null | grep -c '^ *[0-9][0-9]* [a-h][1-8][a-h][1-8]')
check "bench: 24 position lines" test "$lines" -eq 24
# The plain table still searches (bench's optional fourth argument).
# shellcheck disable=SC2086
plain=$(timeout 120 "$engine" bench $BENCH_ARGS plain 2>&1 | sed -n 's/^Nodes searched: //p')
check "bench $BENCH_ARGS plain: $plain nodes, fewer with staged moves" \
    test "$plain" -gt "$nodes"
# The direct loop visits exactly the library's nodes (status 0 only then):
# at depth 9 the singular extension (from depth 8) acts, and a second run
# turns on the rules that are off by default.
direct=$(timeout 600 "$engine" direct 9 2>&1 | grep -c ' same$')
check "direct 9: the same nodes on all 24 positions ($direct)" test "$direct" -eq 24
direct=$(timeout 600 "$engine" direct 8 1 lmr_history=1000 lmp_depth=6 \
    see_prune_depth=3 aspiration_growth=33 singular_depth=6 improving=true \
    history_gravity=true lmr_refutation=true lmr_tt_noisy=true \
    probcut_depth=5 singular_negative=true 2>&1 |
    grep -c ' same$')
check "direct 8 with the rules off by default on: the same nodes ($direct)" \
    test "$direct" -eq 24

echo "check_uci: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

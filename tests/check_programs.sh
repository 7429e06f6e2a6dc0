#!/bin/sh
# The example programs as a user drives them: pab-bench's commands and
# output lines, its errors (one line, exit 2), and pab-tictactoe against a
# scripted person (bad input is refused and the game goes on) and itself.
top_builddir=${top_builddir:-.}
bench="$top_builddir/examples/bench/pab-bench"
ttt="$top_builddir/examples/tictactoe/pab-tictactoe"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
expect_line() { # description, expected last line, command...
    what=$1 want=$2; shift 2
    got=$("$@" 2>/dev/null | tail -n 1)
    [ "$got" = "$want" ] && ok || bad "$what: got '$got', want '$want'"
}

expect_line "tictactoe perft 9" "Nodes searched: 127872" \
    "$bench" perft --game=tictactoe --depth=9
expect_line "connect4 perft 6 (7^6: no game ends before 7 stones)" "Nodes searched: 117649" \
    "$bench" perft --game=connect4 --depth=6
expect_line "othello perft 5" "Nodes searched: 1396" \
    "$bench" perft --game=othello --depth=5
expect_line "tictactoe solve" "score 0" "$bench" solve --game=tictactoe
expect_line "connect4 solve" "score 6" \
    "$bench" solve --game=connect4 --position=67152117737262713366376314254

out=$("$bench" search 2>/dev/null | tail -n 1)
case "$out" in
"bestmove "[1-9]" score 0 depth 9 nodes "*" time_ms "*) ok ;;
*) bad "default search line: '$out'" ;;
esac

# compare with lists of algorithms and threads, the last --algos counting
# (its copy of the list once leaked: exit 1 under AddressSanitizer), an
# algorithm named twice measured once.
out=$("$bench" compare --algos=jamboree --algos=serial,ybwc,ybwc --threads=1,2 2>&1)
status=$?
if [ "$status" -eq 0 ] && echo "$out" | grep -Eq '^ybwc +2[ !] ' &&
    [ "$(echo "$out" | grep -c '^ybwc ')" -eq 2 ] &&
    ! echo "$out" | grep -q '^jamboree'; then
    ok
else
    bad "compare --algos: status $status, output: $out"
fi

# Errors: one line on stderr, exit status 2, nothing on stdout.
for args in "search --game=chesss" "search --depth=x" "perft --game=tictactoe" \
    "search --algo=mtdf" "frobnicate" "search --game=connect4 --position=9" \
    "search --threads=0" "compare --algos=serial,,ybwc" "compare --algos=mtdf" \
    "compare --threads=1,x" "compare --frobnicate" "compare --threads=2 --simulate=4" \
    "compare --sim-calibrate" \
    "search --opt threads=0" "search --opt warp_speed=9" "search --opt split_policy=left"; do
    # shellcheck disable=SC2086
    "$bench" $args >"$top_builddir/tests/prog.out" 2>"$top_builddir/tests/prog.err"
    status=$?
    lines=$(wc -l <"$top_builddir/tests/prog.err")
    if [ "$status" -eq 2 ] && [ "$lines" -eq 1 ] && [ ! -s "$top_builddir/tests/prog.out" ]; then
        ok
    else
        bad "pab-bench $args: status $status, $lines stderr lines"
    fi
done

# --sim-calibrate: each algorithm's extra cost per node, which the CSV
# gives per row (serial none), is what the closing line says, and every
# row of the algorithm carries it; the one-processor row's ticks grow by at
# least the extra times its nodes (more only where the interleaving of
# noise changes), so the extra is charged.
csv="$top_builddir/tests/prog.csv"
out=$("$bench" compare --game=connect4 --depth=6 --algos=ybwc,jamboree \
    --simulate=1,2 --sim-calibrate --opt sim_jitter=0 --csv="$csv" 2>&1)
status=$?
line=$(echo "$out" | grep '^(--sim-calibrate: ')
serial_extra=$(awk -F, '$1 == "serial" { print $14 }' "$csv" 2>/dev/null)
consistent=yes
for a in ybwc jamboree; do
    said=$(echo "$line" | sed -n "s/.* $a [-+][0-9.]* % \([0-9]*\);.*/\1/p")
    rows=$(awk -F, -v a="$a" '$1 == a { print $14 }' "$csv" 2>/dev/null | sort -u)
    [ -n "$said" ] && [ "$rows" = "$said" ] || consistent="no ($a: said '$said', rows '$rows')"
done
if [ "$status" -eq 0 ] && [ "$serial_extra" = 0 ] && [ "$consistent" = yes ]; then
    ok
else
    bad "compare --sim-calibrate: status $status, $consistent, $line"
fi
plain=$("$bench" compare --game=connect4 --depth=6 --algos=ybwc --simulate=1 \
    --opt sim_jitter=0 2>/dev/null | awk '$1 == "ybwc" { print $3, $4 }')
extra=$(awk -F, '$1 == "ybwc" && $2 == 1 { print $3, $4, $14 }' "$csv" 2>/dev/null)
echo "$plain $extra" | awk '{ exit !($3 >= $1 + $2 * $5 / 1000 - 1 && $4 == $2) }' &&
    ok || bad "--sim-calibrate: ybwc on one processor '$plain' then '$extra'"
rm -f "$csv"

# --opt's errors and `options` speak from the library's option table.
err=$("$bench" search --opt defer_depth=200 2>&1)
[ "$err" = "pab-bench: --opt defer_depth=200: defer_depth takes a whole number from 0 to 128 plies" ] &&
    ok || bad "--opt out of range: '$err'"
out=$("$bench" options)
echo "$out" | grep -q '^defer_depth ' &&
    echo "$out" | grep -q 'takes a whole number from 0 to 128 plies; default 3$' &&
    echo "$out" | grep -q 'takes one of random-owner, highest, select; default random-owner$' &&
    [ "$(echo "$out" | grep -c 'takes ')" -ge 39 ] && ok ||
    bad "pab-bench options: $(echo "$out" | head -n 4)"

# A person who types nonsense, an occupied square, then plays on to the end.
out=$(printf 'x\n0\n5\n5\n1\n2\n3\n4\n6\n7\n8\n9\n' |
    "$ttt" --first=human 2>&1)
echo "$out" | grep -q "'x' is not an empty square" && ok || bad "bad input not refused"
echo "$out" | grep -q "'5' is not an empty square" && ok || bad "occupied square not refused"
echo "$out" | tail -n 1 | grep -Eq '^(draw|O wins)$' && ok ||
    bad "perfect play lost to a person: $(echo "$out" | tail -n 1)"
expect_line "self play is a draw" "draw" "$ttt" --self
rm -f "$top_builddir/tests/prog.out" "$top_builddir/tests/prog.err"
echo "check_programs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

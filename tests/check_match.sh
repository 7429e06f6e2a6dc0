#!/bin/sh
# The match runner, examples/chess/match.mjs: its statistics against values
# computed independently, its openings file, its referee on two scripted
# engines (one plays an illegal move, one dies), and two quick games of
# pab-chess against pab-chess with other settings, whose PGN, summary line
# and JSON are checked.
#
# Skipped (77) without node, or without node-uci and chess.js
# (cd examples/chess && npm install).  One line per failure, then
# "check_match: N passed, N failed"; the exit status is 1 on any failure.
#
# The reference values (bc -l, from the formulas, not from match.mjs):
#   Elo of a score of 0.75: -400 log10(1/0.75 - 1) = 400 log10(3)
#     = 190.8485
#   s1 = 1 / (1 + 10^(-5/400)) = 0.5071951 (the expected score at +5 Elo),
#   s0 = 1/2, and LLR = N (s1 - s0) (2 mu - s0 - s1) / (2 var):
#   W/D/L 100/100/100, elo0 0, elo1 5: N 300, mu 1/2, var 1/6,
#     LLR = 300 * 0.0071951 * (-0.0071951) * 3 = -0.046592 (negative:
#     leaning to H0, no decision)
#   W/D/L 200/80/20 (counts [L, D, W] = [20, 80, 200]): mu 0.8,
#     var (20 * 0.64 + 80 * 0.09 + 200 * 0.04) / 300 = 0.093333,
#     LLR = 300 * 0.0071951 * (1.6 - 1.0071951) / 0.186667 = 6.854914,
#     above the upper bound log(0.95 / 0.05) = 2.944439: H1 accepted
#   Pentanomial pairs [5, 10, 20, 10, 5] (pair scores 0, 1/4 .. 1): N 50,
#     mu 1/2, var (5/4 + 10/16 + 10/16 + 5/4) / 50 = 0.075,
#     LLR = 50 * 0.0071951 * (-0.0071951) / 0.15 = -0.017256
#   Pentanomial [0, 2, 10, 20, 18], its 0 taken as 0.001: N 50.001,
#     mu 38.5 / 50.001 = 0.769985, LLR = 2.148255 (between the bounds)
#   Bounds at alpha = beta = 0.05: -2.944439 and 2.944439.
#   W/D/L 60/30/10: p 0.75, var 0.1125, p +- 1.96 sqrt(0.1125 / 100) =
#     0.684260 .. 0.815740, Elo 134.356 .. 258.449.

top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
dir="$top_srcdir/examples/chess"
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

if ! command -v node >/dev/null 2>&1; then
    echo "check_match: no node, skipped"
    exit 77
fi
if ! (cd "$dir" && node --input-type=module \
    -e "import 'node-uci'; import 'chess.js';") >/dev/null 2>&1; then
    echo "check_match: no node-uci or chess.js (cd examples/chess && npm install), skipped"
    exit 77
fi
if [ ! -x "$engine" ]; then
    echo "check_match: no $engine"
    exit 1
fi
engine=$(cd "$(dirname "$engine")" && pwd)/pab-chess
match=$(cd "$dir" && pwd)/match.mjs

tmp=${TMPDIR:-/tmp}/check_match.$$
mkdir "$tmp" || exit 1
trap 'rm -rf "$tmp"' 0

# The checks the node scripts below share: a value near the expected one
# (within `tol`), one equal to it, and the exit status they add up to.
cat >"$tmp/assert.mjs" <<'EOF'
let failed = 0;
const report = (what, got, want) => {
  console.log(`FAIL: ${what}: ${got}, expected ${want}`);
  failed++;
};
export const near = (what, got, want, tol = 5e-4) => {
  if (!(Math.abs(got - want) < tol)) report(what, got, want);
};
export const same = (what, got, want) => {
  if (got !== want) report(what, got, want);
};
export const done = () => process.exit(failed ? 1 : 0);
EOF

# --- the statistics, and the openings file, through the exported functions
cat >"$tmp/stats.mjs" <<EOF
import { readFileSync } from 'node:fs';
import * as m from '$match';
import { near, same, done } from '$tmp/assert.mjs';
near('elo of 0.75', m.eloFromScore(0.75), 190.8485);
near('elo of 0.5', m.eloFromScore(0.5), 0);
near('score at +5', m.scoreFromElo(5), 0.5071951);
near('llr 100/100/100', m.llr(0, 5, [100, 100, 100]), -0.046592);
near('llr 200/80/20', m.llr(0, 5, [20, 80, 200]), 6.854914);
near('llr pentanomial', m.llr(0, 5, [5, 10, 20, 10, 5]), -0.017256);
near('llr pentanomial with a 0', m.llr(0, 5, [0, 2, 10, 20, 18]), 2.148255);
same('llr of nothing', m.llr(0, 5, [0, 0, 0]), 0);
const b = m.sprtBounds(0.05, 0.05);
near('lower bound', b.lower, -2.944439);
near('upper bound', b.upper, 2.944439);
same('100/100/100 undecided', m.sprtDecision(m.llr(0, 5, [100, 100, 100]), b), null);
same('200/80/20 accepts H1', m.sprtDecision(m.llr(0, 5, [20, 80, 200]), b), 'H1');
same('-3 accepts H0', m.sprtDecision(-3, b), 'H0');
same('ready without a loss', m.sprtReady(3, 2, 0), false);
same('ready', m.sprtReady(1, 1, 1), true);
same('PGN clock of 1 h 2 min 3.4564 s', m.pgnClock(3723456.4), '1:02:03.456');
same('PGN clock of a flag fall', m.pgnClock(-5), '0:00:00.000');
const s = m.parseSprt('-1.5,3.5');
same('sprt spec', [s.elo0, s.elo1, s.alpha, s.beta].join(), '-1.5,3.5,0.05,0.05');
same('sprt spec with alpha, beta', m.parseSprt('0,5,0.1,0.2').beta, 0.2);
const e = m.eloEstimate(60, 30, 10);
near('elo 60/30/10', e.elo, 190.8485);
near('elo 60/30/10 low', e.lo, 134.356);
near('elo 60/30/10 high', e.hi, 258.449);
const book = m.parseOpenings(readFileSync('$dir/openings.epd', 'utf8'));
same('openings.epd at least 50', book.length >= 50, true);
same('openings.epd all distinct', new Set(book.map((o) => o.fen)).size, book.length);
same('openings.epd named', book.every((o) => o.name && o.fen), true);
same('moves line', m.parseOpening('e2e4 c7c5 g1f3').moves.length, 3);
same('EPD with fmvn', m.parseOpening('8/8/8/4k3/8/8/4P3/4K3 w - - fmvn 40;').fen,
  '8/8/8/4k3/8/8/4P3/4K3 w - - 0 40');
let refused = '';
try {
  m.parseOpenings('# a comment\ne2e4 e7e5\ne2e4 e2e5\n', 'f');
} catch (err) {
  refused = err.message;
}
same('illegal opening refused', refused, 'f:3: illegal move e2e5');
done();
EOF
check "statistics and openings" node "$tmp/stats.mjs"

# --- usage errors exit 2 before any game
usage() { # arguments; must exit 2
    node "$match" --engine "$engine" "$@" >/dev/null 2>&1
    [ $? -eq 2 ]
}
printf 'e2e4 e7e5\ne2e4 e2e5\n' >"$tmp/bad.txt"
check "a bad openings file is refused" usage --self --openings-file "$tmp/bad.txt"
check "--uci-elo is only for Stockfish" usage --self --uci-elo 1500
check "--sprt needs elo0 < elo1" usage --self --sprt 5,0
check "two starts refused" usage --self --startpos --openings

# --- the referee, on scripted engines
cat >"$tmp/illegal.sh" <<'EOF'
#!/bin/sh
# A UCI engine whose every move is a2a5: never legal.
while read -r line; do
    case $line in
    uci) echo "id name illegal"; echo uciok ;;
    isready) echo readyok ;;
    go*) echo "bestmove a2a5" ;;
    quit) exit 0 ;;
    esac
done
EOF
sed -e 's/every move is a2a5: never legal/process dies when asked to move/' \
    -e 's/"id name illegal"/"id name dies"/' \
    -e 's/go\*) echo "bestmove a2a5" ;;/go*) exit 3 ;;/' \
    "$tmp/illegal.sh" >"$tmp/dies.sh"
chmod +x "$tmp/illegal.sh" "$tmp/dies.sh"
for kind in illegal dies; do
    node "$match" --engine "$engine" --threads 1 --opponent "$tmp/$kind.sh" \
        --startpos --games 2 --time 2000 --inc 20 --pgn "$tmp/$kind.pgn" \
        >"$tmp/$kind.out" 2>&1
    status=$?
    check "$kind: exit status 0 (the opponent's fault) [$status]" test "$status" -eq 0
    if [ "$kind" = illegal ]; then want="illegal=0/2 timeloss=0/0 crash=0/0"
    else want="illegal=0/0 timeloss=0/0 crash=0/2"; fi
    check "$kind: summary with $want" \
        grep -q "^summary: games=2 wdl=2/0/0 score=2/2 .* $want\$" "$tmp/$kind.out"
    check "$kind: PGN says why" grep -q "$( [ $kind = illegal ] &&
        echo 'Termination "rules infraction"' || echo 'Termination "abandoned"')" \
        "$tmp/$kind.pgn"
done
[ "$fail" -eq 0 ] || cat "$tmp/illegal.out" "$tmp/dies.out"

# --- what go tells the engines, with and without --hide-increment: an
# opponent that writes down its go and then moves illegally
sed -e 's/every move is a2a5: never legal/writes down each go, then plays a2a5/' \
    -e 's/go\*) echo "bestmove a2a5" ;;/go*) echo "$line" >>"$GO_LOG"; echo "bestmove a2a5" ;;/' \
    "$tmp/illegal.sh" >"$tmp/golog.sh"
chmod +x "$tmp/golog.sh"
for hide in "" --hide-increment; do
    GO_LOG="$tmp/go$hide.log" node "$match" --engine "$engine" --threads 1 \
        --opponent "$tmp/golog.sh" --startpos --games 2 --time 2000 --inc 20 \
        $hide >"$tmp/go$hide.out" 2>&1
done
check "go announces the increment" \
    grep -Eq '^go wtime [0-9]+ btime [0-9]+ winc 20 binc 20$' "$tmp/go.log"
check "--hide-increment: go tells only the clocks" \
    grep -Eq '^go wtime [0-9]+ btime [0-9]+$' "$tmp/go--hide-increment.log"
check "--hide-increment: the report names the hidden increment" \
    grep -q '2 s + 0.02 s (the increment not announced)' "$tmp/go--hide-increment.out"

# --- two games, pab-chess against pab-chess with another algorithm
node "$match" --engine "$engine" --self --threads 1 --games 2 --time 1000 \
    --inc 20 --max-moves 40 --openings-file "$dir/openings.epd" \
    --option Algorithm=serial --opponent-option Algorithm=lazy-smp \
    --sprt 0,10 --pgn "$tmp/x.pgn" --json "$tmp/x.json" >"$tmp/x.out" 2>&1
status=$?
summary=$(grep '^summary: ' "$tmp/x.out")
pattern='^summary: games=2 wdl=[0-2]/[0-2]/[0-2] score=[0-9.]*/2 elo=-?[0-9.]* error=[0-9.]* llr=-?[0-9.]* lower=-2.944 upper=2.944 sprt=(H0|H1|inconclusive) illegal=0/0 timeloss=[0-9]/[0-9] crash=0/0$'
check "self-play summary parses: $summary" \
    sh -c 'echo "$1" | grep -Eq "$2"' - "$summary" "$pattern"
wdl=$(echo "$summary" | sed -n 's/.* wdl=\([0-9]*\)\/\([0-9]*\)\/\([0-9]*\) .*/\1 \2 \3/p')
set -- $wdl
check "self-play W+D+L is 2 ($wdl)" test "$(( ${1:-0} + ${2:-0} + ${3:-0} ))" -eq 2
# A time loss on a busy machine is reported, not failed; anything else is.
if echo "$summary" | grep -q 'timeloss=0/0'; then
    check "self-play exit status 0 [$status]" test "$status" -eq 0
else
    echo "check_match: note: a time loss in self-play ($summary)"
fi
check "PGN has 2 games" test "$(grep -c '^\[Event ' "$tmp/x.pgn")" -eq 2
check "PGN has 2 results" test "$(grep -Ec '^\[Result "(1-0|0-1|1/2-1/2)"\]$' "$tmp/x.pgn")" -eq 2
check "PGN movetext ends in the results" \
    test "$(grep -Ec '(1-0|0-1|1/2-1/2)$' "$tmp/x.pgn")" -eq 2
for tag in Site Date Round White Black TimeControl SetUp FEN Termination; do
    check "PGN has 2 $tag tags" test "$(grep -c "^\[$tag " "$tmp/x.pgn")" -eq 2
done
plies=$(( $(sed -n 's/^\[PlyCount "\([0-9]*\)"\]$/\1/p' "$tmp/x.pgn" | paste -sd+ -) ))
check "PGN: a clock and a think for each of the $plies plies" \
    test "$(grep -o '\[%clk [0-9]:[0-9][0-9]:[0-9][0-9]\.[0-9]\{3\}\] \[%emt [0-9:.]*\]' "$tmp/x.pgn" | wc -l)" -eq "$plies"
check "think per move reported for both sides" \
    test "$(grep -Ec ': think per move [0-9]+ ms at moves 1-20.*; clock left at the end [0-9.]+ s on average$' "$tmp/x.out")" -eq 2
check "the games swap colours" sh -c \
    'grep "^\[White " "$1" | sort -u | wc -l | grep -qx " *2"' - "$tmp/x.pgn"
check "JSON agrees" node -e '
const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const ok = j.games === 2 && j.wins + j.draws + j.losses === 2 &&
  j.results.length === 2 && j.engine.illegal_moves === 0 &&
  j.opponent.crashes === 0 && j.sprt && j.sprt.model === "pentanomial" &&
  j.pentanomial.reduce((a, b) => a + b, 0) === 1 &&
  j.engine.think.phases[0].count > 0 && j.engine.think.end_clock_ms !== null;
process.exit(ok ? 0 : 1);' "$tmp/x.json"
[ "$fail" -eq 0 ] || cat "$tmp/x.out"

# --- quality.mjs: its statistics (values from the formulas, bc -l:
# 1 / (1 + 10^(-400/400)) = 10/11 = 0.909091; the sample 1 2 3 4 has mean
# 2.5, variance 5/3 and 95 % half-width 1.96 sqrt(5/12) = 1.265174), the
# positions it takes from a PGN, and two judged moves: a mate in one
# played (loss 0: the judge's best is the same mate) and a quiet move
# instead (loss near 1), and the errors: an illegal move, a bad
# position.  The judge is pab-chess at depth 3, which finds the mate; the
# engines are scripted to play one move.
quality=$(cd "$dir" && pwd)/quality.mjs
cat >"$tmp/q.pgn" <<'EOF'
[Event "t"]
[White "pab-chess 0.8"]
[Black "other"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 {book} a6 1/2-1/2
EOF
# Black to move first, as match.mjs writes it ("1. ... e5").
cat >"$tmp/qb.pgn" <<'EOF'
[Event "t"]
[White "other"]
[Black "pab-chess 0.9"]
[Result "*"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

1. ... e5 2. Nf3 Nc6 3. Bb5 a6 *
EOF
cat >"$tmp/qstats.mjs" <<EOF
import { readFileSync } from 'node:fs';
import * as q from '$quality';
import { near, same, done } from '$tmp/assert.mjs';
const tol = 5e-6;
near('expected score of 0', q.expectedScore(0), 0.5, tol);
near('expected score of 400', q.expectedScore(400), 0.909091, tol);
same('mate in 3', q.scoreCp('mate', 3), 99997);
same('mated in 2', q.scoreCp('mate', -2), -99998);
same('cp', q.scoreCp('cp', -35), -35);
const m = q.meanError([1, 2, 3, 4]);
near('mean', m.mean, 2.5, tol);
near('95 % half-width', m.error, 1.265174, tol);
const pgn = readFileSync('$tmp/q.pgn', 'utf8');
const all = q.positionsOf(pgn, { player: 'pab-chess', every: 1, from: 1, to: 99 });
same('white moves of pab-chess', all.length, 3);
const late = q.positionsOf(pgn, { player: 'pab-chess', every: 1, from: 4, to: 99 });
same('the position before 3. Bb5', late.join(),
  'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
const blackFirst = q.positionsOf(readFileSync('$tmp/qb.pgn', 'utf8'),
  { player: 'pab-chess', every: 1, from: 1, to: 99 });
same('black moves first: all three of its moves', blackFirst.length, 3);
same('the position before 3. ... a6', blackFirst[2],
  'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3');
let threw = '';
try {
  q.positionsOf('[Event "t"]\n[White "pab-chess"]\n[Black "x"]\n\n1. e4 e5 2. Kxe8 *\n',
    { player: 'pab-chess', every: 1, from: 1, to: 99 });
} catch (e) {
  threw = e.message;
}
same('a word that is not a move stops with its name', threw,
  'Kxe8 is not a move in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
same('none for a player not in the game',
  q.positionsOf(pgn, { player: 'nobody', every: 1, from: 1, to: 99 }).length, 0);
done();
EOF
check "quality.mjs statistics and positions" node "$tmp/qstats.mjs"

# pgn-tally.mjs on a PGN as xboard writes it: a win by mate, a draw, a
# loss on time, a win by the opponent's illegal move (its last move is one
# chess.js refuses), and an unfinished game left out.
tally=$(cd "$dir" && pwd)/pgn-tally.mjs
cat >"$tmp/x.pgn" <<'EOF'
[Event "xboard match"]
[White "pab-chess 0.12.1"]
[Black "Stockfish 15.1"]
[Result "1-0"]

1. e4 {+0.45/11} e5 {-0.33/15 0.2} 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#
{Xboard adjudication: Checkmate} 1-0

[Event "xboard match"]
[White "Stockfish 15.1"]
[Black "pab-chess 0.12.1"]
[Result "1/2-1/2"]

1. e4 e5 {Draw by repetition} 1/2-1/2

[Event "xboard match"]
[White "Stockfish 15.1"]
[Black "pab-chess 0.12.1"]
[Result "1-0"]

1. d4 d5 2. c4 {White wins on time} 1-0

[Event "xboard match"]
[White "pab-chess 0.12.1"]
[Black "Stockfish 15.1"]
[Result "1-0"]

1. e4 e5 2. Nf3 Ke7 3. Bc4 Kf5 {Black makes an illegal move} 1-0

[Event "xboard match"]
[White "Stockfish 15.1"]
[Black "pab-chess 0.12.1"]
[Result "*"]

1. e4 *
EOF
check "pgn-tally.mjs counts xboard's PGN" sh -c "(cd '$dir' && node '$tally' --engine pab-chess '$tmp/x.pgn') | tail -n 1 |
    grep -qx 'summary: games=4 wdl=2/1/1 score=2.5/4 elo=88.7 error=[0-9.]* illegal=0/1 timeloss=1/0 crash=0/0'"

echo 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4' >"$tmp/q.epd"
for m in h5f7 a2a3; do
    sed -e "s/a2a5/$m/g" -e "s/\"id name illegal\"/\"id name plays $m\"/" \
        "$tmp/illegal.sh" >"$tmp/plays-$m.sh"
    chmod +x "$tmp/plays-$m.sh"
    node "$quality" run --positions "$tmp/q.epd" --engine "$tmp/plays-$m.sh" \
        --judge "$engine" --judge-depth 3 --cache "$tmp/q-cache.json" \
        --out "$tmp/q-$m.json" >"$tmp/q-$m.out" 2>&1
    status=$?
    check "quality.mjs run ($m) exits 0 [$status]" test "$status" -eq 0
done
check "quality.mjs: the mate loses nothing, a2a3 nearly all" node -e '
const fs = require("fs");
const [mate, quiet] = process.argv.slice(1).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
const p = (r) => r.positions[0];
process.exit(mate.n === 1 && p(mate).move === "h5f7" && p(mate).loss === 0 &&
  p(quiet).move === "a2a3" && p(quiet).loss > 0.9 ? 0 : 1);' \
    "$tmp/q-h5f7.json" "$tmp/q-a2a3.json"
check "quality.mjs: the cache keeps the three verdicts" node -e '
const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
process.exit(Object.keys(c).length === 3 ? 0 : 1);' "$tmp/q-cache.json"
node "$quality" run --positions "$tmp/q.epd" --engine "$tmp/plays-a2a3.sh" \
    --judge "$engine" --judge-depth 3 --cache "$tmp/q-cache.json" \
    --baseline "$tmp/q-h5f7.json" >"$tmp/q-paired.out" 2>&1
check "quality.mjs --baseline: 1 of 1 moves differ" \
    grep -q 'baseline: .* (1 of 1 moves differ)$' "$tmp/q-paired.out"
node "$quality" run --positions "$tmp/q.epd" --engine "$tmp/illegal.sh" \
    --judge "$engine" --judge-depth 3 >"$tmp/q-illegal.out" 2>&1
status=$?
check "quality.mjs: an illegal move exits 1 [$status]" test "$status" -eq 1
check "quality.mjs: ... and says which" grep -q '^quality: illegal.sh played a2a5 in ' \
    "$tmp/q-illegal.out"
echo 'not a position' >"$tmp/q-bad.epd"
node "$quality" run --positions "$tmp/q-bad.epd" --engine "$engine" \
    >"$tmp/q-bad.out" 2>&1
status=$?
check "quality.mjs: a bad position exits 1 [$status]" test "$status" -eq 1
check "quality.mjs: ... with one line" \
    sh -c '[ "$(wc -l <"$1")" -eq 1 ] && grep -q "^quality: " "$1"' - "$tmp/q-bad.out"
# quality.mjs games: the same position as two games, the mate played and
# a2a3 played (then black takes the queen): pab-chess's two middle-game
# moves, one giving away nearly all, which --blunders writes; black's
# capture gives away nothing near 15 %.
cat >"$tmp/qg.pgn" <<'EOF'
[Event "t"]
[White "pab-chess 0.9"]
[Black "other"]
[Result "1-0"]
[SetUp "1"]
[FEN "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"]

4. Qxf7# 1-0

[Event "t"]
[White "pab-chess 0.9"]
[Black "other"]
[Result "*"]
[SetUp "1"]
[FEN "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"]

4. a3 Nxh5 *
EOF
node "$quality" games --judge "$engine" --judge-depth 3 \
    --blunders "$tmp/qg-blunders.fen" "$tmp/qg.pgn" >"$tmp/q-games.out" 2>&1
status=$?
check "quality.mjs games exits 0 [$status]" test "$status" -eq 0
check "quality.mjs games: pab-chess, 2 middle-game moves, 1 blunder" \
    grep -q '^quality: games: pab-chess, middle game: 2 moves, .*, 1 of them 15.00 % or more$' \
    "$tmp/q-games.out"
check "quality.mjs games: its opponents, 1 move, none" \
    grep -q '^quality: games: its opponents, middle game: 1 moves, .*, 0 of them' \
    "$tmp/q-games.out"
check "quality.mjs games --blunders: the position before a3" \
    test "$(cat "$tmp/qg-blunders.fen")" = \
    'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
[ "$fail" -eq 0 ] || cat "$tmp"/q-*.out

# --- a full game of pab-chess over two MPI ranks (Lazy Cluster), when built
# with libpab-mpi: the engine is "mpirun -np 2 pab-chess", rank 0 speaks UCI
if grep -q '^#define PAB_HAVE_MPI 1' "$top_builddir/config.h" 2>/dev/null; then
    cat >"$tmp/mpi-chess.sh" <<EOF
#!/bin/sh
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1
exec ${MPIRUN:-mpirun} -np 2 --oversubscribe --bind-to none "$engine"
EOF
    chmod +x "$tmp/mpi-chess.sh"
    node "$match" --engine "$tmp/mpi-chess.sh" --threads 1 --opponent "$engine" \
        --opponent-option Algorithm=serial --startpos --games 2 --time 2000 \
        --inc 20 --max-moves 60 --pgn "$tmp/mpi.pgn" >"$tmp/mpi.out" 2>&1
    summary=$(grep '^summary: ' "$tmp/mpi.out")
    check "mpirun -np 2 pab-chess: 2 games, no illegal move or crash: $summary" \
        sh -c 'echo "$1" | grep -Eq "^summary: games=2 .* illegal=0/0 .* crash=0/0$"' - "$summary"
    check "mpirun -np 2 pab-chess: PGN has 2 results" \
        test "$(grep -Ec '^\[Result "(1-0|0-1|1/2-1/2)"\]$' "$tmp/mpi.pgn")" -eq 2
    [ "$fail" -eq 0 ] || cat "$tmp/mpi.out"
fi

echo "check_match: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

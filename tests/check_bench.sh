#!/bin/sh
# pab-bench compare tells when its times cannot be trusted: beside two
# spinning processes on the same two cores, its table ends with a
# "warning:" line and the CSV and JSON files flag the rows.  Only the
# warning's presence is checked: make check runs tests side by side, so no
# test can count on a quiet machine.  Skipped (77) without taskset.
top_builddir=${top_builddir:-.}
bench="$top_builddir/examples/bench/pab-bench"
out="$top_builddir/tests/check_bench.out"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }

# The first two CPUs this process may use ("0-3,8" gives "0,1"): pinned
# there, the spinners and the search share two cores however many the
# machine has.
cpus=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //' | awk -F, '{
    n = 0
    for (i = 1; i <= NF && n < 2; i++) {
        split($i, r, "-"); hi = (r[2] == "" ? r[1] : r[2])
        for (c = r[1]; c <= hi && n < 2; c++) list = list (n++ ? "," : "") c
    }
    print list }')
if [ -z "$cpus" ] || ! taskset -c "$cpus" true 2>/dev/null; then
    echo "check_bench: no taskset: skipped"
    exit 77
fi

spinners=
stop() {
    # shellcheck disable=SC2086
    [ -n "$spinners" ] && kill $spinners 2>/dev/null
    rm -f "$out" "$out.err" "$out.csv" "$out.json"
}
trap stop EXIT
trap 'exit 1' INT TERM HUP
for _ in 1 2; do # a minute at most, should the trap never run
    taskset -c "$cpus" timeout 60 sh -c 'while :; do :; done' &
    spinners="$spinners $!"
done

# Three tries: a scheduler may now and then let a short search through.
for _ in 1 2 3; do
    taskset -c "$cpus" "$bench" compare --algos=ybwc --threads=1,2 --repeat=3 \
        --csv="$out.csv" --json="$out.json" >"$out" 2>"$out.err"
    status=$?
    [ "$status" -ne 0 ] || grep -q '^warning: ' "$out" && break
done
[ "$status" -eq 0 ] && ok || bad "compare: status $status: $(head -n 5 "$out.err")"
grep -q '^warning: other processes took CPU' "$out" && ok ||
    bad "no warning line: $(cat "$out")"
grep -Eq '^[a-z-]+ +[0-9]+! ' "$out" && ok || bad "no row marked !"
# The busy column of the CSV, found by its name, is 1 on some row.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "busy") col = i; next }
    col && $col == 1 { found = 1 } END { exit !found }' "$out.csv" && ok ||
    bad "no busy row in the CSV: $(cat "$out.csv")"
grep -q '"busy": true, "rows"' "$out.json" && ok || bad "JSON not busy: $(head -n 1 "$out.json")"
grep -Eq '"busy": true, "cpu_wait": [0-9.]+[,}]' "$out.json" && ok ||
    bad "no busy row in the JSON"
echo "check_bench: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

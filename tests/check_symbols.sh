#!/bin/sh
# The shared library exports exactly the PAB_API functions of the public
# headers: nothing internal leaks, nothing declared is missing.  The static
# library cannot hide its internal functions, so every global name it
# defines carries libpab's prefix: pab_ for the API, pab__ for the rest
# (lib/prefix.h renames them).
#
# libpab-mpi, when it was built (configure found MPI): its shared library
# exports exactly the PAB_MPI_API functions of include/pab/mpi.h, every one
# with the prefix pab_mpi_, and every global name its static library
# defines is one of them or starts with pab_mpi__ (lib/mpi/cluster.h
# renames the internal ones).
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
mpi_so="$top_builddir/lib/mpi/.libs/libpab-mpi.so"
mpi_static="$top_builddir/lib/mpi/.libs/libpab-mpi.a"
if [ -f "$mpi_so" ] || [ -f "$mpi_static" ]; then
    # The PAB_MPI_API declarations, comments removed (a comment before a
    # declaration may name other functions).
    tr '\n' ' ' <"$top_srcdir/include/pab/mpi.h" |
        sed 's:/\*[^*]*\*\+\([^/*][^*]*\*\+\)*/: :g' | sed 's/;/;\n/g' |
        grep -oE 'PAB_MPI_API[^;(]*\(' | grep -oE '\bpab_[a-z0-9_]+[[:space:]]*\($' |
        sed 's/[[:space:](]//g' | sort -u >"$tmp/mpi_declared"
    if [ ! -s "$tmp/mpi_declared" ]; then
        echo "FAIL: no PAB_MPI_API function found in include/pab/mpi.h"
        fail=$((fail + 1))
    fi
fi
if [ -f "$mpi_so" ]; then
    nm -D --defined-only "$mpi_so" | awk '$2 == "T" { print $3 }' |
        sort >"$tmp/mpi_exported"
    for s in $(comm -23 "$tmp/mpi_exported" "$tmp/mpi_declared"); do
        echo "FAIL: libpab-mpi.so exports $s, not declared PAB_MPI_API"
        fail=$((fail + 1))
    done
    for s in $(comm -13 "$tmp/mpi_exported" "$tmp/mpi_declared"); do
        echo "FAIL: $s is declared PAB_MPI_API but libpab-mpi.so does not export it"
        fail=$((fail + 1))
    done
    while read -r s; do
        case "$s" in
        pab_mpi__*)
            echo "FAIL: libpab-mpi.so exports the internal $s"
            fail=$((fail + 1)) ;;
        pab_mpi_*) pass=$((pass + 1)) ;;
        *) echo "FAIL: libpab-mpi.so exports $s without the pab_mpi_ prefix"
            fail=$((fail + 1)) ;;
        esac
    done <"$tmp/mpi_exported"
fi
if [ -f "$mpi_static" ]; then
    for s in $(nm -g --defined-only "$mpi_static" 2>/dev/null |
        awk 'NF == 3 { print $3 }' | sort -u); do
        case "$s" in
        pab_mpi__*) pass=$((pass + 1)) ;;
        *)
            if grep -qx "$s" "$tmp/mpi_declared"; then
                pass=$((pass + 1))
            else
                echo "FAIL: libpab-mpi.a defines $s: neither public nor pab_mpi__ (lib/mpi/cluster.h)"
                fail=$((fail + 1))
            fi ;;
        esac
    done
fi
echo "check_symbols: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# check_layers.sh: lib/ is a house of floors, and calls only go down.
#
# From the compiler's view of the code: for every object file of libpab,
# the global symbols it defines and the ones it uses (nm), which give an
# edge "a.c uses b.c" for every symbol of b.c that a.c uses.  Any circle
# among those edges fails the check (tsort finds them), with the files on
# it.  The runtime interface (runtime_threads.c, runtime_sim.c) is left
# out: it is the door every floor goes through, and the simulator calls the
# search it runs through a function pointer only.
#
# One line per failure, then "check_layers: N passed, N failed".  Exit 0
# when all passed, 1 on any failure, 77 (skip) when the objects or nm are
# missing.  Environment: top_srcdir (default: the directory above this
# script) and top_builddir (default: the current directory).
LC_ALL=C
export LC_ALL
: "${top_builddir:=.}"
: "${top_srcdir:=$(dirname "$0")/..}"

command -v nm >/dev/null 2>&1 || { echo "check_layers: no nm, skipping"; exit 77; }
objdir=$top_builddir/lib/.libs
ls "$objdir"/libpab_la-*.o >/dev/null 2>&1 || objdir=$top_builddir/lib
if ! ls "$objdir"/libpab_la-*.o >/dev/null 2>&1; then
    echo "check_layers: no objects of libpab under $top_builddir/lib, skipping"
    exit 77
fi

tmp=${TMPDIR:-/tmp}/check_layers.$$
mkdir "$tmp" || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' 1 2 15

unit() { basename "$1" .o | sed 's/^libpab_la-//'; }

for o in "$objdir"/libpab_la-*.o; do
    u=$(unit "$o")
    case $u in runtime_*) continue ;; esac
    [ -f "$top_srcdir/lib/$u.c" ] || continue # an object left from a removed file
    nm -g --defined-only "$o" | awk -v u="$u" 'NF == 3 { print $3, u }'
done | sort >"$tmp/defs"

for o in "$objdir"/libpab_la-*.o; do
    u=$(unit "$o")
    case $u in runtime_*) continue ;; esac
    [ -f "$top_srcdir/lib/$u.c" ] || continue
    nm -u "$o" | awk -v u="$u" '{ print $NF, u }'
done | sort >"$tmp/uses"

# "user definer" for every symbol a unit takes from another.
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 { print $2, $3 }' | sort -u >"$tmp/edges"

passed=0
failed=0
units=$(cut -d' ' -f2 "$tmp/defs" | sort -u | wc -l)
if [ "$units" -lt 5 ]; then
    echo "FAIL: only $units units of libpab found in $objdir"
    failed=$((failed + 1))
fi
if tsort "$tmp/edges" >"$tmp/order" 2>"$tmp/loops"; then
    passed=$((passed + 1))
else
    echo "FAIL: a circle of calls among lib/ files:"
    sed 's/^tsort: /  /' "$tmp/loops"
    failed=$((failed + 1))
fi
echo "check_layers: $(wc -l <"$tmp/edges") calls between $units files, top floor first:"
tr '\n' ' ' <"$tmp/order" | fold -s -w 76 | sed 's/^/  /'
echo
echo "check_layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

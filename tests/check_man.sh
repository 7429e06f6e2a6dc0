#!/bin/sh
# check_man.sh: lint the manual.
#
#  (a) every exported pab_ function has man/man3/<name>.3 whose NAME section
#      names it.  The functions are the T symbols of the built library
#      ($top_builddir/lib/.libs/libpab.so, read with nm -D) together with
#      the PAB_API declarations of $top_srcdir/include/pab/*.h (the headers
#      alone when the library has not been built); and likewise those of
#      libpab-mpi: the T symbols of $top_builddir/lib/mpi/.libs/libpab-mpi.so
#      when it was built, and the PAB_MPI_API declarations of
#      $top_srcdir/include/pab/mpi.h;
#  (b) every page under man/ goes through groff -man -ww -z (with -t for
#      a page that declares tables with '\" t) without a single diagnostic
#      (groff exits 0 on warnings, so the output is what counts);
#  (c) every man3 page has the sections NAME, SYNOPSIS, DESCRIPTION,
#      RETURN VALUE, ERRORS, EXAMPLES and SEE ALSO, and its SYNOPSIS
#      includes <pab/pab.h>, or, for a page of libpab-mpi (pab_mpi_*.3),
#      <pab/mpi.h>;
#  (d) every page under man/ is listed in man/local.mk, so that it is
#      installed and distributed, and every page listed there exists.
#
# One line per failure, then "check_man: N passed, N failed".  Exit status
# 0 when all passed, 1 on any failure, 77 (skip) when groff is missing.
#
# Environment: top_srcdir (default: the directory above this script) and
# top_builddir (default: the current directory), as make check sets them.

LC_ALL=C
export LC_ALL

script_dir=$(dirname "$0")
: "${top_srcdir:=$script_dir/..}"
: "${top_builddir:=.}"

if ! command -v groff >/dev/null 2>&1; then
    echo "check_man: groff not found, skipping"
    exit 77
fi

mandir=$top_srcdir/man
if [ ! -d "$mandir" ]; then
    echo "check_man: no directory $mandir"
    exit 1
fi

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() {
    echo "FAIL: $*"
    failed=$((failed + 1))
}

tmp=${TMPDIR:-/tmp}/check_man.$$
mkdir "$tmp" || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' 1 2 15

# The text of section $2 of page $1: the lines after its .SH up to the
# next .SH.
section() {
    awk -v want="$2" '
        /^\.SH/ {
            name = $0
            sub(/^\.SH[ \t]*/, "", name)
            gsub(/"/, "", name)
            insec = (name == want)
            next
        }
        insec { print }
    ' "$1"
}

# The section headings of page $1, one a line, quotes removed.
headings() {
    sed -n 's/^\.SH[ 	]*//p' "$1" | tr -d '"'
}

# ---- (a) every exported function has its page -------------------------

: >"$tmp/functions"
lib=$top_builddir/lib/.libs/libpab.so
if [ -f "$lib" ]; then
    if command -v nm >/dev/null 2>&1; then
        nm -D --defined-only "$lib" |
            awk '$2 == "T" && $3 ~ /^pab_/ { sub(/@.*/, "", $3); print $3 }' \
                >>"$tmp/functions"
    else
        fail "nm not found: cannot list the symbols of $lib"
    fi
fi
mpilib=$top_builddir/lib/mpi/.libs/libpab-mpi.so
if [ -f "$mpilib" ]; then
    if command -v nm >/dev/null 2>&1; then
        nm -D --defined-only "$mpilib" |
            awk '$2 == "T" && $3 ~ /^pab_/ { sub(/@.*/, "", $3); print $3 }' \
                >>"$tmp/functions"
    else
        fail "nm not found: cannot list the symbols of $mpilib"
    fi
fi
if [ -f "$top_srcdir/include/pab/mpi.h" ]; then
    sed -n 's/^[ 	]*PAB_MPI_API[ 	][^(]*[^A-Za-z0-9_]\(pab_[A-Za-z0-9_]*\)[ 	]*(.*/\1/p' \
        "$top_srcdir/include/pab/mpi.h" >>"$tmp/functions"
fi
for h in "$top_srcdir"/include/pab/*.h; do
    [ -f "$h" ] || continue
    sed -n 's/^[ 	]*PAB_API[ 	][^(]*[^A-Za-z0-9_]\(pab_[A-Za-z0-9_]*\)[ 	]*(.*/\1/p' \
        "$h" >>"$tmp/functions"
done
sort -u "$tmp/functions" >"$tmp/functions.sorted"
if [ ! -s "$tmp/functions.sorted" ]; then
    fail "no pab_ function found in $lib or $top_srcdir/include/pab/*.h"
fi

while read -r fn; do
    page=$mandir/man3/$fn.3
    if [ ! -f "$page" ]; then
        fail "$fn: no page man/man3/$fn.3"
        continue
    fi
    # The names before "\-" on the NAME line(s).
    names=$(section "$page" NAME | sed 's/\\-.*//' | tr ',' ' ' |
            sed 's/\\f[BIRP]//g; s/\\//g')
    found=no
    for n in $names; do
        [ "$n" = "$fn" ] && found=yes
    done
    if [ "$found" = yes ]; then
        pass
    else
        fail "$fn: the NAME section of man/man3/$fn.3 does not name it"
    fi
done <"$tmp/functions.sorted"

# ---- the pages ----------------------------------------------------------

: >"$tmp/pages"
for page in "$mandir"/man1/*.1 "$mandir"/man3/*.3 "$mandir"/man7/*.7; do
    [ -f "$page" ] && echo "$page" >>"$tmp/pages"
done
if [ ! -s "$tmp/pages" ]; then
    fail "no page under $mandir"
fi

while read -r page; do
    rel=man/${page#"$mandir"/}

    # ---- (b) groff says nothing ----
    # A page whose first line is '\" t has tables: run tbl too.
    tbl=
    if head -n 1 "$page" | grep -q "^'\\\\\" .*t"; then
        tbl=-t
    fi
    groff $tbl -man -ww -z "$page" >"$tmp/groff.out" 2>&1
    if [ -s "$tmp/groff.out" ]; then
        fail "$rel: groff -man -ww -z:"
        sed 's/^/    /' "$tmp/groff.out"
    else
        pass
    fi

    # every page, whatever its section, has a NAME with "\-"
    if section "$page" NAME | grep -q '\\-'; then
        pass
    else
        fail "$rel: no NAME section of the form \"name \\- description\""
    fi

    # ---- (c) the sections of a function page ----
    case $rel in
    man/man3/*)
        headings "$page" >"$tmp/headings"
        for s in NAME SYNOPSIS DESCRIPTION "RETURN VALUE" ERRORS EXAMPLES \
            "SEE ALSO"; do
            if grep -qx "$s" "$tmp/headings"; then
                pass
            else
                fail "$rel: no section $s"
            fi
        done
        case $rel in
        man/man3/pab_mpi_*) header=mpi ;;
        *) header=pab ;;
        esac
        if section "$page" SYNOPSIS | grep -q "#include <pab/$header\\.h>"; then
            pass
        else
            fail "$rel: the SYNOPSIS does not include <pab/$header.h>"
        fi
        ;;
    esac
done <"$tmp/pages"

# ---- (d) man/local.mk lists exactly the pages ---------------------------

mk=$mandir/local.mk
if [ -f "$mk" ]; then
    tr ' \t\\' '\n\n\n' <"$mk" | grep '^man/man[0-9]/' | sort -u >"$tmp/listed"
    sed "s|^$mandir/|man/|" "$tmp/pages" | sort -u >"$tmp/present"
    comm -23 "$tmp/present" "$tmp/listed" >"$tmp/unlisted"
    comm -13 "$tmp/present" "$tmp/listed" >"$tmp/missing"
    while read -r p; do
        fail "$p: not listed in man/local.mk"
    done <"$tmp/unlisted"
    while read -r p; do
        fail "$p: listed in man/local.mk but missing"
    done <"$tmp/missing"
    if [ ! -s "$tmp/unlisted" ] && [ ! -s "$tmp/missing" ]; then
        pass
    fi
else
    fail "man/local.mk is missing"
fi

echo "check_man: $passed passed, $failed failed"
if [ "$failed" -eq 0 ]; then
    exit 0
fi
exit 1

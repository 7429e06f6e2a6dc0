#!/bin/sh
# Each public header compiles alone, as C11 with every warning an error, and
# the umbrella as C++ when a C++ compiler is around.
#
# pab/mpi.h (libpab-mpi) includes <mpi.h>, so it is compiled with the MPI
# compiler flags of the environment variable MPI_CFLAGS (make check passes
# configure's).  When MPI_CFLAGS is empty and the compiler cannot find
# <mpi.h> on its own, pab/mpi.h is skipped, not failed: the library was
# configured without MPI.
top_srcdir=${top_srcdir:-$(dirname "$0")/..}
CC=${CC:-cc}
MPI_CFLAGS=${MPI_CFLAGS:-}
pass=0 fail=0 skip=0
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
for h in "$top_srcdir"/include/pab/*.h; do
    name=$(basename "$h")
    extra=
    if [ "$name" = mpi.h ]; then
        if [ -z "$MPI_CFLAGS" ]; then
            printf '#include <mpi.h>\n' >"$tmp/m.c"
            if ! $CC -E "$tmp/m.c" >/dev/null 2>&1; then
                echo "SKIP: pab/$name: MPI_CFLAGS is empty and <mpi.h> is not found"
                skip=$((skip + 1))
                continue
            fi
        fi
        extra=$MPI_CFLAGS
    fi
    printf '#include <pab/%s>\nint main(void) { return 0; }\n' "$name" >"$tmp/t.c"
    # $extra is a list of flags: split on purpose.
    # shellcheck disable=SC2086
    if $CC -std=c11 -pedantic -Wall -Wextra -Werror -I"$top_srcdir/include" \
        $extra -c "$tmp/t.c" -o "$tmp/t.o" 2>"$tmp/err"; then
        pass=$((pass + 1))
    else
        echo "FAIL: pab/$name does not compile alone:"; cat "$tmp/err"
        fail=$((fail + 1))
    fi
done
echo "check_headers: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]

#!/bin/sh
# The C sources follow .clang-format.  Skipped (77) where clang-format is
# missing or of another major version than the one the tree was formatted
# with (14): versions differ in small ways and those are not failures.
top_srcdir=${top_srcdir:-$(dirname "$0")/..}
command -v clang-format >/dev/null 2>&1 || { echo "check_format: no clang-format: skipped"; exit 77; }
clang-format --version | grep -q 'version 14\.' ||
    { echo "check_format: clang-format is not version 14: skipped"; exit 77; }
pass=0 fail=0
for f in "$top_srcdir"/lib/*.[ch] "$top_srcdir"/lib/mpi/*.[ch] "$top_srcdir"/include/pab/*.h \
    "$top_srcdir"/examples/*/*.[ch] "$top_srcdir"/tests/*.c; do
    if clang-format --style=file:"$top_srcdir/.clang-format" "$f" | cmp -s - "$f"; then
        pass=$((pass + 1))
    else
        echo "FAIL: $f is not formatted (clang-format -i $f)"
        fail=$((fail + 1))
    fi
done
echo "check_format: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

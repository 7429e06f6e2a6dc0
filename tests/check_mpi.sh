#!/bin/sh
# libpab-mpi across ranks: tests/mpi_search under mpirun on this machine's
# loopback, oversubscribed (2 and 4 ranks on however many cores there are).
# Open MPI refuses to run as root unless told; CI runs as root.
set -eu
b=${top_builddir:-.}
mpirun=${MPIRUN:-mpirun}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Quiet, local-only transports: no network probing on a machine without one.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
# Under AddressSanitizer the programs check for leaks themselves before
# MPI_Finalize (examples/common/ranks.c); tests/lsan.supp, which the
# sanitizer suite names, says which of MPI's own blocks are suppressed.
run() {
    np=$1
    shift
    echo "mpirun -np $np mpi_search $*"
    timeout 600 "$mpirun" -np "$np" --oversubscribe --bind-to none "$b/tests/mpi_search" "$@"
}
run 1 errors
run 2 errors
for np in 2 4; do
    for threads in 1 2; do
        run "$np" values "$threads"
    done
done
run 2 limits
run 4 limits
run 2 repeat "${PAB_MPI_REPEAT:-1000}"
# The measurement behind lib/mpi/table.c's choice, small: it must run.
echo "mpirun -np 2 mpi_latency 200"
timeout 300 "$mpirun" -np 2 --oversubscribe --bind-to none "$b/tests/mpi_latency" 200
# A rank killed mid-search: mpirun ends the job with a failing status and
# says which rank died, well before the 30 s time limit of the search.
echo "mpirun -np 2 mpi_search killed (must fail, in time)"
set +e
out=$(timeout 60 "$mpirun" -np 2 --oversubscribe --bind-to none "$b/tests/mpi_search" killed 2>&1)
status=$?
set -e
case $status in
0) echo "FAIL: a rank was killed and the job succeeded"; exit 1 ;;
124) echo "FAIL: a rank was killed and the job hung"; exit 1 ;;
esac
echo "$out" | grep -q "signal 9" || {
    echo "FAIL: mpirun did not say a rank died of signal 9:"; echo "$out"; exit 1; }
echo "job ended with status $status: $(echo "$out" | grep "signal 9" | head -1)"

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
run() {
    np=$1
    shift
    echo "mpirun -np $np mpi_search $*"
    timeout 600 "$mpirun" -np "$np" --oversubscribe "$b/tests/mpi_search" "$@"
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
run 2 repeat "${PAB_MPI_REPEAT:-200}"

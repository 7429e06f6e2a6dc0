#!/bin/sh
# libpab-mpi's measurements (BENCHMARKS.md, "Beyond one machine"): the real
# ranks on this machine's loopback, the simulator calibrated against them,
# and its predictions for clusters.  Writes tables and CSV into $OUT
# (default bench-results/cluster/).  Parts, all by default:
#   sh scripts/cluster.sh loopback   2 ranks x 1 thread against 1 rank x 2
#                                    threads and serial (chess, Othello),
#                                    twice, under mpirun (skipped without
#                                    mpirun or a build with libpab-mpi);
#                                    abdada's threshold on chess and Connect
#                                    Four
#   sh scripts/cluster.sh calibrate  the simulator's 2 machines of 1
#                                    processor at the default network
#                                    (calibrated on loopback), 3 seeds
#   sh scripts/cluster.sh predict    1, 2, 8, 32 machines of 16 processors
#                                    on an InfiniBand-like network (one way
#                                    40 ticks = 1.4 us, 350 bytes a tick)
# Host time on this machine: loopback about 15 minutes, calibrate 3,
# predict about 40 (32 machines: 512 virtual processors, 33 tables of
# HASH_MB).  SMOKE=1: toy sizes (seconds), as make check runs it.
set -eu
B=${PAB_BENCH:-_build/examples/bench/pab-bench}
OUT=${OUT:-bench-results/cluster}
MPIRUN=${MPIRUN:-mpirun}
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
if [ "${SMOKE:-0}" = 1 ]; then
    CHESS="--game=tictactoe --depth=4" OTHELLO="--game=connect4 --depth=8"
    C4="--game=connect4 --depth=8" SEEDS=1 PROCS=2 HASH_MB=1 MACHINES="1 2"
else
    CHESS="--game=chess --depth=10 --stockfish=none"
    OTHELLO="--game=othello" C4="--game=connect4" SEEDS=3 PROCS=16
    HASH_MB=${HASH_MB:-16} MACHINES=${MACHINES:-"1 2 8 32"}
fi
ALGOS=abdada,simplified-abdada,lazy-smp

has_mpi() {
    command -v "$MPIRUN" >/dev/null 2>&1 &&
        "$B" compare --ranks=1 --game=tictactoe --depth=1 >/dev/null 2>&1 &&
        grep -q '^#define PAB_HAVE_MPI 1' "$(dirname "$B")/../../config.h" \
            2>/dev/null
}

ranks() { # name, then pab-bench compare arguments
    name=$1
    shift
    # shellcheck disable=SC2086
    "$MPIRUN" -np 2 --oversubscribe --bind-to none "$B" compare --ranks=2 \
        --csv="$OUT/$name.csv" "$@" >"$OUT/$name.txt"
}

loopback() {
    if ! has_mpi; then
        echo "cluster.sh loopback: no mpirun or no libpab-mpi: skipped"
        return 0
    fi
    for run in 1 2; do
        # shellcheck disable=SC2086
        ranks "loopback-chess-$run" $CHESS --threads=1,2 --algos=$ALGOS
        # shellcheck disable=SC2086
        ranks "loopback-othello-$run" $OTHELLO --threads=1,2 --algos=$ALGOS
    done
    for d in 1 4 6 8 10; do
        # shellcheck disable=SC2086
        PAB_MPI_REMOTE_MIN_DEPTH=$d ranks "threshold-chess-$d" $CHESS \
            --threads=1 --algos=abdada
        # shellcheck disable=SC2086
        PAB_MPI_REMOTE_MIN_DEPTH=$d ranks "threshold-connect4-$d" $C4 \
            --threads=1 --algos=abdada
    done
}

calibrate() {
    # shellcheck disable=SC2086
    "$B" compare $CHESS --simulate=2 --algos=$ALGOS --sim-seeds=$SEEDS \
        --opt sim_nodes=2 --opt sim_cs_depth=0 --csv="$OUT/calibrate.csv" \
        >"$OUT/calibrate.txt"
}

predict() {
    for r in $MACHINES; do
        # shellcheck disable=SC2086
        "$B" compare $CHESS --hash-mb="$HASH_MB" \
            --simulate=$((PROCS * r)) --algos=$ALGOS --opt sim_nodes="$r" \
            --opt sim_net_latency=40 --opt sim_net_bandwidth=350 \
            --csv="$OUT/predict-$r.csv" >"$OUT/predict-$r.txt"
    done
}

parts=${*:-"loopback calibrate predict"}
for p in $parts; do
    case $p in
    loopback | calibrate | predict) "$p" ;;
    *)
        echo "cluster.sh: unknown part '$p' (loopback, calibrate, predict)" >&2
        exit 2
        ;;
    esac
done
echo "cluster.sh: $parts done; results in $OUT"

# Self-play positions for the tuning scripts (tune-eval.sh, train-net.sh),
# sourced: selfplay ENGINE GAMES DEPTH SEED JOBS OUT plays GAMES games of
# ENGINE against itself at DEPTH (pab-chess tune play) in JOBS processes,
# each its share of the games and seed SEED + its index, and writes their
# "FEN result" lines to OUT in process order, so a run repeats exactly.
# $pin (e.g. "taskset -c 1"), if set, runs every process under it.
selfplay() {
    sp_engine=$1 sp_games=$2 sp_depth=$3 sp_seed=$4 sp_jobs=$5 sp_out=$6
    : >"$sp_out"
    sp_i=0
    while [ "$sp_i" -lt "$sp_jobs" ]; do
        sp_n=$(((sp_games + sp_jobs - 1 - sp_i) / sp_jobs))
        ${pin:-} "$sp_engine" tune play --games "$sp_n" --depth "$sp_depth" \
            --seed $((sp_seed + sp_i)) >"$sp_out.$sp_i" 2>"$sp_out.$sp_i.log" &
        sp_i=$((sp_i + 1))
    done
    wait
    sp_i=0
    while [ "$sp_i" -lt "$sp_jobs" ]; do
        cat "$sp_out.$sp_i" >>"$sp_out"
        cat "$sp_out.$sp_i.log" >&2
        rm -f "$sp_out.$sp_i" "$sp_out.$sp_i.log"
        sp_i=$((sp_i + 1))
    done
}

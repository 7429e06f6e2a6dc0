#!/bin/sh
# The simulated multiprocessor's measurements (BENCHMARKS.md, "Virtual
# processors" and "Many processors").  Deterministic for given seeds: the
# numbers do not depend on the machine or its load, only the host time
# does.  Writes tables and CSV into $OUT (default bench-results/simulate/).
# Parts, all by default (thesis is two parts, one per memory model; chess
# three, the flat model and the MSI model with each table):
#   sh scripts/simulate.sh thesis   tg1 trees, depth 6, 12/24/48 processors,
#                                   flat and MSI memory (tables 6.4-6.8)
#   sh scripts/simulate.sh chess    Bratko-Kopec at 16/32/128 processors:
#                                   flat as in 0.4 (24 positions, depth 9),
#                                   then MSI memory with 10 % noise on the
#                                   first 8 at depth MSI_DEPTH (11; 5 seeds
#                                   at 16 and 32, 3 at 128), with a
#                                   fixed table and with Weill's table per
#                                   processor
#   sh scripts/simulate.sh two      2 virtual processors, for the real runs
#                                   (chess under both memory models, 15
#                                   seeds; noise per cost, and with drift)
#   sh scripts/simulate.sh costs    how much the costs of sharing matter
#   sh scripts/simulate.sh lockstep 16 processors from the root: a regular
#                                   clock, then noise; beside 16 real
#                                   threads' node counts; with the breakdown
#                                   of where the nodes go (--diagnose)
#   sh scripts/simulate.sh variants the variants the papers allow, on 16
#                                   processors, MSI with noise, 3 seeds
#   sh scripts/simulate.sh schemes  the thesis' split-point schemes A, B, C
#                                   in YBWC with its parameters (tables
#                                   6.4-6.8), flat and MSI memory; not in
#                                   the default run: each cell searches the
#                                   100 trees three times (serial, YBWC on
#                                   one processor, on N), about 1.5 minutes
#                                   of host time per cell on (32, 79, 5),
#                                   15 cells per ordering and model
# SMOKE=1 runs every part on toy sizes (seconds), as make check does.
# JOBS parts run at a time (2 by default, this machine's cores); a part
# starts when another ends.  Host time of the parts on this machine (one
# core each), measured part by part, never yet all in one run: thesis_msi
# about 100 minutes ((32, 0, 0) 58 of them), chess_flat 22, two 33 (48
# since 0.13: chess at 15 seeds under both models, 15 minutes of them)
# (2026-11-25); chess_msi and chess_msi_per_proc 40 side by side,
# lockstep 4, costs 7, variants 3 (0.13, 2026-12-07); estimated from
# part one's runs: thesis_flat 70.  About 5.6 hours of one core: under
# 3 hours with JOBS=2.
set -eu
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."
B=${PAB_BENCH:-_build/examples/bench/pab-bench}
[ -x "$B" ] || sh scripts/setup.sh >/dev/null
OUT=${OUT:-bench-results/simulate}
mkdir -p "$OUT"
parts=${*:-thesis chess two costs lockstep variants}
# A command that fails names itself, its exit status (a signal's shows as
# 128 + its number) and the end of what it wrote to stderr (its progress
# bars dropped) in its part's report, and fails the part.
run() {
    echo "\$ $*"
    err="$OUT/stderr-${PART:-all}.txt"
    "$@" 2>"$err" || {
        rc=$?
        echo "simulate.sh: exit status $rc from: $*"
        tr '\r' '\n' <"$err" | grep -v '^\[' | grep . | tail -n 3 |
            sed 's/^/simulate.sh:   /'
        return "$rc"
    }
}

if [ "${SMOKE:-0}" = 1 ]; then
    # Two trees, tiny depths and processor counts: the commands, not the
    # figures.
    # Written once, before the parts start: each part runs this script
    # again, and one that rewrote the file could truncate it under
    # another part's pab-bench reading it (exit status 2, "no positions":
    # a rare failure of make check).
    if [ "${1:-}" != --part ]; then
        grep -v "^#" examples/bench/tg1.txt | head -n 2 >"$OUT/tg1-smoke.txt"
    fi
    TG1="$OUT/tg1-smoke.txt" TREE_DEPTH=3 THESIS_N=2,3
    ORDERINGS="32,79,5" CHESS_DEPTH=3 CHESS_N=2,4 CHESS_POS="--depth=3"
    CHESS_BIG=8 BIG_SEEDS=1 MSI_DEPTH=3
    LOCK_DEPTH=3 LOCK_N=4 TWO_DEPTH=3 SEEDS=2 TWO_SEEDS=2 VAR_SEEDS=1
else
    TG1=examples/bench/tg1.txt TREE_DEPTH=6 THESIS_N=12,24,48
    ORDERINGS="32,79,5 20,69,19 32,66,66 32,33,33 32,0,0"
    CHESS_DEPTH=9 CHESS_N=16,32 CHESS_BIG=128 BIG_SEEDS=3 CHESS_POS=""
    MSI_DEPTH=${MSI_DEPTH:-11}
    LOCK_DEPTH=8 LOCK_N=16 TWO_DEPTH=9 SEEDS=5 TWO_SEEDS=15 VAR_SEEDS=3
fi
ALL=ybwc,jamboree,abdada,simplified-abdada,lazy-smp,pvsplit,dts

# Thesis tables 6.4-6.8: every ordering of tg1 at depth 6 (figure 4.3
# alpha-beta, as PABSim searched), with the default costs, under the flat
# model and under the MSI model (no noise: one run each).  YBWC twice:
# Feldmann's random-owner rule, and the thesis' scheme A (strong YBWC, the
# highest split point anywhere).  Lazy SMP is left out here: at one fixed
# depth (figure 4.3) its helpers have no iteration to be ahead in, and each
# of them searches the whole tree again (tg1 tree 1 of (32, 0, 0) under
# MSI on 48 processors: SO 32.3, SU 0.91), while it would cost more host
# time than the others together; it is in every chess table.
thesis_model() {
    m=$1
    for o in $ORDERINGS; do
        tag=$(echo "$o" | tr ',' '-')
        if [ "$m" = msi ]; then tag="$tag-msi"; fi
        run $B compare --game=tree --params="$o" --positions="$TG1" \
            --plain --depth=$TREE_DEPTH --simulate=$THESIS_N \
            --opt sim_memory="$m" --opt sim_jitter=0 \
            --algos=ybwc,abdada,simplified-abdada,jamboree,pvsplit,dts \
            --csv="$OUT/tree-$tag.csv"
        run $B compare --game=tree --params="$o" --positions="$TG1" \
            --plain --depth=$TREE_DEPTH --simulate=$THESIS_N --algos=ybwc \
            --opt sim_memory="$m" --opt sim_jitter=0 \
            --opt split_policy=highest --opt ybwc_strong=1 \
            --csv="$OUT/tree-$tag-scheme-a.csv"
    done
}
thesis_flat() { thesis_model flat; }
thesis_msi() { thesis_model msi; }

# Tables 6.4-6.8 for the thesis' own split-point schemes: YBWC with
# split_scheme a, b and c (the shipped networks), idle threads choosing
# among every busy path by the thesis' guidelines (SCHEME_POLICY: select,
# as PABSim's DTS machinery; highest: the highest split point anywhere,
# as BENCHMARKS.md's tables 6.4-6.6 were first measured), each processor
# count with the split parameter the thesis chose there (m_A, m_B, or
# m_C,a,m_C,c, from its tables), SCHEME_ORDERINGS (all five by default)
# under SCHEME_MODELS (flat, then msi), the schemes SCHEMES ("a b c");
# then scheme C with the m_C pairs SCHEME_MC lists ("1,3 1,1" by default;
# empty: none).
thesis_params() { # ordering scheme -> the thesis' parameters at 12 24 48
    case "$1:$2" in
    32,79,5:a) echo "4 5 2" ;; 32,79,5:b) echo "6 5 1" ;;
    32,79,5:c) echo "-1,3 -1,3 -5,3" ;;
    20,69,19:a) echo "3 2 1" ;; 20,69,19:b) echo "4 2 1" ;;
    20,69,19:c) echo "-1,3 -3,3 -4,3" ;;
    32,66,66:a) echo "4 3 3" ;; 32,66,66:b) echo "5 3 2" ;;
    32,66,66:c) echo "0,3 0,3 -3,3" ;;
    32,33,33:a) echo "6 6 3" ;; 32,33,33:b) echo "7 5 2" ;;
    32,33,33:c) echo "0,1 -1,1 -3,1" ;;
    32,0,0:a) echo "6 4 5" ;; 32,0,0:b) echo "8 6 4" ;;
    32,0,0:c) echo "-5,0 -8,0 -12,0" ;;
    esac
}
# Scheme C's N-CUT band m: as the thesis took its table 5.4's m, the m
# with which our network classified best in table 5.4 (BENCHMARKS.md).
network_m() {
    case $1 in
    32,79,5) echo 17 ;; 20,69,19) echo 28 ;; 32,66,66) echo 29 ;;
    32,33,33) echo 29 ;; *) echo 28 ;;
    esac
}
scheme_opts() { # ordering scheme parameter -> the --opt arguments
    case $2 in
    a) echo "--opt ybwc_strong=1 --opt ybwc_cut_moves=$3" ;;
    b) echo "--opt split_m_b=$3" ;;
    c) echo "--opt split_m_ca=${3%,*} --opt split_m_cc=${3#*,}" \
        "--opt split_ncut_m=$(network_m "$1")" ;;
    esac
}
schemes() {
    for m in ${SCHEME_MODELS:-flat msi}; do
        for o in ${SCHEME_ORDERINGS:-$ORDERINGS}; do
            for sc in ${SCHEMES:-a b c}; do
                set -- $(thesis_params "$o" $sc)
                for n in $(echo "$THESIS_N" | tr ',' ' '); do
                    par=$1
                    [ $# -gt 1 ] && shift
                    tag="$(echo "$o" | tr ',' '-')-$m-$sc-$n"
                    # shellcheck disable=SC2046
                    run $B compare --game=tree --params="$o" \
                        --positions="$TG1" --plain --depth=$TREE_DEPTH \
                        --simulate=$n --algos=ybwc --opt sim_memory="$m" \
                        --opt sim_jitter=0 --opt split_policy="${SCHEME_POLICY:-select}" \
                        --opt split_scheme=$sc $(scheme_opts "$o" $sc "$par") \
                        --csv="$OUT/scheme-$tag.csv"
                done
            done
            # Scheme C with the m_C our network does best with on
            # (32, 79, 5) (BENCHMARKS.md, table 6.4); SCHEME_MC lists them.
            for par in ${SCHEME_MC-1,3 1,1}; do
                for n in $(echo "$THESIS_N" | tr ',' ' '); do
                    tag="$(echo "$o" | tr "," "-")-$m-c$(echo "$par" | tr "," "_")-$n"
                    # shellcheck disable=SC2046
                    run $B compare --game=tree --params="$o" \
                        --positions="$TG1" --plain --depth=$TREE_DEPTH \
                        --simulate=$n --algos=ybwc --opt sim_memory="$m" \
                        --opt sim_jitter=0 --opt split_policy="${SCHEME_POLICY:-select}" \
                        --opt split_scheme=c $(scheme_opts "$o" c "$par") \
                        --csv="$OUT/scheme-$tag.csv"
                done
            done
        done
    done
}

# The Bratko-Kopec positions at 16, 32 and 128 processors, beside the
# published hardware figures (DTS 11.1 on 16, Kerrigan 16.75 on 32, Weill
# 65.9 on 128).  First as in libpab 0.4 (flat, no noise, 64 MiB), then
# with the MSI model and 10 % noise over five seeds on the first eight
# positions, with the fixed table and with Weill's condition (8 MiB per
# processor: 1 GiB at 128, where Weill's 64 MiB per processor would be
# 8 GiB).
chess_flat() {
    run $B compare --game=chess --depth=$CHESS_DEPTH $CHESS_POS \
        --simulate=$CHESS_N,$CHESS_BIG --algos=$ALL --opt sim_memory=flat \
        --opt sim_jitter=0 --csv="$OUT/chess.csv"
}
# At depth 11, where every processor has work (issue 14's condition; at
# depth 9 a position is about 1 M ticks), one part per table.
chess_msi_run() {
    table=$1 tag=$2
    grep -v '^#' tests/data/bk.epd | head -n 8 | cut -d' ' -f1-4 \
        >"$OUT/bk8$tag.txt"
    # Processors, seeds and the CSV's suffix of each run.
    for at in "$CHESS_N $SEEDS" "$CHESS_BIG $BIG_SEEDS -big"; do
        # shellcheck disable=SC2086
        set -- $at
        # shellcheck disable=SC2086
        run $B compare --game=chess --depth=$MSI_DEPTH \
            --positions="$OUT/bk8$tag.txt" --simulate=$1 --algos=$ALL \
            --opt sim_memory=msi --opt sim_jitter=10 --sim-seeds=$2 $table \
            --csv="$OUT/chess-msi$tag${3:-}.csv"
    done
}
chess_msi() { chess_msi_run "--hash-mb=64" ""; }
chess_msi_per_proc() {
    chess_msi_run "--hash-per-proc=8 --hash-cap-mb=1024" "-per-proc"
}

# Two virtual processors on the workloads measured on real threads
# (BENCHMARKS.md): the simulated speedup, median and range over seeds,
# beside the real one.
two() {
    for m in msi flat; do
        tag=-$m
        [ $m = msi ] && tag= # the default
        run $B compare --game=chess --depth=$TWO_DEPTH --simulate=2 \
            --algos=$ALL --opt sim_memory=$m --opt sim_jitter=10 \
            --sim-seeds=$TWO_SEEDS --csv="$OUT/chess-2$tag.csv"
    done
    for g in tree othello connect4; do
        run $B compare --game=$g --simulate=2 --algos=$ALL \
            --opt sim_jitter=10 --sim-seeds=$SEEDS $CHESS_POS \
            --csv="$OUT/$g-2.csv"
    done
    # Each algorithm's own work per node, measured on one real thread
    # (beside at most one other part with JOBS=2: each has a core of its
    # own), under both memory models.
    for m in flat msi; do
        run $B compare --game=chess --depth=$TWO_DEPTH --simulate=1,2 \
            --algos=$ALL --opt sim_memory=$m --opt sim_jitter=10 \
            --sim-seeds=$SEEDS --sim-calibrate \
            --csv="$OUT/chess-2-calibrated-$m.csv"
    done
    for d in 10 20; do # a speed that drifts for longer spans than a cost
        run $B compare --game=chess --depth=$TWO_DEPTH --simulate=2 \
            --algos=$ALL --opt sim_memory=flat --opt sim_jitter=10 \
            --opt sim_drift=$d \
            --sim-seeds=$SEEDS --csv="$OUT/chess-2-drift$d.csv"
    done
}

# The same 48-processor run with a shared access at 1 tick and an atomic
# one at 3, and Bratko-Kopec with another backoff time (which changes only
# the interleaving).
costs() {
    run $B compare --game=tree --params=32,79,5 --positions="$TG1" \
        --plain --depth=$TREE_DEPTH --simulate=$THESIS_N \
        --algos=ybwc,jamboree,abdada --opt sim_memory=flat --opt sim_shared=1 \
        --opt sim_atomic=3 \
        --csv="$OUT/tree-costs.csv"
    run $B compare --game=chess --depth=$TWO_DEPTH --simulate=2 \
        --algos=abdada,simplified-abdada,ybwc,jamboree --opt sim_memory=flat \
        --opt sim_wait=30 \
        --csv="$OUT/chess-2-wait30.csv"
}

# The variants the papers allow, each beside its algorithm's default, on
# 16 processors under the MSI model with noise: ABDADA's re-searches
# exclusive, footnote 12's parent check and its shared cutoffs; Simplified
# ABDADA's DEFER_DEPTH; YBWC's and Jamboree's split depth, and YBWC
# joining the highest split point anywhere.
variants() {
    grep -v '^#' tests/data/bk.epd | head -n 8 | cut -d' ' -f1-4 \
        >"$OUT/bk8v.txt"
    while read -r algo opt tag; do
        run $B compare --game=chess --depth=$CHESS_DEPTH \
            --positions="$OUT/bk8v.txt" --simulate=$LOCK_N --algos="$algo" \
            --opt sim_memory=msi --sim-seeds=$VAR_SEEDS --opt "$opt" \
            --csv="$OUT/variant-$algo-$tag.csv"
    done <<EOF
abdada abdada_parent_check=false default
abdada abdada_exclusive_research=true exclusive-research
abdada abdada_parent_check=true parent-check
abdada abdada_share_cutoffs=true share-cutoffs
simplified-abdada defer_depth=1 defer-1
simplified-abdada defer_depth=2 defer-2
simplified-abdada defer_depth=3 defer-3
simplified-abdada defer_depth=4 defer-4
ybwc split_min_depth=1 split-1
ybwc split_min_depth=2 split-2
ybwc split_min_depth=3 split-3
ybwc split_policy=highest highest
jamboree split_min_depth=1 split-1
jamboree split_min_depth=2 split-2
jamboree split_min_depth=3 split-3
EOF
}

# Lockstep: the algorithms that start every processor at the root, on 16
# virtual processors with a regular clock (flat, no noise), with noise
# (flat and MSI, three seeds), beside 16 real threads time-sliced on this
# machine's cores (their node counts are meaningful, their times are
# not), each with where its nodes go.
lockstep() {
    a=lazy-smp,simplified-abdada,abdada,ybwc
    run $B compare --game=chess --depth=$LOCK_DEPTH --simulate=$LOCK_N \
        --algos=$a --opt sim_memory=flat --opt sim_jitter=0 \
        --diagnose="$OUT/lock-flat-diag.csv" \
        --csv="$OUT/lock-flat.csv"
    for m in flat msi; do
        run $B compare --game=chess --depth=$LOCK_DEPTH --simulate=$LOCK_N \
            --algos=$a --opt sim_memory=$m --opt sim_jitter=10 --sim-seeds=3 \
            --diagnose="$OUT/lock-$m-j10-diag.csv" \
            --csv="$OUT/lock-$m-j10.csv"
    done
    run $B compare --game=chess --depth=$LOCK_DEPTH --threads=$LOCK_N \
        --algos=$a --repeat=3 --stockfish=none \
        --diagnose="$OUT/lock-real-diag.csv" --csv="$OUT/lock-real.csv"
}

# Each part's report in its own file; JOBS parts at a time (a part starts
# as soon as another ends), and a part that fails fails the script.
if [ "${1:-}" = --part ]; then
    exec >"$OUT/report-$2.txt" 2>&1
    rm -f "$OUT/report-$2.done"
    PART=$2
    "$2"
    rm -f "$OUT/stderr-$2.txt"
    : >"$OUT/report-$2.done"
    exit 0
fi
list=""
for p in $parts; do
    case $p in
    thesis) list="$list thesis_flat thesis_msi" ;;
    chess) list="$list chess_flat chess_msi chess_msi_per_proc" ;;
    *) list="$list $p" ;;
    esac
done
status=0
# shellcheck disable=SC2086
printf '%s\n' $list | xargs -P "${JOBS:-2}" -I{} sh "$self" --part {} ||
    status=1
for p in $list; do
    cat "$OUT/report-$p.txt"
done
# The parts that failed last, where the end of the output shows them.
for p in $list; do
    if [ ! -e "$OUT/report-$p.done" ]; then
        echo "simulate.sh: part $p failed; the end of its report:"
        tail -n 5 "$OUT/report-$p.txt"
        status=1
    fi
    rm -f "$OUT/report-$p.done"
done
exit "$status"

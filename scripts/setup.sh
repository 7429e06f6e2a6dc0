#!/bin/sh
# Fresh Debian machine to a built libpab: install the missing packages, build
# into _build, run the demo (the main job).  Idempotent.
set -eu
cd "$(dirname "$0")/.."
. scripts/packages.sh
install_packages $PAB_PACKAGES
install_match_deps
autoreconf -fi >/dev/null
mkdir -p _build
cd _build
[ -f Makefile ] || ../configure --quiet
make -j"$(nproc)" >/dev/null
echo "== every algorithm at 1 and 2 threads on the Bratko-Kopec positions"
echo "   (pab-bench compare; the plot goes to _build/pab-compare.png)"
./examples/bench/pab-bench compare --game=chess --threads=1,2 \
    --plot=pab-compare.png

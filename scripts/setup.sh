#!/bin/sh
# Fresh Debian machine to a built libpab: install the missing packages, build
# into _build, run the demo (the main job).  Idempotent.
set -eu
cd "$(dirname "$0")/.."
. scripts/packages.sh
install_packages $PAB_PACKAGES
autoreconf -fi >/dev/null
mkdir -p _build
cd _build
[ -f Makefile ] || ../configure --quiet
make -j"$(nproc)" >/dev/null
echo "== demo: serial search of the built-in position (tic-tac-toe, empty board)"
./examples/bench/pab-bench search

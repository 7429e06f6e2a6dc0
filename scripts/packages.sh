# What libpab needs from Debian, and a helper that installs what is missing.
# Sourced by the other scripts.
PAB_PACKAGES="autoconf automake libtool make gcc clang libclang-rt-14-dev pkg-config libatomic-ops-dev libcriterion-dev libfann-dev groff gnuplot-nox stockfish nodejs openmpi-bin libopenmpi-dev xboard polyglot xvfb"

# The match runner's two npm packages (node-uci, chess.js), for
# tests/check_match.sh: npm itself comes with some builds of nodejs and
# from Debian's npm package otherwise.
install_match_deps() {
    [ -d examples/chess/node_modules/chess.js ] &&
        [ -d examples/chess/node_modules/node-uci ] && return 0
    command -v npm >/dev/null 2>&1 || install_packages npm
    (cd examples/chess && npm install --no-audit --no-fund --loglevel=error)
}

install_packages() {
    missing=""
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
            missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "== installing:$missing"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
}

# What libpab needs from Debian, and a helper that installs what is missing.
# Sourced by the other scripts.
PAB_PACKAGES="autoconf automake libtool make gcc clang libclang-rt-14-dev pkg-config libatomic-ops-dev libcriterion-dev groff gnuplot-nox stockfish"

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

#!/usr/bin/env bash
# Installs what Daybook needs on a Debian 12 machine, and nothing that is already there.
#
#   scripts/install-deps.sh build   # C libraries the Swift build links against
#   scripts/install-deps.sh test    # build + PostgreSQL, Chromium and its driver, pytest, selenium
#   scripts/install-deps.sh bench   # build + wrk and PostgreSQL (for `make bench DB=postgres`)
#
# Idempotent: it checks each package first and runs `apt-get update` only when
# something has to be installed. Uses sudo when not root. The Swift toolchain
# itself is not installed here: it is expected on PATH (or at /opt/swift/usr/bin).
set -euo pipefail

mode="${1:-build}"

build_pkgs=(libsqlite3-dev libvips-dev pkg-config)
# zbar-tools: zbarimg reads the two-factor QR code back in the browser tests; exiftool (from
# libimage-exiftool-perl) reads the metadata of the photos Daybook keeps, as an outside checker.
# fonts: Liberation for text metrics like the usual web fonts, Noto Color Emoji
# so feelings' and activities' emoji show in screenshots instead of boxes.
test_pkgs=(postgresql chromium chromium-driver fonts-liberation fonts-noto-color-emoji python3 zbar-tools libimage-exiftool-perl)
bench_pkgs=(wrk postgresql python3)
python_mods=()

case "$mode" in
    build) apt_pkgs=("${build_pkgs[@]}") ;;
    test)  apt_pkgs=("${build_pkgs[@]}" "${test_pkgs[@]}"); python_mods=(selenium pytest schemathesis) ;;
    bench) apt_pkgs=("${build_pkgs[@]}" "${bench_pkgs[@]}") ;;
    -h|--help|help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "usage: $0 [build|test|bench]" >&2; exit 2 ;;
esac

log() { echo "install-deps: $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "install-deps: need root to run: $*  (no sudo found; run this script as root)" >&2
        return 1
    fi
}

is_installed() {
    [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" = "install ok installed" ]
}

apt_install() {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends "$@"
}

# --- Debian packages -------------------------------------------------------
missing=()
for p in "${apt_pkgs[@]}"; do
    is_installed "$p" || missing+=("$p")
done

apt_updated=0
if [ "${#missing[@]}" -gt 0 ]; then
    log "installing Debian packages: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    apt_updated=1
    apt_install "${missing[@]}"
else
    log "Debian packages present: ${apt_pkgs[*]}"
fi

# --- Python modules --------------------------------------------------------
if [ "${#python_mods[@]}" -gt 0 ]; then
    py_missing=()
    for m in "${python_mods[@]}"; do
        python3 -c "import $m" >/dev/null 2>&1 || py_missing+=("$m")
    done
    if [ "${#py_missing[@]}" -gt 0 ]; then
        log "installing Python modules: ${py_missing[*]}"
        # A Python that belongs to Debian (PEP 668 "externally managed") gets
        # Debian's packages; any other (pyenv, venv) gets pip's.
        if python3 -c 'import sys, sysconfig, os; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) and sys.prefix == sys.base_prefix else 1)'; then
            debs=()
            pips=()
            if [ "$apt_updated" -eq 0 ]; then
                as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
            fi
            # Debian's package where there is one; pip for the rest (schemathesis has none).
            for m in "${py_missing[@]}"; do
                if apt-cache show "python3-$m" >/dev/null 2>&1; then debs+=("python3-$m"); else pips+=("$m"); fi
            done
            if [ "${#debs[@]}" -gt 0 ]; then apt_install "${debs[@]}"; fi
            if [ "${#pips[@]}" -gt 0 ]; then
                as_root python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${pips[@]}"
            fi
        else
            pip_args=(install --quiet --disable-pip-version-check)
            # A non-root user outside a virtualenv installs into ~/.local.
            if [ "$(id -u)" -ne 0 ] && python3 -c 'import sys; sys.exit(0 if sys.prefix == sys.base_prefix else 1)' \
                && [ ! -w "$(python3 -c 'import sysconfig; print(sysconfig.get_path("purelib"))')" ]; then
                pip_args+=(--user)
            fi
            python3 -m pip "${pip_args[@]}" "${py_missing[@]}"
        fi
        for m in "${py_missing[@]}"; do
            python3 -c "import $m" || { echo "install-deps: Python module $m still missing" >&2; exit 1; }
        done
    else
        log "Python modules present: ${python_mods[*]}"
    fi
fi

# --- Swift ----------------------------------------------------------------
if ! command -v swift >/dev/null 2>&1 && [ ! -x /opt/swift/usr/bin/swift ]; then
    echo "install-deps: the Swift toolchain (6.x) is not on PATH; install it from swift.org" >&2
    exit 1
fi

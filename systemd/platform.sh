# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are set for the scripts that source this
# Which way to install the companion on this machine: sourced by run.sh and
# systemd/install.sh, which then act on the variables it sets.
#
#   plan_install PYTHON WANT_LGPIO   (WANT_LGPIO: yes on a Pi, else no)
#
# sets:
#   ARCH         the userland's Debian architecture (dpkg --print-architecture:
#                32-bit Raspberry Pi OS often runs a 64-bit kernel, so not uname -m)
#   PYVER        the Python's MAJOR.MINOR
#   PYGAME_FROM  pypi   pygame-ce's binary wheel (amd64, arm64, i386)
#                debian Debian's python3-pygame (pygame 2.1 on bookworm), as no
#                       pygame-ce wheel exists here (armhf: 32-bit Pi OS)
#   LGPIO_FROM   pypi   the `pi` extra from PyPI (a wheel: CPython 3.9 to 3.12;
#                       else built, when a compiler, swig and liblgpio-dev are here)
#                debian python3-lgpio from apt (Raspberry Pi OS's archive)
#                none   not wanted, or nowhere to get it (LGPIO_NOTE says what to install)
#   SYSTEM_SITE  yes when the venv must see Debian's packages (--system-site-packages)
#   APT_PKGS     the Debian packages those choices need
#   PLAN_NOTES   one line each for the choices a user should hear about
#   PLAN_ERROR   non-empty when nothing can work here (a sentence saying why)
#
# COMPANION_PYGAME=pypi|debian overrides the pygame choice.

PYGAME_WHEEL_ARCHES=" amd64 arm64 i386 "
LGPIO_WHEEL_ARCHES=" amd64 arm64 armhf "
LGPIO_WHEEL_PYTHONS=" 3.9 3.10 3.11 3.12 "
MIN_PYTHON=3.11

userland_arch() {
    local a
    if a=$(dpkg --print-architecture 2>/dev/null) && [ -n "$a" ]; then
        echo "$a"
        return
    fi
    # No dpkg (not Debian): the kernel's name, corrected for a 32-bit userland.
    case "$(uname -m)" in
        x86_64) if [ "$(getconf LONG_BIT 2>/dev/null)" = 32 ]; then echo i386; else echo amd64; fi ;;
        aarch64|arm64) if [ "$(getconf LONG_BIT 2>/dev/null)" = 32 ]; then echo armhf; else echo arm64; fi ;;
        armv7l|armv6l|armv8l) echo armhf ;;
        i?86) echo i386 ;;
        *) uname -m ;;
    esac
}

python_version() {
    "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])'
}

# apt_has PACKAGE: apt knows a version of it (installed or installable).
apt_has() {
    local cand
    cand=$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
    [ -n "$cand" ] && [ "$cand" != "(none)" ]
}

can_build_lgpio() {
    command -v cc >/dev/null 2>&1 && command -v swig >/dev/null 2>&1 &&
        { [ -e /usr/include/lgpio.h ] || [ -e /usr/local/include/lgpio.h ]; }
}

plan_install() {
    local py=$1 want_lgpio=$2
    WANT_LGPIO=$want_lgpio
    ARCH=$(userland_arch)
    PYGAME_FROM=pypi LGPIO_FROM=none SYSTEM_SITE=no APT_PKGS="" PLAN_NOTES="" PLAN_ERROR="" LGPIO_NOTE=""
    if ! PYVER=$(python_version "$py" 2>/dev/null); then
        PYVER=none
        PLAN_ERROR="$py does not run: install Python 3 (sudo apt install python3 python3-venv)"
        return
    fi
    if [ "$(printf '%s\n%s\n' "$MIN_PYTHON" "$PYVER" | sort -V | head -n1)" != "$MIN_PYTHON" ]; then
        PLAN_ERROR="the companion needs Python $MIN_PYTHON or newer and $py is Python $PYVER: use Raspberry Pi OS bookworm (Debian 12) or newer"
        return
    fi

    case "${COMPANION_PYGAME:-}" in
        pypi|debian) PYGAME_FROM=$COMPANION_PYGAME ;;
        "") case "$PYGAME_WHEEL_ARCHES" in *" $ARCH "*) PYGAME_FROM=pypi ;; *) PYGAME_FROM=debian ;; esac ;;
        *) PLAN_ERROR="COMPANION_PYGAME is pypi or debian, not '$COMPANION_PYGAME'"; return ;;
    esac
    if [ "$PYGAME_FROM" = debian ]; then
        SYSTEM_SITE=yes
        APT_PKGS="$APT_PKGS python3-pygame"
        PLAN_NOTES="${PLAN_NOTES}pygame: no pygame-ce wheel for $ARCH, using Debian's python3-pygame (pygame 2.1 on bookworm) in a venv that sees system packages"$'\n'
    fi

    if [ "$want_lgpio" = yes ]; then
        if case "$LGPIO_WHEEL_ARCHES" in *" $ARCH "*) true ;; *) false ;; esac &&
            case "$LGPIO_WHEEL_PYTHONS" in *" $PYVER "*) true ;; *) false ;; esac; then
            LGPIO_FROM=pypi
        elif apt_has python3-lgpio; then
            LGPIO_FROM=debian
            SYSTEM_SITE=yes
            APT_PKGS="$APT_PKGS python3-lgpio"
            PLAN_NOTES="${PLAN_NOTES}lgpio: no wheel for Python $PYVER on $ARCH, using python3-lgpio from apt in a venv that sees system packages"$'\n'
        elif can_build_lgpio; then
            LGPIO_FROM=pypi
            PLAN_NOTES="${PLAN_NOTES}lgpio: no wheel for Python $PYVER on $ARCH, building it (cc, swig and lgpio.h are here)"$'\n'
        else
            LGPIO_FROM=none
            LGPIO_NOTE="lgpio (the GPIO buttons' driver on a Pi 5) has no wheel for Python $PYVER on $ARCH and apt has no python3-lgpio: install Raspberry Pi OS's python3-lgpio, or build tools (sudo apt install build-essential python3-dev swig liblgpio-dev), then run this again; until then the buttons may not work (touch and keys do)"
            PLAN_NOTES="${PLAN_NOTES}${LGPIO_NOTE}"$'\n'
        fi
    fi
    APT_PKGS=${APT_PKGS# }
}

# project_deps PYTHON [EXTRA...]: the project's requirements and those of its
# extras, one a line, less pygame-ce (for an install next to Debian's pygame).
project_deps() {
    local py=$1
    shift
    "$py" - "$@" <<'EOF'
import re, sys, tomllib
with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
reqs = list(project["dependencies"])
for extra in sys.argv[1:]:
    reqs += project.get("optional-dependencies", {}).get(extra, [])
for r in reqs:
    if re.match(r"\s*pygame(-ce)?\s*([<>=!~;\[]|$)", r, re.I) is None:
        print(r)
EOF
}

# describe_plan PREFIX: the one-line summary and the notes, for the user.
describe_plan() {
    local n lgpio="not needed (not a Pi)"
    [ "$WANT_LGPIO" = yes ] && lgpio="from $LGPIO_FROM"
    printf '%s: %s userland, Python %s, pygame from %s, lgpio %s\n' \
        "$1" "$ARCH" "$PYVER" "$PYGAME_FROM" "$lgpio"
    while IFS= read -r n; do
        [ -n "$n" ] && printf '%s: %s\n' "$1" "$n"
    done <<<"$PLAN_NOTES"
    return 0
}

# pip_logged LOG PYTHON ARGS...: pip install ARGS; on failure, pip's own error
# (the end of its output) on stderr and the whole output kept in LOG.
pip_logged() {
    local log=$1 py=$2
    shift 2
    if "$py" -m pip install --disable-pip-version-check "$@" >"$log" 2>&1; then
        return 0
    fi
    echo "pip install $* failed; pip said (the end of it; all of it is in $log):" >&2
    tail -n 40 "$log" >&2
    return 1
}

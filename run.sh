#!/usr/bin/env bash
# Quick start for a fresh Debian / Raspberry Pi OS machine.
#   ./run.sh play [companion play options]   install into .venv (first time), start the companion
#   ./run.sh test [pytest options]           install the test extras, run the whole test suite
#   ./run.sh <any companion subcommand>      e.g. ./run.sh status, ./run.sh bench
set -euo pipefail
cd "$(dirname "$0")"
VENV=.venv
PY=${PYTHON:-python3}

ensure_venv() {
    if ! "$PY" -c 'import venv, ensurepip' 2>/dev/null; then
        echo "run.sh: installing python3-venv (Debian package)" >&2
        SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
        $SUDO apt-get update -qq && $SUDO apt-get install -y -qq python3-venv
    fi
    [ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
    local stamp="$VENV/.installed-$1"
    if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
        "$VENV/bin/python" -m pip install -q --upgrade pip
        "$VENV/bin/python" -m pip install -q -e ".[$1]"
        touch "$stamp"
    fi
}

cmd=${1:-play}; shift || true
case "$cmd" in
    test)
        ensure_venv test
        exec "$VENV/bin/python" -m pytest "$@" ;;
    *)
        extra=test
        if [ -e /proc/device-tree/model ] && grep -qi raspberry /proc/device-tree/model 2>/dev/null; then extra=pi; fi
        ensure_venv "$extra"
        exec "$VENV/bin/companion" "$cmd" "$@" ;;
esac

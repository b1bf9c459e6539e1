#!/usr/bin/env bash
# Quick start for a fresh Debian / Raspberry Pi OS machine.
#   ./run.sh play [companion play options]   install into .venv (first time), start the companion
#   ./run.sh test [pytest options]           install the test extras, run the whole test suite
#   ./run.sh <any companion subcommand>      e.g. ./run.sh status, ./run.sh bench
#   ./run.sh --dry-run [COMMAND]             say how it would install here, change nothing
# The install follows the userland (see systemd/platform.sh): pygame-ce's wheels
# on amd64 and arm64, Debian's python3-pygame on armhf (32-bit Raspberry Pi OS);
# on a Pi, lgpio from a wheel, else Raspberry Pi OS's python3-lgpio.
# PYTHON=python3.12 picks another Python; COMPANION_PYGAME=pypi|debian forces the pygame.
set -euo pipefail
cd "$(dirname "$0")"
VENV=${COMPANION_VENV:-.venv}   # another place for the venv (the tests use it)
PY=${PYTHON:-python3}
# shellcheck source=systemd/platform.sh disable=SC1091  # followed with shellcheck -x
. systemd/platform.sh

dry=no
if [ "${1:-}" = --dry-run ]; then dry=yes; shift; fi

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# do_or_say CMD...: run it, or in a dry run print it.
do_or_say() {
    if [ "$dry" = yes ]; then printf '+ %s\n' "$*"; else "$@"; fi
}

on_a_pi() {
    grep -qi raspberry /proc/device-tree/model 2>/dev/null
}

ensure_venv() {
    local extra=$1 want_lgpio=no pkgs=()
    [ "$extra" = pi ] && want_lgpio=yes
    plan_install "$PY" "$want_lgpio"
    if [ -n "$PLAN_ERROR" ]; then
        echo "run.sh: $PLAN_ERROR" >&2
        exit 1
    fi
    local plan="$ARCH python$PYVER pygame=$PYGAME_FROM lgpio=$LGPIO_FROM extra=$extra"
    local stamp="$VENV/.installed-$extra"
    if [ "$dry" = no ] && [ -x "$VENV/bin/python" ] && [ -f "$stamp" ] && [ ! pyproject.toml -nt "$stamp" ] &&
        [ "$(cat "$stamp")" = "$plan" ]; then
        return 0
    fi
    describe_plan run.sh >&2

    local apt=()
    "$PY" -c 'import venv, ensurepip' 2>/dev/null || apt=(python3-venv)
    read -r -a pkgs <<<"$APT_PKGS"
    apt+=("${pkgs[@]}")
    if [ ${#apt[@]} -gt 0 ]; then
        echo "run.sh: installing ${apt[*]} (Debian packages)" >&2
        do_or_say as_root apt-get update -qq
        do_or_say as_root apt-get install -y -qq "${apt[@]}"
    fi

    local venv_opts=()
    [ "$SYSTEM_SITE" = yes ] && venv_opts=(--system-site-packages)
    if [ ! -x "$VENV/bin/python" ] || ! grep -qi "^include-system-site-packages *= *$([ "$SYSTEM_SITE" = yes ] && echo true || echo false)" "$VENV/pyvenv.cfg" 2>/dev/null; then
        do_or_say "$PY" -m venv "${venv_opts[@]}" "$VENV"   # on an old .venv: only its settings change
    fi

    local vpy="$VENV/bin/python" log="$VENV/pip.log"
    local extras=()
    [ "$extra" = test ] && extras=(test)
    [ "$LGPIO_FROM" = pypi ] && extras+=(pi)
    local spec="."
    [ ${#extras[@]} -gt 0 ] && spec=".[$(IFS=,; echo "${extras[*]}")]"
    if [ "$dry" = yes ]; then
        echo "+ $vpy -m pip install --upgrade pip"
        if [ "$PYGAME_FROM" = debian ]; then
            echo "+ $vpy -m pip install --no-deps -e ."
            echo "+ $vpy -m pip install $(project_deps "$PY" "${extras[@]}" | tr '\n' ' ')"
        else
            echo "+ $vpy -m pip install -e $spec"
        fi
        [ "$LGPIO_FROM" = none ] && [ "$extra" = pi ] && echo "run.sh: $LGPIO_NOTE" >&2
        return 0
    fi
    pip_logged "$log" "$vpy" --upgrade pip || exit 1
    if [ "$PYGAME_FROM" = debian ]; then
        local deps=()
        mapfile -t deps < <(project_deps "$vpy" "${extras[@]}")
        pip_logged "$log" "$vpy" --no-deps -e . || exit 1
        pip_logged "$log" "$vpy" "${deps[@]}" || exit 1
    elif ! pip_logged "$log" "$vpy" -e "$spec"; then
        if grep -q pygame "$log"; then
            echo "run.sh: COMPANION_PYGAME=debian ./run.sh $cmd uses Debian's python3-pygame instead of building pygame-ce" >&2
        fi
        exit 1
    fi
    [ "$LGPIO_FROM" = none ] && [ "$extra" = pi ] && echo "run.sh: $LGPIO_NOTE" >&2
    echo "$plan" >"$stamp"
}

cmd=${1:-play}; shift || true
case "$cmd" in
    test)
        ensure_venv test
        [ "$dry" = yes ] && exit 0
        exec "$VENV/bin/python" -m pytest "$@" ;;
    *)
        extra="test"
        if on_a_pi; then extra=pi; fi
        ensure_venv "$extra"
        [ "$dry" = yes ] && exit 0
        exec "$VENV/bin/companion" "$cmd" "$@" ;;
esac

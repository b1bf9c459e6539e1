#!/usr/bin/env bash
# Install the Mars Table Companion as a kiosk on Raspberry Pi OS (bookworm or newer).
#
#   sudo systemd/install.sh              install or upgrade, enable and (re)start the kiosk
#   sudo systemd/install.sh --no-start   install and enable, start at next boot
#   sudo systemd/install.sh --pi         also install the GPIO driver (lgpio) when this is
#                                        not detected as a Pi (an image build); --no-pi: never
#   sudo systemd/install.sh --image      an image build or chroot: touch no running service
#                                        (detected by itself when systemd is not running)
#   systemd/install.sh --dry-run         say what it would do here, change nothing
#
# What it does (each step is safe to repeat; see systemd/INSTALL.md):
#   1. apt packages: python3-venv, Mesa's EGL/GLES/GBM (SDL's kmsdrm driver loads them),
#      and by the userland (systemd/platform.sh): python3-pygame on armhf (no pygame-ce
#      wheel), python3-lgpio where lgpio has no wheel for this Python
#   2. groups video render input dialout gpio (made if missing) and the system user `mars`
#   3. a venv in /opt/mars-companion/venv with this checkout installed (extra `pi` on a Pi)
#   4. /etc/systemd/system/companion.service, /etc/udev/rules.d/99-mars-die.rules,
#      /etc/mars-companion/ (buttons.toml goes here), /etc/default/mars-companion
#   5. systemctl enable; with systemd running: reload, and (re)start unless --no-start
set -euo pipefail

PREFIX=/opt/mars-companion
VENV=$PREFIX/venv
USER_NAME=mars
STATE_DIR=/var/lib/mars-companion
GROUPS_NEEDED=(video render input dialout gpio)
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PY=${PYTHON:-python3}
# Where a booted systemd says it runs (sd_booted(3)); a test may point it elsewhere.
SYSTEMD_RUN_DIR=${SYSTEMD_RUN_DIR:-/run/systemd/system}

start=yes pi=auto image=auto dry=no
for arg in "$@"; do
    case "$arg" in
        --no-start) start=no ;;
        --pi) pi=yes ;;
        --no-pi) pi=no ;;
        --image) image=yes ;;
        --dry-run) dry=yes ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $arg (see --help)" >&2; exit 2 ;;
    esac
done

say() { printf '==> %s\n' "$*"; }
# run CMD...: run it, or in a dry run print it.
run() {
    if [ "$dry" = yes ]; then printf '+ %s\n' "$*"; else "$@"; fi
}

if [ "$dry" = no ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root: sudo $0 $*" >&2
    exit 1
fi
[ -f "$SRC/pyproject.toml" ] || { echo "install.sh: $SRC is not the companion checkout" >&2; exit 1; }
cd "$SRC"
# shellcheck source=systemd/platform.sh disable=SC1091  # followed with shellcheck -x
. "$SRC/systemd/platform.sh"

if [ "$pi" = auto ]; then
    pi=no
    # A Pi, or a Raspberry Pi OS image being built elsewhere (it has /etc/rpi-issue).
    if grep -qi raspberry /proc/device-tree/model 2>/dev/null || [ -e /etc/rpi-issue ]; then pi=yes; fi
fi
if [ "$image" = auto ]; then
    image=yes
    # systemd is running (and this is not a chroot beside it): reload and restart.
    if [ -d "$SYSTEMD_RUN_DIR" ] && ! { command -v ischroot >/dev/null 2>&1 && ischroot; }; then image=no; fi
fi

plan_install "$PY" "$pi"
if [ -n "$PLAN_ERROR" ]; then
    echo "install.sh: $PLAN_ERROR" >&2
    exit 1
fi
describe_plan install.sh
[ "$image" = yes ] && echo "install.sh: no running systemd (an image build or chroot): enabling only, nothing is reloaded or started"

say "apt packages"
export DEBIAN_FRONTEND=noninteractive
read -r -a more_pkgs <<<"$APT_PKGS"
run apt-get update -qq
# systemd and udev: always on Raspberry Pi OS, not in a minimal image being built.
run apt-get install -y -qq systemd udev python3-venv python3-pip libegl1 libgles2 libgbm1 libdrm2 "${more_pkgs[@]}"

say "groups and user $USER_NAME"
for g in "${GROUPS_NEEDED[@]}"; do
    # Raspberry Pi OS has them all; elsewhere the unit would not start without them.
    getent group "$g" >/dev/null || run groupadd --system "$g"
done
if ! id "$USER_NAME" >/dev/null 2>&1; then
    run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
        --shell /usr/sbin/nologin --comment "Mars Table Companion kiosk" "$USER_NAME"
fi
# The unit adds these groups itself (SupplementaryGroups=); membership also
# lets `sudo -u mars companion die` reach the devices when debugging.
run usermod --append --groups "$(IFS=,; echo "${GROUPS_NEEDED[*]}")" "$USER_NAME"

say "venv $VENV"
run install -d -m 0755 "$PREFIX"
venv_opts=()
[ "$SYSTEM_SITE" = yes ] && venv_opts=(--system-site-packages)
want_cfg=false
[ "$SYSTEM_SITE" = yes ] && want_cfg=true
if [ ! -x "$VENV/bin/python" ] || ! grep -qi "^include-system-site-packages *= *$want_cfg" "$VENV/pyvenv.cfg" 2>/dev/null; then
    run "$PY" -m venv "${venv_opts[@]}" "$VENV"   # on an old venv: only its settings change
fi
vpy=$VENV/bin/python
extras=()
[ "$LGPIO_FROM" = pypi ] && extras=(pi)
if [ "$dry" = yes ]; then
    pkg="<a copy of $SRC>"
else
    # A copy, not an editable install: the service reads nothing from the checkout.
    # The checkout may belong to another user: give pip a private build directory.
    build=$(mktemp -d)
    trap 'rm -rf "$build"' EXIT
    mkdir "$build/src"
    tar -C "$SRC" --exclude=./.venv --exclude=./.git --exclude='*.egg-info' --exclude=./.hypothesis \
        --exclude=./.pytest_cache --exclude=./.benchmarks -cf - . | tar -C "$build/src" -xf -
    pkg=$build/src
fi
log=$PREFIX/pip.log
pip_install() {
    if [ "$dry" = yes ]; then printf '+ %s -m pip install %s\n' "$vpy" "$*"; else pip_logged "$log" "$vpy" "$@"; fi
}
pip_install --upgrade pip
if [ "$PYGAME_FROM" = debian ]; then
    mapfile -t deps < <(project_deps "$PY" "${extras[@]}")
    pip_install "${deps[@]}"
else
    spec=$pkg
    [ ${#extras[@]} -gt 0 ] && spec="${pkg}[${extras[*]}]"
    pip_install "$spec"
fi
# Ours itself, always (the same version number after a `git pull` is still new),
# without its dependencies (on armhf pygame is Debian's, not pygame-ce).
pip_install --force-reinstall --no-deps "$pkg"
[ "$LGPIO_FROM" = none ] && [ "$pi" = yes ] && echo "install.sh: $LGPIO_NOTE" >&2
run install -m 0644 "$SRC/systemd/INSTALL.md" "$PREFIX/INSTALL.md"

say "unit, udev rule, settings"
run install -D -m 0644 "$SRC/systemd/companion.service" /etc/systemd/system/companion.service
if [ -f "$SRC/systemd/99-mars-die.rules" ]; then
    run install -D -m 0644 "$SRC/systemd/99-mars-die.rules" /etc/udev/rules.d/99-mars-die.rules
    if [ "$image" = no ]; then
        if run udevadm control --reload; then
            run udevadm trigger --subsystem-match=tty --action=add || true
        else
            echo "install.sh: udev is not running here: the die's rule applies from the next boot" >&2
        fi
    fi
fi
run install -d -m 0755 /etc/mars-companion
if [ ! -f /etc/default/mars-companion ]; then
    if [ "$dry" = yes ]; then
        echo "+ write /etc/default/mars-companion"
    else
        cat >/etc/default/mars-companion <<'EOF'
# Environment for companion.service (KEY=value, one a line). Examples:
# GPIOZERO_PIN_FACTORY=lgpio
# SDL_KMSDRM_DEVICE_INDEX=1      # which /dev/dri/cardN drives the screen
EOF
    fi
fi

# `systemctl enable` works without a running systemd (it only makes links).
if [ "$image" = yes ]; then
    say "enable companion.service (starts at boot)"
    run systemctl enable companion.service
else
    run systemctl daemon-reload
    if [ "$start" = yes ]; then
        say "enable and (re)start companion.service"
        run systemctl enable companion.service
        run systemctl reset-failed companion.service 2>/dev/null || true
        run systemctl restart companion.service
    else
        say "enable companion.service (starts at next boot)"
        run systemctl enable companion.service
    fi
fi

if [ "$(systemctl get-default 2>/dev/null || true)" = graphical.target ]; then
    echo "note: the Pi boots to the desktop, which holds the display; the kiosk needs" >&2
    echo "      console boot: sudo raspi-config nonint do_boot_behaviour B1, then reboot" >&2
fi
say "done. Logs: journalctl -u companion -f   Stop: sudo systemctl stop companion"

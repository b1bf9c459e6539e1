#!/usr/bin/env bash
# Install the Mars Table Companion as a kiosk on Raspberry Pi OS (bookworm).
#
#   sudo systemd/install.sh              install or upgrade, enable and (re)start the kiosk
#   sudo systemd/install.sh --no-start   install and enable, start at next boot
#
# What it does (each step is safe to repeat; see systemd/INSTALL.md):
#   1. apt packages: python3-venv, Mesa's EGL/GLES/GBM (SDL's kmsdrm driver loads them)
#   2. groups video render input dialout gpio (made if missing) and the system user `mars`
#   3. a venv in /opt/mars-companion/venv with this checkout installed (extra `pi` on a Pi)
#   4. /etc/systemd/system/companion.service, /etc/udev/rules.d/99-mars-die.rules,
#      /etc/mars-companion/ (buttons.toml goes here), /etc/default/mars-companion
#   5. systemctl enable (--now)
set -euo pipefail

PREFIX=/opt/mars-companion
VENV=$PREFIX/venv
USER_NAME=mars
STATE_DIR=/var/lib/mars-companion
GROUPS_NEEDED=(video render input dialout gpio)
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

start=yes
for arg in "$@"; do
    case "$arg" in
        --no-start) start=no ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $arg" >&2; exit 2 ;;
    esac
done

say() { printf '==> %s\n' "$*"; }

if [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root: sudo $0 $*" >&2
    exit 1
fi
[ -f "$SRC/pyproject.toml" ] || { echo "install.sh: $SRC is not the companion checkout" >&2; exit 1; }

on_pi=no
if grep -qi raspberry /proc/device-tree/model 2>/dev/null; then on_pi=yes; fi

say "apt packages"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq python3-venv python3-pip libegl1 libgles2 libgbm1 libdrm2 >/dev/null

say "groups and user $USER_NAME"
for g in "${GROUPS_NEEDED[@]}"; do
    # Raspberry Pi OS has them all; elsewhere the unit would not start without them.
    getent group "$g" >/dev/null || groupadd --system "$g"
done
if ! id "$USER_NAME" >/dev/null 2>&1; then
    useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
        --shell /usr/sbin/nologin --comment "Mars Table Companion kiosk" "$USER_NAME"
fi
# The unit adds these groups itself (SupplementaryGroups=); membership also
# lets `sudo -u mars companion die` reach the devices when debugging.
usermod --append --groups "$(IFS=,; echo "${GROUPS_NEEDED[*]}")" "$USER_NAME"

say "venv $VENV"
install -d -m 0755 "$PREFIX"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
extra=""
[ "$on_pi" = yes ] && extra="[pi]"
# A copy, not an editable install: the service reads nothing from the checkout.
# The checkout may belong to another user: give pip a private build directory.
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
mkdir "$build/src"
tar -C "$SRC" --exclude=./.venv --exclude=./.git --exclude='*.egg-info' --exclude=./.hypothesis --exclude=./.pytest_cache --exclude=./.benchmarks -cf - . | tar -C "$build/src" -xf -
"$VENV/bin/python" -m pip install -q "$build/src$extra"
# Same version number after a `git pull`: reinstall our package itself anyway.
"$VENV/bin/python" -m pip install -q --force-reinstall --no-deps "$build/src"
install -m 0644 "$SRC/systemd/INSTALL.md" "$PREFIX/INSTALL.md"

say "unit, udev rule, settings"
install -m 0644 "$SRC/systemd/companion.service" /etc/systemd/system/companion.service
if [ -f "$SRC/systemd/99-mars-die.rules" ]; then
    install -m 0644 "$SRC/systemd/99-mars-die.rules" /etc/udev/rules.d/99-mars-die.rules
    udevadm control --reload
    udevadm trigger --subsystem-match=tty --action=add || true
fi
install -d -m 0755 /etc/mars-companion
if [ ! -f /etc/default/mars-companion ]; then
    cat >/etc/default/mars-companion <<'EOF'
# Environment for companion.service (KEY=value, one a line). Examples:
# GPIOZERO_PIN_FACTORY=lgpio
# SDL_KMSDRM_DEVICE_INDEX=1      # which /dev/dri/cardN drives the screen
EOF
fi

systemctl daemon-reload
if [ "$start" = yes ]; then
    say "enable and (re)start companion.service"
    systemctl enable companion.service
    systemctl reset-failed companion.service 2>/dev/null || true
    systemctl restart companion.service
else
    say "enable companion.service (starts at next boot)"
    systemctl enable companion.service
fi

if [ "$(systemctl get-default)" = graphical.target ]; then
    echo "note: the Pi boots to the desktop, which holds the display; the kiosk needs" >&2
    echo "      console boot: sudo raspi-config nonint do_boot_behaviour B1, then reboot" >&2
fi
say "done. Logs: journalctl -u companion -f   Stop: sudo systemctl stop companion"

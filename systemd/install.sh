#!/usr/bin/env bash
# Install Pond Companion as a kiosk on a Raspberry Pi (Pi OS Bookworm, 64-bit).
#
#   sudo systemd/install.sh              install, or bring an install up to date
#   sudo systemd/install.sh --dry-run    print every step, change nothing
#   sudo systemd/install.sh --uninstall  remove it all except the saved games
#
# What it does, each step only when needed (a second run changes nothing):
#   1. the OS packages: python3-venv, python3-picamera2, python3-lgpio, libzbar0, cage
#   2. the user pond-companion (no login, no home folder of its own), in the video, gpio,
#      input and render groups
#   3. a copy of this project in /opt/pond-companion/src
#   4. a venv with --system-site-packages (for the OS's picamera2) in /opt/pond-companion/venv,
#      with the project and its `pi` extra installed
#   5. /etc/pond-companion/config.toml, only if there is none
#   6. the PAM file /etc/pam.d/pond-companion (the kiosk's login session on tty1)
#   7. the unit /etc/systemd/system/pond-companion.service, enabled and started
# Saved games live in /var/lib/pond-companion (the unit's StateDirectory); nothing here
# deletes them. Options for tests: --root DIR writes the files under DIR and runs no system
# command (packages, users, venv, systemctl); --force installs on a machine that is not a Pi
# (without the Pi-only packages). See docs/raspberry-pi.md.
set -euo pipefail

NAME=pond-companion
SERVICE_USER=pond-companion
PREFIX=/opt/pond-companion
STATE=/var/lib/pond-companion
ETC=/etc/pond-companion
UNIT=/etc/systemd/system/pond-companion.service
PAM=/etc/pam.d/pond-companion
GROUPS_WANTED=(video gpio input render)
PACKAGES=(python3-venv python3-picamera2 python3-lgpio libzbar0 cage)
PI_ONLY_PACKAGES=(python3-picamera2 python3-lgpio)
# What the copy in $PREFIX/src holds: the package and what building it needs.
SOURCE_ITEMS=(pyproject.toml README.md companion vision hardware ui docs systemd)

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(cd "$HERE/.." && pwd)

DRY_RUN=0
UNINSTALL=0
FORCE=0
ROOT=""
CHANGES=0
SOURCE_HASH=""
STAGE=""
trap '[ -z "$STAGE" ] || rm -rf "$STAGE"' EXIT

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  echo "options: --dry-run  --uninstall  --root DIR  --force  --help"
}

while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --uninstall) UNINSTALL=1 ;;
    --force) FORCE=1 ;;
    --root)
      [ $# -ge 2 ] || { echo "install.sh: --root needs a folder" >&2; exit 2; }
      ROOT=$2
      shift
      ;;
    --help | -h) usage; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

say() { printf '%s\n' "$*"; }
ok() { say "  ok: $*"; }

# A change to the system: printed, counted, and run unless this is a dry run.
change() {
  local what=$1
  shift
  CHANGES=$((CHANGES + 1))
  if [ "$DRY_RUN" = 1 ]; then
    say "  would: $what"
    say "    \$ ${*@Q}"
  else
    say "  change: $what"
    "$@"
  fi
}

# System commands (packages, users, venv, systemctl) are skipped under --root.
system_change() {
  if [ -n "$ROOT" ]; then
    say "  skipped under --root: $1"
    return 0
  fi
  change "$@"
}

on_pi() { grep -qs "Raspberry Pi" /proc/device-tree/model; }

# Install file $1 at $2 with mode $3 when it is missing or differs.
put_file() {
  local from=$1 to=$ROOT$2 mode=$3
  if [ -f "$to" ] && cmp -s "$from" "$to"; then
    ok "$2 is up to date"
  else
    change "install $2" install -D -m "$mode" "$from" "$to"
  fi
}

tree_hash() {
  (cd "$1" && find . -type f -not -path '*/__pycache__/*' -not -path './build/*' \
    -not -path './*.egg-info/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

need_root() {
  if [ "$DRY_RUN" = 0 ] && [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
    echo "install.sh: run as root (sudo $0), or with --dry-run to see the plan" >&2
    exit 2
  fi
}

packages_step() {
  say "step 1: OS packages"
  local wanted=() missing=() p
  for p in "${PACKAGES[@]}"; do
    if ! on_pi && [ "$FORCE" = 1 ] && [[ " ${PI_ONLY_PACKAGES[*]} " == *" $p "* ]]; then
      continue
    fi
    wanted+=("$p")
  done
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    ok "installed: ${wanted[*]}"
  else
    system_change "install ${missing[*]}" \
      sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing[*]}"
  fi
}

user_step() {
  say "step 2: the user $SERVICE_USER"
  if id -u "$SERVICE_USER" >/dev/null 2>&1; then
    ok "user $SERVICE_USER exists"
  else
    system_change "create the system user $SERVICE_USER" \
      useradd --system --user-group --home-dir "$STATE" --no-create-home \
      --shell /usr/sbin/nologin "$SERVICE_USER"
  fi
  local g
  for g in "${GROUPS_WANTED[@]}"; do
    if ! getent group "$g" >/dev/null; then
      say "  note: no group $g on this machine (Pi OS has it); the unit needs it to start"
    elif id -nG "$SERVICE_USER" 2>/dev/null | tr ' ' '\n' | grep -qx "$g"; then
      ok "$SERVICE_USER is in $g"
    else
      system_change "add $SERVICE_USER to the group $g" usermod -a -G "$g" "$SERVICE_USER"
    fi
  done
}

source_step() {
  say "step 3: the project in $PREFIX/src"
  local stage
  stage=$(mktemp -d)
  STAGE=$stage
  (cd "$SRC" && cp -a "${SOURCE_ITEMS[@]}" "$stage"/)
  find "$stage" -name __pycache__ -prune -exec rm -rf {} +
  SOURCE_HASH=$(tree_hash "$stage")
  if [ -d "$ROOT$PREFIX/src" ] && [ "$SOURCE_HASH" = "$(tree_hash "$ROOT$PREFIX/src")" ]; then
    ok "$PREFIX/src matches $SRC"
  else
    change "copy $SRC to $PREFIX/src" \
      sh -c "mkdir -p '$ROOT$PREFIX' && rm -rf '$ROOT$PREFIX/src.new' && cp -a '$stage' '$ROOT$PREFIX/src.new' && chmod 0755 '$ROOT$PREFIX/src.new' && rm -rf '$ROOT$PREFIX/src' && mv '$ROOT$PREFIX/src.new' '$ROOT$PREFIX/src'"
  fi
}

venv_step() {
  say "step 4: the venv in $PREFIX/venv"
  if [ -x "$ROOT$PREFIX/venv/bin/python" ]; then
    ok "$PREFIX/venv exists"
  else
    system_change "create $PREFIX/venv (with the system site-packages, for picamera2)" \
      python3 -m venv --system-site-packages "$PREFIX/venv"
  fi
  local have=""
  [ -f "$ROOT$PREFIX/venv/.installed" ] && have=$(cat "$ROOT$PREFIX/venv/.installed")
  if [ "$SOURCE_HASH" = "$have" ]; then
    ok "the project in the venv is the copy in $PREFIX/src"
  else
    system_change "install the project into $PREFIX/venv" \
      sh -c "'$PREFIX/venv/bin/pip' install -q --upgrade '$PREFIX/src[pi]' && echo '$SOURCE_HASH' > '$PREFIX/venv/.installed'"
  fi
}

config_step() {
  say "step 5: $ETC/config.toml"
  if [ -f "$ROOT$ETC/config.toml" ]; then
    ok "$ETC/config.toml exists (kept as it is)"
  else
    put_file "$HERE/config.toml" "$ETC/config.toml" 0644
  fi
}

service_step() {
  say "step 6: the PAM file and the unit"
  local unit_before pam_before
  unit_before=$(cat "$ROOT$UNIT" 2>/dev/null || true)
  pam_before=$(cat "$ROOT$PAM" 2>/dev/null || true)
  put_file "$HERE/pam.d/pond-companion" "$PAM" 0644
  put_file "$HERE/pond-companion.service" "$UNIT" 0644
  local reload=0
  [ "$unit_before" = "$(cat "$HERE/pond-companion.service")" ] || reload=1
  [ "$pam_before" = "$(cat "$HERE/pam.d/pond-companion")" ] || reload=1
  say "step 7: enable and start $NAME.service"
  if [ "$reload" = 1 ]; then
    system_change "reload systemd" systemctl daemon-reload
  fi
  if [ -z "$ROOT" ] && systemctl is-enabled --quiet "$NAME.service" 2>/dev/null; then
    ok "$NAME.service is enabled"
  else
    system_change "enable $NAME.service at boot" systemctl enable "$NAME.service"
  fi
  if [ "$CHANGES" -gt 0 ]; then
    system_change "(re)start $NAME.service" systemctl restart "$NAME.service"
  elif [ -z "$ROOT" ] && systemctl is-active --quiet "$NAME.service" 2>/dev/null; then
    ok "$NAME.service is running"
  else
    system_change "start $NAME.service" systemctl start "$NAME.service"
  fi
}

do_install() {
  if [ "$DRY_RUN" = 0 ] && [ -z "$ROOT" ] && ! on_pi && [ "$FORCE" = 0 ]; then
    echo "install.sh: this is not a Raspberry Pi; use --dry-run to see the plan, or --force" >&2
    exit 2
  fi
  packages_step
  user_step
  source_step
  venv_step
  config_step
  service_step
}

do_uninstall() {
  say "uninstall: everything but the saved games in $STATE"
  if [ -z "$ROOT" ] && systemctl list-unit-files "$NAME.service" 2>/dev/null | grep -q "^$NAME.service"; then
    system_change "stop and disable $NAME.service" systemctl disable --now "$NAME.service"
  else
    ok "no $NAME.service is installed"
  fi
  local path
  for path in "$UNIT" "$PAM" "$ETC" "$PREFIX"; do
    if [ -e "$ROOT$path" ]; then
      change "remove $path" rm -rf "$ROOT$path"
    else
      ok "$path is gone"
    fi
  done
  if [ "$CHANGES" -gt 0 ]; then
    system_change "reload systemd" systemctl daemon-reload
  fi
  if id -u "$SERVICE_USER" >/dev/null 2>&1; then
    system_change "remove the user $SERVICE_USER" userdel "$SERVICE_USER"
  else
    ok "no user $SERVICE_USER"
  fi
  say "kept: $STATE (the saved games); remove it by hand to forget them"
}

need_root
if [ "$UNINSTALL" = 1 ]; then do_uninstall; else do_install; fi
if [ "$DRY_RUN" = 1 ]; then
  say "dry run: $CHANGES changes planned, nothing done"
elif [ "$CHANGES" = 0 ] && [ "$UNINSTALL" = 1 ]; then
  say "nothing to change: $NAME is not installed"
elif [ "$CHANGES" = 0 ]; then
  say "nothing to change: $NAME is installed and up to date"
else
  say "done: $CHANGES changes"
fi

#!/usr/bin/env bash
# Installs the real Kilo CLI (pinned) into .cache/kilo for the end-to-end tests of the Kilo host.
# Pinned to 7.7.7: the npm `latest` (7.8.1) publishes no linux-x64 package, so its postinstall
# fails (../shared/kilo-7.7.7/RECIPE.md). It is NOT a dependency of buddy-tui: users never
# download it through us.
#
#   scripts/install-kilo.sh          # idempotent: does nothing when the pin is in place
#   KILO_VERSION=7.7.7 scripts/install-kilo.sh
set -euo pipefail

NAME=kilo LABEL=Kilo PACKAGE=@kilocode/cli VERSION="${KILO_VERSION:-7.7.7}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
BIN="$PREFIX/node_modules/.bin/kilo"

installed_version() {
  [ -x "$BIN" ] || return 1
  # A throw-away HOME: --version must not touch the user's ~/.config/kilo.
  HOME="$PREFIX/home" XDG_CONFIG_HOME="$PREFIX/home/.config" XDG_DATA_HOME="$PREFIX/home/.local/share" \
    XDG_CACHE_HOME="$PREFIX/home/.cache" XDG_STATE_HOME="$PREFIX/home/.local/state" \
    "$BIN" --version 2>/dev/null | head -n 1
}

install_pinned_cli

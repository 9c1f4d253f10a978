#!/usr/bin/env bash
# Installs the real Pi coding agent (pinned) into .cache/pi for the end-to-end tests of the Pi host
# (plain Node, engines node >= 20.6). It is NOT a dependency of buddy-tui: users never download it
# through us.
#
#   scripts/install-pi.sh          # idempotent: does nothing when the pin is in place
#   PI_VERSION=0.73.1 scripts/install-pi.sh
set -euo pipefail

NAME=pi LABEL=Pi PACKAGE=@mariozechner/pi-coding-agent VERSION="${PI_VERSION:-0.73.1}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
BIN="$PREFIX/node_modules/.bin/pi"

installed_version() {
  [ -x "$BIN" ] || return 1
  # Prints "0.73.1" (on stderr). A throw-away HOME, offline: --version must not touch the user's ~/.pi nor
  # download fd and ripgrep from GitHub (Pi does that at start unless PI_OFFLINE is set).
  HOME="$PREFIX/home" PI_OFFLINE=1 PI_SKIP_VERSION_CHECK=1 "$BIN" --version 2>&1 | grep -Eo '^[0-9]+\.[0-9]+\.[0-9]+$' | tail -n 1
}

install_pinned_cli

#!/usr/bin/env bash
# Installs the real Gemini CLI (pinned) into .cache/gemini for the end-to-end tests of the Gemini
# host. It is NOT a dependency of buddy-tui: users never download it through us.
#
#   scripts/install-gemini.sh          # idempotent: does nothing when the pin is in place
#   GEMINI_VERSION=0.61.0 scripts/install-gemini.sh
#
# A readable JS bundle (engines: node >= 20); no native binary, no postinstall we rely on.
set -euo pipefail

NAME=gemini LABEL="Gemini CLI" PACKAGE=@google/gemini-cli VERSION="${GEMINI_VERSION:-0.61.0}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
BIN="$PREFIX/node_modules/.bin/gemini"

installed_version() {
  [ -x "$BIN" ] || return 1
  # Prints "0.61.0". A throw-away HOME: --version must not touch the user's ~/.gemini.
  HOME="$PREFIX/home" "$BIN" --version 2>/dev/null | head -n 1
}

install_pinned_cli

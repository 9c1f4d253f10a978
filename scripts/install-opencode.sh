#!/usr/bin/env bash
# Installs the real OpenCode CLI (pinned) into .cache/opencode for the end-to-end tests of the
# OpenCode host. At every start OpenCode npm-installs @opencode-ai/plugin into its config folder
# unless that folder has node_modules/ and a package-lock.json naming every dependency of its
# package.json (a start without the registry stalls ~60 s otherwise): the tests write those three
# into their throw-away config folder (test/support/opencode-cli.ts), so no test needs the
# registry and nothing more is installed here. It is NOT a dependency of buddy-tui: users never
# download it through us.
#
#   scripts/install-opencode.sh          # idempotent: does nothing when the pin is in place
#   OPENCODE_VERSION=1.18.33 scripts/install-opencode.sh
set -euo pipefail

NAME=opencode LABEL=OpenCode PACKAGE=opencode-ai VERSION="${OPENCODE_VERSION:-1.18.33}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
BIN="$PREFIX/node_modules/.bin/opencode"

installed_version() {
  [ -x "$BIN" ] || return 1
  # A throw-away HOME: --version must not touch the user's ~/.config/opencode.
  HOME="$PREFIX/home" XDG_CONFIG_HOME="$PREFIX/home/.config" XDG_DATA_HOME="$PREFIX/home/.local/share" \
    XDG_CACHE_HOME="$PREFIX/home/.cache" XDG_STATE_HOME="$PREFIX/home/.local/state" \
    "$BIN" --version 2>/dev/null | head -n 1
}

# The launcher's binary comes from its optional dependency opencode-linux-x64 (npm only).
install_pinned_cli

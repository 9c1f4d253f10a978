#!/usr/bin/env bash
# Installs the real GitHub Copilot CLI (pinned) into .cache/copilot for the end-to-end tests of
# the Copilot host. It is NOT a dependency of buddy-tui: users never download it through us.
#
#   scripts/install-copilot.sh          # idempotent: does nothing when the pin is in place
#   COPILOT_VERSION=1.0.102 scripts/install-copilot.sh
#
# The npm package's loader (npm-loader.js, any Node) runs the native binary from the platform
# optional dependency (@github/copilot-linux-x64, ~190 MB, embeds its own Node). On its first run
# it extracts ~235 MB into $HOME/.cache/copilot/pkg/<platform>/<version>/: the version check below
# runs with HOME=.cache/copilot/home and pays that once; the tests (each with a throw-away HOME)
# point COPILOT_CLI_DIST_DIR at that folder instead of extracting again.
set -euo pipefail

NAME=copilot LABEL="GitHub Copilot CLI" PACKAGE=@github/copilot VERSION="${COPILOT_VERSION:-1.0.102}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
BIN="$PREFIX/node_modules/.bin/copilot"

installed_version() {
  [ -x "$BIN" ] || return 1
  # Prints "GitHub Copilot CLI 1.0.102." (and an update note after it).
  HOME="$PREFIX/home" COPILOT_AUTO_UPDATE=false "$BIN" --version 2>/dev/null \
    | sed -n 's/^GitHub Copilot CLI \([0-9][0-9.]*[0-9]\)\.\{0,1\}$/\1/p' | head -n 1
}

# The first run's extraction is part of the install (see above).
ready() {
  ls -d "$PREFIX"/home/.cache/copilot/pkg/*/"$VERSION" >/dev/null 2>&1
}

install_pinned_cli --include=optional

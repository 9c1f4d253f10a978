#!/usr/bin/env bash
# Installs the real Cline CLI (pinned) into .cache/cline for the end-to-end tests of the Cline host
# (../shared/cline-3.0.65/RECIPE.md). npm only: `cline` (Node) starts the Bun single-file binary of
# its optional dependency @cline/cli-linux-x64, which does not use the host Node; the @cline/* JS
# packages declare node >= 22 (EBADENGINE warnings under Node 20, harmless). It is NOT a dependency
# of buddy-tui: users never download it through us.
#
#   scripts/install-cline.sh          # idempotent: does nothing when the pin is in place
#   CLINE_VERSION=3.0.65 scripts/install-cline.sh
set -euo pipefail

NAME=cline LABEL=Cline PACKAGE=cline VERSION="${CLINE_VERSION:-3.0.65}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
BIN="$PREFIX/node_modules/.bin/cline"

installed_version() {
  [ -x "$BIN" ] || return 1
  # Prints "3.0.65". A throw-away HOME and CLINE_DIR: --version must not touch the user's ~/.cline.
  HOME="$PREFIX/home" CLINE_DIR="$PREFIX/home/.cline" CLINE_NO_AUTO_UPDATE=1 \
    "$BIN" --version 2>/dev/null | head -n 1
}

install_pinned_cli

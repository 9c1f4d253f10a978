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

VERSION="${COPILOT_VERSION:-1.0.102}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="$ROOT/.cache/copilot"
BIN="$PREFIX/node_modules/.bin/copilot"

installed_version() {
  [ -x "$BIN" ] || return 1
  mkdir -p "$PREFIX/home"
  # Prints "GitHub Copilot CLI 1.0.102." (and an update note after it).
  HOME="$PREFIX/home" COPILOT_AUTO_UPDATE=false "$BIN" --version 2>/dev/null \
    | sed -n 's/^GitHub Copilot CLI \([0-9][0-9.]*[0-9]\)\.\{0,1\}$/\1/p' | head -n 1
}

extracted() {
  ls -d "$PREFIX"/home/.cache/copilot/pkg/*/"$VERSION" >/dev/null 2>&1
}

if [ "$(installed_version || true)" = "$VERSION" ] && extracted; then
  echo "copilot $VERSION already installed: $BIN"
  exit 0
fi

mkdir -p "$PREFIX"
# --no-save: nothing is written to our package.json or lockfile; the prefix has none either.
# --include=optional: the native binary comes in an optional dependency.
npm install --no-save --no-audit --no-fund --no-package-lock --include=optional --loglevel=error \
  --prefix "$PREFIX" "@github/copilot@$VERSION"

got="$(installed_version || true)"
if [ "$got" != "$VERSION" ] || ! extracted; then
  echo "error: $BIN does not run as GitHub Copilot CLI $VERSION (got: '${got:-nothing}')" >&2
  exit 1
fi
echo "copilot $VERSION installed: $BIN"

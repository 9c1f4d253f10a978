#!/usr/bin/env bash
# Installs the real Factory Droid CLI (pinned) into .cache/droid for the end-to-end tests of the
# Droid host. The npm package `droid` pulls its closed linux binary (~300 MB) from the optional
# `@factory/cli-linux-x64`; `@factory/cli`'s latest has no matching linux package on the registry
# (../shared/droid-0.215.0/RECIPE.md). It is NOT a dependency of buddy-tui: users never download
# it through us.
#
#   scripts/install-droid.sh          # idempotent: does nothing when the pin is in place
#   DROID_VERSION=0.215.0 scripts/install-droid.sh
set -euo pipefail

NAME=droid LABEL=Droid PACKAGE=droid VERSION="${DROID_VERSION:-0.215.0}"
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-cli.sh"
BIN="$PREFIX/node_modules/.bin/droid"

installed_version() {
  [ -x "$BIN" ] || return 1
  # Prints "0.215.0". A throw-away HOME: --version must not touch the user's ~/.factory.
  HOME="$PREFIX/home" "$BIN" --version 2>/dev/null | tail -n 1
}

install_pinned_cli

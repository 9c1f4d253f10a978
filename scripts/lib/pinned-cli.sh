# Sourced by scripts/install-<cli>.sh: installs one real host CLI, pinned, into .cache/<name> for the
# end-to-end tests (npm only; never a dependency of buddy-tui, so users never download it through us).
# Idempotent: nothing happens when the pinned version already runs.
#
# The script sets NAME (the .cache folder, and the messages), LABEL (the CLI as users name it),
# PACKAGE (its npm name), VERSION and BIN (from $PREFIX, which this file sets), and defines
# installed_version (prints the version $BIN runs as; a throw-away HOME, so the user's own config is
# never touched). It may define after_install (a fix-up after npm) and ready (a check besides the
# version). Then it calls install_pinned_cli with any extra npm flags.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PREFIX="$ROOT/.cache/$NAME"

cli_ready() {
  if declare -F ready >/dev/null; then ready; else return 0; fi
}

install_pinned_cli() {
  mkdir -p "$PREFIX/home"
  if [ "$(installed_version || true)" = "$VERSION" ] && cli_ready; then
    echo "$NAME $VERSION already installed: $BIN"
    return 0
  fi
  # --no-save: nothing is written to our package.json or lockfile; the prefix has none either.
  npm install --no-save --no-audit --no-fund --no-package-lock --loglevel=error "$@" \
    --prefix "$PREFIX" "$PACKAGE@$VERSION"
  if declare -F after_install >/dev/null; then after_install; fi
  local got
  got="$(installed_version || true)"
  if [ "$got" != "$VERSION" ] || ! cli_ready; then
    echo "error: $BIN does not run as $LABEL $VERSION under $(node --version) (got: '${got:-nothing}')" >&2
    exit 1
  fi
  echo "$NAME $VERSION installed: $BIN"
}

#!/usr/bin/env bash
# Regenerates assets/screenshot-picture.png: as capture-demo.sh, with a picture pet. The sample
# pet the package ships (examples/pets/mochi, drawn by sample-pet.mjs) is put where Codex keeps
# pets and the demo wears it as codex:mochi, drawn from its pixels in 24-bit half-blocks.
# Needs: tmux, rsvg-convert (Debian: librsvg2-bin), fonts-dejavu-core (+ fonts-noto-color-emoji).
#   npm run build && bash scripts/screenshot/capture-picture.sh [out.png]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:-$ROOT/assets/screenshot-picture.png}"
WORK="$(mktemp -d)"
SOCK="$WORK/tmux.sock"
trap 'tmux -S "$SOCK" kill-server 2>/dev/null || true; sleep 1; rm -rf "$WORK" 2>/dev/null || true' EXIT

mkdir -p "$WORK/codex/pets" && cp -R "$ROOT/examples/pets/mochi" "$WORK/codex/pets/"
tmux -S "$SOCK" -f /dev/null new-session -d -s shot -x 112 -y 30 \
  "env TMPDIR=$WORK CODEX_HOME=$WORK/codex COLORTERM=truecolor XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state TERM=xterm-256color LANG=C.UTF-8 node $ROOT/dist/cli.js demo --species codex:mochi --once"

# Wait (at most 90 s) for the moment worth showing: a subagent running, tools, and a speech bubble.
for _ in $(seq 1 600); do
  screen="$(tmux -S "$SOCK" capture-pane -p -t shot)"
  if grep -q '● general-purpose' <<<"$screen" && grep -q 'tools ' <<<"$screen" && grep -q '╰─' <<<"$screen"; then
    break
  fi
  sleep 0.15
done
tmux -S "$SOCK" capture-pane -e -p -t shot > "$WORK/capture.ansi"
node "$ROOT/scripts/screenshot/ansi-to-svg.mjs" < "$WORK/capture.ansi" > "$WORK/screen.svg"
rsvg-convert --format png --output "$OUT" "$WORK/screen.svg"
echo "wrote $OUT"

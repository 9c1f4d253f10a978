#!/usr/bin/env bash
# Regenerates assets/screenshot.png from a real terminal: `buddy-tui demo` runs in a private tmux
# server, the pane is captured with its colours once the subagent, the tools and a bubble show,
# and scripts/screenshot/ansi-to-svg.mjs + rsvg-convert turn the capture into a PNG.
# Needs: tmux, rsvg-convert (Debian: librsvg2-bin), fonts-dejavu-core (+ fonts-noto-color-emoji).
#   npm run build && bash scripts/screenshot/capture-demo.sh [out.png]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:-$ROOT/assets/screenshot.png}"
WORK="$(mktemp -d)"
SOCK="$WORK/tmux.sock"
trap 'tmux -S "$SOCK" kill-server 2>/dev/null || true; sleep 1; rm -rf "$WORK" 2>/dev/null || true' EXIT

tmux -S "$SOCK" -f /dev/null new-session -d -s shot -x 112 -y 26 \
  "env TMPDIR=$WORK XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state TERM=xterm-256color LANG=C.UTF-8 node $ROOT/dist/cli.js demo --species dragon --once"

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

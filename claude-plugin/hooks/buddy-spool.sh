#!/bin/sh
# buddy-tui: spools one Claude Code event into the state root's inbox (see claude-plugin/README.md).
# GENERATED from SPOOL_SCRIPT in src/ingest/spool-command.ts by scripts/gen-plugin-spool.ts: do not edit.
# $1 host, $2 uid (empty here: the Node fallback runs when only the uid could name the root), $3 node, $4 launcher.
[ "$BUDDY_TUI_CHILD" != 1 ] || exit 0
[ "$1" != claude ] || if [ -n "$DROID_PROJECT_DIR" ]; then set -- droid "$2" "$3" "$4"; elif [ -n "$COPILOT_PROJECT_DIR" ]; then set -- copilot "$2" "$3" "$4"; elif [ -n "$QWEN_PROJECT_DIR" ]; then set -- qwen "$2" "$3" "$4"; elif [ -n "$GEMINI_CWD" ]; then set -- gemini "$2" "$3" "$4"; fi
umask 077
r=${BUDDY_TUI_STATE_DIR:-${XDG_RUNTIME_DIR:+$XDG_RUNTIME_DIR/buddy-tui}}
if [ -z "$r" ] && [ -n "$2" ]; then t=${TMPDIR:-${TMP:-${TEMP:-/tmp}}}; r=${t%/}/buddy-tui-$2; fi
d=$r/inbox; o=
[ -n "$r" ] && [ -d "$d" ] && [ ! -h "$r" ] && [ ! -h "$d" ] && [ -O "$r" ] && [ -O "$d" ] && [ ! -e "$d/.root-refused" ] && o=1
if [ -n "$o" ] && hash cat; then
  p=${TMUX_PANE#%}; s=${TMUX#*,}; s=${s%%,*}; w=
  case $p.$s in *[!0-9.]*|.*|*.|*.*.*) ;; *) w=.t$p.$s ;; esac
  set -C; f=$d/$1.$$$w; i=0
  until [ ! -e "$f" ] && [ ! -h "$f" ] && true >"$f"; do i=$((i+1)); [ "$i" -lt 8 ] || break; f=$d/$1.$$.$i$w; done
  if [ "$i" -lt 8 ]; then LC_ALL=C cat >>"$f"; case $? in 126|127) ;; *) exit 0 ;; esac; fi
fi 2>/dev/null
case $3 in */*) [ -x "$3" ] ;; *) command -v "$3" >/dev/null ;; esac && "$3" "$4" --host "$1"
exit 0

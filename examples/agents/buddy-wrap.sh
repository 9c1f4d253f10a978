#!/bin/sh
# Feeds the buddy one run of any command as an agent session: buddy-wrap.sh make test
sid="wrap-$$-$(date +%s)"; host=${BUDDY_HOST:-generic}
esc() { printf '%s' "$*" | tr '\n\t' '  ' | sed 's/\\/\\\\/g; s/"/\\"/g'; }
cmd=$(esc "$@"); dir=$(esc "$PWD")
send() { printf '{"session_id":"%s","hook_event_name":"%s","cwd":"%s"%s}' "$sid" "$1" "$dir" "$2" | buddy-tui hook --host "$host"; }
tool=",\"tool_name\":\"Bash\",\"tool_use_id\":\"$sid-1\",\"tool_input\":{\"command\":\"$cmd\"}"
send SessionStart; send UserPromptSubmit ",\"prompt\":\"$cmd\""; send PreToolUse "$tool"
"$@"; code=$?
send PostToolUse "$tool,\"exit_code\":$code"; send Stop; send SessionEnd ',"reason":"exit"'
exit $code

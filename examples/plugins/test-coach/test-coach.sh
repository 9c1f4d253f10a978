#!/bin/sh
# test-coach: a buddy plugin in plain POSIX shell. It cheers when tests turn green again after
# failing, and coaches through repeated failures. State (failures in a row) lives in a small
# file per session under $TMPDIR. Answers with the buddy's JSON reaction contract.
input=$(cat)

# Only test commands interest the coach (the command is inside tool_input).
printf '%s' "$input" | grep -Eq '"command" *: *"[^"]*(npm (run )?test|npx (vitest|jest)|vitest|jest|pytest|go test|cargo test|yarn test|pnpm test|make test)' || exit 0

session=$(printf '%s' "${CLAUDE_SESSION_ID:-unknown}" | tr -c 'A-Za-z0-9_-' '_')
state="${TMPDIR:-/tmp}/buddy-test-coach-$session"
failures=$(cat "$state" 2>/dev/null || echo 0)
case $failures in ''|*[!0-9]*) failures=0 ;; esac

case "$CLAUDE_HOOK_EVENT" in
  PostToolUseFailure)
    failures=$((failures + 1))
    echo "$failures" > "$state"
    if [ "$failures" -ge 3 ]; then
      printf '{"reaction": "Red %s times in a row. Read the FIRST failure slowly, the rest often follow from it.", "mood": "worried", "priority": 4}\n' "$failures"
    else
      printf '{"reaction": "Tests failed. Deep breath: what does the first error say?", "mood": "sad", "priority": 4}\n'
    fi
    ;;
  PostToolUse)
    rm -f "$state"
    if [ "$failures" -gt 0 ]; then
      printf '{"reaction": "Green again after %s failed run(s)! Nice recovery.", "mood": "happy", "priority": 2}\n' "$failures"
    fi
    ;;
esac
exit 0

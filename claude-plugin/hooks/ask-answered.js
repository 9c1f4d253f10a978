// The user's answer to a permission ask, which Claude Code sends no hook for (its PreToolUse
// comes before the ask, its PostToolUse after the whole run): `tool.check` tells the mod that an
// ask opens for a call (the verdict `ask`, a person answers), `tool.run` that the call was allowed
// and starts, `turn.complete` that an ask still open was refused or cut short. The mod drops its
// "waiting for you" row at once and tells buddy-tui (`mod-state --answered <id>/<tool>`), whose
// reducer ends the ask for the pane and the statusline too (src/state/waiting.ts, ASK_ANSWERED).
import { ask } from './ask-buddy-tui.js'
import { mod } from './mod-memory.js'

/** Asks open at once, at most (one dialog at a time; a few subagents'): more is a leak, forgotten. */
const MAX_OPEN = 32
/** What buddy-tui takes as a call id and a tool name; anything else is not sent. */
const ID = /^[A-Za-z0-9_-]{1,128}$/
const TOOL = /^[A-Za-z0-9_.:-]{1,128}$/

/** After `tool.check` settled: an ask a person answers opens for this call. */
export function onToolCheck(e, verdict) {
  if (verdict?.decision !== 'ask' || e.approver !== 'person' || e.op) return
  if (typeof e.tool_use_id !== 'string' || !ID.test(e.tool_use_id)) return
  if (mod.asking.size >= MAX_OPEN) mod.asking.clear()
  mod.asking.set(e.tool_use_id, { tool: TOOL.test(String(e.tool)) ? String(e.tool) : '', agentId: e.agentId })
}

/** At `tool.run`: an asked call starts, so its ask was answered (yes). */
export function onToolRun($, e) {
  if (!mod.asking.has(e.tool_use_id)) return
  const { tool } = mod.asking.get(e.tool_use_id)
  mod.asking.delete(e.tool_use_id)
  answered($, [[e.tool_use_id, tool]])
}

/** At `turn.complete` of a loop: an ask of that loop still open will not run (refused, or cut short). */
export function onTurnEnd($, e) {
  const open = [...mod.asking].filter(([, call]) => call.agentId === e.agentId)
  if (open.length === 0) return
  for (const [id] of open) mod.asking.delete(id)
  answered(
    $,
    open.map(([id, call]) => [id, call.tool]),
  )
}

function answered($, calls) {
  mod.answeredAt = Date.now()
  for (const [id, tool] of calls) mod.answers.push(tool ? `${id}/${tool}` : id)
  if (mod.answers.length > MAX_OPEN) mod.answers.splice(0, mod.answers.length - MAX_OPEN)
  if (mod.look?.waiting) {
    mod.look = { ...mod.look, waiting: undefined }
    $.ui.invalidate('ui.render')
  }
  // An `ask` verdict the rules then allowed (no dialog, no PermissionRequest) left buddy-tui
  // waiting for nothing: no process now (it was one a tool call). The answer goes with the next
  // ask, or at once when a view shows the wait after all (turn-polling.js).
  if (mod.buddyWaits && !mod.refused && mod.cli) void ask($)
}

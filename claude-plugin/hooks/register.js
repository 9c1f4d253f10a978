// buddy-tui's Claude Code mod: the buddy drawn inside Claude Code (Claude Code 2.1.287 and newer).
// - BesidePrompt (fullscreen layout): the species' sprite for its stage and mood, its name and the
//   speech bubble, floating above the prompt's right end; a one-cell face when there is no room.
// - AbovePrompt (both layouts): face, name, bubble; a second row "waiting for you" while Claude
//   waits for an answer. Yields to surveys, draws nothing while the band is collapsed. Claude
//   Code's permission dialog hides the band (and $.ui.notice drew nothing on it in 2.1.332), so
//   an ask the user answered goes at once: `tool.check` and `tool.run` tell it (ask-answered.js),
//   and buddy-tui is told, so the pane and the statusline drop it too.
// - /buddy (the card), /buddy pet, /buddy feed, /buddy mute, /buddy unmute.
// One truth: everything drawn comes from `buddy-tui mod-state` (src/cli/mod-state.ts), or during a
// turn from the view file the runner writes with the same function; both use the statusline's rules. This module journals nothing: the classic hooks beside it in
// hooks.json (or the settings hooks of `buddy-tui install`) do that, so no event is ever doubled.
// It also has buddy-tui start the headless runner when no pane or runner runs the plugins, and it
// answers the runner's delegate calls with $.model.complete (the `session` adapter: mod-state hands
// over `asks`, `buddy-tui mod-answer` takes the answer back) and shows its `toasts` with $.ui.toast.
// Cost (docs/architecture.md, "What the mod costs"): no per-event `classic.*` hook (a hop into this
// worker on every event, under `claude -p` too), two hops a tool call (tool.check, tool.run): it follows turns, reads the runner's view file
// only during a turn and 8 s after (one buddy-tui process a turn), redraws only on a change; idle, only a bubble's end and a passing mood set a timer.
// This file wires the events; the parts are sibling modules, one concern each: mod-setup.js (after
// session.start), ask-buddy-tui.js (asking mod-state, the idle timers), turn-polling.js (following
// turns), ask-answered.js (the user's answer to a permission ask), delegate-answer.js,
// buddy-command.js (/buddy), buddy-view.js (the drawing rules, pure), and mod-memory.js (the state they share).
import { onToolCheck, onToolRun, onTurnEnd } from './ask-answered.js'
import { bandRows, besideCell } from './buddy-view.js'
import { buddyCommand } from './buddy-command.js'
import { mod } from './mod-memory.js'
import { setUp } from './mod-setup.js'
import { onTurnEdge } from './turn-polling.js'

/** @type {import('claude-code').Register} */
export const register = (on) => {
  on('session.start', async ($, e, next) => {
    const started = await next(e)
    // `claude -p` and other sessions with no screen: nothing to draw, and nothing to start.
    if (e.isInteractive === false) return started
    // Listed during session.start, as commands are; /buddy itself says when the mod refused this Claude Code.
    await $.command.register({
      name: 'buddy',
      description: 'buddy-tui: the buddy card; pet, feed, mute or unmute it; voice on|off; or ask it something',
      argumentHint: '[pet|feed|play|mute|unmute|voice on|voice off|<question>]',
    })
    // Not awaited: the rest of the set-up and the first drawing must not hold Claude Code's first prompt.
    mod.ready = setUp($).catch(() => undefined)
    return started
  })

  // Turns, not every event (see the top): the poll during a turn sees what the events changed.
  on('turn.start', async ($, e, next) => {
    const answer = await next(e)
    onTurnEdge($, e, true)
    return answer
  }).catch(($, e, next) => next(e))
  on('turn.complete', async ($, e, next) => {
    const answer = await next(e)
    onTurnEnd($, e)
    onTurnEdge($, e, false)
    return answer
  }).catch(($, e, next) => next(e))

  // Observers of a call's permission: they decide nothing and pass the engine's verdict and run on.
  on('tool.check', async ($, e, next) => {
    const verdict = await next(e)
    onToolCheck(e, verdict)
    return verdict
  })
  // Not MCP tools: a hook that may hear a call turns off a served call's live output.
  on('tool.run', { tool: /^(?!mcp__)/ }, ($, e, next) => {
    onToolRun($, e)
    return next(e)
  })

  on('ui.render', { component: 'AbovePrompt' }, ($, e, next) => {
    const look = mod.look
    if (!look || mod.refused || e.props.hasSurvey || e.props.isCollapsed) return next(e)
    const { Box, Text } = $.ui.resolve(e)
    const rows = bandRows(look, {
      columns: e.props.bodyColumns,
      maxRows: e.props.maxRows,
      muted: look.muted === true,
      blink: mod.blink,
    })
    if (rows.length === 0) return next(e)
    return h(
      Box,
      { flexDirection: 'column' },
      ...rows.map((row) =>
        h(Text, { color: row.color, dimColor: row.dim, bold: row.bold, wrap: 'truncate-end' }, row.text),
      ),
    )
  })

  on('ui.render', { component: 'BesidePrompt' }, ($, e, next) => {
    const look = mod.look
    if (!look || mod.refused) return next(e)
    const { Box, Text } = $.ui.resolve(e)
    const cell = besideCell(look, {
      floatRows: e.props.floatRows,
      floatColumns: e.props.floatColumns,
      maxColumns: e.props.maxColumns,
      muted: look.muted === true,
      blink: mod.blink,
    })
    if (cell.kind === 'none') return next(e)
    if (cell.kind === 'face') return h(Text, { color: look.color }, cell.text)
    return h(
      Box,
      { width: 0 },
      h(
        Box,
        { position: 'absolute', anchor: 'above', right: 0, flexDirection: 'column', borderStyle: 'round', paddingX: 1 },
        ...cell.rows.map((row) => h(Text, { color: row.color, dimColor: row.dim, bold: row.bold }, row.text)),
      ),
    )
  })

  on('command.run', { command: 'buddy' }, ($, e) => buddyCommand($, e))
}

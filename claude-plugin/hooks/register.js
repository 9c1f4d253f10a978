// buddy-tui's Claude Code mod: the buddy drawn inside Claude Code (Claude Code 2.1.287 and newer).
// - BesidePrompt (fullscreen layout): the species' sprite for its stage and mood, its name and the
//   speech bubble, floating above the prompt's right end; a one-cell face when there is no room.
// - AbovePrompt (both layouts): face, name, bubble; a second row "waiting for you" while Claude
//   waits for an approval. Yields to surveys, draws nothing while the band is collapsed.
// - /buddy (the card), /buddy pet, /buddy feed, /buddy mute, /buddy unmute.
// One truth: everything drawn comes from `buddy-tui mod-state` (src/cli/mod-state.ts), which uses
// the statusline's own display rules. This module journals nothing: the classic hooks beside it in
// hooks.json (or the settings hooks of `buddy-tui install`) do that, so no event is ever doubled.
// It also has buddy-tui start the headless runner when no pane or runner runs the plugins, and it
// answers the runner's delegate calls with $.model.complete (the `session` adapter: mod-state hands
// over `asks`, `buddy-tui mod-answer` takes the answer back) and shows its `toasts` with $.ui.toast.
// Cost (docs/architecture.md, "What the mod costs"): no per-event `classic.*` hook (a hop into this
// worker on every event, under `claude -p` too): it follows turns, polls files only during a turn
// and 8 s after, redraws only on a change; idle, only a bubble's end and a passing mood set a timer.
import {
  MIN_CLAUDE_CODE,
  appendedReaction,
  bandRows,
  besideCell,
  card,
  cliFromJson,
  isOlder,
  parseModState,
} from './buddy-view.js'

/** After an event, the files are looked at this often, for this long (a plugin's reaction follows its event). */
const POLL_MS = 500
const ACTIVE_MS = 8000
/** The other watched files (pet, journal, inbox) are looked at on every this many polls. */
const FULL_LOOK_POLLS = 4
/** Moods that pass with time alone (an error face fades after 15 s): asked again this often while one shows and nothing polls. */
const RECHECK_MS = 5000
const PASSING_MOODS = new Set(['error', 'celebrate', 'alert', 'working', 'thinking'])
/** The face blinks at most once every this many polls (6 s), and only while polling: idle costs no timer. */
const BLINK_POLLS = 12

/** The module's state: reset by a hot reload, as every module variable is. */
const mod = {
  /** @type {import('./buddy-view.js').ModState | undefined} */
  look: undefined,
  /** @type {string[] | undefined} */
  cli: undefined,
  sessionId: '',
  stamp: '',
  muted: false,
  blink: false,
  refused: '',
  /** @type {Promise<import('./buddy-view.js').ModState | undefined> | undefined} */
  inflight: undefined,
  askAgain: false,
  askedAt: 0,
  /** @type {Promise<void> | undefined} The set-up after session.start; a command waits for it. */
  ready: undefined,
  activeUntil: 0,
  turnOpen: false, // between the main loop's turn.start and turn.complete: the poll runs all along
  /** @type {{ cancel(): void } | undefined} */ bubbleTimer: undefined, // idle: the shown bubble's end
  /** @type {{ cancel(): void } | undefined} */ recheckTimer: undefined, // idle: a passing mood's next look
  drawn: '', // the last answer drawn, as text: an equal answer draws nothing again
  polling: false,
  polls: 0,
  /** @type {number | undefined} The size of reactions.jsonl at the last look. */
  reactionsSize: undefined,
  /** @type {Set<string>} Delegate calls under way (ids claimed through mod-state). */
  answering: new Set(),
}

/**
 * How to run buddy-tui: the command `buddy-tui install` wrote beside the copy it made of this mod
 * (buddy-cli.json), else the buddy-tui beside this folder (in place from the npm package or a
 * clone), else `buddy-tui` on PATH (a marketplace copy).
 */
async function findCli($) {
  const written = await $.fs.read(`${$.plugin.root}/buddy-cli.json`).then(cliFromJson, () => undefined)
  if (written) return written
  const inPlace = `${$.plugin.root}/../dist/cli.js`
  if (await $.fs.exists(inPlace).catch(() => false)) return ['node', inPlace]
  return ['buddy-tui']
}

async function stampOf($, paths) {
  const parts = await Promise.all(
    paths.map((path) =>
      $.fs.stat(path).then(
        (s) => `${s.size}:${s.mtimeMs}`,
        () => '-',
      ),
    ),
  )
  return parts.join('|')
}

/**
 * Asks buddy-tui for the drawing, one call at a time: an event during a call asks once more after
 * it; a command (`wait`) waits for the call under way and then asks itself.
 */
async function ask($, act, wait = false) {
  if (mod.refused || !mod.cli) return undefined
  if (mod.inflight) {
    if (!wait) {
      mod.askAgain = true
      return undefined
    }
    await mod.inflight
  }
  mod.inflight = askNow($, act)
  try {
    return await mod.inflight
  } finally {
    mod.inflight = undefined
    if (mod.askAgain) {
      mod.askAgain = false
      void ask($)
    }
  }
}

async function askNow($, act) {
  const argv = [...mod.cli, 'mod-state', '--session', mod.sessionId, '--ensure-runner', ...(act ? ['--act', act] : [])]
  try {
    const ran = await $.process.run(argv, { timeoutMs: 20000 })
    const next = ran.exitCode === 0 ? parseModState(ran.stdout) : undefined
    mod.askedAt = Date.now()
    if (!next) {
      $.ui.log(
        `buddy-tui mod: \`${argv.join(' ')}\` failed (exit ${ran.exitCode}): ${String(ran.stderr).slice(0, 300)}`,
        { to: 'debug' },
      )
      return undefined
    }
    const { asks, toasts, ...look } = next
    for (const call of asks ?? []) void answerAsk($, call)
    for (const text of toasts ?? []) $.ui.toast(text)
    mod.stamp = await stampOf($, next.watch)
    const text = JSON.stringify({ ...look, said: undefined })
    mod.look = look
    // Redraw only on a change: an Ink frame and two hops into this worker each.
    if (text !== mod.drawn) {
      mod.drawn = text
      $.ui.invalidate('ui.render')
    }
    endBubbleLater($)
    if (!mod.polling) recheckLater($)
    return next
  } catch (error) {
    $.ui.log(`buddy-tui mod: cannot run buddy-tui: ${error instanceof Error ? error.message : error}`, { to: 'debug' })
    return undefined
  }
}

/**
 * A delegate call buddy-tui handed this session (the `session` adapter, src/delegate/adapters/session.ts):
 * made with $.model.complete, the plugin's system prompt and no tools, on the user's own login; the
 * result goes back through `buddy-tui mod-answer` (a worker cannot write files without asking).
 */
async function answerAsk($, call) {
  if (mod.answering.has(call.id) || !mod.cli) return
  mod.answering.add(call.id)
  try {
    let result
    try {
      result = await $.model.complete({
        model: call.model,
        system: call.system,
        prompt: call.prompt,
        maxTokens: call.maxTokens,
        timeoutMs: call.timeoutMs,
      })
    } catch (error) {
      result = { isAnswered: false, reason: `error: ${error instanceof Error ? error.message : error}` }
    }
    const answer = {
      isAnswered: result.isAnswered === true,
      text: result.text,
      reason: result.reason,
      usage: result.usage,
      model: call.model,
    }
    const ran = await $.process.run([...mod.cli, 'mod-answer', '--id', call.id], {
      stdin: JSON.stringify(answer),
      timeoutMs: 20000,
    })
    if (ran.exitCode !== 0)
      $.ui.log(`buddy-tui mod: mod-answer exit ${ran.exitCode}: ${String(ran.stderr).slice(0, 300)}`, { to: 'debug' })
  } catch (error) {
    $.ui.log(`buddy-tui mod: delegate ${call.id} not answered: ${error instanceof Error ? error.message : error}`, {
      to: 'debug',
    })
  } finally {
    mod.answering.delete(call.id)
  }
}

/** A reaction appended since the last look (the runner wrote it): shown at once, before buddy-tui is asked. */
async function showAppended($) {
  const file = mod.look?.reactions
  if (!file) return
  const stat = await $.fs.stat(file).catch(() => undefined)
  // Not there yet: the first line the runner writes creates it, and counts as appended.
  if (!stat) {
    mod.reactionsSize = 0
    return
  }
  if (stat.kind !== 'file') return
  const from = mod.reactionsSize ?? stat.size
  mod.reactionsSize = stat.size
  if (stat.size <= from || stat.size - from > 65536) return
  const added = await $.fs.read(file, { offset: from, length: stat.size - from }).catch(() => '')
  const bubble = appendedReaction(added)
  if (bubble && mod.look) {
    mod.look = { ...mod.look, bubble }
    $.ui.invalidate('ui.render')
  }
}

/** One timer asks again when the statusline drops the bubble (`bubbleUntil`, its rule): no poll in between. */
function endBubbleLater($) {
  mod.bubbleTimer?.cancel()
  mod.bubbleTimer = undefined
  const until = mod.look?.bubble ? mod.look.bubbleUntil : undefined
  if (typeof until !== 'number') return
  mod.bubbleTimer = $.clock.after(Math.min(Math.max(until - Date.now(), 0) + 50, 10 * 60000), () => {
    mod.bubbleTimer = undefined
    void ask($)
  })
}

/** While a passing mood shows and nothing polls: one look in RECHECK_MS (a face that changes with time alone). */
function recheckLater($) {
  mod.recheckTimer?.cancel()
  mod.recheckTimer = undefined
  if (!mod.look || !PASSING_MOODS.has(mod.look.mood)) return
  mod.recheckTimer = $.clock.after(RECHECK_MS, () => {
    mod.recheckTimer = undefined
    if (!mod.polling) void ask($)
  })
}

/** While polling: a stat of the files mod-state named; buddy-tui is asked only when one changed. */
async function poll($) {
  if (!mod.look) return
  await showAppended($)
  if (mod.inflight || mod.polls % FULL_LOOK_POLLS !== 0) return
  const now = await stampOf($, mod.look.watch)
  if (now !== mod.stamp) await ask($)
}

/** The poll runs while the main loop's turn is open and ACTIVE_MS after a turn's edge, every POLL_MS, then stops. */
function wake($) {
  mod.activeUntil = Date.now() + ACTIVE_MS
  if (!mod.polling) {
    mod.polling = true
    $.clock.after(POLL_MS, () => {
      void pollLoop($)
    })
  }
}

async function pollLoop($) {
  mod.polls += 1
  await poll($).catch(() => undefined)
  if (mod.polls % BLINK_POLLS === 0) blinkOnce($)
  if (!mod.turnOpen && Date.now() >= mod.activeUntil) {
    mod.polling = false
    recheckLater($)
    return
  }
  $.clock.after(POLL_MS, () => {
    void pollLoop($)
  })
}

/** A turn's edge: on turn.start ask now (which starts the runner if it has gone), then poll. */
function onTurnEdge($, e, opening) {
  if (mod.refused || !mod.cli) return
  if (e.agentId === undefined) mod.turnOpen = opening
  if (opening) void ask($)
  wake($)
}

function blinkOnce($) {
  mod.blink = true
  $.ui.invalidate('ui.render')
  $.clock.after(300, () => {
    mod.blink = false
    $.ui.invalidate('ui.render')
  })
}

/** Refuses a Claude Code older than the mod needs; true when it may run. */
async function checkVersion($) {
  try {
    const { version } = await $.session.version()
    if (isOlder(version, MIN_CLAUDE_CODE)) mod.refused = version
  } catch {
    mod.refused = 'a version without $.session.version'
  }
  if (mod.refused) {
    $.ui.status(
      `buddy-tui: the buddy mod needs Claude Code ${MIN_CLAUDE_CODE} or newer (this is ${mod.refused}); run \`claude update\`. The pane and the statusline still work.`,
    )
  }
  return !mod.refused
}

async function buddyCommand($, e) {
  await mod.ready
  const word = String(e.args ?? '')
    .trim()
    .toLowerCase()
  if (word === 'mute' || word === 'unmute') {
    mod.muted = word === 'mute'
    await $.store.set('muted', mod.muted).catch(() => undefined)
    $.ui.invalidate('ui.render')
    return {
      text: mod.muted
        ? 'buddy-tui: the buddy keeps its bubbles to itself (/buddy unmute to hear it again).'
        : 'buddy-tui: the buddy speaks again.',
    }
  }
  if (word !== '' && word !== 'pet' && word !== 'feed') return { text: 'usage: /buddy [pet|feed|mute|unmute]' }
  if (mod.refused)
    return { text: `buddy-tui: the buddy mod needs Claude Code ${MIN_CLAUDE_CODE} or newer (this is ${mod.refused}).` }
  const state = await ask($, word || undefined, true)
  if (!state) return { text: 'buddy-tui: buddy-tui did not answer; run `buddy-tui doctor`.' }
  return { text: word ? (state.said ?? '') : card(state) }
}

async function setUp($) {
  if (!(await checkVersion($))) return
  mod.sessionId = await $.session.id()
  mod.muted = (await $.store.get('muted').catch(() => false)) === true
  mod.cli = await findCli($)
  await ask($)
  wake($)
}

/** @type {import('claude-code').Register} */
export const register = (on) => {
  on('session.start', async ($, e, next) => {
    const started = await next(e)
    // `claude -p` and other sessions with no screen: nothing to draw, and nothing to start.
    if (e.isInteractive === false) return started
    // Listed during session.start, as commands are; /buddy itself says when the mod refused this Claude Code.
    await $.command.register({
      name: 'buddy',
      description: 'buddy-tui: the buddy card; pet, feed, mute or unmute it',
      argumentHint: '[pet|feed|mute|unmute]',
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
    onTurnEdge($, e, false)
    return answer
  }).catch(($, e, next) => next(e))

  on('ui.render', { component: 'AbovePrompt' }, ($, e, next) => {
    const look = mod.look
    if (!look || mod.refused || e.props.hasSurvey || e.props.isCollapsed) return next(e)
    const { Box, Text } = $.ui.resolve(e)
    const rows = bandRows(look, {
      columns: e.props.bodyColumns,
      maxRows: e.props.maxRows,
      muted: mod.muted,
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
      muted: mod.muted,
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

// Asking `buddy-tui mod-state` for what to draw, one call at a time, and the two idle timers that
// ask again (a bubble's end, a passing mood): a redraw only when the answer changed.
import { parseModState } from './buddy-view.js'
import { answerAsk } from './delegate-answer.js'
import { mod } from './mod-memory.js'

/** Moods that pass with time alone (an error face fades after 15 s): asked again this often while one shows and nothing polls. */
const RECHECK_MS = 5000
const PASSING_MOODS = new Set(['error', 'celebrate', 'alert', 'working', 'thinking'])

export async function stampOf($, paths) {
  return (await filesLook($, paths)).stamp
}

/** One stat of each file: their stamp (size and mtime, '-' when missing), and the newest mtime among them. */
export async function filesLook($, paths) {
  const stats = await Promise.all(paths.map((path) => $.fs.stat(path).catch(() => undefined)))
  return {
    stamp: stats.map((s) => (s ? `${s.size}:${s.mtimeMs}` : '-')).join('|'),
    newest: Math.max(0, ...stats.map((s) => s?.mtimeMs ?? 0)),
  }
}

/**
 * Asks buddy-tui for the drawing, one call at a time: an event during a call asks once more after
 * it; a command (`wait`) waits for the call under way and then asks itself.
 */
export async function ask($, act, wait = false) {
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
  // The answers to asks the mod saw (ask-answered.js): journaled by this run, sent again if it fails.
  const answers = mod.answers.splice(0)
  const argv = [
    ...mod.cli,
    'mod-state',
    '--session',
    mod.sessionId,
    '--ensure-runner',
    // An act's name, or a command's own arguments (/buddy voice on, /buddy <question>).
    ...(Array.isArray(act) ? act : act ? ['--act', act] : []),
    ...answers.flatMap((answer) => ['--answered', answer]),
  ]
  const startedAt = Date.now()
  try {
    const ran = await $.process.run(argv, { timeoutMs: 20000 })
    const next = ran.exitCode === 0 ? parseModState(ran.stdout) : undefined
    mod.askedAt = Date.now()
    if (!next) {
      mod.answers.unshift(...answers)
      $.ui.log(
        `buddy-tui mod: \`${argv.join(' ')}\` failed (exit ${ran.exitCode}): ${String(ran.stderr).slice(0, 300)}`,
        { to: 'debug' },
      )
      return undefined
    }
    await applyLook($, next, false, startedAt)
    return next
  } catch (error) {
    mod.answers.unshift(...answers)
    $.ui.log(`buddy-tui mod: cannot run buddy-tui: ${error instanceof Error ? error.message : error}`, { to: 'debug' })
    return undefined
  }
}

/**
 * A look made before the user's last answer (a view file written, a mod-state run started, before
 * it: `asOf`), or one whose ask began before that answer (a view the runner wrote after the answer
 * but before buddy-tui journaled it), still carries the ask that was answered (ask-answered.js):
 * drawn without it. An ask begun after the answer is a new one and shows.
 */
export function withoutAnsweredAsk(look, asOf) {
  const answered = asOf < mod.answeredAt || (look.waitingSince !== undefined && look.waitingSince <= mod.answeredAt)
  return look.waiting && answered ? { ...look, waiting: undefined, waitingSince: undefined } : look
}

/**
 * Draws a look (mod-state's answer, or with `fromView` the runner's view file, turn-polling.js): hands over the
 * delegate calls and toasts it carries, and redraws only on a change (an Ink frame and two hops
 * into this worker each). `asOf`: when the look was made.
 */
export async function applyLook($, next, fromView = false, asOf = Date.now()) {
  mod.buddyWaits = next.waiting !== undefined
  const { asks, toasts, pending, ...look } = withoutAnsweredAsk(next, asOf)
  for (const call of asks ?? []) void answerAsk($, call)
  for (const text of toasts ?? []) $.ui.toast(text)
  // The files as mod-state saw them; a view keeps the stamp of the last ask (turn-polling.js).
  if (!fromView) mod.stamp = await stampOf($, next.watch)
  const text = JSON.stringify({ ...look, said: undefined })
  mod.look = look
  // The same drawing from a view (rewritten on every event): no redraw, and the timers set for it stand.
  if (fromView && text === mod.drawn) return
  if (text !== mod.drawn) {
    mod.drawn = text
    $.ui.invalidate('ui.render')
  }
  endBubbleLater($)
  if (!mod.polling) recheckLater($)
}

/** One timer asks again when the statusline drops the bubble (`bubbleUntil`, its rule): no poll in between. */
export function endBubbleLater($) {
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
export function recheckLater($) {
  mod.recheckTimer?.cancel()
  mod.recheckTimer = undefined
  if (!mod.look || !PASSING_MOODS.has(mod.look.mood)) return
  mod.recheckTimer = $.clock.after(RECHECK_MS, () => {
    mod.recheckTimer = undefined
    if (!mod.polling) void ask($)
  })
}

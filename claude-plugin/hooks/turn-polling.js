// Following turns: while the main loop's turn is open and a little after, the runner's view file
// (src/mod/mod-views.ts) is looked at every POLL_MS and drawn when it changed, so a turn starts
// no buddy-tui process after its first ask; a reaction appended is shown at once. With no view (no
// runner), or when the files mod-state named changed and no view followed, buddy-tui is asked.
// Idle, nothing polls.
import { appendedReaction, parseModState } from './buddy-view.js'
import { applyLook, ask, filesLook, recheckLater } from './ask-buddy-tui.js'
import { mod } from './mod-memory.js'

/** After an event, the files are looked at this often, for this long (a plugin's reaction follows its event). */
const POLL_MS = 500
const ACTIVE_MS = 8000
/** The other watched files (pet, journal, inbox) are looked at on every this many polls. */
const FULL_LOOK_POLLS = 4
/** A watched file changed and the view did not follow for this long: its writer (the runner) is gone, so ask. */
const VIEW_GRACE_MS = 2000
const MAX_VIEW_BYTES = 65536
/** The face blinks at most once every this many polls (6 s), and only while polling: idle costs no timer. */
const BLINK_POLLS = 12

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

/**
 * The view file, drawn when it changed since the last look. 'none' when there is none to follow
 * (no runner wrote one, or it is not a small file): then buddy-tui is asked as before.
 * @returns {Promise<'fresh' | 'same' | 'none'>}
 */
async function followView($) {
  const file = mod.look?.view
  if (!file) return 'none'
  const stat = await $.fs.stat(file).catch(() => undefined)
  if (!stat || stat.isLink || stat.kind !== 'file' || stat.size > MAX_VIEW_BYTES) return 'none'
  const stamp = `${stat.size}:${stat.mtimeMs}`
  if (stamp === mod.viewStamp) return 'same'
  const next = parseModState(await $.fs.read(file).catch(() => ''))
  if (!next) return 'none'
  mod.viewStamp = stamp
  mod.viewMtime = stat.mtimeMs
  mod.changedAt = undefined
  await applyLook($, next, true, stat.mtimeMs)
  // Delegate calls or toasts wait for this mod: only mod-state claims them. A wait shown after
  // the user answered it (ask-answered.js kept the answer): mod-state journals the answer.
  if (next.pending > 0 || (next.waiting && mod.answers.length > 0)) void ask($)
  return 'fresh'
}

/**
 * While polling: the view file, and every FULL_LOOK_POLLS the files mod-state named. buddy-tui is
 * asked when they changed since its last answer and no view is as new as them: at once with no
 * view, after VIEW_GRACE_MS with one (its writer rewrites it after any change of these files).
 */
async function poll($) {
  if (!mod.look) return
  const view = await followView($)
  // The view carries a new reaction as soon as the runner has it; without one, look at the file.
  if (view === 'none') await showAppended($)
  if (mod.inflight || mod.polls % FULL_LOOK_POLLS !== 0) return
  const files = await filesLook($, mod.look.watch)
  // Strictly older: a file's mtime has the kernel's coarse clock (a few ms), so one written in the
  // view's tick may be newer than it, and is not known to be in it.
  if (files.stamp === mod.stamp || (view !== 'none' && files.newest < mod.viewMtime)) {
    mod.changedAt = undefined
    return
  }
  if (view !== 'none') {
    mod.changedAt ??= Date.now()
    if (Date.now() - mod.changedAt < VIEW_GRACE_MS) return
  }
  mod.changedAt = undefined
  await ask($)
}

/** The poll runs while the main loop's turn is open and ACTIVE_MS after a turn's edge, every POLL_MS, then stops. */
export function wake($) {
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
export function onTurnEdge($, e, opening) {
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

// Following turns: while the main loop's turn is open and a little after, the files mod-state named
// are looked at every POLL_MS (a reaction appended is shown at once); idle, nothing polls.
import { appendedReaction } from './buddy-view.js'
import { ask, recheckLater, stampOf } from './ask-buddy-tui.js'
import { mod } from './mod-memory.js'

/** After an event, the files are looked at this often, for this long (a plugin's reaction follows its event). */
const POLL_MS = 500
const ACTIVE_MS = 8000
/** The other watched files (pet, journal, inbox) are looked at on every this many polls. */
const FULL_LOOK_POLLS = 4
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

/** While polling: a stat of the files mod-state named; buddy-tui is asked only when one changed. */
async function poll($) {
  if (!mod.look) return
  await showAppended($)
  if (mod.inflight || mod.polls % FULL_LOOK_POLLS !== 0) return
  const now = await stampOf($, mod.look.watch)
  if (now !== mod.stamp) await ask($)
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

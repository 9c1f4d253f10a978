// /buddy: the card, and pet, feed, play, mute, unmute.
import { MIN_CLAUDE_CODE, card } from './buddy-view.js'
import { ask } from './ask-buddy-tui.js'
import { mod } from './mod-memory.js'

export async function buddyCommand($, e) {
  await mod.ready
  const word = String(e.args ?? '')
    .trim()
    .toLowerCase()
  // mute and unmute are the one mute of every view (the pane's m, the statusline): buddy-tui keeps it.
  if (word !== '' && !['pet', 'feed', 'play', 'mute', 'unmute'].includes(word))
    return { text: 'usage: /buddy [pet|feed|play|mute|unmute]' }
  if (mod.refused)
    return { text: `buddy-tui: the buddy mod needs Claude Code ${MIN_CLAUDE_CODE} or newer (this is ${mod.refused}).` }
  const state = await ask($, word || undefined, true)
  if (!state) return { text: 'buddy-tui: buddy-tui did not answer; run `buddy-tui doctor`.' }
  return { text: word ? (state.said ?? '') : card(state) }
}

// /buddy: the card, and pet, feed, play, mute, unmute.
import { MIN_CLAUDE_CODE, card } from './buddy-view.js'
import { ask } from './ask-buddy-tui.js'
import { mod } from './mod-memory.js'

export async function buddyCommand($, e) {
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
  if (word !== '' && word !== 'pet' && word !== 'feed' && word !== 'play')
    return { text: 'usage: /buddy [pet|feed|play|mute|unmute]' }
  if (mod.refused)
    return { text: `buddy-tui: the buddy mod needs Claude Code ${MIN_CLAUDE_CODE} or newer (this is ${mod.refused}).` }
  const state = await ask($, word || undefined, true)
  if (!state) return { text: 'buddy-tui: buddy-tui did not answer; run `buddy-tui doctor`.' }
  return { text: word ? (state.said ?? '') : card(state) }
}

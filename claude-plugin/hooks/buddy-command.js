// /buddy: the card, and pet, feed, play, mute, unmute; voice on|off; /buddy <question> asks the buddy.
import { MIN_CLAUDE_CODE, card } from './buddy-view.js'
import { ask } from './ask-buddy-tui.js'
import { mod } from './mod-memory.js'
import { wake } from './turn-polling.js'

const WORDS = ['pet', 'feed', 'play', 'mute', 'unmute']
const USAGE = 'usage: /buddy [pet|feed|play|mute|unmute|voice on|voice off|<question>]'

/** What mod-state is asked for, or undefined for a lone unknown word (a typo, not a question). */
function argvOf(text) {
  const word = text.toLowerCase()
  if (word === '') return []
  // mute and unmute are the one mute of every view (the pane's m, the statusline): buddy-tui keeps it.
  if (WORDS.includes(word)) return ['--act', word]
  const voice = /^voice\s+(on|off)$/.exec(word)
  if (voice) return ['--voice', voice[1]]
  if (/\s/.test(text) || text.endsWith('?')) return ['--ask', text]
  return undefined
}

export async function buddyCommand($, e) {
  await mod.ready
  const text = String(e.args ?? '').trim()
  const argv = argvOf(text)
  if (!argv) return { text: USAGE }
  if (mod.refused)
    return { text: `buddy-tui: the buddy mod needs Claude Code ${MIN_CLAUDE_CODE} or newer (this is ${mod.refused}).` }
  const state = await ask($, argv, true)
  if (!state) return { text: 'buddy-tui: buddy-tui did not answer; run `buddy-tui doctor`.' }
  // The answer comes through the runner (and this session's model): follow the view as after an event.
  if (argv[0] === '--ask') wake($)
  if (argv.length) return { text: state.said ?? '' }
  // The first card says once what the buddy speaks with, and how to turn it off.
  const voice = !mod.voiceNoted && typeof state.voice === 'string' ? `\n${state.voice}` : ''
  mod.voiceNoted = true
  return { text: card(state) + voice }
}

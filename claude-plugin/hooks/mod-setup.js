// The set-up after session.start: the version floor, the session, the mute setting, how to run
// buddy-tui, then the first drawing and a few polls.
import { MIN_CLAUDE_CODE, cliFromJson, isOlder } from './buddy-view.js'
import { ask } from './ask-buddy-tui.js'
import { mod } from './mod-memory.js'
import { wake } from './turn-polling.js'

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

export async function setUp($) {
  if (!(await checkVersion($))) return
  mod.sessionId = await $.session.id()
  mod.cli = await findCli($)
  // A mute this mod kept itself (before buddy-tui kept the one mute of every view) moves there once.
  const keptMute = (await $.store.get('muted').catch(() => false)) === true
  if (keptMute) await $.store.set('muted', false).catch(() => undefined)
  await ask($, keptMute ? 'mute' : undefined)
  wake($)
}

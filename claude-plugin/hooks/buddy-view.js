// What the buddy mod draws, as plain rows, from one `buddy-tui mod-state` answer. Pure (no `$`),
// so the engine's tests and buddy-tui's own vitest both check it.

/** Mods (hooks modules) exist from Claude Code 2.1.287 on. */
export const MIN_CLAUDE_CODE = '2.1.287'

/**
 * @typedef {{ v: 1, face: string, name?: string, mood: string, species?: string, stage?: string,
 *   level?: number, needs?: { hunger: number, energy: number, happiness: number }, sprite: string[],
 *   color?: string, bubble?: { text: string, kind: string }, bubbleUntil?: number, waiting?: string, waitingSince?: number, working: boolean,
 *   said?: string, voice?: string, watch: string[], reactions?: string, view?: string, pending?: number }} ModState
 * @typedef {{ text: string, color?: string, dim?: boolean, bold?: boolean }} Row
 */

/** True when `version` ("2.1.280", "2.1.280-dev.…") is older than `floor`. */
export function isOlder(version, floor) {
  const parts = (text) =>
    String(text)
      .split(/[^0-9.]/)[0]
      .split('.')
      .map((n) => Number(n) || 0)
  const [a, b] = [parts(version), parts(floor)]
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0)
  return false
}

/** The argv in buddy-cli.json (`{"argv": ["/usr/bin/node", "/…/dist/cli.js"]}`), or undefined. */
export function cliFromJson(text) {
  try {
    const argv = JSON.parse(text).argv
    return Array.isArray(argv) &&
      argv.length > 0 &&
      argv.length < 4 &&
      argv.every((arg) => typeof arg === 'string' && arg !== '')
      ? argv
      : undefined
  } catch {
    return undefined
  }
}

// Outside text was sanitised by buddy-tui (src/text/sanitize.ts, which a worker with no Node
// cannot load); this keeps a damaged answer from drawing escapes anyway: control strings (OSC,
// DCS, ...) with their payload, CSI and other escape sequences, then any control character, line
// separator or invisible mark left over.
const CONTROL_STRING = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)/g
const ESCAPE = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?|\u001b[ -/]*[0-~]?/g
const UNDRAWN = /[\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g
const clean = (value, max) =>
  String(value ?? '')
    .slice(0, max * 4 + 64)
    .replace(CONTROL_STRING, '')
    .replace(ESCAPE, '')
    .replace(/[\u0085\u2028\u2029]/g, ' ')
    .replace(UNDRAWN, '')
    .slice(0, max)
const maybe = (value, max) => (typeof value === 'string' ? clean(value, max) : undefined)
/** A colour name or hex (what a species file allows), else none. */
const colorOf = (value) => (typeof value === 'string' && /^#?[0-9A-Za-z]{1,24}$/.test(value) ? value : undefined)

/** The answer of `buddy-tui mod-state`, or undefined when it is not one. */
export function parseModState(stdout) {
  let value
  try {
    value = JSON.parse(String(stdout).trim().split('\n').pop() ?? '')
  } catch {
    return undefined
  }
  if (!value || value.v !== 1 || typeof value.face !== 'string' || !Array.isArray(value.watch)) return undefined
  return {
    ...value,
    face: clean(value.face, 24),
    name: value.name === undefined ? undefined : clean(value.name, 24),
    mood: clean(value.mood, 24),
    species: maybe(value.species, 40),
    stage: maybe(value.stage, 40),
    color: colorOf(value.color),
    said: maybe(value.said, 160),
    voice: maybe(value.voice, 300),
    toasts: Array.isArray(value.toasts) ? value.toasts.slice(0, 20).map((text) => clean(text, 200)) : undefined,
    sprite: Array.isArray(value.sprite) ? value.sprite.map((row) => clean(row, 40)) : [],
    bubble:
      value.bubble && typeof value.bubble.text === 'string'
        ? { text: clean(value.bubble.text, 300), kind: String(value.bubble.kind) }
        : undefined,
    bubbleUntil:
      typeof value.bubbleUntil === 'number' && Number.isFinite(value.bubbleUntil) ? value.bubbleUntil : undefined,
    waiting: typeof value.waiting === 'string' ? clean(value.waiting, 80) : undefined,
    waitingSince: Number.isFinite(value.waitingSince) ? value.waitingSince : undefined,
    watch: value.watch.filter((path) => typeof path === 'string').slice(0, 8),
    reactions: typeof value.reactions === 'string' ? value.reactions : undefined,
    view: typeof value.view === 'string' ? value.view : undefined,
    pending: typeof value.pending === 'number' && value.pending > 0 ? value.pending : 0,
  }
}

/**
 * The newest reaction in text just appended to reactions.jsonl, when the bubble may show it at once:
 * the statusline's rule for a line said a moment ago (src/statusline/view.ts recentReaction: not a
 * notice, a ttl above 0, some text). `buddy-tui mod-state` is asked right after and has the last word.
 */
export function appendedReaction(appended) {
  const lines = String(appended)
    .split('\n')
    .filter((line) => line.trim() !== '')
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    try {
      const r = JSON.parse(lines[i])
      if (!r || typeof r.text !== 'string' || r.kind === 'notice' || !(r.ttlMs > 0)) continue
      const text = clean(r.text, 300).trim()
      if (text) return { text, kind: r.kind === 'warning' || r.kind === 'thinking' ? r.kind : 'reaction' }
    } catch {
      // A torn line: look further back.
    }
  }
  return undefined
}

const cut = (text, width) =>
  width <= 0 ? '' : text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`
const blinked = (face, blink) => (blink ? face.replace(/[oO0◉•@*^]/g, '-') : face)
const bubbleColor = (kind) => (kind === 'warning' ? 'yellow' : kind === 'thinking' ? 'gray' : 'cyan')

/** The band above the prompt: face, name and bubble; "waiting for you" on a second row. */
export function bandRows(look, { columns, maxRows, muted = false, blink = false }) {
  const width = Math.max(0, Math.floor(columns))
  if (width < 8 || maxRows < 1) return []
  const who = `${blinked(look.face, blink)}${look.name ? ` ${look.name}` : ''}`
  const said = !muted && look.bubble ? `  < ${look.bubble.text} >` : ''
  /** @type {Row[]} */
  const rows = [
    { text: cut(`${who}${said}`, width), color: look.bubble && !muted ? bubbleColor(look.bubble.kind) : look.color },
  ]
  if (look.waiting && maxRows >= 2)
    rows.push({ text: cut(`⏳ waiting for you: ${look.waiting}`, width), color: 'yellow', bold: true })
  return rows
}

/** Splits a bubble into lines of at most `width` characters, at most `lines` of them. */
function wrap(text, width, lines) {
  const out = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (next.length <= width) {
      line = next
      continue
    }
    if (line) out.push(line)
    line = word.length > width ? cut(word, width) : word
    if (out.length === lines) break
  }
  if (line && out.length < lines) out.push(line)
  if (out.length === lines && text.length > out.join(' ').length) out[lines - 1] = cut(`${out[lines - 1]}…`, width)
  return out
}

const BUBBLE_WIDTH = 28

/**
 * The cell beside the prompt: the floating sprite card when it fits (`floatRows`/`floatColumns`),
 * else the one-line face when `maxColumns` has room, else nothing (the engine passes on).
 * @returns {{ kind: 'float', rows: Row[] } | { kind: 'face', text: string } | { kind: 'none' }}
 */
export function besideCell(look, { floatRows, floatColumns, maxColumns, muted = false, blink = false }) {
  const sprite = look.sprite.length > 0 ? look.sprite : [look.face]
  const title = `${look.name ?? 'buddy'}${look.stage ? ` · ${look.stage}` : ''}`
  const bubble = !muted && look.bubble ? wrap(look.bubble.text, BUBBLE_WIDTH, 2) : []
  const inner = Math.max(title.length, ...sprite.map((row) => row.length), ...bubble.map((row) => row.length + 4))
  const needRows = sprite.length + 1 + bubble.length + 2
  if (floatRows >= needRows && floatColumns >= inner + 4) {
    /** @type {Row[]} */
    const rows = [
      ...bubble.map((line) => ({ text: `< ${line} >`, color: bubbleColor(look.bubble?.kind) })),
      ...sprite.map((row) => ({ text: blink ? blinked(row, true) : row, color: look.color })),
      { text: title, bold: true },
    ]
    return { kind: 'float', rows }
  }
  const face = blinked(look.face, blink)
  if (maxColumns >= face.length) return { kind: 'face', text: face }
  return { kind: 'none' }
}

const bar = (value) => `${'#'.repeat(Math.round(value / 10))}${'.'.repeat(10 - Math.round(value / 10))} ${value}`

/** Text that markdown shows as it is: a face's `\\/` would lose its backslash, `◉_◉` could turn italic. */
const literal = (text) => String(text).replace(/[\\`*_~[\]<>#|]/g, '\\$&')

/** The `/buddy` card: species, stage, level, mood and needs (fed is 100 − hunger, as the pane draws it). */
export function card(look) {
  if (look.level === undefined) return `${literal(look.face)} no buddy yet: \`buddy-tui hatch\` hatches one.`
  // No sprite here: the transcript renders markdown; it floats beside the prompt.
  const lines = [
    [look.face, look.name ?? 'buddy', 'the', look.species ?? 'buddy', '·', look.stage ?? 'stage 1']
      .map(literal)
      .join(' ') + ` · level ${look.level} · ${literal(look.mood)}`,
  ]
  if (look.needs) {
    lines.push(
      `fed       [${bar(100 - look.needs.hunger)}]`,
      `energy    [${bar(look.needs.energy)}]`,
      `happiness [${bar(look.needs.happiness)}]`,
    )
  }
  if (look.bubble) lines.push(`says: ${literal(look.bubble.text)}`)
  if (look.waiting) lines.push(`waiting for you: ${literal(look.waiting)}`)
  return lines.join('\n')
}

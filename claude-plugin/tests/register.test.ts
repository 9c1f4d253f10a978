// The buddy mod under Claude Code's own test runner (`claude plugin test claude-plugin`): what it
// draws from a `buddy-tui mod-state` answer, the commands, the bridge, and the version floor.
// `buddy-tui` itself is stood in for by `process.run` answers here; buddy-tui's vitest suite runs
// the real one (test/mod/).
import { describe, expect, mock, test, tier } from 'claude-code/testing'

tier('user')

const STATE = {
  v: 1,
  face: '(o.o)',
  name: 'Biscuit',
  mood: 'idle',
  species: 'Cat',
  stage: 'Kitten',
  level: 3,
  needs: { hunger: 40, energy: 70, happiness: 55 },
  sprite: [' /\\_/\\ ', '( o.o )', ' > ^ < '],
  color: 'yellow',
  bubble: { text: 'Who dares fail?', kind: 'warning' },
  working: false,
  watch: ['/state/s1/reactions.jsonl'],
}
const BAND = {
  plugin: 'buddy-tui',
  component: 'AbovePrompt',
  props: {
    hasSurvey: false,
    isCollapsed: false,
    isWorking: false,
    maxRows: 10,
    bodyColumns: 100,
    scroll: { offset: 0, bodyRows: 9 },
    view: {},
  },
} as const
const BESIDE = {
  plugin: 'buddy-tui',
  component: 'BesidePrompt',
  props: { maxColumns: 20, floatRows: 12, floatColumns: 40, isWorking: false, view: {} },
} as const

/** Stands in for the host below the mod: the version, the session, the files and `buddy-tui mod-state`. */
function host(
  on: any,
  answers: { version?: string; state?: object | ((argv: string[]) => object); said?: string; first?: object } = {},
) {
  const runs: string[][] = []
  const stdins: string[] = []
  mock.clock(on)
  mock.store(on)
  on('session.start', ($: any, e: any) => ({ cwd: e.cwd }))
  on('turn.start', ($: any, e: any) => ({ turnId: e.turnId }))
  on('turn.complete', ($: any, e: any) => ({ text: String(e.answer?.text ?? '') }))
  on('session.version', () => ({
    value: { version: answers.version ?? '2.1.332', base: answers.version ?? '2.1.332' },
  }))
  on('session.id', () => ({ value: 's1' }))
  on('command.register', ($: any, e: any) => ({ value: { command: e.name } }))
  on('fs.exists', () => ({ value: true }))
  on('fs.stat', () => ({ value: { kind: 'file', size: 10, mtimeMs: 1, isLink: false } }))
  on('process.run', ($: any, e: any) => {
    runs.push([...e.argv])
    if (e.argv.includes('mod-answer')) {
      stdins.push(String(e.init?.stdin ?? ''))
      return { value: { exitCode: 0, stdout: '', stderr: '' } }
    }
    const act = e.argv.includes('--act')
    // `first`: only in the first answer (a delegate call or a toast is handed over once).
    const once = runs.length === 1 ? answers.first : undefined
    const asked = typeof answers.state === 'function' ? answers.state(e.argv) : answers.state
    const state = { ...STATE, ...asked, ...once, ...(act ? { said: answers.said ?? 'Biscuit: purrs' } : {}) }
    return { value: { exitCode: 0, stdout: `${JSON.stringify(state)}\n`, stderr: '' } }
  })
  return Object.assign(runs, { stdins })
}

/** Lets the mod's own async work (a model call, a process run) finish. */
async function settled(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5))
}

const start = ($: any) => $.session.start({ surface: 'terminal', isInteractive: true, cwd: '/home/dev/project' })

describe('buddy-tui mod', () => {
  test('the band shows face, name and bubble from buddy-tui mod-state, asked with the session id', async ($, on) => {
    const runs = host(on)
    await start($)
    await $.command.run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
    expect(runs[0].slice(-4)).toEqual(['mod-state', '--session', 's1', '--ensure-runner'])
    const ui = await $.ui.mount({ ...BAND, surface: 'terminal' })
    expect(await ui.find({ type: 'Text', text: /\(o\.o\) Biscuit {2}< Who dares fail\? >/ })).toBeDefined()
    await ui.unmount()
  })

  test('waiting for an approval adds a second row; a survey or a collapsed band gets nothing', async ($, on) => {
    host(on, { state: { waiting: 'approve Bash `rm -rf build`', bubble: undefined } })
    await start($)
    await $.command.run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
    const ui = await $.ui.mount({ ...BAND, surface: 'terminal' })
    expect(await ui.find({ type: 'Text', text: /waiting for you: approve Bash/ })).toBeDefined()
    await ui.unmount()
    const survey = await $.ui.mount({ ...BAND, props: { ...BAND.props, hasSurvey: true }, surface: 'terminal' })
    expect(await survey.findAll({ type: 'Text', text: /Biscuit/ })).toEqual([])
    await survey.unmount()
    const collapsed = await $.ui.mount({ ...BAND, props: { ...BAND.props, isCollapsed: true }, surface: 'terminal' })
    expect(await collapsed.findAll({ type: 'Text', text: /Biscuit/ })).toEqual([])
    await collapsed.unmount()
  })

  test('beside the prompt: the sprite, name and stage float when there is room; the face alone when not', async ($, on) => {
    host(on)
    await start($)
    await $.command.run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
    const ui = await $.ui.mount({ ...BESIDE, surface: 'terminal' })
    expect(await ui.find({ type: 'Text', text: /Biscuit · Kitten/ })).toBeDefined()
    expect(await ui.find({ type: 'Text', text: /< Who dares fail\? >/ })).toBeDefined()
    expect(await ui.find({ type: 'Text', text: /\( o\.o \)/ })).toBeDefined()
    await ui.unmount()
    const small = await $.ui.mount({ ...BESIDE, props: { ...BESIDE.props, floatRows: 2 }, surface: 'terminal' })
    expect(await small.find({ type: 'Text', text: '(o.o)' })).toBeDefined()
    expect(await small.findAll({ type: 'Text', text: /Kitten/ })).toEqual([])
    await small.unmount()
  })

  test('/buddy prints the card; /buddy pet asks buddy-tui to pet; /buddy mute asks buddy-tui to mute and hides the bubble', async ($, on) => {
    // buddy-tui keeps the one mute of every view: its answer says muted, and the mod keeps no mute of its own.
    const runs = host(on, { state: (argv) => (argv.at(-1) === 'mute' ? { muted: true } : {}) })
    await start($)
    const shown = await $.command.run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
    expect(shown.text).toMatch(/Biscuit the Cat · Kitten · level 3 · idle/)
    expect(shown.text).toMatch(/fed +\[######\.\.\.\. 60\]/)
    const petted = await $.command.run({ command: 'buddy', args: 'pet', origin: { kind: 'composer' } })
    expect(petted.text).toBe('Biscuit: purrs')
    expect(runs.some((argv) => argv.join(' ').endsWith('mod-state --session s1 --ensure-runner --act pet'))).toBe(true)
    await $.command.run({ command: 'buddy', args: 'mute', origin: { kind: 'composer' } })
    expect(runs.at(-1)?.slice(-2)).toEqual(['--act', 'mute'])
    const ui = await $.ui.mount({ ...BAND, surface: 'terminal' })
    expect(await ui.find({ type: 'Text', text: /^\(o\.o\) Biscuit$/ })).toBeDefined()
    await ui.unmount()
  })

  test('/buddy play asks buddy-tui to play, as `buddy-tui play` does', async ($, on) => {
    const runs = host(on)
    await start($)
    await $.command.run({ command: 'buddy', args: 'play', origin: { kind: 'composer' } })
    expect(runs.some((argv) => argv.join(' ').endsWith('mod-state --session s1 --ensure-runner --act play'))).toBe(true)
    const wrong = await $.command.run({ command: 'buddy', args: 'dance', origin: { kind: 'composer' } })
    expect(wrong.text).toBe('usage: /buddy [pet|feed|play|mute|unmute|voice on|voice off|<question>]')
  })

  test('/buddy <question> and /buddy voice off ask buddy-tui; the first card says once what the buddy speaks with', async ($, on) => {
    const voice = 'The buddy speaks with your own model: `/buddy voice off` turns it off.'
    const runs = host(on, {
      state: (argv) => ({ voice, ...(argv.includes('--ask') ? { said: 'It heard you.' } : {}) }),
    })
    await start($)
    const run = (args: string) => $.command.run({ command: 'buddy', args, origin: { kind: 'composer' } })
    expect((await run('')).text).toContain(voice)
    expect((await run('')).text).not.toContain(voice)
    expect((await run('Pip, what do you make of this diff?')).text).toBe('It heard you.')
    expect(runs.some((argv) => argv.join(' ').endsWith('--ask Pip, what do you make of this diff?'))).toBe(true)
    await run('voice off')
    expect(runs.some((argv) => argv.join(' ').endsWith('--ensure-runner --voice off'))).toBe(true)
  })

  test('a session with no screen (claude -p): no buddy-tui call, no runner, nothing drawn', async ($, on) => {
    const runs = host(on)
    await $.session.start({ surface: 'terminal', isInteractive: false, cwd: '/home/dev/project' })
    await $.classic.Stop({ stop_hook_active: false } as never).catch(() => undefined)
    await $.turn.start({ turnId: 't1' } as never)
    await $.turn.complete({ turnId: 't1', reason: 'answer', answer: { text: 'Done.' } } as never)
    expect(runs).toEqual([])
    const ui = await $.ui.mount({ ...BAND, surface: 'terminal' })
    expect(await ui.findAll({ type: 'Text', text: /Biscuit/ })).toEqual([])
    await ui.unmount()
  })

  test('follows turns, not every event: a classic event asks nothing; turn.start asks buddy-tui again', async ($, on) => {
    const runs = host(on)
    await start($)
    await $.command.run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
    const asked = runs.length
    await $.classic.PostToolUse({ tool_name: 'Bash' } as never).catch(() => undefined)
    expect(runs.length).toBe(asked)
    await $.turn.start({ turnId: 't1' } as never)
    await Promise.resolve()
    expect(runs.length).toBe(asked + 1)
    expect(runs[asked].slice(-4)).toEqual(['mod-state', '--session', 's1', '--ensure-runner'])
  })

  test('refuses a Claude Code older than 2.1.287 with a clear message, and draws nothing', async ($, on) => {
    const runs = host(on, { version: '2.1.280' })
    await start($)
    const said = await $.command
      .run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
      .catch((error: Error) => ({ text: error.message }))
    expect(runs).toEqual([])
    expect(String(said.text)).toMatch(/2\.1\.287 or newer|buddy/)
    const ui = await $.ui.mount({ ...BAND, surface: 'terminal' })
    expect(await ui.findAll({ type: 'Text', text: /Biscuit/ })).toEqual([])
    await ui.unmount()
  })

  test('a delegate call mod-state hands over is made with $.model.complete (the plugin system prompt, no tools) and answered through mod-answer', async ($, on) => {
    const ask = {
      id: 'd1',
      model: 'haiku',
      system: 'You are Biscuit, a sarcastic cat.',
      prompt: 'Bash failed: npm test',
      maxTokens: 150,
      timeoutMs: 19000,
    }
    const runs = host(on, { first: { asks: [ask] } })
    const calls: any[] = []
    on('model.complete', ($: any, e: any) => {
      calls.push({ ...e })
      return { value: { isAnswered: true, text: 'Again, really?', usage: { input_tokens: 31, output_tokens: 4 } } }
    })
    await start($)
    await $.command.run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
    await settled(() => runs.stdins.length > 0)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({
      model: 'haiku',
      system: 'You are Biscuit, a sarcastic cat.',
      prompt: 'Bash failed: npm test',
      maxTokens: 150,
    })
    expect(calls[0].tools).toBeUndefined()
    const answered = runs.find((argv) => argv.includes('mod-answer'))
    expect(answered?.slice(-3)).toEqual(['mod-answer', '--id', 'd1'])
    expect(JSON.parse(runs.stdins[0])).toMatchObject({
      isAnswered: true,
      text: 'Again, really?',
      usage: { input_tokens: 31, output_tokens: 4 },
      model: 'haiku',
    })
  })

  test('a model call that is not answered goes back as such, so buddy-tui falls back at once', async ($, on) => {
    const runs = host(on, {
      first: { asks: [{ id: 'd2', model: 'haiku', system: 's', prompt: 'p', maxTokens: 60, timeoutMs: 5000 }] },
    })
    on('model.complete', () => ({
      value: { isAnswered: false, reason: 'api-error', status: 529, error: 'overloaded' },
    }))
    await start($)
    await $.command.run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
    await settled(() => runs.stdins.length > 0)
    expect(JSON.parse(runs.stdins[0])).toMatchObject({ isAnswered: false, reason: 'api-error' })
  })

  test('a notification mod-state hands over is shown with $.ui.toast, once', async ($, on) => {
    host(on, { first: { toasts: ['Claude needs you (shop): approve Bash `rm -rf build`'] } })
    const shown: any[] = []
    on('ui.toast', ($: any, e: any) => {
      shown.push({ ...e })
      return { value: undefined }
    })
    await start($)
    await $.command.run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
    await $.command.run({ command: 'buddy', args: 'pet', origin: { kind: 'composer' } })
    await settled(() => shown.length > 0)
    expect(shown).toHaveLength(1)
    expect(JSON.stringify(shown[0])).toContain('Claude needs you (shop): approve Bash')
  })
  test('an ask the user answered: the band drops it at tool.run and buddy-tui is told (mod-state --answered)', async ($, on) => {
    // As buddy-tui does: the ask shows until a run journals the answer.
    const runs = host(on, {
      state: (argv: string[]) => ({
        waiting: argv.includes('--answered') ? undefined : 'approve Bash `touch x`',
        bubble: undefined,
      }),
    })
    on('tool.check', () => ({ decision: 'ask' }))
    on('tool.run', () => ({ result: { stdout: '', stderr: '', interrupted: false } }))
    await start($)
    await $.command.run({ command: 'buddy', args: '', origin: { kind: 'composer' } })
    const asked = await $.ui.mount({ ...BAND, surface: 'terminal' })
    expect(await asked.find({ type: 'Text', text: /waiting for you: approve Bash/ })).toBeDefined()
    await asked.unmount()
    const input = { command: 'touch x', description: 'Touch' }
    await $.tool.check({ tool: 'Bash', input, tool_use_id: 'toolu_ask', approver: 'person' })
    await $.tool.run({ tool: 'Bash', input, tool_use_id: 'toolu_ask' })
    const ui = await $.ui.mount({ ...BAND, surface: 'terminal' })
    expect(await ui.findAll({ type: 'Text', text: /waiting for you/ })).toEqual([])
    await ui.unmount()
    await settled(() => runs.some((argv) => argv.includes('--answered')))
    expect(runs.find((argv) => argv.includes('--answered'))?.slice(-2)).toEqual(['--answered', 'toolu_ask/Bash'])
    const after = await $.ui.mount({ ...BAND, surface: 'terminal' })
    expect(await after.findAll({ type: 'Text', text: /waiting for you/ })).toEqual([])
    await after.unmount()
  })
})

/**
 * The pane's services without Ink: the pet file shared with `buddy-tui feed` in another
 * terminal, and the config's species section.
 */
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hatchPet } from '../../src/pet/hatch.js';
import { savePet } from '../../src/pet/pet-file.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { startTuiServices, type TuiServices } from '../../src/tui/tui-services.js';
import { createSessionEventsFeed } from '../../src/tui/watch/session-events-feed.js';
import { REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const open: TuiServices[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((services) => services.close()));
});

/** `petAt`: a pet.json is there before the services start, its mtime this whole second. */
function setup(config?: unknown, plugins = false, petAt?: Date) {
  const base = makeTempDir('buddy-tui-services-');
  const root = join(base, 'root');
  for (const dir of ['root', 'cfg', 'state', 'species']) mkdirSync(join(base, dir), { recursive: true, mode: 0o700 });
  const configFile = join(base, 'cfg', 'config.json');
  if (config) writeFileSync(configFile, JSON.stringify(config));
  const env = { ...process.env, XDG_CONFIG_HOME: join(base, 'cfg'), XDG_STATE_HOME: join(base, 'state') };
  let now = Date.now();
  const clock = () => now;
  if (petAt) {
    const petFile = join(base, 'state', 'pet.json');
    savePet(petFile, hatchPet({ seed: 'tick', speciesIds: ['cat'], now }));
    utimesSync(petFile, petAt, petAt);
  }
  const store = createBuddyStore({ now });
  const feed = createSessionEventsFeed(new AbortController().signal);
  const services = startTuiServices({
    events: feed,
    root,
    store,
    env,
    clock,
    configFile,
    plugins,
    petFile: join(base, 'state', 'pet.json'),
    log: createTuiLog(root, clock),
  });
  open.push(services);
  return {
    base,
    root,
    store,
    services,
    feed,
    petFile: join(base, 'state', 'pet.json'),
    advance: (ms: number) => (now += ms),
    clock,
  };
}

describe('tui services', () => {
  it('merges pet.json written by another process before saving over it', async () => {
    const { services, feed, petFile, advance, clock } = setup();
    const hatched = JSON.parse(readFileSync(petFile, 'utf8'));
    // `buddy-tui feed`/`rename` from another terminal writes the file...
    const outside = {
      ...hatched,
      identity: { ...hatched.identity, name: 'Outsider' },
      counters: { ...hatched.counters, played: 7 },
    };
    savePet(petFile, outside);
    const later = new Date(Date.now() + 5_000);
    utimesSync(petFile, later, later);
    // ...while the pane applies events of its own.
    advance(1_000);
    const sessionId = 'sess-merge';
    const event = {
      ts: clock(),
      session_id: sessionId,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    } as never;
    feed.publish([{ sessionId, events: [event], state: foldEvents(undefined, [event], sessionId) }]);
    await services.close();
    const saved = JSON.parse(readFileSync(petFile, 'utf8'));
    expect(saved.identity.name).toBe('Outsider');
    expect(saved.counters.played).toBe(7);
    expect(saved.counters.toolsRun).toBe(hatched.counters.toolsRun + 1);
  });

  it('merges a write by another process in the same clock tick, of the same size (mtime and size alone cannot tell)', async () => {
    const tick = new Date(Math.floor(Date.now() / 1000) * 1000);
    const { services, feed, petFile, advance, clock } = setup(undefined, false, tick);
    const loaded = statSync(petFile);
    const hatched = JSON.parse(readFileSync(petFile, 'utf8'));
    // `buddy-tui mod-state --act pet` right after the pane's load: one more pat, same length...
    savePet(petFile, { ...hatched, counters: { ...hatched.counters, petted: hatched.counters.petted + 1 } });
    // ...and, as the kernel's coarse clock gives two writes a few ms apart, the same mtime.
    utimesSync(petFile, tick, tick);
    expect([statSync(petFile).size, statSync(petFile).mtimeMs]).toEqual([loaded.size, loaded.mtimeMs]);
    advance(1_000);
    const sessionId = 'sess-tick';
    const event = { ts: clock(), session_id: sessionId, hook_event_name: 'Stop' } as never;
    feed.publish([{ sessionId, events: [event], state: foldEvents(undefined, [event], sessionId) }]);
    await services.close();
    expect(JSON.parse(readFileSync(petFile, 'utf8')).counters.petted).toBe(hatched.counters.petted + 1);
  });

  it('takes the species folder and id from the config file', () => {
    const source = JSON.parse(readFileSync(join(REPO_ROOT, 'species', 'frog.json'), 'utf8'));
    const { store } = (() => {
      const base = makeTempDir('buddy-tui-species-');
      mkdirSync(join(base, 'mine'));
      writeFileSync(
        join(base, 'mine', 'zorb.json'),
        JSON.stringify({ ...source, $schema: undefined, id: 'zorb', name: 'Zorb' }),
      );
      process.env.BUDDY_TEST_SPECIES = join(base, 'mine');
      return setup({ species: { dir: '${BUDDY_TEST_SPECIES}', id: 'zorb' } });
    })();
    delete process.env.BUDDY_TEST_SPECIES;
    expect(store.getState().sprite?.speciesId).toBe('zorb');
    expect(store.getState().sprite?.speciesName).toBe('Zorb');
  });
});

describe('tui services and plugin warnings', () => {
  it('appends a logged plugin warning to reactions.jsonl as a notice, not to the bubble queue', async () => {
    const config = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo broken >&2; exit 1' }] }] } };
    const { root, store, feed, clock } = setup(config, true);
    const sessionId = 'sess-warn';
    const event = { ts: clock(), session_id: sessionId, hook_event_name: 'Stop' } as never;
    feed.publish([{ sessionId, events: [event], state: foldEvents(undefined, [event], sessionId) }]);
    const file = join(root, sessionId, 'reactions.jsonl');
    const deadline = Date.now() + 30_000;
    let notices: Array<{ kind: string; source: string; text: string; event: string }> = [];
    while (Date.now() < deadline) {
      try {
        notices = readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line))
          .filter((r) => r.kind === 'notice');
      } catch {
        // Not written yet.
      }
      if (notices.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'notice', event: 'Stop' });
    expect(notices[0].text).toMatch(/exit|1/);
    expect(store.getState().bubbles.current?.reaction.kind).not.toBe('notice');
  });
});

describe('tui services and delegates', () => {
  /** Polls until `check` returns something truthy (the plugin and the adapter are real processes). */
  async function eventually<T>(check: () => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; ${logOf()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  let logOf = () => '';
  const readLines = (file: string): string[] => {
    try {
      return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };

  it('lets a prompt that names the buddy past the delegate cooldown, once', async () => {
    const config = {
      hooks: {
        UserPromptSubmit: [
          {
            hooks: [
              { type: 'command', command: `cat >/dev/null; echo '{"delegate": true, "prompt": "say something"}'` },
            ],
          },
        ],
      },
      limits: { cooldownMs: 0 },
      delegate: {
        adapter: 'command',
        command: 'cat >/dev/null; echo "a model answer"',
        cacheTtlMs: 0,
        policy: { burst: 1, refillMs: 3_600_000 },
      },
    };
    const { root, feed, clock, petFile } = setup(config, true);
    logOf = () =>
      readLines(join(root, 'tui.log')).join('\n') +
      readLines(join(root, 'sess-addressed', 'reactions.jsonl')).join('\n');
    const name: string = JSON.parse(readFileSync(petFile, 'utf8')).identity.name;
    const sessionId = 'sess-addressed';
    const answers = () =>
      readLines(join(root, sessionId, 'reactions.jsonl')).filter((line) => line.includes('a model answer'));
    const prompt = (text: string) => {
      const event = { ts: clock(), session_id: sessionId, hook_event_name: 'UserPromptSubmit', prompt: text } as never;
      feed.publish([{ sessionId, events: [event], state: foldEvents(undefined, [event], sessionId) }]);
    };

    prompt('fix the bug');
    await eventually(() => answers().length === 1, 'the first answer');
    // The burst of one is spent: a second prompt is turned away by the cooldown...
    prompt('fix it again');
    await eventually(
      () => readLines(join(root, 'tui.log')).some((line) => line.includes('cooldown: next call in')),
      'the cooldown',
    );
    expect(answers()).toHaveLength(1);
    // ...but one that names the buddy gets through.
    prompt(`${name}, what do you think?`);
    await eventually(() => answers().length === 2, 'the answer to the addressed prompt');
    expect(readLines(join(root, 'tui.log')).some((line) => line.includes('cooldown bypassed once'))).toBe(true);
  });
});

describe('tui services: notices are safe text', () => {
  it('shows a plugin warning in the footer without the escape sequences its command and stderr carry', async () => {
    const command = "printf 'bro\\033]0;pwned\\007ken\\033[2J' >&2; exit 1 # \u001b[31mred";
    const config = { hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } };
    const { store, feed, clock } = setup(config, true);
    const sessionId = 'sess-evil';
    const event = { ts: clock(), session_id: sessionId, hook_event_name: 'Stop' } as never;
    feed.publish([{ sessionId, events: [event], state: foldEvents(undefined, [event], sessionId) }]);
    const deadline = Date.now() + 30_000;
    // The first notice is the pet hatching; the plugin's is the warning.
    while (store.getState().notice?.tone !== 'warning' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const notice = store.getState().notice?.text ?? '';
    expect(notice).toMatch(/exit|1/);
    expect(notice).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  });
});

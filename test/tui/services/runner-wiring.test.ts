/**
 * The runner's wiring with real plugin processes: config.json's rules run on fresh events only,
 * a reload swaps the rules at once, `plugins: false` keeps the configured ones out, and the
 * runner starts once, never after close, and ends with the wiring's lifetime.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../../src/protocol/hook-event.js';
import { loadPlugins, type PluginSetup } from '../../../src/config/plugin-setup.js';
import { createBuddyStore } from '../../../src/tui/store/index.js';
import { createPetService } from '../../../src/tui/services/pet-service.js';
import { createReactionSink } from '../../../src/tui/services/reaction-sink.js';
import { createRunnerWiring, FRESH_EVENT_MS, type RunnerWiring } from '../../../src/tui/services/runner-wiring.js';
import { startSpeciesService } from '../../../src/tui/services/species-service.js';
import { createTuiLog } from '../../../src/tui/tui-log.js';
import { createSessionEventsFeed } from '../../../src/tui/watch/session-events-feed.js';
import { startSessionWatcher } from '../../../src/tui/watch/session-watcher.js';
import { fixturePayloads, runHook } from '../../support/hook-process.js';
import { waitUntil } from '../../support/wait-until.js';
import { makeTempDir } from '../../support/temp-dir.js';

const closers: Array<() => unknown> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A config whose only plugin answers every Stop as `name`. */
const configOf = (name: string) =>
  JSON.stringify({
    hooks: { Stop: [{ hooks: [{ type: 'command', name, command: `echo '{"reaction": "${name} here"}'` }] }] },
    limits: { cooldownMs: 0 },
  });

function wiringOn(plugins = true) {
  const base = makeTempDir('buddy-runner-wiring-');
  for (const dir of ['root', 'cfg', 'state']) mkdirSync(join(base, dir), { mode: 0o700 });
  const root = join(base, 'root');
  const configFile = join(base, 'cfg', 'config.json');
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: join(base, 'cfg'),
    XDG_STATE_HOME: join(base, 'state'),
    BUDDY_TUI_STATE_DIR: root,
  };
  const clock = () => Date.now();
  const log = createTuiLog(root, clock);
  const store = createBuddyStore({ now: clock() });
  writeFileSync(configFile, configOf('alpha'));
  let setup: PluginSetup = loadPlugins({ env, configFile });
  const pets = createPetService({
    petFile: join(base, 'state', 'pet.json'),
    store,
    log,
    clock,
    speciesIds: () => ['cat'],
  });
  const species = startSpeciesService({ env, store, log, speciesId: 'cat', pet: pets.current });
  const sink = createReactionSink({ root, store, log, clock });
  // The watcher's batches, as the pane hands them on.
  const feed = createSessionEventsFeed(new AbortController().signal);
  const wiring: RunnerWiring = createRunnerWiring({
    root,
    env,
    clock,
    log,
    store,
    config: { current: () => setup },
    plugins,
    species,
    pets,
    sink,
    events: feed,
  });
  closers.push(
    () => wiring.close(),
    () => species.close(),
    () => sink.close(),
  );
  const reload = (name: string) => {
    writeFileSync(configFile, configOf(name));
    setup = loadPlugins({ env, configFile });
    wiring.reconfigure(setup);
  };
  /** The plugins (not the buddy's own quips) that answered in a session. */
  const answered = (sessionId: string): string[] => {
    const file = join(root, sessionId, 'reactions.jsonl');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((r) => r.source !== 'buddy')
      .map((r) => r.source);
  };
  return { wiring, reload, answered, feed, root, store, env };
}

const stop = (sessionId: string, ts = Date.now()) => ({ ts, session_id: sessionId, hook_event_name: 'Stop' }) as never;

/** The recorded Stop, as session `id`, through the real hook (into the state root the watcher follows). */
async function hookStop(id: string, env: NodeJS.ProcessEnv) {
  const payload = JSON.parse(fixturePayloads().find((p) => JSON.parse(p).hook_event_name === 'Stop')!);
  expect((await runHook(JSON.stringify({ ...payload, session_id: id }), env)).code).toBe(0);
}

/** Waits until the runner has nothing in flight or waiting (its runs are real processes). */
async function settled(wiring: RunnerWiring): Promise<void> {
  for (;;) {
    const { inFlight, waiting } = wiring.runner()!.stats();
    if (!inFlight && !waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('runner wiring', () => {
  it('runs the plugins of fresh events only', { timeout: 30_000 }, async () => {
    const { wiring, answered, feed } = wiringOn();
    expect(wiring.start()).toBe(true);
    const now = Date.now();
    const batch = (event: JournalEvent) => ({ sessionId: event.session_id, events: [event], state: {} as never });
    feed.publish([batch(stop('stale', now - FRESH_EVENT_MS - 1)), batch(stop('fresh', now))]);
    await settled(wiring);
    expect(answered('fresh')).toEqual(['alpha']);
    expect(answered('stale')).toEqual([]);
  });

  it('applies a reloaded config to the running runner at once', { timeout: 30_000 }, async () => {
    const { wiring, reload, answered } = wiringOn();
    wiring.start();
    reload('beta');
    await wiring.runner()!.handleEvent(stop('after-reload'));
    expect(answered('after-reload')).toEqual(['beta']);
  });

  it("with plugins off runs none of the config's rules, before or after a reload", { timeout: 30_000 }, async () => {
    const { wiring, reload, answered } = wiringOn(false);
    wiring.start();
    await wiring.runner()!.handleEvent(stop('off-1'));
    reload('beta');
    await wiring.runner()!.handleEvent(stop('off-2'));
    expect([...answered('off-1'), ...answered('off-2')]).toEqual([]);
  });

  it('starts the runner once, and not after close; its close ends the runner', async () => {
    const { wiring: first, answered } = wiringOn();
    expect(first.start()).toBe(true);
    const runner = first.runner();
    expect(first.start()).toBe(false);
    expect(first.runner()).toBe(runner);
    await first.close();
    await runner!.handleEvent(stop('after-close'));
    expect(answered('after-close')).toEqual([]);
    const second = wiringOn().wiring;
    await second.close();
    expect(second.start()).toBe(false);
    expect(second.runner()).toBeUndefined();
    expect(second.delegate()).toBeUndefined();
  });

  it("hears the real watcher's batches itself, subscribed once, and nothing after its lifetime ended", {
    timeout: 60_000,
  }, async () => {
    const { wiring, answered, feed, root, store, env } = wiringOn();
    const pane = new AbortController();
    closers.push(() => pane.abort());
    const watcher = startSessionWatcher({
      root,
      store,
      env,
      foundry: false,
      signal: pane.signal,
      onEvents: feed.publish,
    });
    closers.push(() => watcher.close());
    // What the watcher read, to know a batch went by after the wiring closed.
    const read: string[] = [];
    feed.subscribe((batch) => read.push(...batch.map((item) => item.sessionId)));
    wiring.start();
    await watcher.ready;
    await hookStop('heard', env);
    await waitUntil(
      () => answered('heard'),
      (names) => names.length > 0,
      "the plugin's answer",
    );
    await settled(wiring);
    expect(answered('heard')).toEqual(['alpha']);
    await wiring.close();
    await hookStop('after-close', env);
    await waitUntil(
      () => read,
      (ids) => ids.includes('after-close'),
      'the watcher reading the Stop',
    );
    expect(answered('after-close')).toEqual([]);
  });
});

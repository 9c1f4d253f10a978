/**
 * config.json reloaded while the pane runs, through the pane's services and real plugin
 * processes: one plugin, then another, then a file saved half-written (the last good rules
 * keep answering and the problem is reported with the file), then a good file again.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { startTuiServices, type TuiServices } from '../../src/tui/tui-services.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const open: TuiServices[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((services) => services.close()));
});

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** A config whose only plugin answers every Stop as `name`. */
const configOf = (name: string, cooldownMs = 0) =>
  JSON.stringify({
    hooks: { Stop: [{ hooks: [{ type: 'command', name, command: `echo '{"reaction": "${name} here"}'` }] }] },
    limits: { cooldownMs },
  });

describe('config.json reloaded live', () => {
  it('a new plugin answers after a save, a half-written save keeps the last good rules and says so, a good one applies', {
    timeout: 60_000,
  }, async () => {
    const base = makeTempDir('buddy-live-config-');
    for (const dir of ['root', 'cfg', 'state']) mkdirSync(join(base, dir), { mode: 0o700 });
    const root = join(base, 'root');
    const configFile = join(base, 'cfg', 'config.json');
    writeFileSync(configFile, configOf('alpha'));
    const env = { ...process.env, XDG_CONFIG_HOME: join(base, 'cfg'), XDG_STATE_HOME: join(base, 'state') };
    const store = createBuddyStore({ now: Date.now() });
    const log = createTuiLog(root);
    const services = startTuiServices({
      root,
      store,
      env,
      configFile,
      plugins: true,
      petFile: join(base, 'state', 'pet.json'),
      log,
    });
    open.push(services);
    await services.configReady;
    const logText = () => readText(log.path);
    const reloads = () =>
      logText()
        .split('\n')
        .filter((line) => line.includes('config reloaded')).length;

    /** Which plugins answered a Stop of a fresh session (the runner settles when all runs are done). */
    const answersTo = async (sessionId: string) => {
      await services.runner()!.handleEvent({ ts: Date.now(), session_id: sessionId, hook_event_name: 'Stop' } as never);
      return readFileSync(join(root, sessionId, 'reactions.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((reaction) => reaction.source !== 'buddy')
        .map((reaction) => reaction.source)
        .sort();
    };

    expect(await answersTo('phase-1')).toEqual(['alpha']);

    writeFileSync(configFile, configOf('beta'));
    await waitUntil(reloads, (n) => n === 1, 'the first reload');
    expect(await answersTo('phase-2')).toEqual(['beta']);

    // Saved half-edited: not JSON. The rules in use stay, and the pane says what is wrong where.
    writeFileSync(configFile, configOf('gamma').slice(0, 30));
    await waitUntil(logText, (text) => text.includes(`config: ${configFile}: not valid JSON`), 'the error in tui.log');
    await waitUntil(
      () => store.getState().notice?.text ?? '',
      (text) => text.includes(`${configFile}: not valid JSON`) && text.includes('last good config kept'),
      'the notice',
    );
    expect(await answersTo('phase-3')).toEqual(['beta']);
    expect(reloads()).toBe(1);

    // The limits apply too: a ten-minute cooldown leaves gamma's second answer out.
    writeFileSync(configFile, configOf('gamma', 600_000));
    await waitUntil(reloads, (n) => n === 2, 'the reload of the fixed file');
    expect(await answersTo('phase-4')).toEqual(['gamma']);
    const dropped = services.runner()!.stats().droppedByCooldown;
    await services.runner()!.handleEvent({ ts: Date.now(), session_id: 'phase-4b', hook_event_name: 'Stop' } as never);
    expect(services.runner()!.stats().droppedByCooldown).toBe(dropped + 1);
  });

  it('names the JSON path of a bad entry; the good rules of the same file apply', { timeout: 60_000 }, async () => {
    const base = makeTempDir('buddy-live-config-');
    for (const dir of ['root', 'state']) mkdirSync(join(base, dir), { mode: 0o700 });
    const root = join(base, 'root');
    // No config folder yet: it is made while the pane runs.
    const configFile = join(base, 'cfg', 'buddy-tui', 'config.json');
    const env = { ...process.env, XDG_CONFIG_HOME: join(base, 'cfg'), XDG_STATE_HOME: join(base, 'state') };
    const log = createTuiLog(root);
    const services = startTuiServices({
      root,
      store: createBuddyStore({ now: Date.now() }),
      env,
      configFile,
      plugins: true,
      petFile: join(base, 'state', 'pet.json'),
      log,
    });
    open.push(services);
    await services.configReady;
    mkdirSync(join(base, 'cfg', 'buddy-tui'), { recursive: true });
    const config = JSON.parse(configOf('delta'));
    config.hooks.Stop.push({ hooks: [{ type: 'command', command: 'true', timeout: -1 }] });
    writeFileSync(configFile, JSON.stringify(config));
    await waitUntil(
      () => readText(log.path),
      (text) =>
        text.includes(`config: ${configFile}: hooks.Stop[1].hooks[0].timeout:`) && text.includes('config reloaded'),
      'the reload with its error',
    );
    await services
      .runner()!
      .handleEvent({ ts: Date.now(), session_id: 'made-later', hook_event_name: 'Stop' } as never);
    expect(readFileSync(join(root, 'made-later', 'reactions.jsonl'), 'utf8')).toContain('"source":"delta"');
  });
});

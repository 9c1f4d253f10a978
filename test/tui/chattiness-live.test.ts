/**
 * The chattiness through the pane's services: config.json's level reaches the runner's quips,
 * `c` (the store) and a live edit of config.json change it, and the pick is saved.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuddyStore } from '../../src/tui/store/index.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { startTuiServices, type TuiServices } from '../../src/tui/tui-services.js';
import { createSessionEventsFeed } from '../../src/tui/watch/session-events-feed.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const open: TuiServices[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((services) => services.close()));
});

describe("chattiness in the pane's services", () => {
  it('config.json sets it, the quips follow it, c and a live config edit change it', { timeout: 60_000 }, async () => {
    const base = makeTempDir('buddy-chatty-live-');
    for (const dir of ['root', 'cfg', 'state']) mkdirSync(join(base, dir), { mode: 0o700 });
    const root = join(base, 'root');
    const configFile = join(base, 'cfg', 'config.json');
    writeFileSync(configFile, JSON.stringify({ reactions: { chattiness: 'quiet' }, species: { id: 'cat' } }));
    const prefsFile = join(base, 'state', 'pane-prefs.json');
    const env = { ...process.env, XDG_CONFIG_HOME: join(base, 'cfg'), XDG_STATE_HOME: join(base, 'state') };
    const store = createBuddyStore({ now: Date.now() });
    const journal = createSessionEventsFeed(new AbortController().signal);
    const services = startTuiServices({
      events: journal,
      root,
      store,
      env,
      configFile,
      prefsFile,
      petFile: join(base, 'state', 'pet.json'),
      log: createTuiLog(root),
    });
    open.push(services);
    await services.configReady;
    expect(store.getState().chattiness).toBe('quiet');

    let n = 0;
    const said = (sessionId: string): string[] => {
      try {
        return readFileSync(join(root, sessionId, 'reactions.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).event);
      } catch {
        return [];
      }
    };
    /** A commit then a failure in a fresh session: what the buddy said about them. */
    const commitThenFailure = async () => {
      const sessionId = `s${++n}`;
      const at = Date.now();
      const event = (name: string, command: string): JournalEvent => ({
        ts: at,
        session_id: sessionId,
        hook_event_name: name,
        tool_name: 'Bash',
        tool_input: { command },
        tool_use_id: `t${name}`,
      });
      const feed = (one: JournalEvent) =>
        journal.publish([{ sessionId, events: [one], state: foldEvents(undefined, [one], sessionId) }]);
      feed(event('PostToolUse', 'git commit -m x'));
      feed(event('PostToolUseFailure', 'make'));
      await waitUntil(() => said(sessionId).includes('PostToolUseFailure'), Boolean, 'the failure quip');
      return said(sessionId);
    };
    services.runner()!.setLimits({ cooldownMs: 0 });
    expect(await commitThenFailure()).toEqual(['PostToolUseFailure']);

    store.getState().cycleChattiness(Date.now()); // quiet -> normal
    expect(JSON.parse(readFileSync(prefsFile, 'utf8'))).toEqual({ chattiness: 'normal', overrides: 'quiet' });
    expect(await commitThenFailure()).toEqual(['PostToolUse', 'PostToolUseFailure']);

    writeFileSync(configFile, JSON.stringify({ reactions: { chattiness: 'chatty' }, species: { id: 'cat' } }));
    await waitUntil(() => store.getState().chattiness === 'chatty', Boolean, 'the live config edit');
    expect(store.getState().notice?.text).toContain('chattiness: chatty');
    expect(JSON.parse(readFileSync(prefsFile, 'utf8'))).toEqual({ chattiness: 'chatty', overrides: 'chatty' });
  });
});

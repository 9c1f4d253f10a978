/**
 * The pane drains `<root>/inbox`: events the real sh spool hook writes while the pane runs reach
 * the store (and the plugins), and those spooled while no pane ran are read as history.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePayloads } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';
import { waitUntil } from '../support/wait-until.js';
import { useWatcherWorlds } from '../support/watcher-world.js';

const setup = useWatcherWorlds('buddy-inbox-', { inbox: true });

describe('session watcher and the inbox', () => {
  it('drains what the sh hook spools while it runs: the events reach the store and the plugins', async () => {
    const { root, store, batches, start, env } = setup();
    await start().ready;
    const payloads = fixturePayloads().slice(0, 4);
    const sessionId = JSON.parse(payloads[0]).session_id as string;
    for (const payload of payloads) expect(await runSpool(payload, env)).toMatchObject({ code: 0, stdout: '' });
    await waitUntil(
      () => store.getState().sessions[sessionId]?.eventCount,
      (n) => n === 4,
      'four spooled events in the store',
    );
    await waitUntil(
      () => batches.flat().reduce((n, b) => n + b.events.length, 0),
      (n) => n === 4,
      'four events handed on',
    );
    expect(readdirSync(join(root, 'inbox')).filter((name) => name.startsWith('claude.'))).toEqual([]);
    // The inbox is no session of its own.
    expect(Object.keys(store.getState().sessions)).toEqual([sessionId]);
  });

  it('reads what was spooled while no pane ran as history (store only)', async () => {
    const { store, batches, start, env } = setup();
    const payloads = fixturePayloads().slice(0, 3);
    const sessionId = JSON.parse(payloads[0]).session_id as string;
    for (const payload of payloads) await runSpool(payload, env);
    await start().ready;
    expect(store.getState().sessions[sessionId]?.eventCount).toBe(3);
    expect(batches).toHaveLength(0);
  });
});

/**
 * The plugin runner and the delegate resolver end through their owner's lifetime alone
 * (src/process/lifetime.ts), as the pane's runner wiring now hands them its signal: when the
 * owner's end() resolves, the runner's run in flight has been killed and has settled, and the
 * resolver has aborted its call in flight and takes no new one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPluginRunner } from '../../src/plugins/plugin-runner.js';
import { lifetimeWithin } from '../../src/process/lifetime.js';
import { makeTempDir } from '../support/temp-dir.js';
import { ask, setup, settle } from '../delegate/resolver-fixture.js';
import { bashEvent, collector, command, handlers, processGone, script, waitFor } from './plugin-fixtures.js';

describe("the runner and the resolver on their owner's lifetime", () => {
  it("ending the owner's lifetime ends both: the run killed and settled, the call aborted", {
    timeout: 30_000,
  }, async () => {
    const owner = lifetimeWithin();
    const dir = makeTempDir();
    const cmd = script(dir, 'slow-owner', `sleep 300 &\necho $! > "${dir}/child-$$.pid"\nwait`);
    const runner = createPluginRunner({
      shell: '/bin/sh',
      signal: owner.signal,
      handlers: handlers({ handler: command(cmd, { timeout: 60 }) }),
      ...collector().callbacks,
    });
    let runSettled = false;
    void runner.handleEvent(bashEvent('ls')).then(() => (runSettled = true));
    const pidFile = () => readdirSync(dir).find((name) => name.startsWith('child-'));
    expect(await waitFor(() => pidFile() !== undefined)).toBe(true);
    const { resolver, pending, meta } = setup({}, { signal: owner.signal });
    void resolver.resolve(ask('in flight'), meta());
    await settle();
    expect(pending).toHaveLength(1);

    await owner.end();
    // Order, not time: the owner's end waited for the run it ended.
    expect(runSettled).toBe(true);
    expect(await waitFor(() => processGone(Number(readFileSync(join(dir, pidFile()!), 'utf8'))))).toBe(true);
    expect(pending[0]!.call.signal.aborted).toBe(true);
    expect(await resolver.resolve(ask('after'), meta())).toMatchObject({ reason: 'closed' });
    await runner.handleEvent(bashEvent('ls'));
    expect(runner.stats().runs).toBe(1);
  });
});

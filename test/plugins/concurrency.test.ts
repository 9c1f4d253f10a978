import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPluginRunner } from '../../src/plugins/plugin-runner.js';
import { makeTempDir } from '../support/temp-dir.js';
import { bashEvent, collector, command, handlers, script } from './plugin-fixtures.js';

describe('50 concurrent events × 3 plugins', () => {
  it('loses nothing and never has more than maxConcurrent plugins running', { timeout: 120_000 }, async () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, 'running'));
    // Each plugin records how many plugins are running (itself included) while it runs: the
    // cap is measured from the plugins' own records, not from timings. It lingers (up to ~1 s)
    // until it sees 4 running, so the runs really overlap on a slow machine too.
    const body = (name: string) =>
      [
        `touch "${dir}/running/$$"`,
        'i=0',
        `while :; do n=$(ls '${dir}/running' | wc -l); [ "$n" -ge 4 ] || [ $i -ge 25 ] && break; i=$((i + 1)); sleep 0.02; done`,
        `echo "$n" >> '${dir}/counts'`,
        `rm "${dir}/running/$$"`,
        'cat > /dev/null',
        `echo "${name} $CLAUDE_SESSION_ID"`,
      ].join('\n');
    const names = ['alpha', 'beta', 'gamma'];
    const out = collector();
    const runner = createPluginRunner({
      shell: '/bin/sh',
      limits: { maxConcurrent: 4, cooldownMs: 0 },
      handlers: handlers(
        ...names.map((name) => ({ handler: command(script(dir, name, body(name))), origin: { plugin: name } })),
      ),
      ...out.callbacks,
    });
    const events = Array.from({ length: 50 }, (_, i) => bashEvent(`echo ${i}`, { session_id: `sess-${i}` }));
    await Promise.all(events.map((event) => runner.handleEvent(event)));
    await runner.close();

    const expected = names.flatMap((name) => events.map((event) => `${name} ${event.session_id}`)).sort();
    expect(out.reactions.map((r) => r.text).sort()).toEqual(expected);
    expect(out.warnings).toEqual([]);
    for (const reaction of out.reactions) expect(reaction.source).toBe(reaction.text.split(' ')[0]);

    const counts = readFileSync(join(dir, 'counts'), 'utf8').trim().split('\n').map(Number);
    expect(counts).toHaveLength(150);
    expect(Math.max(...counts)).toBeLessThanOrEqual(4);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(2); // they did run side by side
    expect(runner.stats()).toMatchObject({ runs: 150, peakInFlight: 4, inFlight: 0, waiting: 0 });
  });
});

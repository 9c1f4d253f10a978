/**
 * The voice-spent segment through the whole statusline run: it shows when the voice is on and
 * today's calls reached its budget as the delegate counts it (delegate.plugins.buddy.dailyBudget
 * over reactions.voiceDailyBudget over 100; 0 is none), never when the voice is off, and a ledger
 * that is a FIFO or a directory neither hangs the run nor shows it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { configFilePath } from '../../src/config/paths.js';
import { runStatusline } from '../../src/statusline/render.js';
import { endedEvents, FIXTURE_SESSION, fixturePayload, sandbox, voiceCallsToday, type Sandbox } from './support.js';

const boxes: Sandbox[] = [];
afterAll(() => {
  for (const box of boxes) rmSync(box.base, { recursive: true, force: true });
});

function world(calls: number | undefined, config?: Record<string, unknown>): Sandbox {
  const box = sandbox();
  boxes.push(box);
  box.session(FIXTURE_SESSION, { events: endedEvents().slice(0, -1) });
  if (calls !== undefined) voiceCallsToday(box, calls);
  if (config) {
    mkdirSync(join(box.env.XDG_CONFIG_HOME, 'buddy-tui'), { recursive: true });
    writeFileSync(configFilePath(box.env), JSON.stringify(config));
  }
  return box;
}

const line = async (box: Sandbox) =>
  (
    await runStatusline(JSON.stringify(fixturePayload(30)), ['--no-color', '--lines', '1'], {
      ...box.env,
      COLUMNS: '200',
    })
  ).output;

/** The hot path's own bundle, as the statusLine command runs it (`npm run build` first). */
const BUNDLE = fileURLToPath(new URL('../../dist/statusline.js', import.meta.url));

describe('the voice-spent segment', () => {
  it('shows in the built hot-path bundle, a spent voice under a budget from config.json', () => {
    const box = world(20, { reactions: { voiceDailyBudget: 20 } });
    const run = spawnSync(process.execPath, [BUNDLE, '--no-color', '--lines', '1'], {
      input: JSON.stringify(fixturePayload(30)),
      env: { ...box.env, COLUMNS: '200' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('voice 20/20 today · quips only');
  });

  it('shows at the default budget, and says the calls and the budget', async () => {
    expect(await line(world(100))).toContain('voice 100/100 today · quips only');
    expect(await line(world(99))).not.toContain('voice');
  });

  it('follows the budget the delegate applies: its own plugins.buddy key over reactions.voiceDailyBudget', async () => {
    expect(await line(world(20, { reactions: { voiceDailyBudget: 20 } }))).toContain('voice 20/20 today');
    expect(
      await line(
        world(100, { reactions: { voiceDailyBudget: 20 }, delegate: { plugins: { buddy: { dailyBudget: 500 } } } }),
      ),
    ).not.toContain('voice');
    expect(await line(world(50, { delegate: { plugins: { buddy: { dailyBudget: 50 } } } }))).toContain(
      'voice 50/50 today',
    );
    // 0 is no limit; a budget that is no whole number is ignored, as the schema would refuse it.
    expect(await line(world(1000, { reactions: { voiceDailyBudget: 0 } }))).not.toContain('voice');
    expect(await line(world(100, { reactions: { voiceDailyBudget: '5' } }))).toContain('voice 100/100 today');
  });

  it('is never shown while the voice is off', async () => {
    expect(await line(world(500, { reactions: { voice: false } }))).not.toContain('voice');
  });

  it('a ledger that is a directory or a FIFO neither hangs the run nor shows the segment', {
    timeout: 30_000,
  }, async () => {
    const dir = world(undefined);
    mkdirSync(join(dir.root, 'delegate-usage.json'), { recursive: true });
    expect(await line(dir)).toContain('(@v@)');
    const fifo = world(undefined);
    mkdirSync(fifo.root, { recursive: true, mode: 0o700 });
    expect(spawnSync('mkfifo', [join(fifo.root, 'delegate-usage.json')]).status).toBe(0);
    const out = await line(fifo);
    expect(out).not.toContain('voice');
    expect(out).toContain('Opus 5.5');
  });
});

// The demo's replay: pacing, payloads, and the recorded asset through the real hook.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIRST_DELAY_MS,
  MAX_GAP_MS,
  MIN_GAP_MS,
  loadRecording,
  parseRecording,
  payloadFor,
  replayDelays,
  replayThroughHook,
} from '../../src/demo/demo-replay.js';
import { demoConfig, demoRecordingPath } from '../../src/demo/demo-world.js';
import { readSession } from '../../src/state/reader.js';
import { HOOK_ENTRY, REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const event = (name: string, ts: number) => ({ session_id: 's', hook_event_name: name, ts });

describe('demo replay', () => {
  it('paces by the recorded gaps, kept between the floor and the ceiling, divided by the speed', () => {
    const events = [event('A', 1000), event('B', 1010), event('C', 1500), event('D', 60_000)];
    expect(replayDelays(events)).toEqual([
      FIRST_DELAY_MS,
      MIN_GAP_MS,
      Math.min(MAX_GAP_MS, Math.max(MIN_GAP_MS, 490)),
      MAX_GAP_MS,
    ]);
    expect(replayDelays(events, 2)).toEqual(replayDelays(events).map((ms) => ms / 2));
  });

  it("skips damaged lines, and sends payloads without the receive time under the round's session id", () => {
    const events = parseRecording(
      `${JSON.stringify(event('A', 1))}\nnot json\n{"no": "event"}\n\n${JSON.stringify(event('B', 2))}`,
    );
    expect(events.map((e) => e.hook_event_name)).toEqual(['A', 'B']);
    expect(JSON.parse(payloadFor(events[0], 'round2'))).toEqual({ session_id: 'round2', hook_event_name: 'A' });
  });

  it('the recorded session, replayed through the real hook, has everything the demo shows', async () => {
    const events = loadRecording(demoRecordingPath());
    expect(events.length).toBeGreaterThan(25);
    // Anonymised: no path of the machine it was recorded on.
    expect(readFileSync(demoRecordingPath(), 'utf8')).not.toMatch(/\/tmp\/buddy|\/root\/|\/work\//);
    const root = makeTempDir();
    const sent = await replayThroughHook({
      events,
      hookEntry: HOOK_ENTRY,
      env: { PATH: process.env.PATH, BUDDY_TUI_STATE_DIR: root },
      sessionId: 'demo-test',
      speed: 100,
    });
    expect(sent).toBe(events.length);
    const state = readSession(join(root, 'demo-test'))!;
    const journal = readFileSync(join(root, 'demo-test', 'events.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(journal.map((e) => e.hook_event_name)).toEqual(events.map((e) => e.hook_event_name));
    expect(state.toolFailuresTotal).toBe(1);
    expect(state.failures[0]).toMatchObject({ tool: 'Bash', detail: 'npm test' });
    expect(state.subagentsStartedTotal).toBe(1);
    expect(state.toolDurations.Bash.count).toBeGreaterThanOrEqual(4);
    expect(state.filesTouched).toEqual(['/home/dev/greeter/src/greet.js']);
    expect(state.endedAt).toBeDefined();
  }, 60_000);

  it('configures the demo plugin, the test-coach example and the offline adapter, all present', () => {
    const config = demoConfig(REPO_ROOT) as { plugins: string[]; delegate: { adapter: string } };
    expect(config.delegate.adapter).toBe('offline');
    for (const plugin of config.plugins)
      expect(JSON.parse(readFileSync(join(plugin, 'buddy-plugin.json'), 'utf8')).hooks).toBeDefined();
  });
});

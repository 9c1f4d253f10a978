import { chownSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foundryDirFor, readFoundrySession } from '../../src/state/foundry.js';
import { listSessions, readAnySession } from '../../src/state/reader.js';
import { toolsByUse } from '../../src/display/tool-order.js';
import { subagentGroups } from '../../src/state/selectors.js';
import { makeTempDir } from '../support/temp-dir.js';

const NOW = Date.UTC(2026, 10, 30, 10, 0, 0);

/** Lays out a directory exactly as Foundry's task-log.js keeps it. */
function foundrySession(base: string, sid: string): string {
  const dir = foundryDirFor(sid, { BUDDY_TUI_FOUNDRY_DIR: base });
  for (const sub of ['agents', 'tools', 'queue', 'timings']) mkdirSync(join(dir, sub), { recursive: true });
  const since = new Date(NOW - 42_000).toISOString();
  writeFileSync(
    join(dir, 'agents', 'a1.json'),
    JSON.stringify({ id: 'a1', type: 'Explore', model: 'haiku', color: 'cyan', since }),
  );
  writeFileSync(
    join(dir, 'agents', 'a2.json'),
    JSON.stringify({
      id: 'a2',
      type: 'Explore',
      model: 'haiku',
      color: 'cyan',
      since: new Date(NOW - 5000).toISOString(),
    }),
  );
  writeFileSync(join(dir, 'tools', 'Bash.json'), JSON.stringify({ tool: 'Bash', since, count: 3 }));
  writeFileSync(join(dir, 'tools', 'Read.json'), JSON.stringify({ tool: 'Read', since, count: 1 }));
  writeFileSync(join(dir, 'queue', '1764496800000.json'), JSON.stringify({ since }));
  writeFileSync(join(dir, 'queue', '1764496801000.json'), '{"since": "broken');
  return dir;
}

describe('Foundry task-log.js state directories', () => {
  it('reads agents, tools and the queue into a session state', () => {
    const base = makeTempDir();
    const dir = foundrySession(base, 'abc-123');
    const state = readFoundrySession(dir, NOW)!;
    expect(state.origin).toBe('foundry');
    expect(state.sessionId).toBe('abc-123');
    expect(toolsByUse(Object.entries(state.toolsThisTurn))).toEqual([
      ['Bash', 3],
      ['Read', 1],
    ]);
    // One queue file is caught mid-write and skipped: it is counted at the next read.
    expect(state.pendingPrompts).toBe(1);
    expect(subagentGroups(state, NOW)).toEqual([{ agentType: 'Explore', count: 2, longestMs: 42_000 }]);
  });

  it('names session directories the way task-log.js does', () => {
    expect(foundryDirFor('a.b/c', { BUDDY_TUI_FOUNDRY_DIR: '/x' })).toBe('/x/claude-state-a_b_c');
  });

  it('is listed beside buddy-tui’s own sessions', () => {
    const base = makeTempDir();
    foundrySession(base, 'foundry-1');
    const root = join(makeTempDir(), 'root');
    mkdirSync(join(root, 'own-1'), { recursive: true, mode: 0o700 });
    const sessions = listSessions(root, { BUDDY_TUI_FOUNDRY_DIR: base });
    expect(sessions.map((s) => [s.id, s.origin])).toEqual([
      ['own-1', 'journal'],
      ['foundry-1', 'foundry'],
    ]);
    expect(readAnySession(sessions[1], NOW)?.toolRunsTotal).toBe(4);
  });

  it('skips symlinked directories and files, and directories owned by someone else', () => {
    const base = makeTempDir();
    const real = foundrySession(base, 'real');
    symlinkSync(real, join(base, 'claude-state-linked'));
    expect(readFoundrySession(join(base, 'claude-state-linked'), NOW)).toBeUndefined();
    const dir = foundrySession(base, 'files');
    symlinkSync('/etc/hostname', join(dir, 'tools', 'Evil.json'));
    expect(Object.keys(readFoundrySession(dir, NOW)!.toolsThisTurn)).toEqual(['Bash', 'Read']);
    if (process.getuid?.() === 0) {
      const foreign = foundrySession(base, 'foreign');
      chownSync(foreign, 65534, 65534);
      expect(readFoundrySession(foreign, NOW)).toBeUndefined();
    }
  });
});

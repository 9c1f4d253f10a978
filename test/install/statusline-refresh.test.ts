/**
 * The statusLine's refreshInterval (issue 45): Claude Code re-runs the statusLine only after its own
 * events, so a bubble, a face and "12s ago" stayed as they were for minutes. `buddy-tui install`
 * sets refreshInterval where a refresh is cheap: its fast-path command (a shell and a few builtins
 * while a buddy-tui process keeps the line, docs/statusline.md). A chained command runs Node and the
 * user's command on every refresh, so there the user's own value (or none) stays.
 */
import { describe, expect, it } from 'vitest';
import { buddyCommands } from '../../src/install/buddy-entries.js';
import { addBuddy, STATUSLINE_REFRESH_S } from '../../src/install/merge-settings.js';

const commands = buddyCommands({ nodePath: '/usr/bin/node', distDir: '/opt/buddy/dist' });

describe('install sets the statusLine refreshInterval where it pays', () => {
  it('the fast-path statusLine refreshes every STATUSLINE_REFRESH_S seconds', () => {
    const { settings } = addBuddy({}, { commands });
    expect(commands.statuslineFast).toBeDefined();
    expect(settings.statusLine).toMatchObject({
      command: commands.statuslineFast,
      refreshInterval: STATUSLINE_REFRESH_S,
    });
    expect(STATUSLINE_REFRESH_S).toBeGreaterThanOrEqual(1);
  });

  it("a chained statusLine keeps the user's own refreshInterval, or none", () => {
    const own = { statusLine: { type: 'command', command: 'my-line', refreshInterval: 30 } };
    expect(addBuddy(own, { commands }).settings.statusLine).toMatchObject({ refreshInterval: 30 });
    const none = { statusLine: { type: 'command', command: 'my-line' } };
    expect(addBuddy(none, { commands }).settings.statusLine).not.toHaveProperty('refreshInterval');
  });

  it("a user's own shorter value on the fast path is kept (at least the minimum)", () => {
    const { settings: first } = addBuddy({}, { commands });
    const mine = { ...first, statusLine: { ...(first.statusLine as object), refreshInterval: 3 } };
    expect(addBuddy(mine, { commands, knownPrevious: undefined }).settings.statusLine).toMatchObject({
      refreshInterval: 3,
    });
  });
});

/** The pure pieces of the Codex install: the entries, their trust keys, the `[features]` reader. */
import { describe, expect, it } from 'vitest';
import { addCodexBuddy, CODEX_HOOK_EVENTS, codexBuddyKeys, snakeEvent } from '../../src/install/codex-hooks.js';
import { codexFeature } from '../../src/doctor/doctor-codex.js';
import { removeBuddy } from '../../src/install/merge-settings.js';

describe('Codex hooks.json entries', () => {
  const user = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] }, other: 1 };

  it("adds one tagged group per event after the user's, idempotently, and removes exactly them", () => {
    const once = addCodexBuddy(user, 'node hook.js --host codex');
    expect(addCodexBuddy(once, 'node hook.js --host codex')).toEqual(once);
    expect(Object.keys(once.hooks as object)).toHaveLength(CODEX_HOOK_EVENTS.length);
    expect((once.hooks as Record<string, unknown[]>).Stop[0]).toEqual(user.hooks.Stop[0]);
    expect(removeBuddy(once)).toEqual(user);
  });

  it('names the trust keys as Codex does: <file>:<event_snake>:<group>:<handler>', () => {
    expect(snakeEvent('UserPromptSubmit')).toBe('user_prompt_submit');
    const keys = codexBuddyKeys(addCodexBuddy(user, 'x'), '/h/hooks.json');
    expect(keys).toContain('/h/hooks.json:stop:1:0');
    expect(keys).toContain('/h/hooks.json:pre_tool_use:0:0');
    expect(keys).toHaveLength(CODEX_HOOK_EVENTS.length);
  });
});

describe('codexFeature', () => {
  it('reads a boolean from [features] or a dotted key, ignoring comments and other tables', () => {
    expect(codexFeature('[features]\nhooks = false # off\n', 'hooks')).toBe(false);
    expect(codexFeature('features.hooks = true\n', 'hooks')).toBe(true);
    expect(codexFeature('[other]\nhooks = false\n', 'hooks')).toBeUndefined();
    expect(codexFeature('[features]\ndaemon_auto_start = false\n[tui]\nhooks = false\n', 'hooks')).toBeUndefined();
  });
});

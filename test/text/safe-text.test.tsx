// SafeText: the pane's trust boundary. The type half is checked by `npm run typecheck` (each
// expected error below fails the typecheck if a raw string ever becomes acceptable there); the
// runtime half checks that outside text put into the store never reaches the drawn frame raw.
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../../components/App.js';
import { SpeechBubble } from '../../components/SpeechBubble.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore, type SafeText } from '../../src/tui/store/index.js';
import { toReactionText, toSafeText } from '../../src/text/safe-text.js';
import { toShownReaction } from '../../src/tui/store/bubble-queue.js';

const T0 = 1_700_000_000_000;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('SafeText', () => {
  it('is only made by toSafeText: a raw string is refused where SafeText is wanted', () => {
    const raw = 'evil\x1b[2J';
    // @ts-expect-error a raw string is not SafeText
    const unsafe: SafeText = raw;
    const store = createBuddyStore({ now: T0 });
    // @ts-expect-error a notice takes SafeText only
    store.getState().setNotice(raw, T0);
    // @ts-expect-error the bubble draws SafeText only
    void (<SpeechBubble text={raw} source={toSafeText('x')} kind="reaction" dim={false} width={20} maxLines={1} />);
    const safe: SafeText = toSafeText(raw);
    // Still a string for the components' ergonomics.
    expect(`${safe}!`.length).toBe(safe.length + 1);
    expect(safe).toBe('evil');
    expect(unsafe).toBe(raw);
  });

  it('keeps an escape sequence in an event or a reaction out of the frame', async () => {
    const store = createBuddyStore({ now: T0 + 5000, columns: 100, rows: 30 });
    const events = [
      { ts: T0, session_id: 's', hook_event_name: 'UserPromptSubmit', cwd: '/x/p\x1b]0;title\x07roj' },
      {
        ts: T0 + 1,
        session_id: 's',
        hook_event_name: 'PreToolUse',
        tool_name: 'Ba\x1b[2Jsh',
        tool_use_id: 't1',
        tool_input: { command: 'echo\x1b[31m red' },
      },
      { ts: T0 + 2, session_id: 's', hook_event_name: 'SubagentStart', agent_id: 'a', agent_type: 'evil\x1b[H' },
      {
        ts: T0 + 3,
        session_id: 's',
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Re\x9bad',
        tool_use_id: 't2',
        error: 'no\x07pe\x1b[1;1H',
      },
    ];
    const state = foldEvents(undefined, events);
    store.getState().applySessions([state], T0 + 5000, events.length);
    store.getState().pushReaction(
      toShownReaction({
        id: 'r',
        sessionId: 's',
        kind: 'reaction',
        text: toReactionText('hi\x1b]52;c;cGF5\x07 there'),
        source: 'plug\x1b[31min',
        priority: 1,
        ttlMs: 10_000,
        ts: T0,
      }),
      T0 + 5000,
    );
    const view = render(<App store={store} theme={{ color: false }} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const frame = view.lastFrame() ?? '';
    view.unmount();
    expect(frame).not.toMatch(CONTROL);
    for (const text of ['1 proj', '▶ Bash', 'echo red', '● evil', '✗ Read', 'nope', 'hi there', 'plugin'])
      expect(frame).toContain(text);
  });
});

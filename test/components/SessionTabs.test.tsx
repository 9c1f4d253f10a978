import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { SessionTabs, type SessionTab } from '../../components/SessionTabs.js';
import { foldEvents } from '../../src/state/reducer.js';
import { toSafeSession } from '../../src/state/safe-session.js';
import { toSafeText } from '../../src/text/safe-text.js';

const tabs: SessionTab[] = [
  { id: 'a', label: toSafeText('api'), ended: true, busy: false },
  { id: 'b', label: toSafeText('web-frontend'), ended: false, busy: true },
  { id: 'c', label: toSafeText('docs'), ended: false, busy: false },
  { id: 'd', label: toSafeText('infra'), ended: false, busy: false },
];

describe('SessionTabs', () => {
  it('numbers the tabs and marks ended and busy sessions', () => {
    const { lastFrame } = render(<SessionTabs tabs={tabs} selectedId="b" width={80} />);
    expect(lastFrame()).toBe(' 1 api ✕   2 web-frontend 💬   3 docs   4 infra');
  });

  it('scrolls so the selected tab stays visible in a narrow pane', () => {
    for (const width of [20, 30]) {
      const { lastFrame } = render(<SessionTabs tabs={tabs} selectedId="d" width={width} />);
      const frame = lastFrame() ?? '';
      expect(frame).toContain('infra');
      expect(frame).toContain('‹');
      expect(stringWidth(frame)).toBeLessThanOrEqual(width);
    }
    const first = render(<SessionTabs tabs={tabs} selectedId="a" width={24} />).lastFrame() ?? '';
    expect(first).toContain('api');
    expect(first).toContain('›');
  });

  it('draws a label made safe where the session entered the store', () => {
    const session = toSafeSession(
      foldEvents(undefined, [
        { ts: 1, session_id: 'x', hook_event_name: 'SessionStart', cwd: '/w/evil\x1b[2Jproj\tx' },
      ]),
    );
    const { lastFrame } = render(
      <SessionTabs tabs={[{ id: 'x', label: session.label, ended: false, busy: false }]} selectedId="x" width={40} />,
    );
    expect(lastFrame()).toBe(' 1 evilproj  x');
  });
});

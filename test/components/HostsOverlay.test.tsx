/**
 * The `h` overlay: every host of the registry with the pane's sessions from each and what it
 * cannot report, as the user sees it; `h` and Esc close it, and it closes the others.
 */
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { HostsOverlay } from '../../components/HostsOverlay.js';
import { HOST_SPECS } from '../../src/hosts/host-capabilities.js';
import { HOST_IDS } from '../../src/hosts/host-id.js';
import { createBuddyStore, hostRows } from '../../src/tui/store/index.js';
import { fixtureSession } from './fixture-session.js';
import { renderAtSize, settle, waitForFrame, type SizedRender } from './render-at-size.js';

const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

describe('the hosts overlay', () => {
  it('lists every host with its sessions and what it cannot report', () => {
    const { state, now } = fixtureSession(3);
    const store = createBuddyStore({ now });
    store.getState().applySessions([state, { ...state, sessionId: 'pi-1', host: 'pi' }], now, state.eventCount);
    const { lastFrame } = render(
      <HostsOverlay rows={hostRows(store.getState().sessions)} width={110} maxLines={HOST_IDS.length + 2} />,
    );
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines[0]).toContain(`hosts (${HOST_IDS.length}) buddy-tui can feed from`);
    for (const id of HOST_IDS) expect(lines.some((line) => line.startsWith(HOST_SPECS[id].label))).toBe(true);
    const row = (label: string) => lines.find((line) => line.startsWith(label)) ?? '';
    expect(row('Claude Code')).toMatch(/Claude Code\s+1 session\s+/);
    // Pi has no approvals and no subagents (its spec says so); its one session is counted.
    expect(row(HOST_SPECS.pi.label)).toMatch(/1 session\s+no subagents, no approvals/);
    expect(row(HOST_SPECS.codex.label)).not.toContain('session ');
    expect(lines.at(-1)).toContain('which are installed: buddy-tui doctor');
  });

  it('keeps to its lines on a short pane', () => {
    const rows = hostRows({});
    const { lastFrame } = render(<HostsOverlay rows={rows} width={60} maxLines={4} />);
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => line.length <= 60)).toBe(true);
  });

  it('h opens it in the pane over the session, h closes it; r opens the reactions in its place, Esc closes', async () => {
    const { state, now } = fixtureSession(3);
    const store = createBuddyStore({ now, columns: 100, rows: 30 });
    store.getState().applySessions([state], now, state.eventCount);
    const view = renderAtSize(<App store={store} theme={{ color: false }} />, 100, 30);
    views.push(view);
    await settle(20);
    view.stdin.write('h');
    await waitForFrame(view.lastFrame, (f) => f.includes('buddy-tui can feed from'));
    expect(view.lastFrame()).toContain('Copilot CLI');
    view.stdin.write('h');
    await waitForFrame(view.lastFrame, (f) => !f.includes('buddy-tui can feed from'));
    view.stdin.write('h');
    await waitForFrame(view.lastFrame, (f) => f.includes('buddy-tui can feed from'));
    view.stdin.write('r');
    await waitForFrame(view.lastFrame, (f) => f.includes('newest first') && !f.includes('buddy-tui can feed from'));
    view.stdin.write('\u001b');
    await waitForFrame(view.lastFrame, (f) => !f.includes('newest first'));
  });
});

/**
 * One keymap drives the key handler, the help overlay and docs/tui.md: every binding is the one
 * its key runs, the help lists every row, the docs' table is generated from it, and Esc closes
 * whichever overlay is open.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Key } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { HelpOverlay } from '../../components/HelpOverlay.js';
import { bindingFor, KEYMAP, keyGlyph, type KeySpec } from '../../components/keymap.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { REPO_ROOT } from '../support/hook-process.js';
import { fixtureSession, indexOf } from './fixture-session.js';
import { renderAtSize, settle, waitForFrame, type SizedRender } from './render-at-size.js';

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** What Ink hands useInput for a press of this key. */
function press(spec: KeySpec): { input: string; key: Key } {
  if ('char' in spec) return { input: spec.char, key: NO_KEY };
  if ('digit' in spec) return { input: '3', key: NO_KEY };
  if ('named' in spec) return { input: '', key: { ...NO_KEY, [spec.named]: true } };
  return { input: spec.ctrl, key: { ...NO_KEY, ctrl: true } };
}

/** A store where every binding's `when` holds: sessions listed and the overview open. */
function storeWithOverview() {
  const { state, now } = fixtureSession(indexOf((e) => e.hook_event_name === 'PreToolUse') + 1);
  const store = createBuddyStore({ now, columns: 100, rows: 30 });
  store.getState().applySessions([state], now, 1);
  store.getState().setOverlay('overview');
  return store;
}

const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

describe('the keymap', () => {
  it('each binding is the one its key runs (no row shadows another), and its row names the key', () => {
    const state = storeWithOverview().getState();
    for (const row of KEYMAP) {
      for (const binding of row.bindings) {
        const { input, key } = press(binding.key);
        expect(bindingFor(state, input, key), `${row.label}: ${keyGlyph(binding.key)}`).toBe(binding);
        expect(row.label, row.label).toContain(keyGlyph(binding.key));
      }
    }
  });

  it('the help overlay lists every row', () => {
    const { lastFrame } = render(<HelpOverlay width={100} maxLines={40} role="runner" muted={false} />);
    const lines = (lastFrame() ?? '').split('\n');
    for (const row of KEYMAP)
      expect(
        lines.some((line) => line.startsWith(row.label) && line.endsWith(row.help)),
        row.label,
      ).toBe(true);
  });

  it('docs/tui.md has a line per row, generated from the current keymap', () => {
    expect(() =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/gen-key-docs.ts', '--check'], {
        cwd: REPO_ROOT,
        stdio: 'pipe',
      }),
    ).not.toThrow();
    const doc = readFileSync(join(REPO_ROOT, 'docs/tui.md'), 'utf8');
    // A `|` in a row's line is escaped in the table (gen-key-docs.ts), as markdown needs.
    for (const row of KEYMAP) expect(doc, row.label).toContain(`| ${row.doc.replaceAll('|', '\\|')} |`);
  });

  it('in the pane, ? then r then ? shows one overlay at a time, and Esc closes the one open', async () => {
    const { state, now } = fixtureSession(indexOf((e) => e.hook_event_name === 'PreToolUse') + 1);
    const store = createBuddyStore({ now, columns: 80, rows: 24 });
    store.getState().applySessions([state], now, 1);
    const view = renderAtSize(<App store={store} theme={{ color: false }} />, 80, 24);
    views.push(view);
    await settle(20);
    view.stdin.write('?');
    await waitForFrame(view.lastFrame, (frame) => frame.includes('switch session'));
    view.stdin.write('r');
    const history = await waitForFrame(view.lastFrame, (frame) => frame.includes('newest first'));
    expect(history).not.toContain('switch session');
    view.stdin.write('?');
    const help = await waitForFrame(view.lastFrame, (frame) => frame.includes('switch session'));
    expect(help).not.toContain('newest first');
    view.stdin.write('\x1b');
    const closed = await waitForFrame(view.lastFrame, (frame) => !frame.includes('switch session'));
    expect(closed).not.toContain('newest first');
    expect(store.getState().overlay).toBe('none');
  });
});

/**
 * Two warnings at start (a broken config.json, a broken species file): the second waits its turn
 * in the footer instead of hiding the first at once (test/files/hostile-files-pane.test.ts shows it
 * in a real terminal).
 */
import { describe, expect, it } from 'vitest';
import { createBuddyStore, NOTICE_MS } from '../../../src/tui/store/index.js';
import { toSafeText } from '../../../src/text/safe-text.js';

describe('the footer notice', () => {
  it('a warning that comes while another shows waits its turn; an info replaces at once', () => {
    const store = createBuddyStore({ now: 0, columns: 100, rows: 30 });
    const { setNotice, advance } = store.getState();
    setNotice(toSafeText('config.json: cannot read'), 0, 'warning');
    setNotice(toSafeText('species cat.json: cannot read'), 10, 'warning');
    // The same warning again keeps its place and its time starts over.
    setNotice(toSafeText('config.json: cannot read'), 20, 'warning');
    expect(store.getState().notice?.text).toBe('config.json: cannot read');
    advance(NOTICE_MS);
    expect(store.getState().notice?.text).toBe('config.json: cannot read');
    advance(NOTICE_MS + 20);
    expect(store.getState().notice).toMatchObject({ text: 'species cat.json: cannot read', at: NOTICE_MS + 20 });
    advance(2 * NOTICE_MS + 20);
    expect(store.getState().notice).toBeUndefined();
    store.getState().setNotice(toSafeText('a problem'), 3 * NOTICE_MS, 'warning');
    store.getState().setNotice(toSafeText('chattiness: quiet'), 3 * NOTICE_MS + 10, 'info');
    expect(store.getState().notice?.text).toBe('chattiness: quiet');
  });
});

/**
 * The `r` overlay as the user sees it: the buddy's voice's calls today against its budget under
 * the title once it has made any (issue 46: usage shown in the pane's history), from the store's
 * delegate stats as the runner wiring puts them there.
 */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { HistoryPart } from '../../components/BodyParts.js';
import { createBuddyStore, VOICE_USAGE_ROW } from '../../src/tui/store/index.js';

describe('the reactions history', () => {
  it("shows the buddy's voice's calls today against its budget, once it has made any", () => {
    const store = createBuddyStore({ now: 1_000 });
    const view = render(<HistoryPart store={store} width={80} maxLines={6} />);
    expect(view.lastFrame()).toContain('nothing said yet');
    expect(view.lastFrame()).not.toContain("buddy's voice");
    store.getState().setDelegateStats({ 'calls today': 3, [VOICE_USAGE_ROW]: '3 of 100 today' });
    view.rerender(<HistoryPart store={store} width={80} maxLines={6} />);
    const lines = (view.lastFrame() ?? '').split('\n');
    expect(lines[0]).toContain('reactions (0, newest first)');
    expect(lines[1]).toBe("the buddy's voice: 3 of 100 today (calls of your own model)");
    view.unmount();
  });
});

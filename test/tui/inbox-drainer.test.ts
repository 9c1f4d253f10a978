/**
 * The pane's drainer (issue 50): a burst of kicks is one drain, and a burst whose names are all
 * gone from the inbox (the events of a file already drained: its last write, the drain's own
 * unlink) is no drain. A kick that names nothing (the inbox made, a look again) always drains. A
 * name just made waits a moment for its write, and is drained even when no write comes.
 */
import { describe, expect, it } from 'vitest';
import { ignoreReports } from '../../src/report/reporter.js';
import { createInboxDrainer } from '../../src/tui/watch/inbox-drainer.js';
import { A, T0, event, names, rootWithInbox, spool, spooled } from '../ingest/drain-inbox-support.js';
import { waitUntil } from '../support/wait-until.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

function drainerOf(root: string) {
  const controller = new AbortController();
  const drainer = createInboxDrainer(root, ignoreReports, {}, () => T0, controller.signal);
  return { drainer, stop: () => controller.abort() };
}

describe('the inbox drainer', () => {
  it('does not drain for kicks that name only files gone from the inbox, and drains for one there', async () => {
    const root = rootWithInbox();
    const { drainer, stop } = drainerOf(root);
    try {
      spool(root, 'claude.101', event(A, 'UserPromptSubmit'), T0);
      drainer.kick('claude.99');
      drainer.kick('claude.98');
      await turn();
      await turn();
      // No drain ran: the file nobody kicked for is still there.
      expect(spooled(root)).toEqual(['claude.101']);
      drainer.kick('claude.99');
      drainer.kick('claude.101');
      await waitUntil(
        () => spooled(root),
        (left) => left.length === 0,
        'the kicked file drained',
      );
      expect(names(root, A)).toEqual(['UserPromptSubmit']);
    } finally {
      stop();
    }
  });

  it('drains for a kick that names nothing', async () => {
    const root = rootWithInbox();
    const { drainer, stop } = drainerOf(root);
    try {
      spool(root, 'claude.102', event(A, 'Stop'), T0);
      drainer.kick(null);
      await waitUntil(
        () => spooled(root),
        (left) => left.length === 0,
        'the inbox drained',
      );
      expect(names(root, A)).toEqual(['Stop']);
    } finally {
      stop();
    }
  });

  it('drains a name made whole in place (a plugin links it: no write comes after), and one made then written', async () => {
    const root = rootWithInbox();
    const { drainer, stop } = drainerOf(root);
    try {
      spool(root, 'claude.103', event(A, 'PreToolUse'), T0);
      drainer.kick('claude.103', 'rename');
      await waitUntil(
        () => spooled(root),
        (left) => left.length === 0,
        'the linked file drained',
      );
      spool(root, 'claude.104', event(A, 'PostToolUse'), T0 + 1);
      drainer.kick('claude.104', 'rename');
      drainer.kick('claude.104', 'change');
      await waitUntil(
        () => spooled(root),
        (left) => left.length === 0,
        'the written file drained',
      );
      expect(names(root, A)).toEqual(['PreToolUse', 'PostToolUse']);
    } finally {
      stop();
    }
  });
});

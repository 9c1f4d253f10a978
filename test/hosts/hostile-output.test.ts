/**
 * Issue 44: every translator reads a 1 MiB shell output in time linear in it. The outputs are
 * the ones the old patterns retried from every character (test/support/hostile-shell-output.ts);
 * those took minutes each. No duration is asserted: the 10 s timeout is only a hang guard (a
 * synchronous hang is reported when it ends).
 */
import { describe, expect, it } from 'vitest';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import { hostileCases } from '../support/hostile-shell-output.js';

const HANG_GUARD_MS = 10_000;

describe('a translator over a hostile 1 MiB shell output', () => {
  it.each(hostileCases().map((c) => [c.host, c.name, c] as const))(
    '%s: %s is the failure it reports',
    (host, _name, hostile) => {
      const event = normalizeHostEvent(host, hostile.payload);
      expect(event).toMatchObject({ host, hook_event_name: 'PostToolUseFailure', exit_code: hostile.exitCode });
      const error = String(event?.error);
      expect([error.slice(0, hostile.errorStart.length), error.slice(-hostile.errorEnd.length)]).toEqual([
        hostile.errorStart,
        hostile.errorEnd,
      ]);
    },
    HANG_GUARD_MS,
  );
});

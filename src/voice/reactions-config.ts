/**
 * config.json's `reactions` section: what the buddy says on its own (how often, and whether in its
 * own voice). Owned here; config/config-schema.ts composes it.
 */
import { z } from 'zod';
import { CHATTINESS_LEVELS } from '../plugins/chattiness.js';

export const reactionsConfigSchema = z.strictObject({
  chattiness: z
    .enum(CHATTINESS_LEVELS)
    .optional()
    .describe(
      'How much the buddy says on its own: "quiet" (failures, recoveries, waiting for you, and your own plugins), "normal" (default) or "chatty" (more built-in quips). The pane\'s c key overrides it until this value changes.',
    ),
  voice: z
    .boolean()
    .optional()
    .describe(
      "The buddy's own voice: its reactions written by your own model through the delegate path (docs/delegates.md#the-buddys-voice). Unset (default): on only while the buddy mod answers through your Claude Code session (no key, no extra process); true: also through the host's CLI (claude -p...); false: canned quips only. `buddy-tui voice on|off` sets it.",
    ),
  voiceDailyBudget: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .optional()
    .describe("The voice's model calls per UTC day (default 100; 0 = no limit). Beyond it the quips speak."),
});

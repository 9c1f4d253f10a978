/**
 * config.json's `notify` section: which channels, which moments, quiet hours.
 * src/config/config-schema.ts composes it into the whole file's schema.
 */
import { z } from 'zod';
import { NOTIFY_CHANNEL_NAMES } from './channel-names.js';

const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export const notifySectionSchema = z.strictObject({
  channels: z
    .array(z.enum(NOTIFY_CHANNEL_NAMES))
    .optional()
    .describe(
      'Where notifications go: "bell" (the terminal bell), "osc9", "osc777", "osc99" (desktop notifications through the terminal: iTerm2/WezTerm/Windows Terminal/ghostty, foot/VTE/rxvt, kitty), "notify-send" (when it is on PATH), "tmux" (display-message plus the bell flag of the session\'s window), "command" (notify.command), "toast" (inside Claude Code: the buddy mod\'s $.ui.toast). Default: none, so no notification.',
    ),
  command: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The "command" channel: run through your shell with the notification as JSON on stdin, in the plugins\' allowlisted environment (no credentials), killed with its process group at commandTimeout. E.g. `jq -r \'.title + ": " + .body\' | curl -s --data-binary @- ntfy.sh/my-topic` (docs/notifications.md).',
    ),
  commandTimeout: z.number().positive().max(60).optional().describe('Seconds notify.command may run (default 10).'),
  waiting: z
    .boolean()
    .optional()
    .describe(
      'When a session starts waiting for you (an approval, a question, a permission prompt): once per turn, at its first wait (see waitingRepeatSeconds). Default true once a channel is set.',
    ),
  waitingRepeatSeconds: z
    .number()
    .int()
    .min(0)
    .max(86_400)
    .optional()
    .describe(
      'A later wait of the same turn (the next approval) notifies again only this long after the last one (default 300); 0 notifies every wait.',
    ),
  longTurn: z.boolean().optional().describe('When a turn ends that ran longer than longTurnSeconds (default true).'),
  longTurnSeconds: z
    .number()
    .int()
    .min(1)
    .max(86_400)
    .optional()
    .describe('How long a turn must run for longTurn (default 60).'),
  failures: z.boolean().optional().describe('When a session fails failuresInARow tool calls in a row (default true).'),
  failuresInARow: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe('How many failures in a row for failures (default 3).'),
  stage: z.boolean().optional().describe('When the buddy reaches a new stage (default false).'),
  quietHours: z
    .strictObject({
      from: z.string().regex(CLOCK_TIME, 'a time of day as HH:MM').describe('Local time, HH:MM.'),
      to: z
        .string()
        .regex(CLOCK_TIME, 'a time of day as HH:MM')
        .describe('Local time, HH:MM; before `from` means the next morning.'),
    })
    .optional()
    .describe('No notification between these local times.'),
});
export type NotifyConfig = z.infer<typeof notifySectionSchema>;

/**
 * config.json's `hosts`: another agent's event and field names mapped onto Claude Code's
 * (docs/hosts.md, "Any other agent"). The shape is zod's (the JSON schema and docs/configuration.md
 * come from it); what the names may be is the hand check the hook itself applies
 * (src/hosts/user-host-map.ts), so doctor names exactly what the hook leaves out. The one zod file
 * of this room: config/config-schema.ts composes it; the hook and the drain never import it.
 */
import { z } from 'zod';
import { MAX_LABEL_CHARS, checkUserHostMaps } from './user-host-map.js';

const nameMap = (what: string) => z.record(z.string(), z.string()).optional().describe(what);

const userHostSchema = z.strictObject({
  label: z
    .string()
    .optional()
    .describe(
      `What the pane and \`status --json\` (\`label\`) call the host (1 to ${MAX_LABEL_CHARS} characters; default: its id).`,
    ),
  events: nameMap(
    "The host's event name -> buddy-tui's (Claude Code's: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure, Stop, SessionEnd, ...). Names not listed are taken as they are.",
  ),
  fields: nameMap(
    "The host's payload key -> the event's (session_id, hook_event_name, cwd, tool_name, tool_input, tool_use_id, exit_code, ...): top-level keys only; ts, inbox, host and the tmux place are never taken from a payload.",
  ),
});

export const userHostsSchema = z
  .record(z.string(), userHostSchema)
  .superRefine((hosts, ctx) => {
    for (const problem of checkUserHostMaps(hosts).problems) {
      ctx.addIssue({ code: 'custom', path: problem.at.slice(1), message: problem.message });
    }
  })
  .describe(
    'Agents with Claude-like hooks under other names, fed by `buddy-tui hook --host <id>`: each id (2 to 12 of a-z, 0-9, -; not a built-in host nor "generic") maps its names onto Claude Code\'s (docs/hosts.md#any-other-agent). Data only: names, never a path or a command.',
  );

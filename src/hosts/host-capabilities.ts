/**
 * The registry of host specs (host-spec.ts; each in its host's file, src/hosts/<id>.ts), which
 * the translators (host-translator.ts) and the installers (src/cli/host-installers.ts) come from.
 * What each host can report at all: docs/hosts.md's table is generated from it
 * (scripts/gen-host-docs.ts; test/hosts/capability-table.test.ts keeps them equal), and what the
 * pane and `status` read so they never invent what a host cannot say: a host without subagent
 * events shows "—" in the overview's subagent column and `"agents": null` in `status --json`.
 * Zod-free: the hook, the statusline and the pane all may read it.
 */
import { claudeSpec } from './claude.js';
import { clineSpec } from './cline.js';
import { codexSpec } from './codex.js';
import { copilotSpec } from './copilot.js';
import { droidSpec } from './droid.js';
import { geminiSpec } from './gemini.js';
import { parseHostId, type HostId } from './host-id.js';
import { piSpec } from './pi.js';
import type { HostCapabilities, HostSpec } from './host-spec.js';
import { qwenSpec } from './qwen.js';
import { kiloSpec } from './kilo.js';
import { opencodeSpec } from './opencode.js';

export type { HostCapabilities, HostCapabilityRow, HostSpec } from './host-spec.js';

export const HOST_SPECS: Record<HostId, HostSpec> = {
  claude: claudeSpec,
  codex: codexSpec,
  copilot: copilotSpec,
  gemini: geminiSpec,
  qwen: qwenSpec,
  opencode: opencodeSpec,
  kilo: kiloSpec,
  cline: clineSpec,
  droid: droidSpec,
  pi: piSpec,
};

/** Each host's label, capabilities and how each is known: the capability table's rows. */
export const HOST_CAPABILITIES: Record<HostId, HostSpec> = HOST_SPECS;

/** What `host` can report; an unknown host (a journal line from a newer buddy-tui) is taken as Claude Code. */
export function hostCapabilities(host: string | undefined): HostCapabilities {
  return HOST_CAPABILITIES[parseHostId(host) ?? 'claude'].capabilities;
}

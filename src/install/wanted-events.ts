/**
 * Which on-demand hook events (ON_DEMAND_EVENTS, e.g. PostToolBatch) the configured buddy plugins
 * listen to on Claude Code's side: install registers them, and doctor says when one is missing.
 */
import { ON_DEMAND_EVENTS } from './buddy-entries.js';
import type { HostId } from '../hosts/host-id.js';
import type { CompiledHandler } from '../plugins/matching.js';

/** An on-demand event and the first rule that listens to it, as `file` at `path`. */
export interface WantedEvent {
  event: string;
  file: string;
  path: string;
}

/** Where a rule was declared, as shown beside the event. */
export const wantedWhere = (wanted: WantedEvent): string =>
  wanted.path ? `${wanted.file} at ${wanted.path}` : wanted.file;

const CLAUDE: HostId = 'claude';

/** The on-demand events the handlers listen to on Claude Code, each once, in the handlers' order. */
export function claudeEventsWanted(handlers: readonly CompiledHandler[]): WantedEvent[] {
  const wanted = new Map<string, WantedEvent>();
  for (const { event, hosts, origin } of handlers) {
    if (!ON_DEMAND_EVENTS.has(event) || wanted.has(event)) continue;
    // A rule kept to other hosts (`"host": "qwen"`) needs nothing from Claude Code.
    if (hosts && !hosts.includes(CLAUDE)) continue;
    wanted.set(event, { event, file: origin.file, path: origin.path });
  }
  return [...wanted.values()];
}

/**
 * The `h` overlay's rows: every host buddy-tui can feed from (the registry, src/hosts/), what it
 * cannot report (so a missing subagent or approval is no surprise), and how many of the pane's
 * sessions come from it now. Whether its hooks are installed is doctor's to say (its checks are
 * commands' work: files outside the state root, CLIs on PATH), so the overlay names doctor.
 */
import { HOST_SPECS, type HostCapabilities } from '../../hosts/host-capabilities.js';
import { HOST_IDS, type HostId } from '../../hosts/host-id.js';
import type { SafeSessionState } from '../../state/safe-session.js';
import { toSafeText, type SafeText } from '../../text/safe-text.js';

export interface HostRow {
  id: HostId;
  label: SafeText;
  /** The pane's sessions from this host. */
  sessions: number;
  /** What it cannot report, in a few words; empty when it reports everything. */
  gaps: SafeText[];
}

const TURN_END_GAP: Record<HostCapabilities['turnEnd'], string | undefined> = {
  event: undefined,
  'missing-on-cancel': 'no turn end on Esc',
  'missing-on-error': 'no turn end on API errors',
  'missing-on-cancel-and-error': 'no turn end on Esc or API errors',
};

/** What a host cannot report, as the capability table's "no" cells in a few words each. */
export function hostGaps(caps: HostCapabilities): string[] {
  return [
    caps.subagents ? undefined : 'no subagents',
    caps.waitingForApproval === 'no' ? 'no approvals' : undefined,
    caps.waitingForApproval === 'interactive-only' ? 'approvals in its TUI only' : undefined,
    caps.toolCallIds ? undefined : 'no call ids',
    TURN_END_GAP[caps.turnEnd],
    caps.sessionEnd === 'never' ? 'no session end' : undefined,
    caps.sessionEnd === 'interactive-only' ? 'session end in its TUI only' : undefined,
  ].filter((gap): gap is string => gap !== undefined);
}

/** Every host in the registry's order, with the pane's sessions of each. */
export function hostRows(sessions: Record<string, SafeSessionState>): HostRow[] {
  const counts = new Map<string, number>();
  for (const session of Object.values(sessions)) counts.set(session.host, (counts.get(session.host) ?? 0) + 1);
  return HOST_IDS.map((id) => ({
    id,
    label: toSafeText(HOST_SPECS[id].label),
    sessions: counts.get(id) ?? 0,
    gaps: hostGaps(HOST_SPECS[id].capabilities).map((gap) => toSafeText(gap)),
  }));
}

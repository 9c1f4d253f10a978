/**
 * Doctor across hosts: buddy-tui needs at least one host wired, not every one. When another host
 * is wired (its registry entry's "is wired"), a host's "not wired" finding (a check marked
 * `notWired`) is a warning that says so, not a failure: a user of Codex alone is not failed for
 * Claude Code.
 */
import type { DoctorCheck } from './doctor-check.js';

export interface DoctorSection {
  section: string;
  checks: DoctorCheck[];
}

/** A host as doctor sees it: its section's name, whether it is wired, the command that wires it. */
export interface HostWiring {
  name: string;
  wired: boolean;
  installCommand: string;
}

export function oneHostIsEnough(sections: DoctorSection[], hosts: readonly HostWiring[]): DoctorSection[] {
  const wired = hosts.filter((host) => host.wired).map((host) => host.name);
  if (!wired.length) return sections;
  return sections.map((s) => {
    const host = hosts.find((h) => h.name === s.section && !h.wired);
    if (!host) return s;
    const others = `${wired.join(' and ')} ${wired.length === 1 ? 'is' : 'are'} wired`;
    return {
      ...s,
      checks: s.checks.map((check) =>
        check.status === 'fail' && check.notWired
          ? {
              ...check,
              status: 'warn' as const,
              title: `${check.title} (${others}; ${host.name} sessions do not feed the buddy)`,
              fix: `if you use ${host.name} too, run \`${host.installCommand}\``,
            }
          : check,
      ),
    };
  });
}

/**
 * The agent hosts buddy-tui watches. A host is named on every journal line (`host`), and its
 * translator turns the host's hook payload into the one internal event (Claude Code's shape).
 */
export const HOST_IDS = ['claude', 'codex', 'copilot', 'gemini', 'qwen'] as const;
export type HostId = (typeof HOST_IDS)[number];

/** Journal lines written before hosts existed carry no `host`: they came from Claude Code. */
export const DEFAULT_HOST: HostId = 'claude';

export function parseHostId(value: unknown): HostId | undefined {
  return (HOST_IDS as readonly unknown[]).includes(value) ? (value as HostId) : undefined;
}

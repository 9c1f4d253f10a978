/**
 * The agent hosts buddy-tui watches. A host is named on every journal line (`host`), and its
 * translator turns the host's hook payload into the one internal event (Claude Code's shape).
 */
export const HOST_IDS = [
  'claude',
  'codex',
  'copilot',
  'gemini',
  'qwen',
  'cline',
  'droid',
  'pi',
  'opencode',
  'kilo',
] as const;
export type HostId = (typeof HOST_IDS)[number];

/** Journal lines written before hosts existed carry no `host`: they came from Claude Code. */
export const DEFAULT_HOST: HostId = 'claude';

export function parseHostId(value: unknown): HostId | undefined {
  return (HOST_IDS as readonly unknown[]).includes(value) ? (value as HostId) : undefined;
}

/** The host of `buddy-tui hook --host generic`: any tool that sends Claude Code's payload shape. */
export const GENERIC_HOST = 'generic';

/** A host id the user gives (config.json's `hosts`): short (the pane's badge), lower case, no dots (inbox names). */
export const USER_HOST_ID = /^[a-z][a-z0-9-]{1,11}$/;

/**
 * A host on the ingest path: a built-in one (its own translator), or one buddy-tui has no
 * translator for, `generic` or a name the user gives (src/hosts/user-host.ts).
 */
export type FeedHost = HostId | (string & {});

/** A built-in id, or any name of the user-host pattern (`generic` included); undefined for anything else. */
export function parseFeedHost(value: unknown): FeedHost | undefined {
  return parseHostId(value) ?? (typeof value === 'string' && USER_HOST_ID.test(value) ? value : undefined);
}

/**
 * The host badge of a session (`[codex]`) on its tab and in its activity, as the overview shows it.
 * A pane where every session is Claude Code's shows none: there the badge would tell nothing.
 */
export function hostBadgesShown(hosts: Iterable<string>): boolean {
  for (const host of hosts) if (host !== 'claude') return true;
  return false;
}

export const hostBadge = (host: string): string => `[${host}]`;

/**
 * A stable colour per subagent type, the same in the pane and the statusline: one palette (an
 * Ink colour name and its SGR code side by side) and one hash. Pure and zod-free.
 */

/** Distinct on dark and light backgrounds, none of them dim. */
export const AGENT_COLORS = [
  { name: 'cyan', sgr: '36' },
  { name: 'magenta', sgr: '35' },
  { name: 'green', sgr: '32' },
  { name: 'yellow', sgr: '33' },
  { name: 'blue', sgr: '34' },
  { name: 'redBright', sgr: '91' },
  { name: 'cyanBright', sgr: '96' },
  { name: 'magentaBright', sgr: '95' },
  { name: 'greenBright', sgr: '92' },
  { name: 'yellowBright', sgr: '93' },
  { name: 'blueBright', sgr: '94' },
  { name: 'red', sgr: '31' },
] as const;

export type AgentColor = (typeof AGENT_COLORS)[number];

/** FNV-1a over UTF-16 units: the same type gets the same colour in every process, every run. */
export function agentColorIndex(agentType: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < agentType.length; i++) {
    hash ^= agentType.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % AGENT_COLORS.length;
}

export function agentColor(agentType: string): AgentColor {
  return AGENT_COLORS[agentColorIndex(agentType)];
}

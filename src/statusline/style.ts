/**
 * The few SGR styles the statusline uses, and a stable colour per subagent type. With colour
 * off (NO_COLOR, --no-color) nothing here emits a single escape byte.
 */

export const RESET = '\u001b[0m';

export type StyleName =
  | 'plain' | 'dim' | 'bold' | 'face' | 'model' | 'project' | 'badge' | 'running'
  | 'tool' | 'count' | 'reaction' | 'warning' | 'thinking' | 'good' | 'caution' | 'alert' | `agent${number}`;

const SGR: Record<string, string> = {
  plain: '',
  dim: '2',
  bold: '1',
  face: '1;33',
  model: '36',
  project: '94',
  badge: '1;93',
  running: '1;32',
  tool: '',
  count: '2',
  reaction: '97',
  warning: '93',
  thinking: '2;3',
  good: '32',
  caution: '33',
  alert: '31',
};

/** Colours for subagent types: distinct on dark and light backgrounds, none of them dim. */
const AGENT_SGR = ['36', '35', '32', '33', '34', '91', '96', '95', '92', '93', '94', '31'];

/** FNV-1a: the same type gets the same colour in every process, every run. */
export function agentColorIndex(agentType: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < agentType.length; i++) {
    hash ^= agentType.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % AGENT_SGR.length;
}

export function agentStyle(agentType: string): StyleName {
  return `agent${agentColorIndex(agentType)}`;
}

function sgrOf(style: StyleName): string {
  if (style.startsWith('agent')) return AGENT_SGR[Number(style.slice(5))] ?? '';
  return SGR[style] ?? '';
}

/** Wraps text in its style; the reset goes right after so styles never leak into the next part. */
export function paint(text: string, style: StyleName, color: boolean): string {
  if (!color || !text) return text;
  const sgr = sgrOf(style);
  return sgr ? `\u001b[${sgr}m${text}${RESET}` : text;
}

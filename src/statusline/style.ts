/**
 * The few SGR styles the statusline uses, and a stable colour per subagent type (the pane's,
 * from src/display/agent-color.ts). With colour off (NO_COLOR, --no-color) nothing here emits a
 * single escape byte.
 */
import { AGENT_COLORS, agentColorIndex } from '../display/agent-color.js';

export const RESET = '\u001b[0m';

export type StyleName =
  | 'plain'
  | 'dim'
  | 'bold'
  | 'face'
  | 'model'
  | 'project'
  | 'badge'
  | 'running'
  | 'tool'
  | 'count'
  | 'reaction'
  | 'warning'
  | 'thinking'
  | 'good'
  | 'caution'
  | 'alert'
  | `agent${number}`;

/** A piece of a statusline segment: its text and its style. */
export interface Part {
  text: string;
  style: StyleName;
}

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

export function agentStyle(agentType: string): StyleName {
  return `agent${agentColorIndex(agentType)}`;
}

function sgrOf(style: StyleName): string {
  if (style.startsWith('agent')) return AGENT_COLORS[Number(style.slice(5))]?.sgr ?? '';
  return SGR[style] ?? '';
}

/** Wraps text in its style; the reset goes right after so styles never leak into the next part. */
export function paint(text: string, style: StyleName, color: boolean): string {
  if (!color || !text) return text;
  const sgr = sgrOf(style);
  return sgr ? `\u001b[${sgr}m${text}${RESET}` : text;
}

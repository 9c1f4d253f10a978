/**
 * The statusline's pieces, each a list of styled parts with a priority: when a row is too
 * narrow the lowest priority goes first, and a flexible piece (the reaction, the tool list)
 * is shortened before anything is dropped.
 */
import { formatElapsed } from '../state/selectors.js';
import { contextBar } from './context-bar.js';
import { agentStyle, type StyleName } from './style.js';
import type { StatuslineView } from './view.js';

export interface Part {
  text: string;
  style: StyleName;
}

export interface Segment {
  key: string;
  parts: Part[];
  /** Higher stays longer. */
  priority: number;
  /** Can be cut (with an ellipsis) down to this many cells before anything is dropped. */
  minCells?: number;
}

const dim = (text: string): Part => ({ text, style: 'dim' });

/** The face, then the reaction (or the buddy's name) beside it. */
export function buddySegment(view: StatuslineView): Segment {
  return { key: 'face', parts: [{ text: view.face, style: 'face' }], priority: 100 };
}

export function reactionSegment(view: StatuslineView): Segment | undefined {
  if (view.reaction) {
    const style: StyleName = view.reaction.kind === 'warning' ? 'warning' : view.reaction.kind === 'thinking' ? 'thinking' : 'reaction';
    return { key: 'reaction', parts: [{ text: view.reaction.text, style }], priority: 35, minCells: 12 };
  }
  if (view.name) return { key: 'reaction', parts: [{ text: view.name, style: 'dim' }], priority: 5 };
  return undefined;
}

export function modelSegment(view: StatuslineView): Segment | undefined {
  return view.modelName ? { key: 'model', parts: [{ text: view.modelName, style: 'model' }], priority: 40 } : undefined;
}

export function projectSegment(view: StatuslineView): Segment | undefined {
  return view.projectName ? { key: 'project', parts: [{ text: view.projectName, style: 'project' }], priority: 20 } : undefined;
}

export function contextSegment(view: StatuslineView): Segment | undefined {
  return view.usedPercentage === undefined ? undefined : { key: 'context', parts: contextBar(view.usedPercentage), priority: 50 };
}

/** 💬 while a prompt is being processed, 💬 3 when more are queued. */
export function queueSegment(view: StatuslineView): Segment | undefined {
  if (view.queue <= 0) return undefined;
  return { key: 'queue', parts: [{ text: view.queue > 1 ? `💬 ${view.queue}` : '💬', style: 'badge' }], priority: 90 };
}

export function runningToolSegment(view: StatuslineView): Segment | undefined {
  const tool = view.runningTool;
  if (!tool) return undefined;
  return { key: 'running', parts: [{ text: `▸ ${tool.name}`, style: 'running' }, dim(` ${formatElapsed(tool.elapsedMs)}`)], priority: 85 };
}

/** `Bash x3 · Edit x2 · Read`, most used first. */
export function toolsSegment(view: StatuslineView): Segment | undefined {
  if (view.tools.length === 0) return undefined;
  const parts: Part[] = [];
  view.tools.forEach(([tool, count], index) => {
    if (index > 0) parts.push(dim(' · '));
    parts.push({ text: tool, style: 'tool' });
    if (count > 1) parts.push({ text: ` x${count}`, style: 'count' });
  });
  return { key: 'tools', parts, priority: 60, minCells: 10 };
}

/** `◆ Explore x2, general-purpose 1m12s`: each type in its own colour, then the longest elapsed. */
export function agentsSegment(view: StatuslineView): Segment | undefined {
  if (view.agents.length === 0) return undefined;
  const parts: Part[] = [dim('◆ ')];
  view.agents.forEach(({ type, count }, index) => {
    if (index > 0) parts.push(dim(', '));
    parts.push({ text: type, style: agentStyle(type) });
    if (count > 1) parts.push({ text: ` x${count}`, style: 'count' });
  });
  parts.push(dim(` ${formatElapsed(view.longestAgentMs)}`));
  return { key: 'agents', parts, priority: 75, minCells: 14 };
}

export function idleSegment(view: StatuslineView): Segment | undefined {
  const idle = view.idle;
  if (!idle) return undefined;
  let text: string;
  if (idle.kind === 'no-state') text = 'no hook events yet (buddy-tui doctor)';
  else if (idle.kind === 'ended') text = 'session ended';
  else text = idle.lastTurnMs !== undefined ? `idle · last turn ${formatElapsed(idle.lastTurnMs)}` : 'idle';
  return { key: 'idle', parts: [dim(text)], priority: 10, minCells: 4 };
}

const present = (segments: Array<Segment | undefined>): Segment[] => segments.filter((s): s is Segment => s !== undefined);

/** The rows for the chosen layout, each a list of segments in display order. */
export function rowsFor(view: StatuslineView, lines: 1 | 2, segmentMode: boolean): Segment[][] {
  const face = buddySegment(view);
  if (segmentMode) {
    // Short: what the buddy says or what is happening now, nothing the host statusline has.
    return [present([face, queueSegment(view), runningToolSegment(view), agentsSegment(view), reactionSegment(view)])];
  }
  const buddyRow = [face, reactionSegment(view), modelSegment(view), projectSegment(view), contextSegment(view), queueSegment(view)];
  const activityRow = [runningToolSegment(view), toolsSegment(view), agentsSegment(view)];
  if (lines === 1) return [present([...buddyRow, ...activityRow, activityRow.some(Boolean) ? undefined : idleSegment(view)])];
  return [present(buddyRow), present(activityRow.some(Boolean) ? activityRow : [idleSegment(view)])];
}

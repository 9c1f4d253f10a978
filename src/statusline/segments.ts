/**
 * The statusline's pieces, each a list of styled parts with a priority: when a row is too
 * narrow the lowest priority goes first, and a flexible piece (the reaction, the tool list)
 * is shortened before anything is dropped.
 */
import { formatElapsed } from '../state/selectors.js';
import { SESSION_MOOD_RULES } from '../display/mood.js';
import { displayWidth } from '../display/text-width.js';
import { contextBar } from './context-bar.js';
import { SEGMENT_PRIORITY } from './segment-priority.js';
import { agentStyle, type Part, type StyleName } from './style.js';
import type { StatuslineView } from './view.js';

export interface Segment {
  key: string;
  parts: Part[];
  /** Higher stays longer. */
  priority: number;
  /** Can be shortened down to this many cells before anything is dropped. */
  minCells?: number;
  /** Shortens to at most `maxCells` (else the rendered segment is cut with an ellipsis). */
  shrink?: (maxCells: number) => Part[] | undefined;
}

const dim = (text: string): Part => ({ text, style: 'dim' });

/** The face, then the reaction (or the buddy's name) beside it. */
export function buddySegment(view: StatuslineView): Segment | undefined {
  if (view.modDraws) return undefined; // the mod draws the face beside the prompt
  return { key: 'face', parts: [{ text: view.face, style: 'face' }], priority: SEGMENT_PRIORITY.face };
}

/** A time that grows between two runs of the statusLine: none when the mod draws (it ages in the mod). */
const elapsed = (view: StatuslineView, ms: number): Part[] => (view.modDraws ? [] : [dim(` ${formatElapsed(ms)}`)]);

export function reactionSegment(view: StatuslineView): Segment | undefined {
  if (view.reaction) {
    const style: StyleName =
      view.reaction.kind === 'warning' ? 'warning' : view.reaction.kind === 'thinking' ? 'thinking' : 'reaction';
    return {
      key: 'reaction',
      parts: [{ text: view.reaction.text, style }],
      priority: SEGMENT_PRIORITY.reaction,
      minCells: 12,
    };
  }
  if (view.name)
    return { key: 'reaction', parts: [{ text: view.name, style: 'dim' }], priority: SEGMENT_PRIORITY.name };
  return undefined;
}

/** `voice 100/100 today · quips only`, shortening to `voice spent`: why the buddy's lines are canned. */
export function voiceSpentSegment(view: StatuslineView): Segment | undefined {
  const spent = view.voiceSpent;
  if (!spent) return undefined;
  const full = [dim(`voice ${spent.calls}/${spent.budget} today · quips only`)];
  const short = [dim('voice spent')];
  return {
    key: 'voice',
    parts: full,
    priority: SEGMENT_PRIORITY.voiceSpent,
    minCells: partsCells(short),
    shrink: (maxCells) => (partsCells(full) <= maxCells ? full : short),
  };
}

export function modelSegment(view: StatuslineView): Segment | undefined {
  return view.modelName
    ? { key: 'model', parts: [{ text: view.modelName, style: 'model' }], priority: SEGMENT_PRIORITY.model }
    : undefined;
}

export function projectSegment(view: StatuslineView): Segment | undefined {
  return view.projectName
    ? { key: 'project', parts: [{ text: view.projectName, style: 'project' }], priority: SEGMENT_PRIORITY.project }
    : undefined;
}

export function contextSegment(view: StatuslineView): Segment | undefined {
  return view.usedPercentage === undefined
    ? undefined
    : { key: 'context', parts: contextBar(view.usedPercentage), priority: SEGMENT_PRIORITY.context };
}

/** 💬 while a prompt is being processed, 💬 3 when more are queued. */
export function queueSegment(view: StatuslineView): Segment | undefined {
  if (view.queue <= 0) return undefined;
  return {
    key: 'queue',
    parts: [{ text: view.queue > 1 ? `💬 ${view.queue}` : '💬', style: 'badge' }],
    priority: SEGMENT_PRIORITY.queue,
  };
}

/**
 * `❗ approve Bash \`rm -rf build\` 12s` while Claude waits for the user's answer; shortens to
 * `❗ approve Bash 12s`, then `❗ waiting 12s`. Kept before anything but the face.
 */
export function waitingSegment(view: StatuslineView): Segment | undefined {
  const waiting = view.waiting;
  if (!waiting) return undefined;
  const since = dim(` ${formatElapsed(waiting.elapsedMs)}`);
  const badge: Part = { text: '❗ ', style: 'badge' };
  const candidates: Part[][] = [[badge, { text: waiting.what, style: 'warning' }, since]];
  if (waiting.tool) candidates.push([badge, { text: `approve ${waiting.tool}`, style: 'warning' }, since]);
  candidates.push([badge, { text: 'waiting', style: 'warning' }, since]);
  const shortest = candidates[candidates.length - 1];
  return {
    key: 'waiting',
    parts: candidates[0],
    priority: SEGMENT_PRIORITY.waiting,
    minCells: partsCells(shortest),
    shrink: (maxCells) => candidates.find((parts) => partsCells(parts) <= maxCells) ?? shortest,
  };
}

export function runningToolSegment(view: StatuslineView): Segment | undefined {
  const tool = view.runningTool;
  if (!tool) return undefined;
  return {
    key: 'running',
    parts: [{ text: `▸ ${tool.name}`, style: 'running' }, ...elapsed(view, tool.elapsedMs)],
    priority: SEGMENT_PRIORITY.running,
  };
}

/**
 * `✗ Bash 12s ago`: the last failure while it is news; after the running tool, before the turn's
 * tools. It stays ahead of them while the face shows the error, and yields to them after.
 */
export function failureSegment(view: StatuslineView): Segment | undefined {
  const failure = view.failure;
  if (!failure) return undefined;
  return {
    key: 'failure',
    parts: [{ text: `✗ ${failure.tool}`, style: 'alert' }, dim(` ${formatElapsed(failure.agoMs)} ago`)],
    priority:
      failure.agoMs < SESSION_MOOD_RULES.errorMs ? SEGMENT_PRIORITY.freshFailure : SEGMENT_PRIORITY.staleFailure,
  };
}

const partsCells = (parts: Part[]): number => parts.reduce((sum, part) => sum + displayWidth(part.text), 0);

/**
 * A list that shortens by whole items: the first `k` items, then `+N` for the rest, the
 * longest `k` that fits. undefined when not even one item fits.
 */
function listShrinker(build: (shown: number) => Part[], total: number): (maxCells: number) => Part[] | undefined {
  return (maxCells) => {
    for (let shown = total - 1; shown >= 1; shown--) {
      const parts = build(shown);
      if (partsCells(parts) <= maxCells) return parts;
    }
    return undefined;
  };
}

/** `Bash x3 · Edit x2 · Read`, most used first; dim once the turn is over. */
export function toolsSegment(view: StatuslineView): Segment | undefined {
  const tools = view.tools;
  if (tools.length === 0) return undefined;
  const toolStyle: StyleName = view.turnOpen ? 'tool' : 'dim';
  const build = (shown: number): Part[] => {
    const parts: Part[] = [];
    tools.slice(0, shown).forEach(([tool, count], index) => {
      if (index > 0) parts.push(dim(' · '));
      parts.push({ text: tool, style: toolStyle });
      if (count > 1) parts.push({ text: ` x${count}`, style: 'count' });
    });
    if (shown < tools.length) parts.push(dim(` +${tools.length - shown}`));
    return parts;
  };
  const parts = build(tools.length);
  return {
    key: 'tools',
    parts,
    priority: SEGMENT_PRIORITY.tools,
    minCells: Math.min(partsCells(parts), partsCells(build(1))),
    shrink: listShrinker(build, tools.length),
  };
}

/** `◆ Explore x2, general-purpose 1m12s`: each type in its own colour, then the longest elapsed. */
export function agentsSegment(view: StatuslineView): Segment | undefined {
  const agents = view.agents;
  if (agents.length === 0) return undefined;
  const build = (shown: number): Part[] => {
    const parts: Part[] = [dim('◆ ')];
    agents.slice(0, shown).forEach(({ type, count }, index) => {
      if (index > 0) parts.push(dim(', '));
      parts.push({ text: type, style: agentStyle(type) });
      if (count > 1) parts.push({ text: ` x${count}`, style: 'count' });
    });
    if (shown < agents.length) parts.push(dim(` +${agents.length - shown}`));
    parts.push(...elapsed(view, view.longestAgentMs));
    return parts;
  };
  const parts = build(agents.length);
  const total = agents.reduce((sum, group) => sum + group.count, 0);
  // Narrower still: just how many, and for how long.
  const counted: Part[] = [
    dim('◆ '),
    { text: `${total} agent${total > 1 ? 's' : ''}`, style: agentStyle(agents[0].type) },
    ...elapsed(view, view.longestAgentMs),
  ];
  const byItems = listShrinker(build, agents.length);
  const shrink = (maxCells: number): Part[] | undefined =>
    byItems(maxCells) ?? (partsCells(counted) <= maxCells ? counted : undefined);
  return {
    key: 'agents',
    parts,
    priority: SEGMENT_PRIORITY.agents,
    minCells: Math.min(partsCells(parts), partsCells(counted)),
    shrink,
  };
}

/** `◆3`: how many subagents run, for the short --segment layout. */
export function agentCountSegment(view: StatuslineView): Segment | undefined {
  const count = view.agents.reduce((sum, group) => sum + group.count, 0);
  if (count === 0) return undefined;
  const type = view.agents[0].type;
  return {
    key: 'agents',
    parts: [{ text: `◆${count}`, style: agentStyle(type) }],
    priority: SEGMENT_PRIORITY.agentCount,
  };
}

export function idleSegment(view: StatuslineView): Segment | undefined {
  const idle = view.idle;
  if (!idle) return undefined;
  let text: string;
  if (idle.kind === 'no-state') text = 'no hook events yet (buddy-tui doctor)';
  else if (idle.kind === 'ended') text = 'session ended';
  else text = idle.lastTurnMs !== undefined ? `idle · last turn ${formatElapsed(idle.lastTurnMs)}` : 'idle';
  return { key: 'idle', parts: [dim(text)], priority: SEGMENT_PRIORITY.idle, minCells: 4 };
}

const present = (segments: Array<Segment | undefined>): Segment[] =>
  segments.filter((s): s is Segment => s !== undefined);

/** What the session is doing now: the running tool, the failure, the turn's tools, the agents. */
function activitySegments(view: StatuslineView): Segment[] {
  return present([runningToolSegment(view), failureSegment(view), toolsSegment(view), agentsSegment(view)]);
}

/** The idle rule: the idle segment shows only when no activity segment is present. */
export function idleShows(activity: Segment[]): boolean {
  return activity.length === 0;
}

/** The rows for the chosen layout, each a list of segments in display order. */
export function rowsFor(view: StatuslineView, lines: 1 | 2, segmentMode: boolean): Segment[][] {
  const face = buddySegment(view);
  if (segmentMode) {
    // Short: what the buddy says and what is happening now, nothing the host statusline has.
    return [
      present([
        face,
        waitingSegment(view),
        queueSegment(view),
        runningToolSegment(view),
        agentCountSegment(view),
        reactionSegment(view),
      ]),
    ];
  }
  const buddyRow = present([
    face,
    waitingSegment(view),
    reactionSegment(view),
    voiceSpentSegment(view),
    modelSegment(view),
    projectSegment(view),
    contextSegment(view),
    queueSegment(view),
  ]);
  const activity = activitySegments(view);
  const activityOrIdle = idleShows(activity) ? present([idleSegment(view)]) : activity;
  return lines === 1 ? [[...buddyRow, ...activityOrIdle]] : [buddyRow, activityOrIdle];
}

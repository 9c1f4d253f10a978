/**
 * Everything the statusline shows, as plain sanitised values: built from the payload, the
 * session state and the buddy at a given `now`. Pure; the only place outside text enters.
 */
import { reactionShownAt } from '../display/reaction-expiry.js';
import { toolsShown } from '../display/tool-order.js';
import type { Reaction } from '../protocol/reaction.js';
import { awaitsAnswer, currentTool, freshFailure, isProcessingPrompt, subagentGroups } from '../state/selectors.js';
import type { SessionState } from '../state/session-state.js';
import { waitingWhat } from '../state/waiting-text.js';
import { sanitizeText } from '../text/sanitize.js';
import { baseName, type PayloadView } from './payload.js';

export interface StatuslineView {
  face: string;
  /** The buddy's name, when it has one. */
  name?: string;
  reaction?: { text: string; kind: Reaction['kind'] };
  modelName?: string;
  projectName?: string;
  usedPercentage?: number;
  /** Prompts waiting (0 = not processing). */
  queue: number;
  /** A turn is under way (the tool counts are this turn's, not the last one's). */
  turnOpen: boolean;
  runningTool?: { name: string; elapsedMs: number };
  /** The last failure while it is news (of this turn, or of the last 5 minutes), as the overview's "just failed". */
  failure?: { tool: string; agoMs: number };
  /** Claude waits for the user's answer: what for ("approve Bash `rm -rf build`"), the tool, and since how long. */
  waiting?: { what: string; tool?: string; elapsedMs: number };
  tools: Array<[string, number]>;
  agents: Array<{ type: string; count: number }>;
  longestAgentMs: number;
  /** The buddy's voice used its daily budget: its lines are the canned quips until the UTC day ends. */
  voiceSpent?: { calls: number; budget: number };
  /** Shown when there is no activity to show. */
  idle?: { kind: 'no-state' | 'ended' | 'idle'; lastTurnMs?: number };
  /**
   * buddy-tui's mod draws the buddy in this Claude Code: the face, its bubble, the ask and what
   * ages ("12s ago", a running tool's time) are the mod's, and this view keeps what only it shows.
   */
  modDraws?: true;
}

export interface ViewInput {
  payload: PayloadView;
  state?: SessionState;
  face: string;
  name?: string;
  reaction?: Reaction;
  reactionMaxAgeMs: number;
  now: number;
  /** The new pet's introduction (src/pet/introduction.ts): the bubble while no reaction is shown. */
  intro?: string;
  /** The mod draws the buddy (src/mod/mod-views.ts modDrawsFor): see StatuslineView.modDraws. */
  modDraws?: boolean;
  /** The buddy keeps its bubbles to itself (mute-setting.ts): no bubble in any view. */
  muted?: boolean;
  /** voice-budget.ts: the voice is on and has used its daily budget. */
  voiceSpent?: { calls: number; budget: number };
}

/** Short labels: a name or type longer than this is cut (with an ellipsis) before layout. */
const LABEL_MAX = 32;
const REACTION_MAX = 300;

const label = (text: unknown): string => sanitizeText(text, { maxLength: LABEL_MAX }).trim();

/**
 * The reaction to show: the latest one while the pane would still show it (its own ttl, from
 * src/display/reaction-expiry.ts, counted from when it was said), never past `maxAgeMs`, and
 * not from the future by more than a clock skew. ttlMs 0 withdraws the bubble of its id.
 */
export function recentReaction(
  reaction: Reaction | undefined,
  now: number,
  maxAgeMs: number,
): StatuslineView['reaction'] {
  if (!reaction || typeof reaction.ts !== 'number' || typeof reaction.ttlMs !== 'number') return undefined;
  const age = now - reaction.ts;
  if (age >= maxAgeMs || age < -60_000) return undefined;
  // A clock skew (age < 0) counts as just said.
  if (!reactionShownAt(reaction, Math.min(reaction.ts, now), now)) return undefined;
  const text = sanitizeText(reaction.text, { maxLength: REACTION_MAX }).trim();
  if (!text) return undefined;
  const kind = reaction.kind === 'warning' || reaction.kind === 'thinking' ? reaction.kind : 'reaction';
  return { text, kind };
}

function introBubble(intro: string | undefined): StatuslineView['reaction'] {
  const text = sanitizeText(intro, { maxLength: REACTION_MAX }).trim();
  return text ? { text, kind: 'reaction' } : undefined;
}

/** What the mod draws itself, or what ages between two runs of the statusLine, left to it. */
function leaveToMod(view: StatuslineView): StatuslineView {
  const { face: _face, name: _name, reaction: _reaction, waiting: _waiting, failure: _failure, ...kept } = view;
  return { ...kept, face: '', modDraws: true };
}

export function buildView(input: ViewInput): StatuslineView {
  const full = buildFullView(input);
  const view = input.muted ? { ...full, reaction: undefined } : full;
  return input.modDraws ? leaveToMod(view) : view;
}

function buildFullView(input: ViewInput): StatuslineView {
  const { payload, state, now } = input;
  const view: StatuslineView = {
    face: sanitizeText(input.face, { maxLength: 24 }).trim() || '(o.o)',
    name: input.name ? label(input.name) || undefined : undefined,
    reaction: recentReaction(input.reaction, now, input.reactionMaxAgeMs) ?? introBubble(input.intro),
    modelName: payload.modelName
      ? label(payload.modelName) || undefined
      : state?.model
        ? label(state.model) || undefined
        : undefined,
    projectName: payload.projectDir
      ? label(baseName(payload.projectDir)) || undefined
      : state?.projectName
        ? label(state.projectName) || undefined
        : undefined,
    usedPercentage: payload.usedPercentage,
    queue: 0,
    turnOpen: false,
    tools: [],
    agents: [],
    longestAgentMs: 0,
    ...(input.voiceSpent ? { voiceSpent: { ...input.voiceSpent } } : {}),
  };
  if (!state) {
    view.idle = { kind: 'no-state' };
    return view;
  }
  if (state.endedAt !== undefined) {
    view.idle = { kind: 'ended' };
    return view;
  }
  if (state.waiting && awaitsAnswer(state)) {
    const tool = state.waiting.tool ? label(state.waiting.tool) || undefined : undefined;
    view.waiting = {
      what: sanitizeText(waitingWhat(state.waiting), { maxLength: 80 }).trim(),
      tool,
      elapsedMs: Math.max(0, now - state.waiting.since),
    };
  }
  if (isProcessingPrompt(state)) view.queue = state.pendingPrompts;
  view.turnOpen = view.queue > 0;
  const running = currentTool(state);
  if (running) view.runningTool = { name: label(running.tool), elapsedMs: Math.max(0, now - running.startedAt) };
  const failure = freshFailure(state, now);
  if (failure) view.failure = { tool: label(failure.tool) || 'tool', agoMs: Math.max(0, now - failure.at) };
  // The pane's order (src/display/tool-order.ts), on the names as shown.
  view.tools = toolsShown(
    state,
    Object.entries(state.toolsThisTurn).map(([tool, count]): [string, number] => [label(tool), count]),
  );
  for (const group of subagentGroups(state, now)) {
    view.agents.push({ type: label(group.agentType) || 'agent', count: group.count });
    view.longestAgentMs = Math.max(view.longestAgentMs, group.longestMs);
  }
  if (!view.runningTool && view.tools.length === 0 && view.agents.length === 0 && view.queue === 0) {
    view.idle = { kind: 'idle', lastTurnMs: state.lastTurnMs };
  }
  return view;
}

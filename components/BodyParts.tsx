/**
 * The parts of the pane's body, each subscribed to the slice of the store it draws, so an update
 * re-renders only what it changes: the tick counter reaches the sprite (and a "thinking"
 * bubble's dots), the clock reaches what shows elapsed time, the pet's numbers reach the bars.
 * PaneBody.tsx subscribes only to what decides the layout.
 */
import { useMemo } from 'react';
import { Box } from 'ink';
import { useStore } from 'zustand';
import { useShallow } from './use-shallow.js';
import { hostBadgesShown } from '../src/display/host-badge.js';
import { toSafeText } from '../src/text/safe-text.js';
import {
  activityPerMinute,
  awaitsAnswer,
  historyCounts,
  isDim,
  overviewCursorId,
  overviewRows,
  selectSelectedSession,
  visibleSessions,
  VOICE_USAGE_ROW,
  type SafeSessionState,
  type SafeText,
  type BuddyStore,
  type SpriteView,
} from '../src/tui/store/index.js';
import { ActivityPanel } from './ActivityPanel.js';
import { BuddySprite } from './BuddySprite.js';
import { EmptyState } from './EmptyState.js';
import { HelpOverlay } from './HelpOverlay.js';
import { NeedsBars } from './NeedsBars.js';
import { ReactionHistory } from './ReactionHistory.js';
import { SessionOverview } from './SessionOverview.js';
import { Sparkline } from './Sparkline.js';
import { SpeechBubble } from './SpeechBubble.js';

type Mode = 'sprite' | 'face';

const CLAUDE_CODE = toSafeText('claude code');

export function HelpPart({ store, width, maxLines }: { store: BuddyStore; width: number; maxLines: number }) {
  const { role, runnerPid, muted, delegateStats, history, chattiness } = useStore(
    store,
    useShallow((s) => ({
      role: s.role,
      runnerPid: s.runnerPid,
      muted: s.muted,
      delegateStats: s.delegateStats,
      history: s.bubbles.history,
      chattiness: s.chattiness,
    })),
  );
  const reactions = { ...historyCounts(history), chattiness };
  return (
    <HelpOverlay
      width={width}
      maxLines={maxLines}
      role={role}
      runnerPid={runnerPid}
      muted={muted}
      stats={delegateStats}
      reactions={reactions}
    />
  );
}

export function HistoryPart({ store, width, maxLines }: { store: BuddyStore; width: number; maxLines: number }) {
  const { history, now, voiceUsage } = useStore(
    store,
    useShallow((s) => ({
      history: s.bubbles.history,
      now: s.now,
      voiceUsage: s.delegateStats?.find(([name]) => name === VOICE_USAGE_ROW)?.[1],
    })),
  );
  return <ReactionHistory entries={history} now={now} width={width} maxLines={maxLines} voiceUsage={voiceUsage} />;
}

export function EmptyPart({
  store,
  sprite,
  width,
  mode,
}: {
  store: BuddyStore;
  sprite: SpriteView;
  width: number;
  mode: Mode;
}) {
  const tick = useStore(store, (s) => s.tick);
  const name = useStore(store, (s) => s.pet?.name);
  const now = useStore(store, (s) => (sprite.picture ? s.now : 0));
  return <EmptyState sprite={sprite} tick={tick} width={width} mode={mode} name={name} now={now} />;
}

/** While the shown session waits for the user's answer, that is what the bubble says (no ttl: it holds while the state does). */
function askOf(session: SafeSessionState | undefined): SafeText | undefined {
  return session && awaitsAnswer(session) ? session.waiting?.text : undefined;
}

export function BubblePart({ store, width, lines }: { store: BuddyStore; width: number; lines: number }) {
  const { current, waiting, dim, dots, ask } = useStore(
    store,
    useShallow((s) => {
      const bubble = s.bubbles.current;
      return {
        ask: askOf(selectSelectedSession(s)),
        current: bubble?.reaction,
        waiting: s.bubbles.waiting.length,
        dim: bubble ? isDim(bubble, s.now) : false,
        // Only a "thinking" bubble moves with the tick (its dots cycle over three).
        dots: bubble?.reaction.kind === 'thinking' ? s.tick % 3 : 0,
      };
    }),
  );
  return (
    <Box height={lines + 2} flexDirection="column" justifyContent="flex-end">
      {ask ? (
        <SpeechBubble
          text={ask}
          source={CLAUDE_CODE}
          kind="warning"
          dim={false}
          width={width}
          maxLines={lines}
          waiting={waiting + (current ? 1 : 0)}
        />
      ) : current ? (
        <SpeechBubble
          text={current.text}
          source={current.source}
          kind={current.kind}
          dim={dim}
          width={width}
          maxLines={lines}
          tick={dots}
          waiting={waiting}
        />
      ) : null}
    </Box>
  );
}

export function SpritePart({
  store,
  sprite,
  width,
  mode,
}: {
  store: BuddyStore;
  sprite: SpriteView;
  width: number;
  mode: Mode;
}) {
  const { tick, mood, name, level, rarity, now } = useStore(
    store,
    // now moves with the tick (one update), so a picture pet's clock costs no extra render.
    useShallow((s) => ({
      tick: s.tick,
      mood: s.mood,
      name: s.pet?.name,
      level: s.pet?.level,
      rarity: s.pet?.rarity,
      now: sprite.picture ? s.now : 0,
    })),
  );
  return (
    <BuddySprite
      sprite={sprite}
      mood={sprite.frames[mood] ? mood : 'idle'}
      tick={tick}
      now={now}
      mode={mode}
      width={width}
      name={name ?? sprite.speciesName}
      level={level}
      rarity={rarity}
    />
  );
}

export function NeedsPart({ store, width }: { store: BuddyStore; width: number }) {
  // The snapshot is a new object each tick; the bars redraw only when a number they show moves.
  const needs = useStore(
    store,
    useShallow(
      (s) =>
        s.pet && {
          hunger: s.pet.hunger,
          energy: s.pet.energy,
          happiness: s.pet.happiness,
          xp: s.pet.xp,
          xpToNext: s.pet.xpToNext,
          level: s.pet.level,
        },
    ),
  );
  return needs ? <NeedsBars {...needs} width={width} /> : null;
}

export function ActivityPart({ store, width, maxLines }: { store: BuddyStore; width: number; maxLines: number }) {
  const session = useStore(store, selectSelectedSession);
  // Elapsed times follow the clock, not the animation counter.
  const now = useStore(store, (s) => s.now);
  const showHost = useStore(store, (s) => hostBadgesShown(visibleSessions(s.sessions, s.now).map((one) => one.host)));
  return session ? (
    <ActivityPanel session={session} now={now} width={width} maxLines={maxLines} showHost={showHost} />
  ) : null;
}

export function SparkPart({ store, width }: { store: BuddyStore; width: number }) {
  // Compared element by element: a new minute's counts redraw it, a tick does not.
  const counts = useStore(
    store,
    useShallow((s) => {
      const session = selectSelectedSession(s);
      return session ? activityPerMinute(session, s.now) : undefined;
    }),
  );
  return counts ? <Sparkline counts={counts} width={width} /> : null;
}

export function OverviewPart({ store, width, maxLines }: { store: BuddyStore; width: number; maxLines: number }) {
  // Elapsed times and "ago" follow the clock.
  const sessions = useStore(store, (s) => s.sessions);
  const now = useStore(store, (s) => s.now);
  const cursorId = useStore(store, overviewCursorId);
  const rows = useMemo(() => overviewRows(sessions, now), [sessions, now]);
  return <SessionOverview rows={rows} cursorId={cursorId} width={width} maxLines={maxLines} />;
}

/**
 * The notifier of the process that runs the plugins (the pane holding the runner lock): after
 * each update of the sessions it finds the moments (moments.ts) and sends each through every
 * configured channel, unless the user does not want it now: a viewer pane, muted (`m`), quiet
 * hours, or the session's own tmux pane is the one the user is looking at (tmux-channel.ts). A
 * session's tmux place is only what buddy-tui stamped, on a socket of the user's own.
 */
import type { NotifyConfig } from './notify-config.js';
import { lifetimeWithin, onAbort } from '../process/lifetime.js';
import type { Reporter } from '../report/reporter.js';
import type { SessionState } from '../state/session-state.js';
import { sanitizeText } from '../text/sanitize.js';
import { configuredChannels } from './channel-registry.js';
import { createMomentTracker } from './moments.js';
import type { Notification, TmuxPlace } from './notification.js';
import { channelNamesOf, inQuietHours, localMinutesOfDay, momentSettings } from './notify-policy.js';
import { createPlaceReader } from './socket-refusal.js';
import { paneInView } from './tmux-channel.js';
import { killNotifyChildren } from './process-channels.js';

export interface NotifierOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  config(): NotifyConfig | undefined;
  /** Only the runner sends; the others still follow the sessions, so a new runner does not repeat old news. */
  isSender(): boolean;
  muted(): boolean;
  writeTerminal(bytes: string): void;
  report: Reporter;
  /** Local minutes since midnight at `now` (quiet hours); injectable so tests need no wall clock. */
  minutesOfDay?: (now: number) => number;
  inView?: (place: TmuxPlace, env: NodeJS.ProcessEnv) => Promise<boolean>;
  /** The owner's lifetime: nothing more is sent, and the children still running end, once it ends. */
  signal?: AbortSignal;
}

export interface Notifier {
  /** Looks at the sessions after an update and sends what is news. */
  check(sessions: Record<string, SessionState>, now: number): void;
  /** The buddy reached a stage (its bubble line). */
  stageReached(line: string, now: number): void;
  /** Resolves when every notification started so far has gone out (tests, close). */
  idle(): Promise<void>;
  /** Sends nothing more and ends the children still running (the pane is closing). */
  close(): void;
}

export function createNotifier(options: NotifierOptions): Notifier {
  // What began before the notifier started is history; what began after is news, whenever seen.
  const tracker = createMomentTracker(Date.now());
  const minutesOfDay = options.minutesOfDay ?? localMinutesOfDay;
  const inView = options.inView ?? paneInView;
  // A recorded socket that is not the user's own is never connected to (socket-refusal.ts).
  const placeOf = createPlaceReader(options.root, options.report);
  let queue: Promise<void> = Promise.resolve();
  const life = lifetimeWithin(options.signal);
  onAbort(life.signal, killNotifyChildren);

  const deliver = async (notification: Notification, config: NotifyConfig) => {
    const place = notification.sessionId ? placeOf(notification.sessionId) : undefined;
    if (place && (await inView(place, options.env))) return tracker.unsent(notification);
    for (const channel of configuredChannels(channelNamesOf(config))) {
      if (!channel.available({ config, env: options.env }).ok) continue;
      try {
        await channel.send(notification, {
          config,
          env: options.env,
          root: options.root,
          place,
          writeTerminal: options.writeTerminal,
          report: options.report,
        });
      } catch (error) {
        options.report({ level: 'warning', where: `notify ${channel.name}`, error });
      }
    }
  };

  /** Whether anything may go out now; the moments are tracked either way. */
  const quiet = (config: NotifyConfig, now: number) =>
    life.signal.aborted || !options.isSender() || options.muted() || inQuietHours(config.quietHours, minutesOfDay(now));

  const send = (notifications: Notification[], config: NotifyConfig) => {
    for (const notification of notifications)
      queue = queue
        .then(() => deliver(notification, config))
        .catch((error: unknown) => options.report({ level: 'warning', where: 'notify', error }));
  };

  return {
    check(sessions, now) {
      const config = options.config() ?? {};
      const found = tracker.check(sessions, now, momentSettings(config));
      if (!found.length) return;
      if (quiet(config, now)) for (const notification of found) tracker.unsent(notification);
      else send(found, config);
    },
    stageReached(line, now) {
      const config = options.config() ?? {};
      if (!momentSettings(config).stage || quiet(config, now)) return;
      send([{ kind: 'stage', title: 'buddy-tui', body: sanitizeText(line, { maxLength: 200 }), at: now }], config);
    },
    idle: () => queue,
    close: () => void life.end(),
  };
}

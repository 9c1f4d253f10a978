/**
 * What the pane's services take and offer (tui-services.ts composes them): the options from
 * start-tui.ts (with the feed of the watcher's batches, which the services subscribe to
 * themselves) and the handle it drives on ticks, the runner lock and close.
 */
import type { BuddyConfig } from '../config/config-file.js';
// Type only: the delegate module loads on the first delegate request.
import type { DelegateResolver } from '../delegate/index.js';
import type { PluginRunner } from '../plugins/plugin-runner.js';
import type { BuddyStore, TickExtras } from './store/index.js';
import type { SessionEventsFeed } from './watch/session-events-feed.js';
import type { TuiLog } from './tui-log.js';

export interface TuiServicesOptions {
  root: string;
  store: BuddyStore;
  log: TuiLog;
  env?: NodeJS.ProcessEnv;
  clock?: () => number;
  /** Run configured plugins (the built-in quips run regardless). Default true. */
  plugins?: boolean;
  configFile?: string;
  speciesDir?: string;
  speciesId?: string;
  petFile?: string;
  /** Where `c` and `m` are saved and followed (default $XDG_STATE_HOME/buddy-tui/pane-prefs.json). */
  prefsFile?: string;
  /** The owner's lifetime: every service closes when it ends. */
  signal?: AbortSignal;
  /** The watcher's batches of new events: the pet, the runner and the stage drawn subscribe to them. */
  events?: Pick<SessionEventsFeed, 'subscribe'>;
}

export interface TuiServices {
  /** The animation tick: pet decay, mood, viewer refresh; returns what the tick's store update carries. */
  tick(now: number): TickExtras;
  /** A session's reactions.jsonl was written: a viewer shows what is new in it. */
  reactionsChanged(sessionId: string): void;
  /** Tells `listener` each stage the buddy reaches (its bubble line: the notifier's `stage` moment); returns the unregister. */
  onStageReached(listener: (line: string, now: number) => void): () => void;
  /** This instance just took the runner lock. */
  becomeRunner(): void;
  readonly runner: () => PluginRunner | undefined;
  readonly delegate: () => DelegateResolver | undefined;
  /** The config in use (the last good load; reloads apply). */
  readonly config: () => BuddyConfig;
  /** Resolves when config.json's folder is watched (changes from then on are reloaded). */
  readonly configReady: Promise<void>;
  close(): Promise<void>;
}

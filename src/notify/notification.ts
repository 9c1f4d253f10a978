/**
 * One notification and the one interface every channel implements. Callers hand a notification
 * to the registry (channel-registry.ts) and never branch on a channel's name.
 */
import type { NotifyConfig } from './notify-config.js';
import type { Reporter } from '../report/reporter.js';
import type { NotifyChannelName } from './channel-names.js';

export type MomentKind = 'waiting' | 'long-turn' | 'failures' | 'stage';

/** What `notify.command` gets as JSON on stdin (documented in docs/notifications.md; fields are only added). */
export interface Notification {
  kind: MomentKind;
  /** Short, e.g. "Claude needs you (shop)"; safe text (sanitised, no control characters). */
  title: string;
  /** One line, e.g. "approve Bash `rm -rf build`"; safe text. */
  body: string;
  /** The session it is about; absent for the buddy's own moments. */
  sessionId?: string;
  host?: string;
  project?: string;
  /** ms since the epoch. */
  at: number;
}

/** Where the session's agent runs in tmux, as its hook saw it (TMUX_PANE and the server socket). */
export interface TmuxPlace {
  pane: string;
  socket?: string;
  /**
   * The tmux server's pid, when the place came through the sh spool (which knows no socket): the
   * pane is then asked of the server the sender's own TMUX names (or the default one), and only
   * if that server has this pid.
   */
  serverPid?: number;
}

export interface ChannelContext {
  config: NotifyConfig;
  /** The sender's state root (the toast channel writes into its mod bridge); default: the env's. */
  root?: string;
  /** The environment of the process that sends (the runner); channels pass on an allowlist of it. */
  env: NodeJS.ProcessEnv;
  /** The runner's own terminal. */
  writeTerminal(bytes: string): void;
  /** The session's tmux pane, when its hook recorded one. */
  place?: TmuxPlace;
  report: Reporter;
}

export interface NotifyChannel {
  name: NotifyChannelName;
  /** Whether it can work here (notify-send on PATH, inside tmux, a command set); a configured channel that cannot is skipped and doctor says why. */
  available(context: Pick<ChannelContext, 'config' | 'env'>): { ok: true } | { ok: false; why: string };
  send(notification: Notification, context: ChannelContext): Promise<void> | void;
}

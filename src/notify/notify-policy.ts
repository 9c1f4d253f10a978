/**
 * What config.json's `notify` section means once defaults are in: which channels, which moments
 * (waiting on by default once a channel is set, once per turn unless 5 minutes passed; long turns after 60 s and 3 failures in a row
 * too; the buddy's stage off), and the quiet hours.
 */
import type { NotifyConfig } from './notify-config.js';
import type { NotifyChannelName } from './channel-names.js';
import type { MomentSettings } from './moments.js';

export const DEFAULT_LONG_TURN_SECONDS = 60;
export const DEFAULT_FAILURES_IN_A_ROW = 3;
/** One "needs you" per turn: a later approval of the same turn pings again only after 5 minutes. */
export const DEFAULT_WAITING_REPEAT_SECONDS = 300;

/**
 * The channels in use: notify.channels, and "command" whenever notify.command is set (a command
 * written out is asked for; without this it sat unused while doctor called the config valid).
 */
export function channelNamesOf(config: NotifyConfig | undefined): NotifyChannelName[] {
  const names = [...(config?.channels ?? [])];
  if (config?.command?.trim() && !names.includes('command')) names.push('command');
  return names;
}

export function momentSettings(config: NotifyConfig | undefined): MomentSettings & { stage: boolean } {
  const any = channelNamesOf(config).length > 0;
  return {
    waiting: any && (config?.waiting ?? true),
    waitingRepeatMs: (config?.waitingRepeatSeconds ?? DEFAULT_WAITING_REPEAT_SECONDS) * 1000,
    longTurn: any && (config?.longTurn ?? true),
    longTurnMs: (config?.longTurnSeconds ?? DEFAULT_LONG_TURN_SECONDS) * 1000,
    failures: any && (config?.failures ?? true),
    failuresInARow: config?.failuresInARow ?? DEFAULT_FAILURES_IN_A_ROW,
    stage: any && (config?.stage ?? false),
  };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Local minutes since midnight; the notifier takes another for tests (no wall clock). */
export function localMinutesOfDay(now: number): number {
  const date = new Date(now);
  return date.getHours() * 60 + date.getMinutes();
}

/** Inside [from, to): a `to` before `from` runs past midnight (22:00 to 07:00). Equal times: never quiet. */
export function inQuietHours(quiet: NotifyConfig['quietHours'], minuteOfDay: number): boolean {
  if (!quiet) return false;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return false;
  return from < to ? minuteOfDay >= from && minuteOfDay < to : minuteOfDay >= from || minuteOfDay < to;
}

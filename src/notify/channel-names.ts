/** The notification channels by name, as config.json's `notify.channels` takes them (a leaf: the config schema imports it). */
export const NOTIFY_CHANNEL_NAMES = [
  'bell',
  'osc9',
  'osc777',
  'osc99',
  'notify-send',
  'tmux',
  'command',
  'toast',
] as const;
export type NotifyChannelName = (typeof NOTIFY_CHANNEL_NAMES)[number];

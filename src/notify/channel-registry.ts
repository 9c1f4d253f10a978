/**
 * Every channel by name: the notifier asks the registry for the configured ones and hands each
 * the notification, without knowing which is which. A new channel is one module and one line here.
 */
import type { NotifyChannelName } from './channel-names.js';
import type { NotifyChannel } from './notification.js';
import { commandChannel, notifySendChannel } from './process-channels.js';
import { TERMINAL_CHANNELS } from './terminal-channels.js';
import { tmuxChannel } from './tmux-channel.js';
import { toastChannel } from './toast-channel.js';

const REGISTRY = new Map<NotifyChannelName, NotifyChannel>(
  [...TERMINAL_CHANNELS, notifySendChannel, tmuxChannel, commandChannel, toastChannel].map((channel) => [
    channel.name,
    channel,
  ]),
);

export function channelNamed(name: NotifyChannelName): NotifyChannel | undefined {
  return REGISTRY.get(name);
}

/** The configured channels, each once, in the order given. */
export function configuredChannels(names: readonly NotifyChannelName[] | undefined): NotifyChannel[] {
  return [...new Set(names ?? [])]
    .map(channelNamed)
    .filter((channel): channel is NotifyChannel => channel !== undefined);
}

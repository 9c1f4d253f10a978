/**
 * Doctor's notifications section (only when a channel is on: `notify.channels` names one, or
 * `notify.command` is set, which turns its channel on): who sends them (the
 * process that runs the plugins: a pane or the headless runner, holding `<state-root>/runner.lock`), and each configured
 * channel that cannot work here (notify-send missing, no notify.command), and a session's tmux
 * socket the notifier refused to connect to (not the user's own: src/notify/tmux-socket.ts).
 */
import type { BuddyConfig } from '../config/config-schema.js';
import { configuredChannels } from '../notify/channel-registry.js';
import { channelNamesOf } from '../notify/notify-policy.js';
import { readSocketRefusal } from '../notify/socket-refusal.js';
import { stateRootPath } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';
import { runnerLockHolder } from '../tui/runner-lock.js';
import type { DoctorCheck } from './doctor-check.js';

/** A refusal older than this is old news: doctor no longer mentions it. */
const REFUSAL_SHOWN_MS = 7 * 24 * 3600_000;

/** The last tmux socket the notifier refused, if recent: one line saying which and why. */
export function socketRefusalCheck(env: NodeJS.ProcessEnv, now: number = Date.now()): DoctorCheck[] {
  const refusal = readSocketRefusal(stateRootPath(env));
  if (!refusal || now - refusal.ts > REFUSAL_SHOWN_MS) return [];
  return [
    {
      status: 'warn',
      title: `the notifier refused the tmux socket ${sanitizeText(refusal.socket, { maxLength: 200 })} a session recorded: ${sanitizeText(refusal.why, { maxLength: 200 })}; it started no tmux client against it`,
      fix: "run the agent in a tmux whose socket is yours, in a folder only you can use (tmux's default /tmp/tmux-<uid>/ is); the session's notifications still go to the other channels",
    },
  ];
}

export function notifyChecks(env: NodeJS.ProcessEnv, config: BuddyConfig): DoctorCheck[] {
  const notify = config.notify ?? {};
  const channels = configuredChannels(channelNamesOf(notify));
  if (channels.length === 0) return [];
  const checks: DoctorCheck[] = [];
  // Live only while that pid runs and started when the lock says: a reused pid is no runner.
  const pid = runnerLockHolder(stateRootPath(env));
  checks.push(
    pid
      ? {
          status: 'ok',
          title: `notifications (${channels.map((channel) => channel.name).join(', ')}) are sent by the buddy-tui process that runs the plugins (pid ${pid}: a pane, or the headless runner)`,
        }
      : {
          status: 'warn',
          title:
            'notifications need a buddy-tui process that runs the plugins (a pane, or the headless runner the buddy mod starts), and none runs now',
          fix: "start one: `buddy-tui pane` inside tmux (a split beside the agent), or `buddy-tui` in a terminal split; it keeps sending while it runs. With the buddy mod in Claude Code, the headless runner it starts on Claude Code's events sends them too",
        },
  );
  for (const channel of channels) {
    const available = channel.available({ config: notify, env });
    if (!available.ok)
      checks.push({
        status: 'warn',
        title: `notify channel "${channel.name}" cannot send here: ${available.why}`,
        fix: 'install what it needs, or remove it from notify.channels',
      });
  }
  checks.push(...socketRefusalCheck(env));
  return checks;
}

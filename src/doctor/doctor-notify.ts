/**
 * Doctor's notifications section (only when `notify.channels` names one): who sends them (the
 * process that runs the plugins: the pane holding `<state-root>/runner.lock`), and each configured
 * channel that cannot work here (notify-send missing, no notify.command), and a session's tmux
 * socket the notifier refused to connect to (not the user's own: src/notify/tmux-socket.ts).
 */
import { join } from 'node:path';
import type { BuddyConfig } from '../config/config-schema.js';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { configuredChannels } from '../notify/channel-registry.js';
import { isPidAlive } from '../process/pid-alive.js';
import { readSocketRefusal } from '../notify/socket-refusal.js';
import { stateRootPath } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';
import { RUNNER_LOCK_FILE } from '../tui/runner-lock.js';
import type { DoctorCheck } from './doctor-check.js';

/** The pid in runner.lock when it is a regular file naming a live process. */
function runnerPid(env: NodeJS.ProcessEnv): number | undefined {
  const path = join(stateRootPath(env), RUNNER_LOCK_FILE);
  try {
    const pid = (JSON.parse(readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.state })) as { pid?: unknown }).pid;
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 && isPidAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

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
  const channels = configuredChannels(notify.channels);
  if (channels.length === 0) return [];
  const checks: DoctorCheck[] = [];
  const pid = runnerPid(env);
  checks.push(
    pid
      ? {
          status: 'ok',
          title: `notifications (${channels.map((channel) => channel.name).join(', ')}) are sent by the buddy-tui pane running the plugins (pid ${pid})`,
        }
      : {
          status: 'warn',
          title:
            'notifications need a running buddy-tui pane: the one that runs the plugins sends them, and none is running',
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

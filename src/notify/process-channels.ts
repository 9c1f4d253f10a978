/**
 * The channels that start a process: `notify-send` (where it is on PATH: detected, never assumed)
 * and `notify.command` (the user's own, with the notification as JSON on stdin). Both run the way
 * plugins run (src/plugins/command-handler.ts): an allowlisted environment with no credentials,
 * their own process group, killed with it at the timeout.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { runCommand, userShell } from '../plugins/command-handler.js';
import { allowlistedEnv } from '../plugins/plugin-env.js';
import type { ChannelContext, Notification, NotifyChannel } from './notification.js';

export const DEFAULT_COMMAND_TIMEOUT_S = 10;
const NOTIFY_SEND_TIMEOUT_MS = 5_000;
const MAX_OUTPUT_BYTES = 8 * 1024;
/** A desktop notification needs the session bus and the display; these carry no credentials. */
const DESKTOP_ENV = ['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY', 'XDG_RUNTIME_DIR'];

/** The absolute path of an executable `name` on `PATH`, or undefined. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      if (statSync(path).isFile()) return path;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** Children still running, so closing the pane ends them (their timers die with it). */
const running = new Set<{ kill(): void }>();

/** Kills every notify-send and notify.command still running, with their process groups. */
export function killNotifyChildren(): void {
  for (const run of running) run.kill();
  running.clear();
}

/** Runs one child to its end (or its timeout) and reports what went wrong; never throws. */
async function runChild(
  name: string,
  spec: { command: string; args?: string[]; input: string; timeoutMs: number; extraEnv?: string[] },
  context: ChannelContext,
): Promise<void> {
  const run = runCommand({
    command: spec.command,
    args: spec.args,
    shell: userShell(context.env),
    cwd: context.env.HOME || '/',
    env: allowlistedEnv(context.env, spec.extraEnv),
    input: spec.input,
    timeoutMs: spec.timeoutMs,
    maxOutputBytes: MAX_OUTPUT_BYTES,
  });
  running.add(run);
  const result = await run.result.finally(() => running.delete(run));
  if (result.cancelled) return;
  if (result.timedOut)
    context.report({
      level: 'warning',
      where: `notify ${name}`,
      message: `killed after ${spec.timeoutMs} ms (timeout)`,
    });
  else if (result.spawnError)
    context.report({ level: 'warning', where: `notify ${name}`, message: `could not start: ${result.spawnError}` });
  else if (result.exitCode !== 0)
    context.report({
      level: 'warning',
      where: `notify ${name}`,
      message: `exit ${result.exitCode ?? result.signal}: ${result.stderr.slice(0, 300)}`,
    });
}

export const notifySendChannel: NotifyChannel = {
  name: 'notify-send',
  available: ({ env }) =>
    findOnPath('notify-send', env)
      ? { ok: true }
      : { ok: false, why: 'notify-send is not on PATH (Debian/Ubuntu: apt install libnotify-bin)' },
  send(notification, context) {
    const program = findOnPath('notify-send', context.env);
    if (!program) return;
    const args = [
      '--app-name=buddy-tui',
      ...(notification.kind === 'waiting' ? ['--urgency=critical'] : []),
      '--',
      notification.title,
      notification.body,
    ];
    return runChild(
      'notify-send',
      { command: program, args, input: '', timeoutMs: NOTIFY_SEND_TIMEOUT_MS, extraEnv: DESKTOP_ENV },
      context,
    );
  },
};

/** What notify.command reads on stdin: the notification, one line of JSON. */
export const commandInput = (notification: Notification) => `${JSON.stringify(notification)}\n`;

export const commandChannel: NotifyChannel = {
  name: 'command',
  available: ({ config }) => (config.command ? { ok: true } : { ok: false, why: 'notify.command is not set' }),
  send(notification, context) {
    const command = context.config.command;
    if (!command) return;
    const timeoutMs = (context.config.commandTimeout ?? DEFAULT_COMMAND_TIMEOUT_S) * 1000;
    return runChild(
      'command',
      { command, input: commandInput(notification), timeoutMs, extraEnv: DESKTOP_ENV },
      context,
    );
  },
};

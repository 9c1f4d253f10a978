/**
 * Doctor checks of buddy-tui's hooks in Claude Code's settings files: which events they cover,
 * which path they take (the sh spool or Node), and whether what they name still exists.
 */
import { existsSync } from 'node:fs';
import { ON_DEMAND_EVENTS, claudeHookEvents } from '../install/buddy-entries.js';
import { wantedWhere, type WantedEvent } from '../install/wanted-events.js';
import {
  buddyHookCommands,
  pluginEnabled,
  type BuddyHookCommand,
  type SettingsSource,
} from './claude-settings-sources.js';
import type { DoctorCheck } from './doctor-check.js';
import { goneNodeCheck } from './gone-node.js';

/** The finding when no settings file has buddy-tui's hooks (marked notWired: see oneHostIsEnough in doctor-hosts.ts). */
export const NO_CLAUDE_HOOKS = 'buddy-tui hooks are not in any settings file';

/** Which path the installed hooks take: the sh spool (fast) or the Node hook on every event. */
function hookPathCheck(commands: BuddyHookCommand[], platform: NodeJS.Platform = process.platform): DoctorCheck {
  const spool = commands.filter((c) => c.kind?.path === 'spool').length;
  if (spool === commands.length) {
    return existsSync('/bin/sh')
      ? { status: 'ok', title: 'hooks take the spool path: /bin/sh writes each event into the inbox' }
      : {
          status: 'fail',
          title: 'hooks take the spool path but /bin/sh is missing: Claude Code cannot run them',
          fix: 'run `buddy-tui install` again (it installs the Node hook where there is no /bin/sh)',
        };
  }
  const why = platform === 'win32' || !existsSync('/bin/sh') ? 'no /bin/sh here' : undefined;
  if (why) return { status: 'ok', title: `hooks run the Node hook on every event (${why})` };
  return {
    status: 'warn',
    title: `the hooks of ${new Set(commands.filter((c) => c.kind?.path !== 'spool').map((c) => c.event)).size} event(s) start Node every time: Claude Code waits for Node's start-up each time`,
    fix: 'run `buddy-tui install` again (it writes the /bin/sh spool, which costs about as much as a hook that does nothing)',
  };
}

/**
 * Whether the installed hooks cover the events buddy-tui needs: all but the on-demand ones no plugin
 * listens to (`wanted`, from claudeEventsWanted). One registered without a listener costs a process per batch.
 */
function eventChecks(events: ReadonlySet<string>, wanted: readonly WantedEvent[], files: string): DoctorCheck[] {
  const expected = claudeHookEvents(new Set(wanted.map((w) => w.event)));
  const missing = expected.filter((event) => !events.has(event));
  const listeners = wanted
    .filter((w) => missing.includes(w.event))
    .map((w) => `${wantedWhere(w)} listens to ${w.event}`);
  const checks: DoctorCheck[] = [];
  if (missing.length)
    checks.push({
      status: 'warn',
      title: `buddy-tui hooks miss ${missing.length} event(s): ${missing.join(', ')}`,
      detail: [...listeners, files].join('; '),
      fix: 'run `buddy-tui install` again',
    });
  else
    checks.push({ status: 'ok', title: `buddy-tui hooks registered for all ${expected.length} events`, detail: files });
  const idle = [...ON_DEMAND_EVENTS].filter((event) => events.has(event) && !expected.includes(event));
  if (idle.length)
    checks.push({
      status: 'warn',
      title: `buddy-tui hooks run on ${idle.join(', ')}, which no buddy plugin listens to: Claude Code starts a process for nothing each time`,
      detail: files,
      fix: 'run `buddy-tui install` again (it leaves out the events nothing listens to)',
    });
  return checks;
}

/** The hook checks over all three settings files, or the plugin that stands in for them. */
export function claudeHookChecks(sources: SettingsSource[], wanted: readonly WantedEvent[] = []): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  // Hooks: which events buddy-tui receives, from which file, and whether the scripts still exist.
  const commands = sources.flatMap((source) =>
    source.settings ? buddyHookCommands(source.settings).map((c) => ({ ...c, source })) : [],
  );
  const events = new Set(commands.map((c) => c.event));
  const plugin = pluginEnabled(sources);
  if (commands.length === 0 && plugin) {
    checks.push({ status: 'ok', title: 'hooks come from the buddy-tui Claude Code plugin', detail: plugin });
  } else if (commands.length === 0) {
    checks.push({
      status: 'fail',
      title: NO_CLAUDE_HOOKS,
      detail: sources.map((s) => s.path).join(', '),
      fix: 'run `buddy-tui install` (or enable the plugin in claude-plugin/)',
      notWired: true,
    });
  } else {
    checks.push(...eventChecks(events, wanted, [...new Set(commands.map((c) => c.source.path))].join(', ')));
    checks.push(hookPathCheck(commands));
    const goneNode = goneNodeCheck(
      commands.map((c) => c.kind?.node),
      'hook',
    );
    if (goneNode) checks.push(goneNode);
    const broken = [
      ...new Set(commands.map((c) => c.kind?.hookScript).filter((p): p is string => !!p && !existsSync(p))),
    ];
    if (broken.length)
      checks.push({
        status: 'fail',
        title: `the hook command points to a missing file: ${broken.join(', ')}`,
        fix: 'buddy-tui moved or was reinstalled: run `buddy-tui install` again',
      });
    if (commands.some((c) => c.async))
      checks.push({
        status: 'warn',
        title: 'some buddy-tui hooks are "async": true',
        detail: 'async hooks lose the last events of a print-mode session',
        fix: 'run `buddy-tui install` again (it writes synchronous hooks)',
      });
    if (plugin)
      checks.push({
        status: 'warn',
        title: 'both the plugin and installed hooks are active: every event runs twice',
        detail: plugin,
        fix: 'keep one: `buddy-tui uninstall` then `buddy-tui install --statusline-only`, or disable the plugin',
      });
  }
  return checks;
}

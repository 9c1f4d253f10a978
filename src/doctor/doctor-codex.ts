/**
 * Doctor checks of the Codex side, when a Codex home exists: are buddy-tui's hooks in hooks.json,
 * does Codex trust them (its own app-server's `hooks/list`: untrusted or modified hooks are
 * skipped silently), can Codex read its config.toml, are hooks switched off (`[features] hooks =
 * false`), and the daemon note.
 */
import { existsSync } from 'node:fs';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { findExecutable } from '../process/find-executable.js';
import { listCodexHooks } from '../install/codex-app-server.js';
import { CODEX_HOOK_EVENTS, codexBuddyKeys, codexHooksPath, resolveCodexHome } from '../install/codex-hooks.js';
import type { DoctorCheck } from './doctor-check.js';
import { buddyPresence } from '../install/merge-settings.js';
import { isBuddyGroup } from '../install/buddy-entries.js';
import { goneNodeCheck } from './gone-node.js';
import { handlerKind } from '../ingest/spool-command.js';
import { parseSettings } from '../install/settings-json.js';
import { readCodexConfig } from '../install/codex-config.js';

/** hooks.json may be a link (a dotfiles repo): followed, its target still checked. */
const CONFIG_READ = { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true } as const;

/** The Node binaries named by buddy-tui's hook commands in a Codex hooks.json. */
function buddyHookNodes(hooks: Record<string, unknown>): Array<string | undefined> {
  const nodes: Array<string | undefined> = [];
  for (const groups of Object.values((hooks.hooks ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups.filter(isBuddyGroup) as Array<{
      hooks?: Array<{ command?: unknown; args?: unknown }>;
    }>) {
      for (const hook of group.hooks ?? []) nodes.push(handlerKind(hook)?.node);
    }
  }
  return nodes;
}

const TRUST_FIX = 'run `buddy-tui install --host codex --trust`, or trust them in Codex with `/hooks`';

/** The value of `key` in config.toml's `[features]` table (or a dotted `features.key`), when it is a boolean. */
export function codexFeature(toml: string, key: string): boolean | undefined {
  let table = '';
  let found: boolean | undefined;
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      table = header[1];
      continue;
    }
    const match = /^([A-Za-z0-9_."-]+)\s*=\s*(true|false)$/.exec(line);
    if (!match) continue;
    const name = match[1].replace(/"/g, '');
    if ((table === 'features' && name === key) || (table === '' && name === `features.${key}`))
      found = match[2] === 'true';
  }
  return found;
}

/** Which of Codex's switches turns its hooks off in config.toml (`hooks`, or the older `codex_hooks`), if one does. */
export function codexHooksSwitchedOff(toml: string): string | undefined {
  return ['hooks', 'codex_hooks'].find((key) => codexFeature(toml, key) === false);
}

/** The start of the finding that every Codex event has buddy-tui's hook. */
export const CODEX_HOOKS_REGISTERED = "buddy-tui's Codex hooks are registered for all";

/** Every Codex event has buddy-tui's hook in $CODEX_HOME/hooks.json. */
export function codexHooksWired(env: NodeJS.ProcessEnv, cwd: string): boolean {
  const hooksPath = codexHooksPath(resolveCodexHome({}, env, cwd));
  try {
    if (!existsSync(hooksPath)) return false;
    const events = new Set(buddyPresence(parseSettings(hooksPath, readSmallFile(hooksPath, CONFIG_READ))).events);
    return CODEX_HOOK_EVENTS.every((event) => events.has(event));
  } catch {
    return false;
  }
}

export async function codexChecks(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<DoctorCheck[]> {
  const home = resolveCodexHome({}, env, cwd);
  if (!existsSync(home)) return [];
  const checks: DoctorCheck[] = [];
  const hooksPath = codexHooksPath(home);
  let keys: string[] = [];
  try {
    const hooks = existsSync(hooksPath) ? parseSettings(hooksPath, readSmallFile(hooksPath, CONFIG_READ)) : {};
    const events = new Set(buddyPresence(hooks).events);
    const missing = CODEX_HOOK_EVENTS.filter((event) => !events.has(event));
    keys = codexBuddyKeys(hooks, hooksPath);
    if (missing.length === CODEX_HOOK_EVENTS.length) {
      checks.push({
        status: 'warn',
        title: `buddy-tui's Codex hooks are not in ${hooksPath}`,
        fix: 'run `buddy-tui install --host codex --trust`',
        notWired: true,
      });
    } else if (missing.length) {
      checks.push({
        status: 'warn',
        title: `buddy-tui's Codex hooks miss ${missing.length} event(s)`,
        detail: `${hooksPath}: ${missing.join(', ')}`,
        fix: 'run `buddy-tui install --host codex --trust`',
      });
    } else
      checks.push({
        status: 'ok',
        title: `${CODEX_HOOKS_REGISTERED} ${CODEX_HOOK_EVENTS.length} events`,
        detail: hooksPath,
      });
    const goneNode = goneNodeCheck(buddyHookNodes(hooks), 'hook');
    if (goneNode)
      checks.push({
        ...goneNode,
        title: `Codex: ${goneNode.title}`,
        fix: 'run `buddy-tui install --host codex --trust` again: it rewrites the hooks with the Node that runs it',
      });
  } catch (error) {
    checks.push({
      status: 'fail',
      title: (error as Error).message,
      fix: 'fix the file, then run `buddy-tui install --host codex --trust`',
    });
  }

  const config = readCodexConfig(home);
  // Codex stops on a file it cannot parse, and its app-server then lists no hooks: the trust
  // check would blame the binary, and the switches read from the text mean nothing.
  if (config.problem) {
    checks.push(codexConfigCheck(config.path, config.problem));
    return checks;
  }
  const off = codexHooksSwitchedOff(config.text);
  if (off) {
    checks.push({
      status: 'fail',
      title: `Codex hooks are switched off in ${config.path} ([features] ${off} = false)`,
      fix: 'remove that line (hooks are on by default)',
    });
  }

  if (keys.length) checks.push(await trustCheck(env, home, cwd, new Set(keys)));

  if (codexFeature(config.text, 'daemon_auto_start') !== false) {
    checks.push({
      status: 'ok',
      title: 'Codex TUI daemon mode is on (the default)',
      detail:
        'the TUI then runs hooks inside a shared background app-server with its environment, and SessionEnd only fires when that daemon stops; ' +
        'buddy-tui takes the session from the event itself, so it works either way. `[features] daemon_auto_start = false` runs hooks in the TUI instead.',
    });
  }
  return checks;
}

/** A config.toml Codex cannot read: the file and, from the parser, where. */
export const codexConfigCheck = (path: string, problem: string): DoctorCheck => ({
  status: 'fail',
  title: `Codex cannot read ${path}: ${problem}`,
  fix: 'fix the file there (Codex does not start until it parses), then run `buddy-tui doctor` again',
});

async function trustCheck(env: NodeJS.ProcessEnv, home: string, cwd: string, keys: Set<string>): Promise<DoctorCheck> {
  const binary = findExecutable(env.BUDDY_TUI_CODEX_BIN ?? 'codex', env);
  if (!binary)
    return {
      status: 'warn',
      title: "cannot check whether Codex trusts buddy-tui's hooks: `codex` is not on PATH",
      fix: TRUST_FIX,
    };
  try {
    const { hooks } = await listCodexHooks({ binary, env: { ...env, CODEX_HOME: home }, cwd });
    const ours = hooks.filter((hook) => keys.has(hook.key));
    const untrusted = ours.filter((hook) => hook.trustStatus === 'untrusted');
    const modified = ours.filter((hook) => hook.trustStatus === 'modified');
    const disabled = ours.filter((hook) => !hook.enabled);
    if (untrusted.length || modified.length) {
      const parts = [
        modified.length ? `${modified.length} modified since trusted` : '',
        untrusted.length ? `${untrusted.length} untrusted` : '',
      ].filter(Boolean);
      return {
        status: 'fail',
        title: `Codex skips buddy-tui's hooks: ${parts.join(', ')}`,
        detail: [...modified, ...untrusted]
          .map((h) => h.key)
          .slice(0, 3)
          .join(', '),
        fix: TRUST_FIX,
      };
    }
    if (disabled.length)
      return {
        status: 'warn',
        title: `${disabled.length} of buddy-tui's Codex hooks are disabled in Codex`,
        fix: 'enable them in Codex with `/hooks`',
      };
    if (ours.length < keys.size)
      return {
        status: 'warn',
        title: `Codex (${binary}) lists ${ours.length} of buddy-tui's ${keys.size} hooks`,
        fix: 'check that this codex reads the same CODEX_HOME',
      };
    return {
      status: 'ok',
      title: `Codex trusts buddy-tui's ${ours.length} hooks`,
      detail: `checked with ${binary} app-server`,
    };
  } catch (error) {
    return {
      status: 'warn',
      title: `could not ask Codex whether it trusts buddy-tui's hooks: ${(error as Error).message}`,
      fix: TRUST_FIX,
    };
  }
}

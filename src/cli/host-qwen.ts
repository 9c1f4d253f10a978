/** Qwen Code in the host registry (host-installers.ts): hooks in its user settings.json. */
import { QWEN_HOOK_EVENTS, qwenHookGroups, qwenSettingsPath, resolveQwenDir } from '../install/qwen-hooks.js';
import { qwenChecks, qwenHooksWired } from '../doctor/doctor-qwen.js';
import type { HostInstaller } from './installer-contract.js';
import { runHookFileInstall, runHookFileUninstall, type HookFileHost } from './install-hook-file.js';

const QWEN_HOME_FLAG = { 'qwen-home': { type: 'string' } } as const;

function qwenHost(values: { 'qwen-home'?: unknown }, env: NodeJS.ProcessEnv): HookFileHost {
  const home = typeof values['qwen-home'] === 'string' ? values['qwen-home'] : undefined;
  return {
    name: 'Qwen Code',
    path: qwenSettingsPath(resolveQwenDir({ 'qwen-home': home }, env)),
    groups: (commands, path) => qwenHookGroups(commands, path),
    afterInstall:
      'Qwen Code sessions started from now on feed the buddy (Qwen rewrites this file; doctor checks the hooks are still there).',
  };
}

export const qwenInstaller: HostInstaller = {
  id: 'qwen',
  name: 'Qwen Code',
  flags: { install: QWEN_HOME_FLAG, uninstall: QWEN_HOME_FLAG },
  help: {
    usage: {
      install: 'buddy-tui install --host qwen [--qwen-home <dir>] [--node-hook] [--dry-run]',
      uninstall: 'buddy-tui uninstall --host qwen [--qwen-home <dir>] [--dry-run]',
    },
    install: `  --host qwen         wire Qwen Code: buddy-tui's hooks for ${QWEN_HOOK_EVENTS.length} events in <home>/.qwen/settings.json
                      (--qwen-home <dir> for another home)
`,
    uninstall: `With --host qwen: removes buddy-tui's hooks from <home>/.qwen/settings.json (keeping what Qwen itself changed there).
`,
  },
  installCommand: 'buddy-tui install --host qwen',
  install: (values, io) => runHookFileInstall(qwenHost(values, io.env), values, io),
  uninstall: (values, io) => runHookFileUninstall(qwenHost(values, io.env), values, io),
  doctor: (env, cwd) => qwenChecks(env, cwd),
  isWired: (env, cwd) => qwenHooksWired(env, cwd),
};

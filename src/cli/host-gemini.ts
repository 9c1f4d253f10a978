/** Gemini CLI in the host registry (host-installers.ts): hooks in its user settings.json. */
import { GEMINI_HOOK_EVENTS, geminiHookGroups, geminiSettingsPath, resolveGeminiDir } from '../install/gemini-hooks.js';
import { geminiChecks, geminiHooksWired } from '../doctor/doctor-gemini.js';
import type { HostInstaller } from './installer-contract.js';
import { runHookFileInstall, runHookFileUninstall, type HookFileHost } from './install-hook-file.js';

const GEMINI_HOME_FLAG = { 'gemini-home': { type: 'string' } } as const;

function geminiHost(values: { 'gemini-home'?: unknown }, env: NodeJS.ProcessEnv): HookFileHost {
  const home = typeof values['gemini-home'] === 'string' ? values['gemini-home'] : undefined;
  return {
    name: 'Gemini CLI',
    path: geminiSettingsPath(resolveGeminiDir({ 'gemini-home': home }, env)),
    groups: (commands, path) => geminiHookGroups(commands, path),
    afterInstall:
      'Gemini runs hooks only in folders you trusted (headless: --skip-trust); new sessions feed the buddy.',
  };
}

export const geminiInstaller: HostInstaller = {
  id: 'gemini',
  name: 'Gemini CLI',
  flags: { install: GEMINI_HOME_FLAG, uninstall: GEMINI_HOME_FLAG },
  help: {
    usage: {
      install: 'buddy-tui install --host gemini [--gemini-home <dir>] [--node-hook] [--dry-run]',
      uninstall: 'buddy-tui uninstall --host gemini [--gemini-home <dir>] [--dry-run]',
    },
    install: `  --host gemini       wire Gemini CLI: buddy-tui's hooks for ${GEMINI_HOOK_EVENTS.length} events in <home>/.gemini/settings.json
                      (home: $GEMINI_CLI_HOME or yours; --gemini-home <dir> for another)
`,
    uninstall: `With --host gemini: removes buddy-tui's hooks from <home>/.gemini/settings.json.
`,
  },
  installCommand: 'buddy-tui install --host gemini',
  install: (values, io) => runHookFileInstall(geminiHost(values, io.env), values, io),
  uninstall: (values, io) => runHookFileUninstall(geminiHost(values, io.env), values, io),
  doctor: (env, cwd) => geminiChecks(env, cwd),
  isWired: (env, cwd) => geminiHooksWired(env, cwd),
};

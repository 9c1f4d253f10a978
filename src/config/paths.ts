/** Where buddy-tui keeps user files, following the XDG base directory spec. */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'buddy-tui');
}

/** Long-lived state shared by all sessions (the pet, delegate accounting). */
export function userStateDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state'), 'buddy-tui');
}

export const configFilePath = (env: NodeJS.ProcessEnv = process.env): string => join(configDir(env), 'config.json');
export const userSpeciesDir = (env: NodeJS.ProcessEnv = process.env): string => join(configDir(env), 'species');
export const petFilePath = (env: NodeJS.ProcessEnv = process.env): string => join(userStateDir(env), 'pet.json');
/** The one setting of every view: the chattiness picked with `c` and the mute (src/tui/chattiness-prefs.ts). */
export const panePrefsPath = (env: NodeJS.ProcessEnv = process.env): string =>
  join(userStateDir(env), 'pane-prefs.json');

/** Expands `~` and `${VAR}` / `$VAR` in a path from a config file. */
export function expandPath(path: string, env: NodeJS.ProcessEnv = process.env): string {
  const withVars = path.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (_, braced, bare) => env[braced ?? bare] ?? '',
  );
  if (withVars === '~') return env.HOME || homedir();
  if (withVars.startsWith('~/')) return join(env.HOME || homedir(), withVars.slice(2));
  return withVars;
}

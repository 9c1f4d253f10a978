/**
 * The throwaway world of `buddy-tui demo`: a private temp folder with its own state root,
 * config (the demo plugin, the test-coach example, the offline delegate adapter) and pet, so
 * the demo never touches the user's sessions, pet or settings.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../install/buddy-entries.js';
import { hatchPet } from '../pet/hatch.js';
import { savePet } from '../pet/pet-file.js';
import { xpForLevel } from '../pet/pet.js';
import { builtinSpeciesDir } from '../species/builtin-dir.js';

/**
 * The demo pet starts grown, a little short of the built-ins' elder stage (level 15): one round of
 * the recorded session (70 XP) makes it grow, so the demo shows that moment too. It grows with the
 * turn's end (Stop, 10 XP), after the commit (21 XP): the stage-up takes the screen from small
 * talk, and at the commit it cut the commit's bubble short.
 */
export const DEMO_PET_XP = xpForLevel(15) - 65;

export interface DemoWorld {
  dir: string;
  stateRoot: string;
  configFile: string;
  petFile: string;
  /** The environment of the TUI and of the replayed hook processes. */
  env: NodeJS.ProcessEnv;
  remove(): void;
}

export const demoRecordingPath = (): string => join(packageRoot(), 'assets', 'demo-session.jsonl');

export function demoConfig(root: string = packageRoot()): Record<string, unknown> {
  return {
    schemaVersion: 1,
    plugins: [join(root, 'assets', 'demo-plugin'), join(root, 'examples', 'plugins', 'test-coach')],
    discoverClaudeSettings: false,
    delegate: { adapter: 'offline' },
  };
}

export function createDemoWorld(baseEnv: NodeJS.ProcessEnv = process.env): DemoWorld {
  const dir = mkdtempSync(join(tmpdir(), 'buddy-tui-demo-'));
  const stateRoot = join(dir, 'state');
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, `${JSON.stringify(demoConfig(), null, 2)}\n`, { mode: 0o600 });
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    BUDDY_TUI_STATE_DIR: stateRoot,
    XDG_STATE_HOME: join(dir, 'xdg-state'),
    TMPDIR: dir,
  };
  delete env.BUDDY_TUI_CHILD;
  const petFile = join(dir, 'pet.json');
  const speciesIds = readdirSync(builtinSpeciesDir())
    .filter((name) => name.endsWith('.json') && name !== 'species.schema.json')
    .map((name) => name.slice(0, -5))
    .sort();
  savePet(petFile, { ...hatchPet({ seed: 'buddy-tui-demo', speciesIds, now: Date.now() }), xp: DEMO_PET_XP });
  return {
    dir,
    stateRoot,
    configFile,
    env,
    petFile,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * What `npm install -g buddy-tui` users get: `npm pack` (its prepack builds dist/ and the SDK's
 * types, as a publish does), the tarball installed with `npm i -g --prefix` into a temp folder,
 * and every check run from the INSTALLED copy, never from the repository: the demo under tmux,
 * the hook, the statusline, `install --dry-run` and the Claude Code plugin's hook launcher.
 * A file that package.json `files` leaves out (species, the demo recording, the plugin folder,
 * the schemas the shipped JSON files name, a dist chunk) shows up here and nowhere else.
 * The runtime dependencies come from the registry, through the npm cache when it has them.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { FIXTURE_SESSION, fixturePayload, realEvents } from '../statusline/support.js';
import { startTmux, type TmuxServer } from './tmux-server.js';
import { cellColors, near, solidColor, writeCodexPet } from '../support/picture-sheet.js';

/** npm as a user runs it: none of the npm_* variables of the `npm test` that may be running us. */
function npm(args: string[], cwd: string): SpawnSyncReturns<string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
  );
  const result = spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${result.status}:\n${result.stderr}`);
  return result;
}

let base = '';
let installed = '';
let bin = '';

beforeAll(() => {
  base = makeTempDir('buddy-packaged-');
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', base], REPO_ROOT).stdout) as {
    filename: string;
  }[];
  const tarball = join(base, packed[0]!.filename);
  const prefix = join(base, 'prefix');
  npm(
    ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball],
    base,
  );
  installed = join(prefix, 'lib', 'node_modules', 'buddy-tui');
  bin = join(prefix, 'bin', 'buddy-tui');
}, 600_000);

/** A private sandbox: its own HOME, XDG folders and state root; nothing of the user's. */
function sandbox(name: string) {
  const dir = join(base, name);
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'xdg-state'),
    BUDDY_TUI_STATE_DIR: join(dir, 'state'),
    BUDDY_TUI_FOUNDRY_DIR: join(dir, 'foundry'),
  };
  return { dir, home, env, state: env.BUDDY_TUI_STATE_DIR! };
}

/** Runs the installed `buddy-tui` through its bin link, as a shell would (its `node` from PATH). */
const run = (args: string[], env: Record<string, string>, input = '') =>
  spawnSync(bin, args, { env, input, encoding: 'utf8', timeout: 60_000 });

const journalLines = (state: string, session: string): Record<string, unknown>[] =>
  readFileSync(join(state, session, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

let server: TmuxServer | undefined;
afterEach(() => {
  server?.kill();
  server = undefined;
});

describe('the packaged install (npm pack, npm i -g --prefix)', () => {
  it('installs the bin link and only the runtime dependencies zod and sharp (with its prebuilt libvips)', () => {
    expect(existsSync(bin)).toBe(true);
    const modules = readdirSync(join(installed, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(modules.filter((name) => name !== '@img' && name !== 'detect-libc' && name !== 'semver')).toEqual([
      'sharp',
      'zod',
    ]);
    expect(
      readdirSync(join(installed, 'examples'), { recursive: true })
        .map(String)
        .filter((file) => file.endsWith('.test.ts')),
    ).toEqual([]);
  });

  it('runs `buddy-tui demo` under tmux: the buddy shows, q quits with 0', async () => {
    const box = sandbox('demo');
    const tmp = join(box.dir, 'tmp');
    mkdirSync(tmp);
    const exitFile = join(box.dir, 'exit-code');
    // CI=false: under CI=true Ink would render non-interactively and never read q.
    const started = startTmux(box.dir, {
      width: 100,
      height: 32,
      env: { ...box.env, TMPDIR: tmp, CI: 'false' },
      command: `sh -c '${bin} demo --species dragon; echo $? > ${exitFile}'`,
    });
    server = started.server;
    // The dragon's head and the buddy's name line: the frame is drawn from the installed species.
    await server.waitFor(started.pane, (screen) => /\^__\^/.test(screen) && /· Lv \d+ ·/.test(screen), 90_000);
    server.sendKeys(started.pane, 'q');
    await server.waitFor(started.pane, () => existsSync(exitFile), 15_000);
    expect(readFileSync(exitFile, 'utf8').trim()).toBe('0');
  }, 150_000);

  it('journals a recorded payload through `buddy-tui hook`, silently, exit 0; the statusline shows the session', () => {
    const box = sandbox('hook');
    // The recorded session through the subagent's start: a turn open, an agent running.
    const events = realEvents().slice(0, 25);
    for (const event of events) {
      const hook = run(['hook'], box.env, JSON.stringify(event));
      expect(hook.status, hook.stderr).toBe(0);
      expect(hook.stdout + hook.stderr).toBe('');
    }
    const journal = journalLines(box.state, FIXTURE_SESSION);
    expect(journal.map((event) => event.hook_event_name)).toEqual(events.map((event) => event.hook_event_name));

    const line = run(['statusline', '--no-color', '--width', '200'], box.env, JSON.stringify(fixturePayload(42)));
    expect(line.status, line.stderr).toBe(0);
    const [first, second] = line.stdout.split('\n');
    expect(first).toMatch(/^\S+ │ Opus 5\.5 │ project │ ▰▰▱▱▱ 42% │ 💬$/);
    expect(second).toMatch(/^▸ Agent \d+s │ .*Bash x2.* │ ◆ general-purpose \d+s$/);
  });

  it('journals through the Claude Code plugin in the installed claude-plugin/ folder', () => {
    const box = sandbox('plugin');
    const pluginRoot = join(installed, 'claude-plugin');
    expect(existsSync(join(pluginRoot, '.claude-plugin', 'plugin.json'))).toBe(true);
    const [start] = realEvents();
    const payload = JSON.stringify({ ...start, session_id: 'plugin-session' });
    const hook = spawnSync(process.execPath, [join(pluginRoot, 'hooks', 'buddy-hook.mjs')], {
      env: { ...box.env, CLAUDE_PLUGIN_ROOT: pluginRoot },
      input: payload,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(hook.status, hook.stderr).toBe(0);
    expect(hook.stdout + hook.stderr).toBe('');
    expect(journalLines(box.state, 'plugin-session').map((event) => event.hook_event_name)).toEqual(['SessionStart']);
  });

  it('imports a Codex pet with the installed copy: sharp loads from its own node_modules and decodes the sheet', async () => {
    const { env, home } = sandbox('picture');
    await writeCodexPet(join(home, '.codex', 'pets'), 'chefito');
    const listed = run(['species', 'list'], env);
    expect(listed.stdout).toMatch(/^codex:chefito /m);
    const imported = run(['species', 'import', join(home, '.codex', 'pets', 'chefito')], env);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain('as the species chefito');
    const broken = await writeCodexPet(join(home, '.codex', 'pets'), 'short', {}, { rows: 4 });
    expect(run(['species', 'import', broken], env).stderr).toContain(
      'but its grid (8 × 9 frames of 192×208) covers 1536×1872',
    );
  });

  it("makes the README's sample picture pet from the installed copy; `species show` draws its picture", () => {
    const box = sandbox('sample-pet');
    const block = /To wear Mochi[^\n]*\n\n```sh\n([\s\S]*?)```/.exec(
      readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'),
    );
    expect(block?.[1]).toContain('species show codex:mochi');
    // As a user's shell runs it: the installed bin and npm on PATH, `npm root -g` this prefix.
    const prefix = dirname(dirname(bin));
    const env = { ...box.env, PATH: `${dirname(bin)}:${box.env.PATH}`, NPM_CONFIG_PREFIX: prefix };
    const shell = spawnSync('sh', ['-ec', block![1]!], { env, encoding: 'utf8', timeout: 120_000 });
    expect(shell.status, shell.stderr).toBe(0);
    // Piped, it says in one line that it drew the text frames, and how to see the picture.
    expect(shell.stdout).toContain(
      'a picture pet, drawn below in its text frames: stdout is not a terminal (BUDDY_TUI_PICTURES=truecolor draws it anyway)',
    );
    expect(shell.stdout).toMatch(/ the Mochi · \w+ · level 1$/m);
    const shown = run(['species', 'show', 'codex:mochi', '--state', 'celebrate'], {
      ...env,
      BUDDY_TUI_PICTURES: 'truecolor',
    });
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toMatch(/^celebrate \(animation review, 6 frames at [\d.]+ fps\)$/m);
    // Mochi in 24-bit half-blocks: cells with two colours, and the one-colour ones its review body,
    // light blue (200, 230, 255, snapped to 32 levels; shading moves it a little).
    const cells = shown.stdout.split('\n').flatMap((line) => cellColors(line));
    expect(cells.filter((cell) => cell.glyph === '▀' && cell.fg && cell.bg).length).toBeGreaterThan(200);
    const solid = cells.map(solidColor).filter((color) => color !== undefined);
    expect(solid.length).toBeGreaterThan(20);
    expect(solid.filter((color) => near(color, [204, 228, 252], 24)).length).toBeGreaterThan(solid.length * 0.8);
  });

  it('prints the settings change for `install --dry-run --diff`, pointing at the installed hook, and writes nothing', () => {
    const box = sandbox('install');
    const dry = run(['install', '--dry-run', '--diff'], box.env);
    expect(dry.status, dry.stderr).toBe(0);
    const settings = join(box.home, '.claude', 'settings.json');
    expect(dry.stdout).toContain(`+++ ${settings}`);
    expect(dry.stdout).toContain(`${join(installed, 'dist', 'hook.js')}`);
    expect(dry.stdout).toContain(`(dry run: ${settings} was not changed)`);
    expect(readdirSync(box.home, { recursive: true })).toEqual([]);
  });

  it('ships every schema that a shipped JSON file names with a relative $schema', () => {
    const named: string[] = [];
    for (const file of readdirSync(installed, { recursive: true }).map(String)) {
      if (!file.endsWith('.json') || file.startsWith('node_modules')) continue;
      const schema = (JSON.parse(readFileSync(join(installed, file), 'utf8')) as { $schema?: unknown }).$schema;
      if (typeof schema !== 'string' || /^[a-z]+:/.test(schema)) continue;
      const target = resolve(dirname(join(installed, file)), schema);
      named.push(`${file} -> ${relative(installed, target)}${existsSync(target) ? '' : ' (missing)'}`);
    }
    // The species name theirs, the example plugins theirs (in config/).
    expect(named.filter((entry) => entry.startsWith('species/')).length).toBeGreaterThan(0);
    expect(named.filter((entry) => entry.startsWith('examples/')).length).toBeGreaterThan(0);
    expect(named.filter((entry) => entry.endsWith('(missing)'))).toEqual([]);
  });
});

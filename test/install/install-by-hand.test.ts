// A settings file install refuses to rewrite (comments, trailing commas): `install --dry-run` and
// the refusal itself print the entries to add as JSON, and merging them by hand as the refusal
// says gives exactly what install writes into the same file without the comments. Real CLI.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const JSONC = `{
  // my settings
  "theme": "dark",
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }], /* mine */
  },
  "statusLine": { "type": "command", "command": "echo mine", "padding": 1 },
}
`;
/** The same settings as plain JSON. */
const PLAIN = `{
  "theme": "dark",
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]
  },
  "statusLine": { "type": "command", "command": "echo mine", "padding": 1 }
}
`;

type Json = Record<string, unknown>;

/** What the refusal tells the user to do, done literally. */
function mergeByHand(settings: Json, entries: Json): Json {
  const hooks = (settings.hooks ??= {}) as Record<string, Json[]>;
  for (const [event, groups] of Object.entries(entries.hooks as Record<string, Json[]>)) {
    for (const group of groups) {
      const list = (hooks[event] ??= []);
      const ours = list.findIndex((g) => g._tag === 'buddy-tui-managed');
      if (ours >= 0) list[ours] = group;
      else list.push(group);
    }
  }
  settings.statusLine = entries.statusLine;
  return settings;
}

describe('install on a JSONC settings file (spawned)', () => {
  it.each([{ flags: ['--dry-run'] }, { flags: [] }])(
    'install $flags refuses, prints the JSON to add, and it merges into what install writes',
    ({ flags }) => {
      const home = makeTempDir();
      const env = { HOME: home, XDG_STATE_HOME: join(home, 'state'), BUDDY_TUI_STATE_DIR: join(home, 'buddy-state') };
      const jsonc = join(home, 'commented.json');
      const plain = join(home, 'plain.json');
      writeFileSync(jsonc, JSONC);
      writeFileSync(plain, PLAIN);

      const refused = runCli(['install', '--shell-form', '--settings', jsonc, ...flags], env);
      expect(refused.code).toBe(1);
      const [reason, how] = refused.stderr.split('\n');
      expect(reason).toBe(
        `buddy-tui: ${jsonc}: has a comment at line 2, column 3. buddy-tui only edits plain JSON and will not rewrite this file (that would lose what you wrote). Remove the comments/trailing commas, or add the entries by hand (\`buddy-tui install --dry-run\` prints them as JSON).`,
      );
      expect(how).toContain('add each group under "hooks" to the end of that event\'s list');
      const entries = JSON.parse(refused.stdout) as Json;
      expect(Object.keys(entries)).toEqual(['hooks', 'statusLine']);
      expect(readFileSync(jsonc, 'utf8')).toBe(JSONC);
      expect(readdirSync(home).sort()).toEqual(['commented.json', 'plain.json']);

      expect(runCli(['install', '--shell-form', '--settings', plain], env).code).toBe(0);
      const written = JSON.parse(readFileSync(plain, 'utf8')) as Json;
      expect(mergeByHand(JSON.parse(PLAIN) as Json, entries)).toEqual(written);
      // The user's statusLine is chained, as install would have done.
      expect((entries.statusLine as Json).command).toMatch(/statusline --chain 'echo mine'$/);
    },
  );

  it('--statusline-only prints only the statusLine to add', () => {
    const home = makeTempDir();
    const jsonc = join(home, 'commented.json');
    writeFileSync(jsonc, JSONC);
    const refused = runCli(['install', '--statusline-only', '--dry-run', '--settings', jsonc], { HOME: home });
    expect(refused.code).toBe(1);
    expect(Object.keys(JSON.parse(refused.stdout) as Json)).toEqual(['statusLine']);
  });

  it('a file that is not JSON even without comments gets the parse error and no JSON', () => {
    const home = makeTempDir();
    const broken = join(home, 'broken.json');
    writeFileSync(broken, '{"theme": ');
    const refused = runCli(['install', '--dry-run', '--settings', broken], { HOME: home });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not valid JSON/);
    expect(refused.stdout).toBe('');
  });
});

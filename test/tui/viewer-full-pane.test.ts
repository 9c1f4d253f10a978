/**
 * Every pane is a full pane (issue 45 §1): the built `buddy-tui runner` holds runner.lock, as
 * when the Claude Code mod started it, and two real panes in a private tmux server are its
 * viewers. A failing Bash call spooled into the inbox runs the runner's plugin: its reaction is
 * a bubble on both screens and in `r`; `f` in a viewer feeds the one pet (pet.json and the
 * screen); `c` in a viewer changes the chattiness the runner's quips follow. Needs tmux and
 * `npm run build`.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failure, readJson, until, viewedRunnerWorld } from '../mod/runner-world.js';
import { openBuiltPane, startRunner } from '../support/run-cli.js';

const { state, base, env, server } = viewedRunnerWorld();
const petFile = join(env.XDG_STATE_HOME, 'buddy-tui', 'pet.json');
const prefsFile = join(env.XDG_STATE_HOME, 'buddy-tui', 'pane-prefs.json');
const fedCount = () => (readJson(petFile)?.counters as { fed?: number } | undefined)?.fed ?? 0;
const reactionsOf = (sid: string): Array<{ text: string; event?: string; source: string }> => {
  const file = join(state, sid, 'reactions.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
};

let spooled = 0;
/** One file per event in the inbox, whole when it appears there (a drain never sees it half-written). */
const spool = (payload: string) => {
  // `<host>.<pid>`: a made-up pid per event (the file is whole, so its writer is never asked after).
  const name = `claude.${900_000 + ++spooled}`;
  writeFileSync(join(base, name), payload);
  renameSync(join(base, name), join(state, 'inbox', name));
};
const sessionStart = (sid: string) =>
  JSON.stringify({ session_id: sid, hook_event_name: 'SessionStart', cwd: '/w', source: 'startup' });

/** A session starts and a Bash call fails in it; resolves once the runner's plugin answered the failure. */
async function answered(sid: string): Promise<void> {
  spool(sessionStart(sid));
  spool(failure(sid));
  await until(() => reactionsOf(sid).some((r) => r.text === 'runner saw it fail'), `the plugin's answer in ${sid}`);
}

const openPane = () => openBuiltPane(server, env, { exec: true });

describe('a viewer of the headless runner is a full pane', () => {
  it('shows the runner’s bubbles (two panes), lists them in r, feeds the one pet and sets the runner’s chattiness', async () => {
    const runner = await startRunner(env, state);
    try {
      const first = openPane();
      const second = openPane();
      for (const pane of [first, second]) await server.waitFor(pane, (s) => s.includes(`pid ${runner.pid}`));

      // The runner's plugin reacts to a failing Bash call: both viewers draw its bubble.
      spool(failure('full-1'));
      for (const pane of [first, second]) await server.waitFor(pane, (s) => s.includes('runner saw it fail'));
      expect(reactionsOf('full-1').map((r) => r.text)).toContain('runner saw it fail');

      server.sendKeys(first, 'r');
      const history = await server.waitFor(first, (s) => s.includes('reactions ('));
      expect(history).toMatch(/watch · PostToolUseFailure · shown\s*\n\s*runner saw it fail/);
      server.sendKeys(first, 'Escape');
      await server.waitFor(first, (s) => !s.includes('reactions ('));

      // f in a viewer feeds the pet the runner keeps: pet.json and the screen say so.
      const fedBefore = fedCount();
      server.sendKeys(first, 'f');
      await server.waitFor(first, (s) => /you fed|is full/.test(s));
      await until(() => fedCount() > fedBefore || readJson(petFile)?.last !== undefined, 'pet.json to be fed');
      expect((readJson(petFile)?.last as { kind?: string } | undefined)?.kind).toBe('fed');

      // At normal the runner says nothing on a session start (its failure's reaction comes after).
      await answered('full-2');
      expect(reactionsOf('full-2').some((r) => r.event === 'SessionStart')).toBe(false);

      // c in a viewer: chatty, saved for the runner, which then greets a new session.
      server.sendKeys(second, 'c');
      await server.waitFor(second, (s) => s.includes('chattiness: chatty'));
      expect(readJson(prefsFile)?.chattiness).toBe('chatty');
      await server.waitFor(first, (s) => s.includes('chatty'));
      // The runner reads the file on its tick: a new session each round until its quip comes.
      let greeted = false;
      for (let round = 1; !greeted; round += 1) {
        if (round > 30) throw new Error('the runner never said a chatty session-start quip');
        // Chatty quips cool down for 1 s: the last round's failure quip must not hold this one back.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const sid = `full-chatty-${round}`;
        await answered(sid);
        greeted = reactionsOf(sid).some((r) => r.event === 'SessionStart');
      }
    } finally {
      runner.kill('SIGKILL');
    }
  }, 240_000);
});

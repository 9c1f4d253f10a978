/**
 * The first hatch (issue 47): before pet.json exists the statusLine draws the face of the pet
 * the default seed will hatch; whichever view shows a pet in its first minute introduces it; the
 * pane and the CLI hatch the same pet from the same seed rule ($USER, then the login name).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadBuddy } from '../../src/pet/load-buddy.js';
import { computeModState } from '../../src/mod/mod-look.js';
import { petFilePath } from '../../src/config/paths.js';
import { hatchPet } from '../../src/pet/hatch.js';
import { defaultSeedFor } from '../../src/pet/introduction.js';
import { savePet } from '../../src/pet/pet-file.js';
import { builtinSpeciesIds } from '../../src/species/builtin-dir.js';
import { createSpeciesRegistry } from '../../src/species/species-registry.js';
import { runStatusline } from '../../src/statusline/render.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { startTuiServices, type TuiServices } from '../../src/tui/tui-services.js';
import { FIXTURE_SESSION, NOW, fixturePayload, midTurnEvents, sandbox, type Sandbox } from '../statusline/support.js';

// Not the login name: the pane once seeded from userInfo() while the CLI took $USER.
const USER = `first-hatch-${userInfo().username}-x`;
const boxes: Sandbox[] = [];
const panes: TuiServices[] = [];
afterEach(async () => void (await Promise.all(panes.splice(0).map((pane) => pane.close()))));
afterAll(() => boxes.forEach((box) => rmSync(box.base, { recursive: true, force: true })));

function box(): Sandbox {
  const made = sandbox({ USER });
  boxes.push(made);
  made.session(FIXTURE_SESSION, { events: midTurnEvents() });
  return made;
}

async function firstRow(made: Sandbox, now = NOW): Promise<string[]> {
  const env = { ...made.env, BUDDY_TUI_NOW: String(now) };
  const { output } = await runStatusline(JSON.stringify(fixturePayload(42)), ['--width', '300', '--no-color'], env);
  return output.split('\n')[0].split(' │ ');
}

describe('the first hatch', () => {
  it('hatches from the built-ins the statusline draws from', () => {
    const builtins = createSpeciesRegistry()
      .list()
      .filter((entry) => entry.origin === 'builtin')
      .map((entry) => entry.species.id);
    expect(builtinSpeciesIds()).toEqual([...builtins].sort());
  });

  it('draws the face of the pet the seed will hatch before pet.json exists, then introduces it for a minute', async () => {
    const made = box();
    const [before] = await firstRow(made);
    const { pet } = loadBuddy(made.env, NOW);
    const after = await firstRow(made);
    expect(after[0]).toBe(before);
    const intro = `Meet ${pet.identity.name}, ${/^[aeiou]/.test(pet.identity.speciesId) ? 'an' : 'a'} ${pet.identity.speciesId}. /buddy for its card`;
    expect(after.join(' │ ')).toContain(intro);
    expect(computeModState(FIXTURE_SESSION, made.env, NOW + 30_000).bubble?.text ?? '').toContain(intro);
    const later = await firstRow(made, NOW + 61_000);
    expect(later.join(' │ ')).not.toContain('Meet ');
    expect(later).toContain(pet.identity.name);
  });

  it('the pane hatches the pet the CLI would, from $USER, and introduces it in the footer', () => {
    const made = box();
    const env = { ...made.env };
    const store = createBuddyStore({ now: NOW });
    const clock = () => NOW;
    mkdirSync(join(made.base, 'pane-root'), { mode: 0o700 });
    panes.push(
      startTuiServices({
        root: join(made.base, 'pane-root'),
        store,
        env,
        clock,
        plugins: false,
        configFile: join(made.base, 'config', 'config.json'),
        petFile: petFilePath(env),
        log: createTuiLog(join(made.base, 'pane-root'), clock),
      }),
    );
    const hatched = JSON.parse(readFileSync(petFilePath(env), 'utf8'));
    const cli = hatchPet({ seed: defaultSeedFor(env), speciesIds: builtinSpeciesIds(), now: NOW });
    expect(hatched.identity).toEqual(cli.identity);
    expect(store.getState().notice?.text).toBe(
      `Meet ${cli.identity.name}, ${/^[aeiou]/.test(cli.identity.speciesId) ? 'an' : 'a'} ${cli.identity.speciesId}. f feeds it, p pets it.`,
    );
  });

  it('a pane that starts after the first minute does not introduce the pet again', () => {
    const made = box();
    savePet(petFilePath(made.env), hatchPet({ seed: 'old', speciesIds: ['cat'], now: NOW - 61_000 }));
    const store = createBuddyStore({ now: NOW });
    mkdirSync(join(made.base, 'pane-root'), { mode: 0o700 });
    panes.push(
      startTuiServices({
        root: join(made.base, 'pane-root'),
        store,
        env: made.env,
        clock: () => NOW,
        plugins: false,
        configFile: join(made.base, 'config', 'config.json'),
        petFile: petFilePath(made.env),
        log: createTuiLog(join(made.base, 'pane-root'), () => NOW),
      }),
    );
    expect(store.getState().notice?.text ?? '').not.toContain('Meet ');
  });
});

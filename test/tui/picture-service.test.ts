/**
 * The pane's picture service and how it picks a way to draw: the kitty protocol writes each
 * frame once (and deletes them on close) and puts placeholder lines in the store; inside tmux,
 * or with NO_COLOR, it does not; the colour depth follows COLORTERM and TERM.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexPetSpecies } from '../../src/species/codex-pets.js';
import { PLACEHOLDER } from '../../src/species/picture-kitty.js';
import { pictureModeFor } from '../../src/species/picture-terminal.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { spriteViewOf } from '../../src/tui/species-view.js';
import { createPictureService } from '../../src/tui/services/picture-service.js';
import { writeCodexPet } from '../support/picture-sheet.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('picture mode from the terminal', () => {
  it.each([
    [{ TERM: 'xterm-kitty' }, { kind: 'kitty' }],
    [{ TERM: 'xterm-ghostty', COLORTERM: 'truecolor' }, { kind: 'kitty' }],
    [{ TERM: 'xterm-256color', TERM_PROGRAM: 'ghostty' }, { kind: 'kitty' }],
    [
      { TERM: 'xterm-kitty', TMUX: '/tmp/tmux-0/default,1,0' },
      { kind: 'cells', colors: '16' },
    ],
    [
      { TERM: 'tmux-256color', TERM_PROGRAM: 'ghostty', COLORTERM: 'truecolor' },
      { kind: 'cells', colors: 'truecolor' },
    ],
    [
      { TERM: 'xterm-256color', TERM_PROGRAM: 'WezTerm', COLORTERM: 'truecolor' },
      { kind: 'cells', colors: 'truecolor' },
    ],
    [{ TERM: 'xterm-256color' }, { kind: 'cells', colors: '256' }],
    [{ TERM: 'xterm' }, { kind: 'cells', colors: '16' }],
    [{ TERM: 'xterm-kitty', NO_COLOR: '1' }, { kind: 'text' }],
    [{ TERM: 'dumb' }, { kind: 'text' }],
    [
      { TERM: 'xterm', BUDDY_TUI_PICTURES: '256' },
      { kind: 'cells', colors: '256' },
    ],
  ])('%j draws as %j', (env, mode) => {
    expect(pictureModeFor(env)).toEqual(mode);
  });
});

describe('the picture service', () => {
  it('sends kitty frames once, draws placeholders, and deletes the images on close', async () => {
    const base = makeTempDir('buddy-picture-kitty-');
    const folder = await writeCodexPet(join(base, 'pets'), 'chefito');
    const species = codexPetSpecies(folder, 'codex:chefito').species!;
    const store = createBuddyStore({ now: 1000, columns: 80, rows: 24 });
    const written: string[] = [];
    const service = createPictureService({
      env: { TERM: 'xterm-kitty' },
      store,
      log: createTuiLog(join(base, 'root'), () => 1000),
      stateRoot: join(base, 'root'),
      clock: () => 1000,
      write: (text) => written.push(text),
    });
    service.show(spriteViewOf(species), species, join(folder, 'pet.json'));
    await service.settled();
    expect(written).toHaveLength(1);
    const transmits = written[0].match(/\x1b_Ga=T,U=1,q=2,f=32,o=z,i=(\d+),s=96,v=104,c=24,r=13,m=[01];/g)!;
    // One image per frame the animations use (idle 6, running-right/left 8+8, waving 4, jumping 5, failed 8, waiting 6, running 6, review 6).
    expect(transmits).toHaveLength(57);
    const picture = store.getState().sprite!.picture!;
    expect(picture.cells).toEqual({ width: 24, height: 13 });
    expect(picture.lines[0][0]).toMatch(
      new RegExp(`^\\x1b\\[38;2;\\d+;\\d+;\\d+m(${PLACEHOLDER}..){24}\\x1b\\[39m$`, 'u'),
    );
    service.close();
    expect(written[1]).toMatch(/^(\x1b_Ga=d,d=I,q=2,i=\d+\x1b\\){57}$/);
  });

  it('draws the text frames with NO_COLOR, and decodes nothing', () => {
    const store = createBuddyStore({ now: 1000, columns: 80, rows: 24 });
    const species = codexPetSpecies('/nowhere', 'codex:none').species;
    expect(species).toBeUndefined();
    const base = makeTempDir('buddy-picture-nocolor-');
    const service = createPictureService({
      env: { NO_COLOR: '1' },
      store,
      log: createTuiLog(join(base, 'root'), () => 1000),
    });
    const cat = {
      ...spriteViewOf({
        id: 'x',
        name: 'X',
        colors: { body: 'cyan', accent: 'cyan', bubble: 'white' },
        eyes: { default: 'o' },
        face: { idle: '(o.o)' },
        frames: { idle: [['a'], ['b'], ['c']], blink: [['-']] },
      } as never),
    };
    service.show(cat, { id: 'x', picture: { spritesheetPath: 'x.webp' } } as never, join(base, 'x.json'));
    expect(store.getState().sprite).toBe(cat);
  });
});

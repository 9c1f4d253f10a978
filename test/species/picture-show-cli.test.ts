/**
 * `species show codex:<id>` draws the pet's picture (its pixels in half-blocks, each mood's
 * animation) where the terminal has colour, and where it cannot, says so in one line before the
 * text frames instead of drawing them silently (issue 47, "Telling the truth").
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/species.js';
import { runCli } from '../support/run-cli.js';
import { ROW_COLORS, cellColors, near, solidColor, writeCodexPet } from '../support/picture-sheet.js';
import { makeTempDir } from '../support/temp-dir.js';
import { capture } from './cli-capture.js';

async function petWorld() {
  const base = makeTempDir('buddy-picture-show-');
  const env = {
    HOME: base,
    CODEX_HOME: join(base, 'codex'),
    XDG_CONFIG_HOME: join(base, 'cfg'),
    XDG_STATE_HOME: join(base, 'state'),
    BUDDY_TUI_STATE_DIR: join(base, 'root'),
  };
  await writeCodexPet(join(base, 'codex', 'pets'), 'chefito');
  return env;
}

/** The solid colours drawn in the output's lines. */
const solidColors = (text: string) =>
  text
    .split('\n')
    .flatMap((line) => cellColors(line).map(solidColor))
    .filter((color) => color !== undefined);

/** The sheet row whose colour more than half of the output's one-colour cells show (-1: none). */
function rowDrawn(text: string): number {
  const colors = solidColors(text);
  if (colors.length < 50) return -1;
  return ROW_COLORS.findIndex((row) => colors.filter((one) => near(one, row, 0)).length > colors.length / 2);
}

const TEXT_LINE = /^a picture pet, drawn below in its text frames: (.*)$/m;

describe('species show of a picture pet', () => {
  it('draws the picture from its pixels, in 24-bit half-blocks, when asked to (the built CLI, piped)', async () => {
    const env = await petWorld();
    const shown = runCli(['species', 'show', 'codex:chefito', '--state', 'celebrate'], {
      ...env,
      BUDDY_TUI_PICTURES: 'truecolor',
    });
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    // celebrate plays review: row 9 of the sheet, its colour; no other row's, no text frames.
    expect(shown.stdout).toMatch(/^celebrate \(animation review, 6 frames at [\d.]+ fps\)$/m);
    expect(shown.stdout).not.toMatch(TEXT_LINE);
    expect(rowDrawn(shown.stdout)).toBe(8);
  });

  it('says in one line why it draws the text frames when stdout is not a terminal', async () => {
    const env = await petWorld();
    const shown = runCli(['species', 'show', 'codex:chefito', '--state', 'idle'], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout.match(TEXT_LINE)?.[1]).toBe(
      'stdout is not a terminal (BUDDY_TUI_PICTURES=truecolor draws it anyway); the pane draws its picture',
    );
    expect(shown.stdout).not.toContain('\x1b[');
  });

  it('draws the picture in a colour terminal, and says so when NO_COLOR takes the colour away', async () => {
    const env = await petWorld();
    const colour = capture({ ...env, COLORTERM: 'truecolor', TERM: 'xterm-256color' });
    colour.io.isTTY = true;
    expect(await run(['show', 'codex:chefito', '--state', 'working'], colour.io)).toBe(0);
    expect(colour.out()).toMatch(/^working \(animation running, /m);
    expect(rowDrawn(colour.out())).toBe(7);

    const plain = capture({ ...env, NO_COLOR: '1', TERM: 'xterm-256color' });
    plain.io.isTTY = true;
    expect(await run(['show', 'codex:chefito', '--state', 'working'], plain.io)).toBe(0);
    expect(plain.out().match(TEXT_LINE)?.[1]).toBe(
      'this terminal has no colour (NO_COLOR, TERM=dumb or BUDDY_TUI_PICTURES=text); the pane draws its picture',
    );
  });
});

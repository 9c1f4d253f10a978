/**
 * A Codex pet in the pane, through the real services and the real App (Ink), at two pane sizes:
 * the half-block cells and their 24-bit colours for the greeting, idle, running, waiting and
 * failed; a broken spritesheet later keeps the picture drawn before and says which file. One
 * render with ink-testing-library draws the sprite alone in 256 colours.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { BuddySprite } from '../../components/BuddySprite.js';
import { hatchPet } from '../../src/pet/hatch.js';
import { savePet } from '../../src/pet/pet-file.js';
import { parsePictureManifest } from '../../src/species/picture-manifest.js';
import { loadPicture } from '../../src/species/picture-load.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { toSafeText } from '../../src/text/safe-text.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { startTuiServices, type TuiServices } from '../../src/tui/tui-services.js';
import { renderAtSize, settle, type SizedRender } from '../components/render-at-size.js';
import { ROW_COLORS, cellColors, solidColor, type Rgb } from '../support/picture-sheet.js';
import { writeCodexPet } from '../support/picture-sheet.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const open: TuiServices[] = [];
const views: SizedRender[] = [];
afterEach(async () => {
  for (const view of views.splice(0)) view.unmount();
  await Promise.all(open.splice(0).map((services) => services.close()));
});

/** The row colour most of the frame's one-colour cells (█, or ▀ alike above and below) show, and the widest row of them. */
function pictureOf(frame: string): { color?: Rgb; width: number; height: number } {
  const rows = frame
    .split('\n')
    .map((line) =>
      cellColors(line)
        .map(solidColor)
        .filter((color) => color !== undefined),
    )
    .filter((colors) => colors.length > 0);
  const colors = rows.flat();
  const color = ROW_COLORS.find(
    (row) => colors.filter((one) => one.every((value, i) => value === row[i])).length > colors.length / 2,
  );
  return { color, width: Math.max(0, ...rows.map((one) => one.length)), height: rows.length };
}

async function paneWithPet(columns: number, rows: number) {
  const base = makeTempDir('buddy-picture-pane-');
  for (const dir of ['root', 'cfg', 'state', 'codex']) mkdirSync(join(base, dir), { mode: 0o700 });
  const folder = await writeCodexPet(join(base, 'codex', 'pets'), 'chefito');
  const petFile = join(base, 'state', 'pet.json');
  let now = Date.now();
  savePet(
    petFile,
    hatchPet({ seed: 'picture', speciesIds: ['cat'], species: 'codex:chefito', name: 'Chef', now: now - 60_000 }),
  );
  const clock = () => now;
  const store = createBuddyStore({ now, columns, rows });
  const env = {
    ...process.env,
    CODEX_HOME: join(base, 'codex'),
    XDG_CONFIG_HOME: join(base, 'cfg'),
    XDG_STATE_HOME: join(base, 'state'),
    BUDDY_TUI_PICTURES: 'truecolor',
  };
  const root = join(base, 'root');
  const services = startTuiServices({
    root,
    store,
    env,
    clock,
    plugins: false,
    configFile: join(base, 'cfg', 'config.json'),
    petFile,
    log: createTuiLog(root, clock),
  });
  open.push(services);
  const sessionId = 'sess-picture';
  const start = { ts: now, session_id: sessionId, hook_event_name: 'SessionStart', cwd: '/w/app' } as never;
  store.getState().applySessions([foldEvents(undefined, [start], sessionId)], now, 1);
  const view = renderAtSize(<App store={store} theme={{ color: false }} />, columns, rows);
  views.push(view);
  await waitUntil(() => store.getState().sprite?.picture, Boolean, 'the picture decoded');
  /** Shows `mood` for `ms` (the clock moves, the store ticks). */
  const show = async (mood: string, ms = 0) => {
    store.getState().setMood(mood);
    store.getState().advance((now += ms));
    await settle(30);
    return pictureOf(view.lastFrame());
  };
  return { store, view, show, folder, base };
}

describe('a picture pet in the pane', () => {
  it.each([
    [80, 24, { width: 24, height: 13 }],
    [120, 40, { width: 40, height: 22 }],
  ])('draws the greeting, idle, running, waiting and failed in their colours at %ix%i', async (columns, rows, size) => {
    const { show, store } = await paneWithPet(columns, rows);
    expect(store.getState().sprite!.picture!.cells).toEqual(size);
    // First the greeting (waving, row 3), then the idle row.
    expect((await show('idle')).color).toEqual(ROW_COLORS[3]);
    const idle = await show('idle', 3_000);
    expect(idle.color).toEqual(ROW_COLORS[0]);
    // The square is 144 of 192 pixels across: about three quarters of the cells are in its colour.
    expect(Math.abs(idle.width - (size.width * 144) / 192)).toBeLessThanOrEqual(1);
    expect((await show('working', 500)).color).toEqual(ROW_COLORS[7]);
    expect((await show('alert', 500)).color).toEqual(ROW_COLORS[6]);
    expect((await show('error', 500)).color).toEqual(ROW_COLORS[5]);
    expect((await show('celebrate', 500)).color).toEqual(ROW_COLORS[8]);
  });

  it('keeps the picture drawn before when the spritesheet breaks, and names the file', async () => {
    const { show, store, view, folder } = await paneWithPet(80, 24);
    await show('idle', 3_000);
    writeFileSync(join(folder, 'spritesheet.webp'), 'not an image at all');
    store.getState().setTerminalSize(100, 30);
    view.stdout.resize(100, 30);
    await waitUntil(
      () => store.getState().notice?.text ?? '',
      (text) => text.includes('spritesheet.webp'),
      'the notice',
    );
    expect(store.getState().notice!.text).toContain(
      `${join(folder, 'spritesheet.webp')}: is not an image sharp can read`,
    );
    expect((await show('idle', 500)).color).toEqual(ROW_COLORS[0]);
    expect(store.getState().sprite!.picture!.cells).toEqual({ width: 24, height: 13 });
  });
});

describe('the sprite alone (ink-testing-library)', () => {
  it('draws a 256-colour picture frame with the label under it', async () => {
    const base = makeTempDir('buddy-picture-sprite-');
    const folder = await writeCodexPet(join(base, 'pets'), 'chefito');
    const manifest = parsePictureManifest({}).manifest!;
    const loaded = await loadPicture({ folder, manifest }, { width: 12, height: 7 }, { kind: 'cells', colors: '256' });
    const picture = {
      key: 'k',
      cells: loaded.cells,
      lines: Object.fromEntries(loaded.lines),
      animations: manifest.animations,
      greetUntil: 0,
    };
    const sprite = { frames: { idle: [[toSafeText('(o.o)')]] }, faces: { idle: toSafeText('(o.o)') }, picture };
    const { lastFrame } = render(
      <BuddySprite
        sprite={sprite}
        mood="alert"
        tick={0}
        now={1000}
        mode="sprite"
        width={20}
        name={toSafeText('Chef')}
      />,
    );
    const lines = lastFrame()!.split('\n');
    expect(lines).toHaveLength(8);
    // Orange (252, 140, 20), the waiting row, is 256-colour 208 (255, 135, 0): full blocks in it.
    expect(lines[3]).toContain('\x1b[38;5;208m████████');
    expect(lines[7]).toContain('Chef');
    // The face stays text (the mode a tiny pane uses).
    expect(render(<BuddySprite sprite={sprite} mood="idle" tick={0} mode="face" width={20} />).lastFrame()).toContain(
      '(o.o)',
    );
  });

  it('draws the lines as built when they fit the box, and cuts each line to a narrower box', async () => {
    const base = makeTempDir('buddy-picture-fit-');
    const folder = await writeCodexPet(join(base, 'pets'), 'chefito');
    const manifest = parsePictureManifest({}).manifest!;
    const cells = { width: 16, height: 9 };
    const loaded = await loadPicture({ folder, manifest }, cells, { kind: 'cells', colors: 'truecolor' });
    const picture = {
      key: 'k',
      cells,
      lines: Object.fromEntries(loaded.lines),
      animations: manifest.animations,
      greetUntil: 0,
    };
    const sprite = { frames: { idle: [[toSafeText('(o.o)')]] }, faces: { idle: toSafeText('(o.o)') }, picture };
    const built = loaded.lines.get(manifest.animations.idle.frames[0])!.map(cellColors);
    const frameAt = (width: number) =>
      render(<BuddySprite sprite={sprite} mood="idle" tick={0} now={0} mode="sprite" width={width} />)
        .lastFrame()!
        .split('\n')
        .map(cellColors);
    for (const width of [16, 30]) {
      const rows = frameAt(width);
      expect(rows).toHaveLength(cells.height);
      // Each cell as built (Ink leaves out the blank end of a row).
      rows.forEach((row, y) => {
        expect(row).toEqual(built[y].slice(0, row.length));
        expect(built[y].slice(row.length).every((cell) => cell.glyph === ' ' && !cell.bg)).toBe(true);
      });
    }
    // Four columns short: no row is wider than the box, and what it shows starts as built.
    const narrow = frameAt(12);
    expect(narrow).toHaveLength(cells.height);
    narrow.forEach((row, y) => {
      expect(row.length).toBeLessThanOrEqual(12);
      expect(row.slice(0, -1)).toEqual(built[y].slice(0, Math.max(0, row.length - 1)));
    });
  });
});

/**
 * The pane and the statusline cut text the same way. Long, emoji-laden project names and tool
 * details go to both at every width from 10 (the statusline's narrowest) to 30 cells:
 *  - the pane: `truncate` as its components import it (src/display/exact-width.ts, string-width
 *    loaded up front);
 *  - the statusline: the real bundle, `node dist/statusline.js --width N`, printing them as the
 *    rows of a chained command, which it cuts to the width after loading string-width lazily.
 * Each must come out as the same text. (Run `npm run build` first.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { truncate } from '../../src/display/exact-width.js';
import { sanitizeText } from '../../src/text/sanitize.js';
import { fixturePayload, sandbox } from '../statusline/support.js';

const BUNDLE = fileURLToPath(new URL('../../dist/statusline.js', import.meta.url));

const TEXTS = [
  '👨‍👩‍👧 family-project with a long name', // a family joined by zero-width joiners
  '🇫🇷🇯🇵🇧🇷 flags-everywhere 🇩🇪 and one more 🇮🇹', // regional-indicator pairs
  '👍🏽👍🏿👋🏻 skin tones repo 👋🏻 with a longer name', // emoji with skin-tone modifiers
  '中文项目 wide CJK 名前のプロジェクト', // two-cell characters
  'Edit src/👩🏽‍💻/日本語/🏳️‍🌈/deeply/nested/file.ts', // a tool detail: joiner + modifier, VS16 + joiner, CJK
  'café déjà vu ❤️ e\u0301te\u0301 naïve façade résumé', // combining accents, a heart with VS16
];
/** From the statusline's narrowest (`--width` is at least 10) to wider than a few of the texts' first clusters. */
const WIDTHS = Array.from({ length: 21 }, (_, i) => i + 10);

const box = sandbox();
afterAll(() => rmSync(box.base, { recursive: true, force: true }));

/** The statusline's chained rows at `width`: the texts, cut by the real bundle. */
function statuslineCuts(width: number): string[] {
  const file = join(box.base, 'texts.txt');
  writeFileSync(file, `${TEXTS.join('\n')}\n`);
  const run = spawnSync(
    process.execPath,
    [BUNDLE, '--width', String(width), '--no-color', '--lines', '1', '--chain', `cat '${file}'`],
    {
      input: JSON.stringify(fixturePayload(40)),
      env: box.env,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(run.status).toBe(0);
  return run.stdout.split('\n').slice(0, TEXTS.length);
}

describe('the pane and the statusline truncate the same', () => {
  it('the texts reach the pane unchanged by its sanitiser (what is compared is what both show)', () => {
    for (const text of TEXTS) expect(sanitizeText(text), text).toBe(text);
    expect(Math.min(...TEXTS.map((text) => stringWidth(text)))).toBeGreaterThan(Math.max(...WIDTHS));
  });

  it.each(WIDTHS)('to the same text at %i cells', (width) => {
    if (!existsSync(BUNDLE)) throw new Error('dist/ is missing: run `npm run build` first');
    const pane = TEXTS.map((text) => truncate(text, width));
    expect(statuslineCuts(width)).toEqual(pane);
    for (const cut of pane) expect(stringWidth(cut), cut).toBeLessThanOrEqual(width);
    // Something was cut at this width (every text is wider than 30 cells).
    expect(pane.every((cut) => cut.endsWith('…'))).toBe(true);
  });
});

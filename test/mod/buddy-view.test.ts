// The mod's pure drawing rules (claude-plugin/hooks/buddy-view.js), as plain JavaScript under vitest.
import { describe, expect, it } from 'vitest';
// biome-ignore format: the @ts-expect-error below must stay on the line that names the module
// @ts-expect-error: plain JavaScript module of the mod, typed by JSDoc only
import { appendedReaction, bandRows, besideCell, card, cliFromJson, isOlder, parseModState } from '../../claude-plugin/hooks/buddy-view.js';

const LOOK = parseModState(
  JSON.stringify({
    v: 1,
    face: '(o.o)',
    name: 'Miso',
    mood: 'idle',
    sprite: [' /\\_/\\ ', '( o.o )'],
    watch: ['/s/r'],
    bubble: { text: 'Nice catch', kind: 'reaction' },
    working: false,
  }),
);

describe('buddy-view.js', () => {
  it('reads only a v1 answer, strips control characters, keeps at most 8 watched paths', () => {
    expect(parseModState('not json')).toBeUndefined();
    expect(parseModState('{"v":2,"face":"x","watch":[]}')).toBeUndefined();
    const look = parseModState(
      JSON.stringify({ v: 1, face: '(\u001b[31mo)', name: 'A\u0007b', sprite: [], watch: Array(20).fill('/x') }),
    );
    expect(look.face).toBe('(o)');
    expect(look.name).toBe('Ab');
    expect(look.watch).toHaveLength(8);
    expect(parseModState('{"v":1,"face":"x","watch":[],"bubbleUntil":1234}').bubbleUntil).toBe(1234);
    expect(parseModState('{"v":1,"face":"x","watch":[],"bubbleUntil":"soon"}').bubbleUntil).toBeUndefined();
  });

  it('cleans every string it draws or shows, whatever a damaged answer or view file holds', () => {
    const evil = (word: string) =>
      `\u001b]0;title\u0007${word}\u001b[2J\u0007\u009b31m\u009d52;c;eA==\u009c\u2028\u200b\u001bP1$r\u001b\\`;
    const look = parseModState(
      JSON.stringify({
        ...{ v: 1, face: evil('(o.o)'), name: evil('Mo'), mood: evil('idle'), species: evil('Cat') },
        ...{ stage: evil('Kitten'), said: evil('purr'), toasts: [evil('hello')], color: evil('red') },
        ...{
          bubble: { text: evil('hi'), kind: 'reaction' },
          waiting: evil('approve'),
          level: 2,
          sprite: [evil('/\\')],
        },
        watch: [],
      }),
    );
    expect(look).toMatchObject({ face: '(o.o) ', name: 'Mo ', mood: 'idle ', species: 'Cat ', stage: 'Kitten ' });
    expect(look).toMatchObject({ said: 'purr ', toasts: ['hello '], color: undefined, waiting: 'approve ' });
    const drawn = [
      ...card(look).split('\n'),
      ...bandRows(look, { columns: 200, maxRows: 4 }).map((row: { text: string }) => row.text),
      ...besideCell(look, { floatRows: 20, floatColumns: 80, maxColumns: 20 }).rows.map(
        (row: { text: string }) => row.text,
      ),
      look.said,
      ...look.toasts,
    ];
    for (const text of drawn) expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b]|title|52;/);
    expect(drawn[0]).toBe('(o.o)  Mo  the Cat  · Kitten  · level 2 · idle ');
    expect(parseModState('{"v":1,"face":"x","watch":[],"color":"#ff8800"}').color).toBe('#ff8800');
  });

  it('the band: one row within the width; a second row while Claude waits; the bubble goes when muted', () => {
    expect(bandRows(LOOK, { columns: 100, maxRows: 4 }).map((row: { text: string }) => row.text)).toEqual([
      '(o.o) Miso  < Nice catch >',
    ]);
    expect(bandRows({ ...LOOK, waiting: 'approve Bash `ls`' }, { columns: 100, maxRows: 4 })[1].text).toBe(
      '⏳ waiting for you: approve Bash `ls`',
    );
    expect(bandRows(LOOK, { columns: 12, maxRows: 1 })[0].text).toHaveLength(12);
    expect(bandRows(LOOK, { columns: 100, maxRows: 1, muted: true })[0].text).toBe('(o.o) Miso');
    expect(bandRows(LOOK, { columns: 4, maxRows: 4 })).toEqual([]);
  });

  it('/buddy card: markdown shows the face as drawn, backslashes and underscores included', () => {
    // CommonMark: a backslash before ASCII punctuation shows that character alone.
    const rendered = (markdown: string) => markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
    const look = { ...LOOK, face: '(\\/)(◉_◉)', name: 'Snip_snap', level: 2, mood: 'idle' };
    expect(rendered(card(look).split('\n')[0])).toBe('(\\/)(◉_◉) Snip_snap the buddy · stage 1 · level 2 · idle');
  });

  it('beside the prompt: the floating card when it fits, the face when only the cell does, else nothing', () => {
    expect(besideCell(LOOK, { floatRows: 10, floatColumns: 40, maxColumns: 10 }).kind).toBe('float');
    expect(besideCell(LOOK, { floatRows: 3, floatColumns: 40, maxColumns: 10 })).toEqual({
      kind: 'face',
      text: '(o.o)',
    });
    expect(besideCell(LOOK, { floatRows: 3, floatColumns: 40, maxColumns: 2 })).toEqual({ kind: 'none' });
  });

  it('an appended reactions.jsonl line shows at once unless it is a notice, a withdrawal or torn', () => {
    const line = (r: object) => `${JSON.stringify({ ts: 1, sessionId: 's', ...r })}\n`;
    expect(appendedReaction(line({ kind: 'warning', text: 'Who DARES fail?', ttlMs: 10000 }))).toEqual({
      text: 'Who DARES fail?',
      kind: 'warning',
    });
    expect(appendedReaction(line({ kind: 'notice', text: 'plugin x failed', ttlMs: 10000 }))).toBeUndefined();
    expect(appendedReaction(line({ kind: 'reaction', text: 'gone', ttlMs: 0 }))).toBeUndefined();
    expect(appendedReaction(`${line({ kind: 'reaction', text: 'first', ttlMs: 5 })}{"torn`)).toEqual({
      text: 'first',
      kind: 'reaction',
    });
  });

  it('versions and the written command', () => {
    expect(isOlder('2.1.280', '2.1.287')).toBe(true);
    expect(isOlder('2.1.287', '2.1.287')).toBe(false);
    expect(isOlder('2.1.332-dev.20260920', '2.1.287')).toBe(false);
    expect(isOlder('2.0.999', '2.1.287')).toBe(true);
    expect(cliFromJson('{"argv":["/usr/bin/node","/p/dist/cli.js"]}')).toEqual(['/usr/bin/node', '/p/dist/cli.js']);
    expect(cliFromJson('{"argv":[]}')).toBeUndefined();
    expect(cliFromJson('{"argv":[1]}')).toBeUndefined();
  });
});

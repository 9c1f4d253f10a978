import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { BuddySprite, frameAt, type SpriteFrames } from '../../components/BuddySprite.js';
import { toSafeLines, toSafeText } from '../../src/text/safe-text.js';
import { DEFAULT_SPRITE } from '../../src/tui/store/default-sprite.js';

const art = (lines: string[]) => toSafeLines(lines);
const sprite: SpriteFrames = {
  frames: { idle: [art(['(o o)', ' /|\\ ']), art(['(o o)', ' /|| '])], happy: [art(['(^ ^)', ' \\|/ '])] },
  faces: { idle: toSafeText('(o.o)'), happy: toSafeText('(^.^)') },
  idleSequence: [0, 0, 1],
  blink: { lines: art(['(- -)', ' /|\\ ']), everyTicks: 5 },
};

describe('BuddySprite', () => {
  it('walks the idle sequence on the tick and blinks now and then', () => {
    const lines = (tick: number) => frameAt(sprite, 'idle', tick).join('|');
    expect([0, 1, 2, 3, 4, 5].map(lines)).toEqual([
      '(o o)| /|\\ ',
      '(o o)| /|\\ ',
      '(o o)| /|| ',
      '(o o)| /|\\ ',
      '(- -)| /|\\ ',
      '(o o)| /|| ',
    ]);
  });

  it('draws the mood frames with name, level and rarity', () => {
    const { lastFrame } = render(
      <BuddySprite
        sprite={sprite}
        mood="happy"
        tick={0}
        mode="sprite"
        width={30}
        name={toSafeText('Pip')}
        level={3}
        rarity={toSafeText('rare')}
      />,
    );
    expect(lastFrame()).toBe('(^ ^)\n \\|/\nPip · Lv 3 · rare');
  });

  it('falls back to idle for a mood the species does not draw', () => {
    const { lastFrame } = render(<BuddySprite sprite={sprite} mood="error" tick={0} mode="sprite" width={30} />);
    expect(lastFrame()).toContain('(o o)');
  });

  it('re-renders a new frame when the tick advances', () => {
    const view = render(<BuddySprite sprite={sprite} mood="idle" tick={1} mode="sprite" width={30} />);
    expect(view.lastFrame()).toContain('/|\\');
    view.rerender(<BuddySprite sprite={sprite} mood="idle" tick={2} mode="sprite" width={30} />);
    expect(view.lastFrame()).toContain('/||');
  });

  it('shows the one-line face in a tiny pane, cut to the width', () => {
    for (const width of [12, 20, 40]) {
      const { lastFrame } = render(
        <BuddySprite
          sprite={sprite}
          mood="happy"
          tick={0}
          mode="face"
          width={width}
          name={toSafeText('Pipsqueak the Great')}
          level={12}
          rarity={toSafeText('legendary')}
        />,
      );
      const frame = lastFrame() ?? '';
      expect(frame.split('\n')).toHaveLength(1);
      expect(frame.startsWith('(^.^)')).toBe(true);
      expect(stringWidth(frame)).toBeLessThanOrEqual(width);
    }
  });

  it('never lets a name carry escape sequences to the terminal', () => {
    const { lastFrame } = render(
      <BuddySprite
        sprite={sprite}
        mood="idle"
        tick={0}
        mode="sprite"
        width={40}
        name={toSafeText('Pip\x1b]0;pwned\x07\x1b[2J', { maxLength: 40 })}
      />,
    );
    expect(lastFrame()).not.toContain('\x1b');
    expect(lastFrame()).toContain('Pip');
  });

  it('the default buddy has every mood and a face for each', () => {
    for (const mood of ['idle', 'happy', 'sad', 'sleep', 'thinking', 'working', 'celebrate', 'error', 'hungry']) {
      const { lastFrame } = render(
        <BuddySprite sprite={DEFAULT_SPRITE} mood={mood} tick={1} mode="sprite" width={20} />,
      );
      expect(lastFrame()?.split('\n').length).toBeGreaterThanOrEqual(5);
      expect(DEFAULT_SPRITE.faces[mood]).toBeTruthy();
    }
  });
});

/** Codex's pet.json: the defaults, and every bad input refused with its JSON path. */
import { describe, expect, it } from 'vitest';
import { defaultAnimations, parsePictureManifest } from '../../src/species/picture-manifest.js';
import { animationFor, spriteIndexAt, usedIndices } from '../../src/species/picture-states.js';

const problemsOf = (value: unknown) => parsePictureManifest(value).problems.map((p) => `${p.path}: ${p.message}`);

describe('picture manifest', () => {
  it("fills in Codex's grid and its nine animations, adding the manifest's own", () => {
    const { manifest } = parsePictureManifest({
      animations: { idle: { frames: [0, 1, 2], fps: 4, loop: true }, sleeping: { frames: [3], fps: 1 } },
    });
    expect(manifest!.spritesheetPath).toBe('spritesheet.webp');
    expect(manifest!.frame).toEqual({ width: 192, height: 208, columns: 8, rows: 9 });
    expect(manifest!.animations.idle.frames).toEqual([0, 1, 2]);
    expect(manifest!.animations.running.frames).toEqual([56, 57, 58, 59, 60, 61]);
    expect(manifest!.animations.failed.frames[0]).toBe(40);
    expect(manifest!.animations.waiting.frames[0]).toBe(48);
    expect(Object.keys(defaultAnimations({ width: 10, height: 10, columns: 8, rows: 1 }))).toEqual(['idle']);
  });

  it.each([
    [{ frame: { columns: 17, rows: 16 } }, 'frame: 17 × 16 is 272 frames; at most 256'],
    [{ animations: { idle: { frames: [0, 72] } } }, 'animations.idle.frames[1]: frame index 72 is out of range'],
    [{ animations: { idle: { frames: [-1] } } }, 'animations.idle.frames[0]: frame index -1 is out of range'],
    [{ animations: { idle: { frames: [0], fps: 0 } } }, 'animations.idle.fps: fps 0 must be above 0 and at most 60'],
    [{ animations: { idle: { frames: [0], fps: 61 } } }, 'animations.idle.fps: fps 61 must be above 0'],
    [{ animations: { idle: { frames: [0], fps: 'fast' } } }, 'animations.idle.fps'],
    [
      { animations: { jump: { frames: [0], fallback: 'nowhere' } } },
      'animations.jump.fallback: fallback "nowhere" names no animation',
    ],
    [
      { spritesheetPath: '/etc/passwd' },
      'spritesheetPath: spritesheetPath "/etc/passwd" must be a relative path inside the pet\'s folder',
    ],
    [{ spritesheetPath: '../other/sheet.webp' }, 'must stay inside the pet\'s folder (no "..")'],
    [{ spritesheetPath: 'a/../../b.png' }, 'no ".."'],
    [[], ': expected a JSON object'],
  ])('refuses %j', (value, message) => {
    expect(problemsOf(value).join('\n')).toContain(message);
    expect(parsePictureManifest(value).manifest).toBeUndefined();
  });

  it('maps moods onto animations and plays frames by fps, loop and fallback', () => {
    const { animations } = parsePictureManifest({
      animations: {
        sleeping: { frames: [7], fps: 1 },
        wave: { frames: [24, 25], fps: 10, loop: false, fallback: 'idle' },
      },
    }).manifest!;
    expect(animationFor(animations, 'working')).toBe('running');
    expect(animationFor(animations, 'alert')).toBe('waiting');
    expect(animationFor(animations, 'error')).toBe('failed');
    expect(animationFor(animations, 'celebrate')).toBe('review');
    expect(animationFor(animations, 'sleep')).toBe('sleeping');
    expect(animationFor(animations, 'greeting')).toBe('waving');
    expect(animationFor({ idle: animations.idle }, 'working')).toBe('idle');
    // running: 6 frames at 1000/120 fps, looping.
    expect(spriteIndexAt(animations, 'running', 0)).toBe(56);
    expect(spriteIndexAt(animations, 'running', 130)).toBe(57);
    expect(spriteIndexAt(animations, 'running', 6 * 120 + 10)).toBe(56);
    // A non-looping animation plays once, then its fallback.
    expect(spriteIndexAt(animations, 'wave', 50)).toBe(24);
    expect(spriteIndexAt(animations, 'wave', 150)).toBe(25);
    expect(spriteIndexAt(animations, 'wave', 250)).toBe(0);
    expect(usedIndices(animations)).toContain(24);
  });
});

/**
 * The pane's patch to Ink (patches/ink@6.8.0.patch, used by src/tui/ink/ink-output-cache.ts) is applied
 * to the installed Ink, fails loudly where it does not fit, and frames drawn with the shared caches
 * are the frames Ink draws without them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { shareInkOutputCaches } from '../../src/tui/ink/ink-output-cache.js';

function Screen({ tick }: { tick: number }) {
  return (
    <Box flexDirection="column" width={30} height={4} overflowY="hidden">
      <Text color="cyan">{tick % 2 ? '(o_o)' : '(-_-)'} 漢字 · café</Text>
      <Text wrap="truncate-end">a line far longer than the thirty cells of this box</Text>
      <Text dimColor>tick {tick}</Text>
    </Box>
  );
}

describe('Ink caches shared across frames', () => {
  it('applies to the pinned Ink and draws the same frames', () => {
    const frames = (count: number) => {
      const app = render(<Screen tick={0} />);
      const seen = [app.lastFrame()];
      for (let tick = 1; tick < count; tick += 1) {
        app.rerender(<Screen tick={tick} />);
        seen.push(app.lastFrame());
      }
      app.unmount();
      return seen;
    };
    const before = frames(4);
    expect(() => shareInkOutputCaches()).not.toThrow();
    expect(frames(4)).toEqual(before);
    expect(before[1]).toContain('(o_o) 漢字 · café');
    expect(before[3]).toContain('tick 3');
  });
});

const REPO = join(import.meta.dirname, '..', '..');
const PATCH = 'ink@6.8.0.patch';

const RENDER_FILE = 'render-node-to-output.js';
const installedRender = readFileSync(join(REPO, 'node_modules', 'ink', 'build', RENDER_FILE), 'utf8');
/** Ink's own render-node-to-output.js: the installed one with the patch's lines taken back out. */
const pristineRender = installedRender
  .split('\n')
  .filter((line) => !/buddy-tui's patch|not a second widestLine|^import measureText/.test(line))
  .join('\n')
  .replace('const currentWidth = measureText(text).width;', 'const currentWidth = widestLine(text);');

/** Runs scripts/apply-patches.mjs in a folder holding our patch and an Ink of that version and text. */
function applyPatchesTo(ink: { version: string; output: string; render?: string }, args: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'buddy-patches-'));
  try {
    mkdirSync(join(dir, 'patches'));
    copyFileSync(join(REPO, 'patches', PATCH), join(dir, 'patches', PATCH));
    mkdirSync(join(dir, 'node_modules', 'ink', 'build'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'ink', 'package.json'), JSON.stringify({ version: ink.version }));
    writeFileSync(join(dir, 'node_modules', 'ink', 'build', 'output.js'), ink.output);
    writeFileSync(join(dir, 'node_modules', 'ink', 'build', RENDER_FILE), ink.render ?? pristineRender);
    const run = spawnSync(process.execPath, [join(REPO, 'scripts', 'apply-patches.mjs'), ...args], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 20_000,
    });
    return {
      status: run.status,
      stderr: run.stderr,
      output: readFileSync(join(dir, 'node_modules', 'ink', 'build', 'output.js'), 'utf8'),
      render: readFileSync(join(dir, 'node_modules', 'ink', 'build', RENDER_FILE), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the Ink patch (npm's prepare step)", () => {
  const patched = readFileSync(join(REPO, 'node_modules', 'ink', 'build', 'output.js'), 'utf8');
  /** Ink's own output.js: the installed, patched one with the patch taken back out. */
  const pristine = patched
    .split('\n')
    .filter((line) => !/buddy-tui's patch|renderer that may stand in|static sharedCaches|static renderFrame/.test(line))
    .join('\n')
    .replace('caches = Output.sharedCaches ?? new OutputCaches();', 'caches = new OutputCaches();')
    .replace(
      / {8}const frame = Output\.renderFrame\?\.\(this\);\n {8}if \(frame !== undefined\) \{\n {12}return frame;\n {8}\}\n/,
      '',
    );

  it('is applied to the installed Ink, whose version it names', () => {
    const installed = JSON.parse(readFileSync(join(REPO, 'node_modules', 'ink', 'package.json'), 'utf8')).version;
    expect(PATCH).toBe(`ink@${installed}.patch`);
    expect(spawnSync(process.execPath, ['scripts/apply-patches.mjs', '--check'], { cwd: REPO }).status).toBe(0);
  });

  it('applies to the pristine file once, and a second run leaves it alone', () => {
    expect(pristine).not.toContain('renderFrame');
    const first = applyPatchesTo({ version: '6.8.0', output: pristine });
    expect(first.status, first.stderr).toBe(0);
    expect(first.output).toBe(patched);
    expect(pristineRender).toContain('const currentWidth = widestLine(text);');
    expect(first.render).toBe(installedRender);
    const again = applyPatchesTo({ version: '6.8.0', output: patched, render: installedRender });
    expect(again.status, again.stderr).toBe(0);
    expect(again.output).toBe(patched);
    expect(again.render).toBe(installedRender);
  });

  it('stops the install, naming the patch, on another Ink version or an Ink it no longer fits', () => {
    const upgraded = applyPatchesTo({ version: '6.9.0', output: pristine });
    expect(upgraded.status).toBe(1);
    expect(upgraded.stderr).toContain('patches/ink@6.8.0.patch is for ink 6.8.0, but 6.9.0 is installed');
    const changed = applyPatchesTo({
      version: '6.8.0',
      output: pristine.replace('caches = new OutputCaches();', 'caches;'),
    });
    expect(changed.status).toBe(1);
    expect(changed.stderr).toContain('no longer applies to ink 6.8.0');
    const unpatched = applyPatchesTo({ version: '6.8.0', output: pristine }, ['--check']);
    expect(unpatched.status).toBe(1);
    expect(unpatched.stderr).toContain('is not applied to node_modules');
  });
});

import { describe, expect, it } from 'vitest';
import { isPatchText, patchFiles, patchPaths, patchSummary } from '../../src/protocol/patch-files.js';
import { toolDetail } from '../../src/state/tool-detail.js';
import { codexPayloads } from '../support/codex-fixtures.js';

/** The patch Codex 0.169.0 really sent (code mode, apply_patch adding one file). */
const realPatch = (
  codexPayloads('exec-codemode').find((p) => p.tool_name === 'apply_patch')!.tool_input as { command: string }
).command;

const MULTI = [
  '*** Begin Patch',
  '*** Update File: src/a.ts',
  '@@',
  '-old',
  '+new',
  '*** Update File: src/old-name.ts',
  '*** Move to: src/new-name.ts',
  '@@',
  ' keep',
  '*** Delete File: docs/gone.md',
  '*** Add File: docs/new.md',
  '+# new',
  '+*** Add File: not-a-header.md',
  '*** End Patch',
  '',
].join('\n');

describe('apply_patch patches', () => {
  it('reads the file of the real captured patch', () => {
    expect(isPatchText(realPatch)).toBe(true);
    expect(patchFiles(realPatch)).toEqual([{ path: 'patched.txt', change: 'add' }]);
    expect(patchSummary(realPatch)).toBe('add patched.txt');
  });

  it('names every added, updated, deleted and moved file, and not a "+" line that looks like a header', () => {
    expect(patchFiles(MULTI)).toEqual([
      { path: 'src/a.ts', change: 'update' },
      { path: 'src/new-name.ts', change: 'move', from: 'src/old-name.ts' },
      { path: 'docs/gone.md', change: 'delete' },
      { path: 'docs/new.md', change: 'add' },
    ]);
    expect(patchPaths(MULTI)).toEqual([
      'src/a.ts',
      'src/old-name.ts',
      'src/new-name.ts',
      'docs/gone.md',
      'docs/new.md',
    ]);
    expect(patchSummary(MULTI)).toBe('edit src/a.ts +3 more');
  });

  it('reads CRLF patches and ignores text that is no patch', () => {
    expect(patchPaths(MULTI.replaceAll('\n', '\r\n'))).toContain('src/new-name.ts');
    expect(isPatchText('ls -la')).toBe(false);
    expect(isPatchText(undefined)).toBe(false);
    expect(patchFiles('*** Begin Patch\n*** End Patch\n')).toEqual([]);
  });

  it('shows a patch call by its files, not by the patch text', () => {
    expect(toolDetail({ command: realPatch })).toBe('add patched.txt');
    expect(toolDetail({ command: '*** Begin Patch\n*** End Patch\n' })).toBe('patch');
    expect(toolDetail({ command: 'ls' })).toBe('ls');
  });
});

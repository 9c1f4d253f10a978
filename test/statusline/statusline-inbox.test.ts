/**
 * The statusline drains `<root>/inbox` before it reads: an event the real sh spool hook wrote a
 * moment ago shows in the very next status line, with no pane running.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runSpool } from '../support/spool-process.js';
import { realPayload, sandbox, type Sandbox } from './support.js';

const BUNDLE = fileURLToPath(new URL('../../dist/statusline.js', import.meta.url));
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const made of boxes) rmSync(made.base, { recursive: true, force: true });
});

describe('statusline and the inbox', () => {
  it('journals what the sh hook spooled, then shows it', async () => {
    const made = sandbox({ COLUMNS: '80' });
    boxes.push(made);
    const { BUDDY_TUI_NOW: _pinned, ...env } = made.env;
    mkdirSync(join(made.root, 'inbox'), { recursive: true, mode: 0o700 });
    const payload = realPayload();
    const session = payload.session_id as string;
    const event = {
      session_id: session,
      hook_event_name: 'PreToolUse',
      tool_name: 'WebFetch',
      tool_use_id: 'toolu_inbox',
      tool_input: { url: 'https://example.com' },
      cwd: '/w/p',
    };
    expect(await runSpool(JSON.stringify(event), env)).toMatchObject({ code: 0, stdout: '' });
    const run = spawnSync(process.execPath, [BUNDLE, '--no-color'], {
      input: JSON.stringify(payload),
      env,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(readdirSync(join(made.root, 'inbox')).filter((name) => name.startsWith('claude.'))).toEqual([]);
    expect(readFileSync(join(made.root, session, 'events.jsonl'), 'utf8')).toContain('toolu_inbox');
    expect(run.stdout).toContain('WebFetch');
  });
});

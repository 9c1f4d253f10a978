// Which hook install writes (spool or Node hook), and recognising every generation of it again.
import { describe, expect, it } from 'vitest';
import { chooseHookPath } from '../../src/install/hook-path.js';
import { buddyCommands, hookGroup } from '../../src/install/buddy-entries.js';
import { handlerKind } from '../../src/ingest/spool-command.js';

const commands = buddyCommands({ nodePath: '/usr/bin/node', distDir: "/opt/buddy's tui/dist" });
const handler = (form: 'exec' | 'shell', path: 'spool' | 'node') =>
  (hookGroup(commands, form, path) as { hooks: Array<Record<string, unknown>> }).hooks[0];

describe('hook path', () => {
  it('the spool where /bin/sh runs; the Node hook on Windows, without /bin/sh, or asked for', () => {
    expect(chooseHookPath(false, 'linux', '/bin/sh').path).toBe('spool');
    expect(chooseHookPath(true, 'linux', '/bin/sh')).toEqual({ path: 'node', why: '--node-hook' });
    expect(chooseHookPath(false, 'win32', '/bin/sh')).toEqual({ path: 'node', why: 'Windows has no /bin/sh' });
    expect(chooseHookPath(false, 'linux', '/nonexistent/sh')).toEqual({
      path: 'node',
      why: '/nonexistent/sh is missing',
    });
  });

  it('recognises each generation and form with the dist/hook.js and the node it names; a foreign command is not ours', () => {
    const script = "/opt/buddy's tui/dist/hook.js";
    for (const form of ['exec', 'shell'] as const) {
      expect(handlerKind(handler(form, 'spool'))).toEqual({ path: 'spool', hookScript: script, node: '/usr/bin/node' });
      expect(handlerKind(handler(form, 'node'))).toEqual({ path: 'node', hookScript: script, node: '/usr/bin/node' });
    }
    expect(handlerKind({ command: 'echo hi' })).toBeUndefined();
    expect(handlerKind({ command: 5 })).toBeUndefined();
  });
});

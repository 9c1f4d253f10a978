// `buddy-tui doctor` reads each session's last event from the end of its journal, never the whole
// journal: a session whose journal starts with a 2 GB hole (a sparse file, no disk used) is
// reported from its last line, as are ended sessions and a line still being written. Real CLI.
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const line = (event: Record<string, unknown>) => `${JSON.stringify(event)}\n`;

describe('doctor: the last event of each session', () => {
  it('comes from the end of each journal, whatever lies before it', () => {
    const home = makeTempDir();
    const root = join(home, 'state');
    mkdirSync(root, { mode: 0o700 });
    const now = Date.now();
    const session = (id: string) => {
      mkdirSync(join(root, id), { mode: 0o700 });
      return join(root, id, 'events.jsonl');
    };

    // 2 GB of nothing, then two events: folding this from the start cannot finish in memory.
    const fd = openSync(session('huge-session'), 'w', 0o600);
    writeSync(
      fd,
      line({ session_id: 'huge-session', hook_event_name: 'SessionStart', cwd: '/work/old-name', ts: now - 120_000 }),
    );
    const tail =
      `\n${line({ session_id: 'huge-session', hook_event_name: 'PostToolUse', tool_name: 'Bash', cwd: '/work/alpha', ts: now - 60_000 })}` +
      line({ session_id: 'huge-session', hook_event_name: 'Stop', ts: now - 30_000 });
    writeSync(fd, tail, 2 * 1024 ** 3); // at that offset: the bytes before it are a hole
    closeSync(fd);

    writeFileSync(
      session('ended-session'),
      line({ session_id: 'ended-session', hook_event_name: 'SessionStart', cwd: '/work/beta', ts: now - 3600_000 }) +
        line({
          session_id: 'ended-session',
          hook_event_name: 'SessionEnd',
          reason: 'exit',
          cwd: '/work/beta',
          ts: now - 1800_000,
        }),
    );
    // The hook is still writing the last line: it is not an event yet.
    writeFileSync(
      session('writing-session'),
      line({
        session_id: 'writing-session',
        hook_event_name: 'UserPromptSubmit',
        cwd: '/work/gamma',
        ts: now - 10_000,
      }) + '{"session_id":"writing-session","hook_event_name":"PreTo',
    );

    const run = runCli(['doctor', '--json'], {
      HOME: home,
      BUDDY_TUI_STATE_DIR: root,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'xdg'),
    });
    expect(run.stderr).toBe('');
    const sections = JSON.parse(run.stdout) as Array<{
      section: string;
      checks: Array<{ status: string; title: string }>;
    }>;
    const titles = sections.find((s) => s.section === 'sessions')!.checks.map((c) => c.title);
    expect(titles).toEqual([
      expect.stringMatching(/^session writing- gamma: last event UserPromptSubmit \d+s ago$/),
      expect.stringMatching(/^session huge-ses alpha: last event Stop \d+s ago$/),
      expect.stringMatching(/^session ended-se beta: last event SessionEnd \d+m\d+s ago, ended$/),
    ]);
  });
});

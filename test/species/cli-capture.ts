/** Runs a command's run() in-process with captured output and a private XDG home. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/cli/cli-io.js';

export interface Captured {
  io: CliIo;
  out: () => string;
  err: () => string;
  home: string;
}

export function capture(env: NodeJS.ProcessEnv = {}, now = () => Date.UTC(2026, 0, 5, 9)): Captured {
  const home = mkdtempSync(join(tmpdir(), 'buddy-cli-'));
  let out = '';
  let err = '';
  return {
    home,
    out: () => out,
    err: () => err,
    io: {
      stdout: (text) => (out += text),
      stderr: (text) => (err += text),
      env: {
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_STATE_HOME: join(home, 'state'),
        USER: 'tester',
        ...env,
      },
      isTTY: false,
      now,
    },
  };
}

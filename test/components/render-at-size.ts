/**
 * Renders an Ink tree into a fake terminal of a given size: stdout has columns and rows and
 * emits 'resize'; stdin is a TTY or, with `tty: false`, a pipe (isTTY undefined, like a real
 * pipe). ink-testing-library alone renders at a fixed 100 columns with no rows.
 */
import { EventEmitter } from 'node:events';
import type { ReactElement } from 'react';
import { render, type Instance } from 'ink';

export class FakeStdout extends EventEmitter {
  frames: string[] = [];
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string): boolean => {
    this.frames.push(frame);
    return true;
  };
  lastFrame = (): string | undefined => this.frames[this.frames.length - 1];
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

export class FakeStdin extends EventEmitter {
  isTTY: boolean | undefined;
  data: string | null = null;
  constructor(tty: boolean) {
    super();
    this.isTTY = tty ? true : undefined;
  }
  write = (data: string): void => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
  read = (): string | null => {
    const { data } = this;
    this.data = null;
    return data;
  };
}

export interface SizedRender {
  stdout: FakeStdout;
  stdin: FakeStdin;
  instance: Instance;
  lastFrame: () => string;
  /** Lines of the last frame with trailing spaces removed. */
  lines: () => string[];
  unmount: () => void;
}

export function renderAtSize(
  tree: ReactElement,
  columns: number,
  rows: number,
  options: { tty?: boolean } = {},
): SizedRender {
  const stdout = new FakeStdout(columns, rows);
  const stdin = new FakeStdin(options.tty ?? true);
  const stderr = new FakeStdout(columns, rows);
  const instance = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const lastFrame = () => stdout.lastFrame() ?? '';
  return {
    stdout,
    stdin,
    instance,
    lastFrame,
    lines: () =>
      lastFrame()
        .split('\n')
        .map((line) => line.replace(/\s+$/, '')),
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
  };
}

/** Lets effects and store updates land. */
export const settle = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the frame until `check` passes (fails after `timeoutMs`, never a fixed sleep as assertion). */
export async function waitForFrame(
  read: () => string,
  check: (frame: string) => boolean,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = read();
    if (check(frame)) return frame;
    if (Date.now() > deadline) throw new Error(`frame never matched; last frame:\n${frame}`);
    await settle(20);
  }
}

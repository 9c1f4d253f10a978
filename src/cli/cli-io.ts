/** What a command writes to and reads from, so tests can run commands in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  now: () => number;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    now: () => Date.now(),
  };
}

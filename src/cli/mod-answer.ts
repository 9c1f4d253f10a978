/**
 * `buddy-tui mod-answer --id ID`: the Claude Code mod's answer to a delegate call it claimed
 * (`asks` in `buddy-tui mod-state`), as JSON on stdin:
 *   {"isAnswered":true,"text":"…","usage":{…},"model":"…"}  or  {"isAnswered":false,"reason":"api-error"}
 * (what `$.model.complete` returned). The mod cannot write files without Claude Code asking the
 * user, so this writes the answer into the bridge (atomically) for the waiting session adapter.
 * Prints nothing; exits 0 when written, 1 when the asker gave up already, 2 on bad input.
 */
import { parseArgs } from 'node:util';
import { responseFrom } from '../mod/complete-result.js';
import { isBridgeId, writeBridgeResponse } from '../mod/mod-bridge.js';
import { stateRootPath } from '../state/state-root.js';
import { term } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';

const MAX_INPUT_BYTES = 64 * 1024;
const INPUT_IDLE_MS = 5000;

/** Stdin up to MAX_INPUT_BYTES (undefined past it, or when it stays silent for INPUT_IDLE_MS). */
function readInput(stream: NodeJS.ReadableStream = process.stdin): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let idle = setTimeout(() => done(undefined), INPUT_IDLE_MS);
    const done = (value: string | undefined) => {
      clearTimeout(idle);
      stream.removeAllListeners('data');
      resolve(value);
      if (value === undefined) stream.pause();
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) return done(undefined);
      chunks.push(Buffer.from(chunk));
      clearTimeout(idle);
      idle = setTimeout(() => done(undefined), INPUT_IDLE_MS);
    });
    stream.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', () => done(undefined));
  });
}

export async function run(
  args: string[],
  io: CliIo = processIo(),
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<number> {
  const { values } = parseArgs({ args, options: { id: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    io.stdout(
      term`usage: buddy-tui mod-answer --id ID  (the answer as JSON on stdin)\nWrites the Claude Code mod's answer to a delegate call it claimed.\n`,
    );
    return 0;
  }
  if (!isBridgeId(values.id)) {
    io.stderr(term`buddy-tui mod-answer: --id must be a bridge request id\n`);
    return 2;
  }
  const text = await readInput(stdin);
  let parsed: unknown;
  try {
    parsed = text === undefined ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const response = responseFrom(values.id, parsed);
  if (!response) {
    io.stderr(term`buddy-tui mod-answer: stdin is not $.model.complete's result as JSON\n`);
    return 2;
  }
  return writeBridgeResponse(stateRootPath(io.env), response) ? 0 : 1;
}

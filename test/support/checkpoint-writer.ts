/**
 * A reader that never stops: appends events and re-reads the session in a loop, so it is always
 * writing a checkpoint. The SIGKILL test kills it at a random moment.
 */
import { join } from 'node:path';
import { appendLine, serializeEventLine } from '../../src/state/journal.js';
import { readSession } from '../../src/state/reader.js';

const dir = process.argv[2];
let i = 0;
process.stdout.write('ready\n');
for (;;) {
  for (let k = 0; k < 50; k += 1) {
    i += 1;
    appendLine(
      join(dir, 'events.jsonl'),
      serializeEventLine({
        ts: i,
        session_id: 's',
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_use_id: `t${i}`,
        tool_input: { command: 'x'.repeat(500) },
      }),
    );
  }
  readSession(dir);
}

// Plays the Claude Code side of the mod bridge in its own process, as register.js does with
// $.process.run: it asks the real `buddy-tui mod-state --session <id>` (so the heartbeat carries
// this process's pid, as it carries Claude Code's), prints each delegate call it was handed
// ("ASK <json>") and toast ("TOAST <json>"), and answers it through the real `buddy-tui mod-answer` with what
// $.model.complete returns (usage in the engine's spelling). Stops when stdin closes.
// usage: node mod-side-process.mjs <cli.js> <session id> [answer|refuse]
import { spawnSync } from 'node:child_process';

const [cli, sessionId, mode = 'answer'] = process.argv.slice(2);
let stopped = false;
process.stdin.on('end', () => {
  stopped = true;
});
process.stdin.on('error', () => {
  stopped = true;
});
process.stdin.resume();

function look() {
  const ran = spawnSync(process.execPath, [cli, 'mod-state', '--session', sessionId], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (ran.status !== 0) return;
  const state = JSON.parse(ran.stdout);
  for (const toast of state.toasts ?? []) process.stdout.write(`TOAST ${JSON.stringify(toast)}\n`);
  for (const ask of state.asks ?? []) {
    process.stdout.write(`ASK ${JSON.stringify(ask)}\n`);
    const result =
      mode === 'refuse'
        ? { isAnswered: false, reason: 'api-error' }
        : {
            isAnswered: true,
            text: `session says: ${ask.prompt.slice(0, 40)}`,
            usage: { input_tokens: 12, output_tokens: 7 },
          };
    const answered = spawnSync(process.execPath, [cli, 'mod-answer', '--id', ask.id], {
      input: JSON.stringify({ ...result, model: ask.model }),
      encoding: 'utf8',
    });
    process.stdout.write(`ANSWERED ${ask.id} ${answered.status}\n`);
  }
  process.stdout.write('LOOKED\n');
}

process.stdout.write('READY\n');
while (!stopped) {
  look();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

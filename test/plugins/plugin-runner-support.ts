import { bashEvent, collector, command, handlers, useRunners } from './plugin-fixtures.js';

/**
 * The runner factory of `useRunners()` (closed after each test) and `answerOf`, which runs one
 * command plugin on one event and returns what came out. Call it at the top of a test file.
 */
export function useAnswers() {
  const runnerWith = useRunners();

  /** Runs one command plugin on one event and returns what came out. */
  async function answerOf(cmd: string, event = bashEvent('npm test')) {
    const out = collector();
    await runnerWith({
      handlers: handlers({ handler: command(cmd), origin: { plugin: 'probe' } }),
      ...out.callbacks,
    }).handleEvent(event);
    return out;
  }

  return { runnerWith, answerOf };
}

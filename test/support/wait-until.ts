/** Waiting in tests for something another process or a watcher does: a poll with a deadline that names what it waited for. */

/** Polls `read` every 50 ms until `check` holds (then returns the value), or fails naming `what`. */
export async function waitUntil<T>(
  read: () => T,
  check: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

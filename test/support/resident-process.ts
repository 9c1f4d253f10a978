/**
 * A resident buddy-tui process for the statusline fast-path tests: keeps the statusline lines of
 * the state root in $BUDDY_TUI_STATE_DIR current (src/statusline/resident-lines.ts) until killed.
 * Run with `node --import tsx test/support/resident-process.ts`.
 */
import { startResidentStatuslines } from '../../src/statusline/resident-lines.js';

startResidentStatuslines({ root: process.env.BUDDY_TUI_STATE_DIR as string });
process.stdout.write('ready\n');
setInterval(() => undefined, 60_000);

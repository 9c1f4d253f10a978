/**
 * The pane is a long-lived process beside the user's editor, idle most of the time, with a
 * small live heap (about 20 MB) that a burst of hook events churns through. V8's defaults
 * suit a server: the young generation grows to 32 MB and the old one may grow to several
 * times what is live before it is collected. Two growth settings keep the pane small:
 * - the young generation keeps its first size (1 MB semi-spaces), and
 * - the old generation grows by 30% past what was live after a full collection (V8's own
 *   "conservative" factor) instead of up to 4x.
 * Measured with `npm run bench`: peak RSS after the 50,000-event burst about 122 MB → 93 MB,
 * for about 5-10% more CPU during the burst and idle CPU from about 0.6% to 0.8-0.9% of a core
 * (each idle frame now costs a few 1 MB young-generation collections); latency is unchanged.
 * (`--optimize-for-size` reached 106 MB but cost 2-3% of a core idle.)
 * Neither is a cap (unlike `--max-old-space-size`): a huge session is collected more often,
 * never killed for running out of heap. V8 reads both at each collection, so setting them at
 * run time works; call this before the pane starts allocating.
 */
import { setFlagsFromString } from 'node:v8';

export const SMALL_HEAP_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=30'];

/**
 * TurboFan later (issue 50): a resident pane draws a frame or two a second, so V8's default
 * budget (67,584 bytecodes run) kept optimizing React's and Ink's functions one by one for the
 * pane's first minutes, on V8's worker threads: about 0.9% of a core of the 2.7% the pane
 * used with 5 working sessions, gone once warm (0.35% after a minute). Eight times the budget
 * leaves a function run a few times a second in Sparkplug's code, which costs it no more,
 * while a burst's loops (folding 50,000 events) still reach TurboFan within milliseconds.
 * Measured side by side, `npm run bench -- pane-cost` and `-- tui` (docs/bench-results.md).
 */
export const LATE_OPTIMIZATION_FLAGS = ['--interrupt-budget=540672'];

/**
 * V8 12 (Node 22 on) has no such flag (it counts invocations instead) and would print "unrecognized
 * flag" on the pane's terminal; there nothing is set, as nothing was measured there.
 */
export const knowsInterruptBudget = (v8Version = process.versions.v8): boolean => Number(v8Version.split('.')[0]) < 12;

export function preferSmallHeap(): void {
  setFlagsFromString([...SMALL_HEAP_FLAGS, ...(knowsInterruptBudget() ? LATE_OPTIMIZATION_FLAGS : [])].join(' '));
}

/**
 * The statusline's options: flags override the config file's `statusline` section, which
 * overrides the environment (NO_COLOR, COLUMNS), which overrides the defaults.
 */
import { parseArgs } from 'node:util';
import { colorAllowed } from '../text/color-allowed.js';
import type { StatuslineConfig } from './statusline-config.js';

export interface StatuslineOptions {
  lines: 1 | 2;
  segment: boolean;
  color: boolean;
  chain?: string;
  chainTimeoutMs: number;
  reactionMaxAgeMs: number;
  width: number;
  segmentWidth: number;
  help: boolean;
}

export const DEFAULTS = {
  /** Conservative: Claude Code before 2.1.153 does not say how wide the row is. */
  width: 80,
  /** Under the ~1 s users will wait, over a normal statusline's ~0.2 s; the cache covers the rest. */
  chainTimeoutMs: 800,
  reactionMaxAgeMs: 20_000,
  segmentWidth: 40,
} as const;

export const USAGE = `usage: buddy-tui statusline [options]   (reads Claude Code's statusLine JSON on stdin)

  --lines 1|2          rows to print (default 2)
  --segment            one short segment, no newline (for ccstatusline's Custom Command widget)
  --no-color           no escape sequences (also: NO_COLOR=1)
  --chain "<command>"  run your previous statusLine command with the same stdin; its lines go above
  --chain-timeout <ms> how long the chained command may take (default ${DEFAULTS.chainTimeoutMs})
  --width <cells>      width to fit (default: $COLUMNS, else ${DEFAULTS.width})

Config: the "statusline" section of config.json (keys: lines, segment, color, chain,
chainTimeoutMs, reactionMaxAgeMs, width, segmentWidth). See docs/statusline.md.
`;

function integer(value: unknown, min: number, max: number): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** Never throws: an unknown flag or a bad value is ignored, the statusline must still print. */
export function resolveOptions(args: string[], config: StatuslineConfig, env: NodeJS.ProcessEnv): StatuslineOptions {
  let flags: Record<string, string | boolean | undefined> = {};
  try {
    flags = parseArgs({
      args,
      strict: false,
      allowPositionals: true,
      options: {
        lines: { type: 'string' },
        segment: { type: 'boolean' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        chain: { type: 'string' },
        'chain-timeout': { type: 'string' },
        width: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values as Record<string, string | boolean | undefined>;
  } catch {
    // Unparseable arguments: defaults and config only.
  }
  const flagLines = integer(flags.lines, 1, 2) as 1 | 2 | undefined;
  let color = colorAllowed(env);
  if (config.color !== undefined) color = config.color;
  if (flags.color === true) color = true;
  if (flags['no-color'] === true) color = false;
  const chain = typeof flags.chain === 'string' ? flags.chain : config.chain;
  return {
    lines: flagLines ?? config.lines ?? 2,
    segment: flags.segment === true || (flags.segment === undefined && config.segment === true),
    color,
    chain: chain?.trim() ? chain : undefined,
    chainTimeoutMs: integer(flags['chain-timeout'], 50, 10_000) ?? config.chainTimeoutMs ?? DEFAULTS.chainTimeoutMs,
    reactionMaxAgeMs: config.reactionMaxAgeMs ?? DEFAULTS.reactionMaxAgeMs,
    width: integer(flags.width, 10, 1000) ?? config.width ?? integer(env.COLUMNS, 10, 1000) ?? DEFAULTS.width,
    segmentWidth: config.segmentWidth ?? DEFAULTS.segmentWidth,
    help: flags.help === true,
  };
}

/**
 * "Now" for everything time-based. BUDDY_TUI_NOW (ms since epoch, or an ISO date) pins it, so
 * golden tests and benchmarks are deterministic; it is not meant for users.
 */
export function resolveNow(env: NodeJS.ProcessEnv): number {
  const pinned = env.BUDDY_TUI_NOW;
  if (pinned) {
    const number = /^\d+$/.test(pinned) ? Number(pinned) : Date.parse(pinned);
    if (Number.isFinite(number)) return number;
  }
  return Date.now();
}

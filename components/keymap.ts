/**
 * Every key of the pane in one table. The key handler (App.tsx) runs the first binding whose key
 * matches and whose `when` holds; the help overlay lists each row's `label` and `help`; the key
 * table of docs/tui.md is generated from `doc` and the bindings' keys (scripts/gen-key-docs.ts,
 * `npm run schema`). A key that changes only the store is one row here; one that does work outside
 * it (a file, the pet) calls a handler the services give the store (CONTRIBUTING.md, "Recipe: a key").
 */
import type { Key } from 'ink';
import { overviewMode, type BuddyState } from '../src/tui/store/index.js';

type NamedKey = 'leftArrow' | 'rightArrow' | 'upArrow' | 'downArrow' | 'return' | 'escape';

/** A key as data: a character (without Ctrl), a digit 1-9, a named key, or Ctrl with a character. */
export type KeySpec = { char: string } | { digit: '1-9' } | { named: NamedKey } | { ctrl: string };

export interface KeyContext {
  state: BuddyState;
  /** What Ink read (the digit of a `digit` key). */
  input: string;
  /** Leaves the app (q, Ctrl+C). */
  quit(): void;
}

export interface Binding {
  key: KeySpec;
  /** Only while this holds; otherwise the key goes on to the next binding. */
  when?: (state: BuddyState) => boolean;
  run(context: KeyContext): void;
}

export interface KeyRow {
  /** The keys as the help overlay writes them; it names every binding's key (keymap.test.ts). */
  label: string;
  /** The help overlay's line. */
  help: string;
  /** docs/tui.md's line. */
  doc: string;
  bindings: readonly Binding[];
}

const overviewShown = (state: BuddyState) => overviewMode(state) !== 'none';

export const KEYMAP: readonly KeyRow[] = [
  {
    label: '←/→ 1-9',
    help: 'switch session',
    doc: 'previous / next session; jump to that session tab',
    bindings: [
      { key: { named: 'leftArrow' }, run: ({ state }) => state.selectRelative(-1) },
      { key: { named: 'rightArrow' }, run: ({ state }) => state.selectRelative(1) },
      { key: { digit: '1-9' }, run: ({ state, input }) => state.selectIndex(Number(input) - 1) },
    ],
  },
  {
    label: 'o ↑↓ Enter',
    help: 'sessions overview: select, open',
    doc: 'show / hide the overview of every session; while it shows (docked too), `↑` `↓` move the cursor and `Enter` opens that session (selects it and closes the overview)',
    bindings: [
      { key: { char: 'o' }, run: ({ state }) => state.toggleOverview() },
      { key: { named: 'upArrow' }, when: overviewShown, run: ({ state }) => state.moveOverviewCursor(-1) },
      { key: { named: 'downArrow' }, when: overviewShown, run: ({ state }) => state.moveOverviewCursor(1) },
      { key: { named: 'return' }, when: overviewShown, run: ({ state }) => state.openOverviewCursor() },
    ],
  },
  {
    label: 'f',
    help: 'feed the buddy',
    doc: 'feed the buddy (lowers hunger; a full buddy refuses), in any pane: there is one pet',
    bindings: [{ key: { char: 'f' }, run: ({ state }) => state.requestInteraction('feed', state.now) }],
  },
  {
    label: 'p',
    help: 'pet the buddy',
    doc: 'pet the buddy (raises happiness)',
    bindings: [{ key: { char: 'p' }, run: ({ state }) => state.requestInteraction('pet', state.now) }],
  },
  {
    label: 'm',
    help: 'mute / unmute reactions',
    doc: 'mute / unmute reactions (muting also clears the bubbles on screen), in every pane and for the notifications',
    bindings: [{ key: { char: 'm' }, run: ({ state }) => state.toggleMute(state.now) }],
  },
  {
    label: 'c',
    help: 'chattiness: quiet / normal / chatty',
    doc: 'cycle the [chattiness](#chattiness): quiet → normal → chatty; the footer says the new level, every pane and the plugins follow it, and the next start keeps it',
    bindings: [{ key: { char: 'c' }, run: ({ state }) => state.cycleChattiness(state.now) }],
  },
  {
    label: 'v',
    help: "the buddy's voice on / off",
    doc: "turn the buddy's [voice](delegates.md#the-buddys-voice) on / off (what `buddy-tui voice on|off` sets: `reactions.voice` in config.json); the footer says what it now speaks with",
    bindings: [{ key: { char: 'v' }, run: ({ state }) => state.requestVoiceSwitch(state.now) }],
  },
  {
    label: 'r',
    help: 'the last reactions and their fate',
    doc: 'show / hide the last 50 reactions and what became of each',
    bindings: [{ key: { char: 'r' }, run: ({ state }) => state.toggleOverlay('history') }],
  },
  {
    label: 'h',
    help: 'the agents buddy-tui can feed from',
    doc: 'show / hide the [hosts](#hosts): every agent buddy-tui can feed from, the sessions from each, and what each cannot report',
    bindings: [{ key: { char: 'h' }, run: ({ state }) => state.toggleOverlay('hosts') }],
  },
  {
    label: 'Esc',
    help: 'close the open view',
    doc: 'close the view open over the pane (the help, the reactions, the hosts, the overview)',
    bindings: [
      {
        key: { named: 'escape' },
        when: (state) => state.overlay !== 'none',
        run: ({ state }) => state.setOverlay('none'),
      },
    ],
  },
  {
    label: '?',
    help: 'close this help',
    doc: 'show / hide the help (keys, who runs the plugins, reaction counts and chattiness, delegate accounting)',
    bindings: [{ key: { char: '?' }, run: ({ state }) => state.toggleOverlay('help') }],
  },
  {
    label: 'q Ctrl+C',
    help: 'quit',
    doc: 'quit',
    bindings: [
      { key: { char: 'q' }, run: ({ quit }) => quit() },
      { key: { ctrl: 'c' }, run: ({ quit }) => quit() },
    ],
  },
];

const NAMED_GLYPH: Record<NamedKey, string> = {
  leftArrow: '←',
  rightArrow: '→',
  upArrow: '↑',
  downArrow: '↓',
  return: 'Enter',
  escape: 'Esc',
};

/** How help and docs write a key. */
export function keyGlyph(spec: KeySpec): string {
  if ('char' in spec) return spec.char;
  if ('digit' in spec) return spec.digit;
  if ('named' in spec) return NAMED_GLYPH[spec.named];
  return `Ctrl+${spec.ctrl.toUpperCase()}`;
}

export function keyMatches(spec: KeySpec, input: string, key: Key): boolean {
  if ('char' in spec) return !key.ctrl && input === spec.char;
  if ('digit' in spec) return !key.ctrl && /^[1-9]$/.test(input);
  if ('named' in spec) return key[spec.named];
  return key.ctrl && input === spec.ctrl;
}

/** The binding a key press runs now, if any: the first in table order that matches and whose `when` holds. */
export function bindingFor(
  state: BuddyState,
  input: string,
  key: Key,
  table: readonly KeyRow[] = KEYMAP,
): Binding | undefined {
  for (const row of table) {
    for (const binding of row.bindings) {
      if (keyMatches(binding.key, input, key) && (binding.when?.(state) ?? true)) return binding;
    }
  }
  return undefined;
}

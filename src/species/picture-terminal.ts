/**
 * How the pane draws a picture pet here, from what the terminal says of itself:
 * - NO_COLOR or TERM=dumb: the species' text frames (a picture needs colour);
 * - kitty or Ghostty, outside tmux: the kitty graphics protocol (picture-kitty.ts);
 * - else half-blocks in 24-bit colour (COLORTERM=truecolor|24bit), 256 colours (TERM *256color*), or 16.
 * Inside tmux (TMUX set) never the kitty protocol: it needs allow-passthrough and tmux does not move
 * or clear passed-through images with its panes, so half-blocks it is (docs/species.md).
 * WezTerm speaks the kitty protocol but not its Unicode placeholders, so it gets 24-bit half-blocks.
 * BUDDY_TUI_PICTURES=kitty|truecolor|256|16|text overrides the guess.
 */
import type { PictureColors } from './picture-cells.js';

export type PictureMode = { kind: 'kitty' } | { kind: 'cells'; colors: PictureColors } | { kind: 'text' };

function colorsOf(env: NodeJS.ProcessEnv): PictureColors {
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit') return 'truecolor';
  if (/256col/i.test(env.TERM ?? '')) return '256';
  return '16';
}

export function pictureModeFor(env: NodeJS.ProcessEnv): PictureMode {
  const forced = env.BUDDY_TUI_PICTURES;
  if (forced === 'text') return { kind: 'text' };
  if (forced === 'kitty') return { kind: 'kitty' };
  if (forced === 'truecolor' || forced === '256' || forced === '16') return { kind: 'cells', colors: forced };
  if (env.NO_COLOR || env.TERM === 'dumb') return { kind: 'text' };
  const inTmux = Boolean(env.TMUX) || /^(tmux|screen)/.test(env.TERM ?? '');
  const kitty =
    env.TERM === 'xterm-kitty' ||
    Boolean(env.KITTY_WINDOW_ID) ||
    env.TERM === 'xterm-ghostty' ||
    /^ghostty$/i.test(env.TERM_PROGRAM ?? '');
  if (kitty && !inTmux) return { kind: 'kitty' };
  return { kind: 'cells', colors: colorsOf(env) };
}

/**
 * The channels that are bytes on the runner's own terminal: the bell, OSC 9 (iTerm2, WezTerm,
 * Windows Terminal, ghostty), OSC 777 (foot, VTE, rxvt-unicode) and kitty's OSC 99. Inside tmux
 * an OSC goes through tmux's passthrough (it needs `set -g allow-passthrough on`); a bell through
 * tmux's own bell handling.
 */
import { sanitizeText } from '../text/sanitize.js';
import type { NotifyChannelName } from './channel-names.js';
import type { NotifyChannel } from './notification.js';

const BEL = '\u0007';
const ESC = '\u001b';
const ST = `${ESC}\\`;

/** One field of an OSC: no control characters (sanitizeText), and no `;` (OSC 777's separator). */
export const oscField = (text: string, max: number) => sanitizeText(text, { maxLength: max }).replace(/;/g, ',');

const wrapForTmux = (osc: string, inTmux: boolean) =>
  inTmux ? `${ESC}Ptmux;${osc.replaceAll(ESC, ESC + ESC)}${ST}` : osc;

type Bytes = (title: string, body: string) => string;

const BYTES: Record<'bell' | 'osc9' | 'osc777' | 'osc99', Bytes> = {
  bell: () => BEL,
  osc9: (title, body) => `${ESC}]9;${oscField(`${title}: ${body}`, 200)}${BEL}`,
  osc777: (title, body) => `${ESC}]777;notify;${oscField(title, 60)};${oscField(body, 200)}${BEL}`,
  // kitty: the title (d=0: more to come), then the body (p=body) of the same notification id.
  osc99: (title, body) =>
    `${ESC}]99;i=buddy:d=0;${oscField(title, 60)}${ST}${ESC}]99;i=buddy:d=1:p=body;${oscField(body, 200)}${ST}`,
};

/** The bytes one terminal channel writes for a notification. */
export function terminalBytes(name: keyof typeof BYTES, title: string, body: string, inTmux: boolean): string {
  const bytes = BYTES[name](title, body);
  return name === 'bell' ? bytes : wrapForTmux(bytes, inTmux);
}

function terminalChannel(name: keyof typeof BYTES & NotifyChannelName): NotifyChannel {
  return {
    name,
    available: () => ({ ok: true }),
    send(notification, context) {
      context.writeTerminal(terminalBytes(name, notification.title, notification.body, Boolean(context.env.TMUX)));
    },
  };
}

export const TERMINAL_CHANNELS: NotifyChannel[] = (['bell', 'osc9', 'osc777', 'osc99'] as const).map(terminalChannel);

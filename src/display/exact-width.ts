/**
 * text-width.ts with string-width loaded up front, for callers that measure synchronously and
 * are not a hot path: the pane's components and the species checks. Emoji and other joined
 * clusters are then measured exactly from the first frame. The statusline imports
 * text-width.ts itself and loads string-width only when it needs it.
 */
import stringWidth from 'string-width';
import { provideStringWidth } from './text-width.js';

provideStringWidth(stringWidth);

export { displayWidth, padTo, truncate, visibleWidth } from './text-width.js';

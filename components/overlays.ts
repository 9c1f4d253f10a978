/**
 * The overlay table: what each overlay draws and how much of the pane's body it takes. PaneBody
 * draws the one open (the store's `overlay`); keymap.ts has the keys that open and close them.
 * The Record makes the compiler ask for a row when src/tui/store/types.ts gains an overlay.
 */
import type { ReactElement } from 'react';
import type { Overlay } from '../src/tui/store/index.js';
import { HelpPart, HistoryPart, OverviewPart } from './BodyParts.js';
import { HostsPart } from './HostsOverlay.js';
import type { OverlayProps } from './overlay-props.js';

export interface OverlayView {
  /** body: the whole body; session: the session's part (a docked overview stays below it). */
  covers: 'body' | 'session';
  View: (props: OverlayProps) => ReactElement | null;
}

export const OVERLAY_VIEWS: Record<Exclude<Overlay, 'none'>, OverlayView> = {
  help: { covers: 'body', View: HelpPart },
  history: { covers: 'session', View: HistoryPart },
  overview: { covers: 'body', View: OverviewPart },
  hosts: { covers: 'body', View: HostsPart },
};

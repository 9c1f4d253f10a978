/**
 * config.json's `tui` section, owned by the pane; config/config-schema.ts composes it. Open for
 * now: the pane's own choices live in pane-prefs.json (the keys set them), not in config.json.
 */
import { z } from 'zod';

export const tuiConfigSchema = z.looseObject({}).describe('TUI settings (see docs/tui.md).');

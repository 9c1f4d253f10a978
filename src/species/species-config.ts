/** config.json's `species` section, owned here; config/config-schema.ts composes it. */
import { z } from 'zod';

export const speciesConfigSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Draw this species instead of your buddy's own, in every view: the pane, the statusline, the mod, `status` and the pet's card (its pet.json keeps its own; `buddy-tui hatch --species` changes that).",
    ),
  dir: z.string().min(1).optional().describe('Extra species folder; ~ and ${VAR} expand.'),
});

/** config.json's `species` section, owned here; config/config-schema.ts composes it. */
import { z } from 'zod';

export const speciesConfigSchema = z.strictObject({
  id: z.string().min(1).optional(),
  dir: z.string().min(1).optional().describe('Extra species folder; ~ and ${VAR} expand.'),
});

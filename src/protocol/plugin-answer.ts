/**
 * What a buddy plugin may answer (stdout of a command plugin, body of an http plugin).
 * Full zod: plugins run in the TUI, never on a hot path.
 */
import { z } from 'zod';

export const delegateRequestSchema = z.looseObject({
  delegate: z.literal(true),
  prompt: z.string().min(1),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().int().positive().optional(),
  model: z.string().min(1).optional(),
  context: z
    .strictObject({ transcriptMessages: z.number().int().min(0).max(12) })
    .optional(),
});
export type DelegateRequest = z.infer<typeof delegateRequestSchema>;

export const staticReactionSchema = z.looseObject({
  reaction: z.string(),
  mood: z.string().optional(),
  ttlMs: z.number().int().positive().optional(),
  priority: z.number().int().optional(),
});
export type StaticReaction = z.infer<typeof staticReactionSchema>;

/** Claude Code's own hook output, accepted so stock hook scripts work as plugins. */
export const claudeHookOutputSchema = z.looseObject({
  decision: z.string().optional(),
  reason: z.string().optional(),
  systemMessage: z.string().optional(),
});

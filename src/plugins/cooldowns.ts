/**
 * The per-plugin cooldown on anything that reaches the bubble: a plugin that was shown less
 * than its cooldown ago is not shown again. What that drops is counted, and a user's plugin's
 * dropped reaction is handed on (the pane's history keeps it).
 */
import type { Reaction } from '../protocol/reaction.js';
import { BUILTIN_PLUGIN_NAME } from './builtin-quips.js';

export interface Cooldowns {
  coolingDown(plugin: string, cooldownMs: number): boolean;
  /** True, and the plugin's cooldown restarted, when it may be shown; else counts the drop and reports `dropped`. */
  passes(plugin: string, cooldownMs: number, dropped?: Reaction): boolean;
  /** How many answers the cooldown has kept off the bubble. */
  droppedCount(): number;
}

export function createCooldowns(now: () => number, onDropped: (reaction: Reaction, why: string) => void): Cooldowns {
  const lastShown = new Map<string, number>();
  let droppedByCooldown = 0;

  const coolingDown = (plugin: string, cooldownMs: number): boolean => {
    const last = lastShown.get(plugin);
    return last !== undefined && now() - last < cooldownMs;
  };

  return {
    coolingDown,
    passes(plugin, cooldownMs, dropped) {
      if (coolingDown(plugin, cooldownMs)) {
        droppedByCooldown += 1;
        if (dropped && plugin !== BUILTIN_PLUGIN_NAME) {
          try {
            onDropped(dropped, `cooldown: ${plugin} spoke less than ${cooldownMs} ms ago`);
          } catch {
            // A failing listener must not take the runner down.
          }
        }
        return false;
      }
      lastShown.set(plugin, now());
      return true;
    },
    droppedCount: () => droppedByCooldown,
  };
}

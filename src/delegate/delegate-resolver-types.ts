/**
 * What the delegate resolver takes and promises (its options, its outcomes), and the unit it
 * queues: an admitted request, with what it takes to give the admission back.
 */
import type { DelegateMeta } from '../protocol/plugin-answer.js';
import type { JournalEvent } from '../protocol/hook-event.js';
import type { Reaction } from '../protocol/reaction.js';
import type { DelegateAdapter } from './adapters/adapter.js';
import type { AdapterChoice } from './adapters/auto-choice.js';
import type { AdmissionToken } from './admission-ledger.js';
import type { DelegateConfig } from './delegate-config.js';
import type { BuiltPrompt } from './delegate-prompt.js';
import type { Reporter } from '../report/reporter.js';
import type { DelegateLogEntry, DelegateUsage } from './delegate-usage.js';
import type { QuipSource } from './offline-quips.js';

export type DelegateOutcome =
  | { outcome: 'answered' | 'cached'; reactionId: string; source: string }
  | { outcome: 'offline'; reactionId?: string; reason: string }
  | { outcome: 'dropped'; reason: 'stale' | 'replaced' };

export interface DelegateResolverOptions {
  onReaction(reaction: Reaction): void;
  config?: DelegateConfig;
  /** Use this adapter instead of choosing one from the config. */
  adapter?: DelegateAdapter;
  quipsFor?: QuipSource;
  /** The species' system prompt / personality for a session. */
  speciesSystemPromptFor?: (sessionId: string) => string | undefined;
  /** True when the event speaks to the buddy (may bypass the cooldown once). */
  isAddressed?: (event: JournalEvent) => boolean;
  /** Every decision (accepted, answered, refused, failed...), the ledger entry as detail. */
  report?: Reporter<DelegateLogEntry>;
  /** The state root of the mod bridge: for auto, a loaded buddy mod answers first (adapters/session.ts). */
  bridgeRoot?: string;
  /** Directory of the accounting file (normally the state root); undefined = memory only. */
  usageDir?: string;
  now?: () => number;
  /** Starts the call timeout; returns its cancel. Tests pass one they fire themselves. */
  setTimer?: (fire: () => void, ms: number) => () => void;
  seed?: number;
  env?: NodeJS.ProcessEnv;
  newId?: () => string;
  /** The owner's lifetime: when it aborts, the resolver closes as close() does. */
  signal?: AbortSignal;
}

export interface DelegateResolver {
  /** Never throws; settles when the request is finished (answered, fallen back or dropped). */
  resolve(request: unknown, meta: DelegateMeta): Promise<DelegateOutcome>;
  /** Settles when nothing is queued or running. */
  idle(): Promise<void>;
  usage(): DelegateUsage;
  /** The adapter in use and why (chooses it now if it was not yet). */
  adapterChoice(): Promise<AdapterChoice>;
  /** Aborts running calls; queued ones fall back and give their admission back. */
  close(): void;
}

/** A request policy admitted, with the token that gives its admission back (admission-ledger.ts). */
export interface Admitted {
  meta: DelegateMeta;
  token: AdmissionToken;
}

export interface Job extends Admitted {
  key: string;
  built: BuiltPrompt;
  reactionId: string;
  priority: number;
  /** Who answers it: for `auto`, chosen for the host whose session asked. */
  adapter: DelegateAdapter;
  done: (outcome: DelegateOutcome) => void;
}

/** The delegate resolver's public surface, for the TUI, the config schema and `doctor`. */
export {
  createDelegateResolver,
  THINKING_TEXT,
  type DelegateOutcome,
  type DelegateResolver,
  type DelegateResolverOptions,
} from './delegate-resolver.js';
export {
  delegateConfigSchema,
  delegatePolicySchema,
  resolveDelegateSettings,
  DEFAULT_POLICY,
  type DelegateConfig,
  type DelegateSettings,
} from './delegate-config.js';
export { describeAutoChoice, type AdapterChoice } from './adapters/auto-choice.js';
export {
  readDelegateUsage,
  usageTotals,
  usageStatRows,
  DELEGATE_USAGE_FILE,
  type DelegateUsage,
  type PluginUsage,
  type DelegateLogEntry,
} from './delegate-usage.js';
export { redactSecrets } from './redact-secrets.js';
export { isBuddyAddressed } from './buddy-addressed.js';

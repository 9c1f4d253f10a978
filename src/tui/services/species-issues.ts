/**
 * A species file's problems while the pane runs (docs/species.md: "skipped with a message that
 * names the file"): each new one is written to tui.log, and a new error is said in the footer,
 * naming the file and whether its last good version stays in use. A problem already said is not
 * said again until it is gone and comes back.
 */
import type { SpeciesRegistry } from '../../species/species-registry.js';
import type { SpeciesIssue } from '../../species/validate-species.js';
import { toSafeText } from '../../text/safe-text.js';
import type { BuddyStore } from '../store/index.js';
import type { TuiLog } from '../tui-log.js';

const keyOf = (issue: SpeciesIssue): string => `${issue.file}\u0000${issue.path}\u0000${issue.message}`;

const describeIssue = (issue: SpeciesIssue): string =>
  `${issue.file}${issue.path ? ` at ${issue.path}` : ''}: ${issue.message}`;

export function createSpeciesIssueReporter(
  store: BuddyStore,
  log: TuiLog,
  clock: () => number,
): (registry: SpeciesRegistry) => void {
  let said = new Set<string>();
  return (registry) => {
    const issues = registry.issues();
    const fresh = issues.filter((issue) => !said.has(keyOf(issue)));
    said = new Set(issues.map(keyOf));
    for (const issue of fresh)
      log.report({
        level: issue.severity === 'error' ? 'error' : 'warning',
        where: 'species',
        message: describeIssue(issue),
      });
    const errors = fresh.filter((issue) => issue.severity === 'error');
    if (errors.length === 0) return;
    const first = errors[0];
    const kept = registry.list().some((entry) => entry.file === first.file);
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more in tui.log)` : '';
    const outcome = kept ? 'its last good version stays in use' : 'skipped';
    store
      .getState()
      .setNotice(
        toSafeText(`species ${describeIssue(first)}; ${outcome}${more}`, { maxLength: 300 }),
        clock(),
        'warning',
      );
  };
}

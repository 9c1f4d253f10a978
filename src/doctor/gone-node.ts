/** The doctor's check for a hook or statusLine command whose Node binary is gone. */
import { existsSync } from 'node:fs';
import type { DoctorCheck } from './doctor-check.js';

/**
 * The Node binaries a hook or the statusLine names that are gone: a Node upgrade by nvm or fnm
 * removes the version install wrote. The spool still spools while the inbox exists, but its
 * fallback and the statusLine cannot start.
 */
export function goneNodeCheck(nodes: Array<string | undefined>, what: 'hook' | 'statusLine'): DoctorCheck | undefined {
  const gone = [
    ...new Set(nodes.filter((node): node is string => !!node && node.startsWith('/') && !existsSync(node))),
  ];
  if (!gone.length) return undefined;
  return {
    status: 'fail',
    title: `the ${what} command names a Node binary that is gone: ${gone.join(', ')}`,
    detail: 'a Node upgrade (nvm, fnm, a package update) removed it',
    fix: 'run `buddy-tui install` again: it rewrites the hooks and the statusLine with the Node that runs it',
  };
}

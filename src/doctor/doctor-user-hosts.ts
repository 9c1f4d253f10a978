/**
 * Doctor's "other agents": the hosts of config.json's `hosts` (their maps as the hook applies
 * them, and what it leaves out, by JSON path) and the hosts buddy-tui has no translator for that
 * the journals name (`generic`, or an id with no map), with how many sessions each fed.
 */
import { readConfigObject } from '../config/config-lite.js';
import { configFilePath } from '../config/paths.js';
import { GENERIC_HOST, parseHostId } from '../hosts/host-id.js';
import { checkUserHostMaps, mapProblemPath, type MapProblem } from '../hosts/user-host-map.js';
import { readLastEvent } from '../state/journal-last-event.js';
import { listSessions } from '../state/reader.js';
import { stateRootPath } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';
import type { DoctorCheck } from './doctor-check.js';

/** Sessions per host that is not built in, by the host on each journal's last line. */
function sessionsByUserHost(env: NodeJS.ProcessEnv): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of listSessions(stateRootPath(env), env)) {
    if (entry.origin !== 'journal') continue;
    const host = readLastEvent(entry.dir)?.host;
    if (host === undefined || parseHostId(host)) continue;
    counts.set(host, (counts.get(host) ?? 0) + 1);
  }
  return counts;
}

const seen = (count: number | undefined) =>
  count ? `${count} session${count === 1 ? '' : 's'} seen` : 'no session seen yet';

function configuredChecks(hosts: unknown, counts: Map<string, number>): DoctorCheck[] {
  const { maps, problems } = checkUserHostMaps(hosts);
  const problemsOf = (id: string) => problems.filter((p) => p.at[1] === id);
  const said = (list: MapProblem[]) => list.map((p) => `${mapProblemPath(p.at)}: ${p.message}`).join('; ');
  const checks: DoctorCheck[] = [...maps].map(([id, map]) => {
    const wrong = problemsOf(id);
    const names = `${Object.keys(map.events).length} event and ${Object.keys(map.fields).length} field names mapped`;
    return {
      status: wrong.length ? 'warn' : 'ok',
      title: `${id} (${sanitizeText(map.label ?? id, { maxLength: 40 })}): ${names}, ${seen(counts.get(id))}`,
      ...(wrong.length
        ? { detail: `left out: ${said(wrong)}`, fix: 'correct these in config.json (docs/hosts.md#any-other-agent)' }
        : {}),
    };
  });
  // An entry that is no host at all (a built-in's id, a bad id, not an object).
  const unusable = problems.filter((p) => p.at.length <= 2 && !maps.has(p.at[1] ?? ''));
  for (const problem of unusable) {
    checks.push({
      status: 'warn',
      title: `${mapProblemPath(problem.at)} is not used: ${problem.message}`,
      fix: 'rename or remove it in config.json',
    });
  }
  return checks;
}

export function userHostChecks(env: NodeJS.ProcessEnv = process.env): DoctorCheck[] {
  const hosts = readConfigObject(configFilePath(env))?.hosts;
  const counts = sessionsByUserHost(env);
  const checks = configuredChecks(hosts, counts);
  const mapped = new Set(checkUserHostMaps(hosts).maps.keys());
  for (const [host, count] of counts) {
    if (mapped.has(host)) continue;
    const name = sanitizeText(host, { maxLength: 40 });
    checks.push(
      host === GENERIC_HOST
        ? { status: 'ok', title: `generic (\`buddy-tui hook --host generic\`): ${seen(count)}` }
        : {
            status: 'warn',
            title: `${name}: ${seen(count)}, no map in config.json (its payloads are taken as Claude Code's shape)`,
            fix: `if its event or field names are not Claude Code's, map them in config.json's hosts.${name} (docs/hosts.md#any-other-agent)`,
          },
    );
  }
  return checks;
}

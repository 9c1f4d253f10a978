/** `buddy-tui doctor`: checks the whole setup; each line ok/warn/fail with its fix; exit 1 on a fail. */
import { parseArgs } from 'node:util';
import { formatCheck, type DoctorCheck } from '../doctor/doctor-check.js';
import {
  buildCheck,
  configChecks,
  nodeCheck,
  sessionChecks,
  speciesChecks,
  stateRootCheck,
} from '../doctor/doctor-local.js';
import { inboxChecks, retryDamagedFiles } from '../doctor/doctor-inbox.js';
import { modChecks } from '../doctor/doctor-mod.js';
import { delegateCheck, delegateFailureChecks } from '../doctor/doctor-delegate.js';
import { voiceCheck } from '../doctor/doctor-voice.js';
import { oneHostIsEnough } from '../doctor/doctor-hosts.js';
import { notifyChecks } from '../doctor/doctor-notify.js';
import { userHostChecks } from '../doctor/doctor-user-hosts.js';
import { HOST_IDS } from '../hosts/host-id.js';
import { HOST_INSTALLERS } from './host-installers.js';
import { joinTerm, term, termJson } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';

const HELP = term`usage: buddy-tui doctor [--json] [--retry-damaged]

Checks Node, the build, the state root and its inbox (waiting and damaged events), Claude Code's
settings (hooks, statusLine, disableAllHooks, folder trust), whether the buddy mod loads, each other
host's hooks when its config folder exists (Codex: present, trusted, hooks on), the last event of each
session, the config and species files, the delegate adapter and its failed calls of the last day,
and who sends notifications (when notify.channels names one).
Exits 1 when a check fails.

--retry-damaged  first tries the inbox's damaged files again: each one that is a whole event
                 now is journaled (and removed from inbox/damaged), the rest are kept.
`;

export async function collectChecks(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  now: number = Date.now(),
): Promise<Array<{ section: string; checks: DoctorCheck[] }>> {
  const { checks: config, config: loaded } = configChecks(env, cwd);
  const guard = async (section: string, make: () => DoctorCheck[] | Promise<DoctorCheck[]>) => {
    try {
      return { section, checks: await make() };
    } catch (error) {
      // A check that crashes is itself a finding, never the end of the report.
      return {
        section,
        checks: [{ status: 'fail' as const, title: `${section} check failed: ${(error as Error).message}` }],
      };
    }
  };
  const hosts = HOST_IDS.map((id) => HOST_INSTALLERS[id]);
  const sections = await Promise.all([
    guard('buddy-tui', () => [nodeCheck(), buildCheck(), stateRootCheck(env), ...inboxChecks(env, now)]),
    // Each host's section; one whose config folder is not there (a Claude-only user's Codex) has none.
    ...hosts.map((host) => guard(host.name, () => host.doctor(env, cwd))),
    guard('other agents', () => userHostChecks(env)),
    guard('Claude Code mod', () => modChecks(env, cwd)),
    guard('sessions', () => sessionChecks(env, now)),
    guard('config', () => config),
    guard('species', () => speciesChecks(env, loaded)),
    guard('delegate', async () => [
      await delegateCheck(env, loaded),
      ...delegateFailureChecks(env, now),
      voiceCheck(env, loaded, now),
    ]),
    guard('notifications', () => notifyChecks(env, loaded)),
  ]);
  const wiring = hosts.map((host) => {
    let wired = false;
    try {
      wired = host.isWired(env, cwd);
    } catch {
      // Unreadable configuration: its section already says so.
    }
    return { name: host.name, wired, installCommand: host.installCommand };
  });
  return oneHostIsEnough(
    sections.filter((section) => section.checks.length > 0),
    wiring,
  );
}

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { json: { type: 'boolean' }, 'retry-damaged': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  if (values['retry-damaged']) io.stdout(term`${retryDamagedFiles()}\n\n`);
  const sections = await collectChecks();
  const all = sections.flatMap((section) => section.checks);
  if (values.json) io.stdout(term`${termJson(sections, 2)}\n`);
  else {
    const text = joinTerm(
      sections.map((section) => term`${section.section}\n${joinTerm(section.checks.map(formatCheck), '\n')}`),
      '\n\n',
    );
    const fails = all.filter((check) => check.status === 'fail').length;
    const warns = all.filter((check) => check.status === 'warn').length;
    io.stdout(term`${text}\n\n${fails ? `${fails} failing` : 'nothing failing'}, ${warns} warning(s)\n`);
  }
  return all.some((check) => check.status === 'fail') ? 1 : 0;
}

/** Doctor's delegate section: which adapter answers delegate requests. */
import type { BuddyConfig } from '../config/config-file.js';
import { describeAutoChoice, resolveDelegateSettings } from '../delegate/index.js';
import type { DoctorCheck } from './doctor-check.js';

export async function delegateCheck(env: NodeJS.ProcessEnv, config: BuddyConfig): Promise<DoctorCheck> {
  const settings = resolveDelegateSettings(config.delegate ?? {});
  const choice = await describeAutoChoice(settings, env);
  const via = settings.adapter === 'auto' ? 'auto picks' : 'configured';
  // auto: a Claude Code running the buddy mod answers first (adapters/session.ts), decided per request.
  const session =
    settings.adapter === 'auto'
      ? '; while a Claude Code with the buddy mod runs, that session answers instead ($.model.complete, no claude -p)'
      : '';
  return { status: 'ok', title: `delegate adapter: ${choice.adapter} (${via})`, detail: `${choice.reason}${session}` };
}

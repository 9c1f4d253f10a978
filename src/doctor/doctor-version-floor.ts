/**
 * A host CLI's `--version` against the oldest version its spec was recorded with: doctor's check
 * for a hook-file host that names one (`hookFile.versionFloor`). Nothing when the CLI is not on
 * PATH or does not say a version: doctor cannot tell then, and says nothing rather than guess.
 */
import { execa } from 'execa';
import { isOlder } from '../install/mod-version.js';
import type { DoctorCheck } from './doctor-check.js';

/** Droid's Bun binary takes a few seconds to start cold. */
const VERSION_TIMEOUT_MS = 20_000;

export async function versionFloorCheck(
  host: { label: string; binary: string; floor: string },
  env: NodeJS.ProcessEnv,
): Promise<DoctorCheck[]> {
  try {
    const result = await execa(host.binary, ['--version'], {
      env: { ...env, BUDDY_TUI_CHILD: '1' },
      extendEnv: false,
      reject: false,
      timeout: VERSION_TIMEOUT_MS,
      stdin: 'ignore',
    });
    const version = result.exitCode === 0 ? /\d+\.\d+\.\d+/.exec(String(result.stdout))?.[0] : undefined;
    if (!version) return [];
    if (isOlder(version, host.floor))
      return [
        {
          status: 'warn',
          title: `${host.label} ${version} is older than ${host.floor}, the oldest buddy-tui's hooks were made for`,
          fix: `update ${host.label}`,
        },
      ];
    return [{ status: 'ok', title: `${host.label} ${version} (${host.floor} or newer)` }];
  } catch {
    return [];
  }
}

/**
 * Doctor checks of a hook-file host (src/hosts/host-spec.ts), when its config folder exists:
 * buddy-tui's group in the hooks file for every event, then each of the spec's gates (what can
 * silence the hooks: doctor-hook-file-gates.ts).
 */
import { existsSync } from 'node:fs';
import type { HostWithHookFile } from '../hosts/host-spec.js';
import { hookFileFolder, hookFilePath } from '../install/hook-file-host.js';
import { buddyPresence } from '../install/merge-settings.js';
import type { JsonObject } from '../install/settings-json.js';
import type { DoctorCheck } from './doctor-check.js';
import { gateChecks, readJson } from './doctor-hook-file-gates.js';
import { versionFloorCheck } from './doctor-version-floor.js';

export function hookFileWired(spec: HostWithHookFile, env: NodeJS.ProcessEnv, cwd: string): boolean {
  try {
    const path = hookFilePath(spec, hookFileFolder(spec, undefined, env, cwd));
    const events = new Set(buddyPresence(readJson(path) ?? {}).events);
    return spec.hookFile.events.every((event) => events.has(event));
  } catch {
    return false;
  }
}

/** Every event, some, or none: the finding on buddy-tui's groups in `settings` (the file at `path`). */
function eventsCheck(spec: HostWithHookFile, path: string, settings: JsonObject): DoctorCheck {
  const install = `buddy-tui install --host ${spec.id}`;
  const events = new Set(buddyPresence(settings).events);
  const missing = spec.hookFile.events.filter((event) => !events.has(event));
  if (missing.length === spec.hookFile.events.length)
    return {
      status: 'warn',
      title: `buddy-tui's ${spec.hookFile.short} hooks are not in ${path}`,
      fix: `run \`${install}\``,
      notWired: true,
    };
  if (missing.length)
    return {
      status: 'warn',
      title: `buddy-tui's ${spec.hookFile.short} hooks miss ${missing.length} event(s)`,
      detail: `${path}: ${missing.join(', ')}`,
      fix: `run \`${install}\``,
    };
  return {
    status: 'ok',
    title: `buddy-tui's ${spec.hookFile.short} hooks are registered for all ${spec.hookFile.events.length} events${spec.hookFile.allEventsNote}`,
    detail: `${path}${spec.hookFile.wiredNote}`,
  };
}

export async function hookFileChecks(
  spec: HostWithHookFile,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<DoctorCheck[]> {
  const folder = hookFileFolder(spec, undefined, env, cwd);
  if (!existsSync(folder)) return [];
  const path = hookFilePath(spec, folder);
  const checks: DoctorCheck[] = [];
  let settings: JsonObject | undefined;
  try {
    settings = readJson(path) ?? {};
    checks.push(eventsCheck(spec, path, settings));
  } catch (error) {
    checks.push({
      status: 'fail',
      title: (error as Error).message,
      fix: `fix the file, then run \`buddy-tui install --host ${spec.id}\``,
    });
  }
  for (const gate of spec.hookFile.gates) checks.push(...gateChecks(gate, { spec, folder, path, settings, env, cwd }));
  const floor = spec.hookFile.versionFloor;
  if (floor)
    checks.push(...(await versionFloorCheck({ label: spec.label, binary: spec.cli?.binary ?? spec.id, floor }, env)));
  return checks;
}

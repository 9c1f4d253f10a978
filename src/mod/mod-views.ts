/**
 * The mod's view files, `<root>/mod-bridge/views/<session>.json`: what the Claude Code mod draws
 * for that session (mod-state's answer, without the bridge part), written by the runner whenever
 * it changes. During a turn the mod reads this one small file instead of starting a
 * `buddy-tui mod-state` Node process per change (docs/architecture.md, "What the mod costs").
 */
import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readSmallFile } from '../files/read-small-file.js';
import { isPidAlive } from '../process/pid-alive.js';
import { atomicWriteFileSync } from '../state/atomic-write.js';
import { bridgeDir, ensureBridgeDir, MOD_BRIDGE_DIR } from './mod-bridge.js';
import { presentPrivateDir, sessionDirName } from '../state/state-root.js';

/**
 * True while buddy-tui's mod draws the buddy in this session's Claude Code: its heartbeat (written
 * by the mod's `mod-state` runs) names a Claude Code that still runs. The statusline then leaves the
 * face, its bubble and what ages to the mod (docs/statusline.md). One small read, no listing.
 */
export function modDrawsFor(root: string, sessionId: string | undefined): boolean {
  const name = sessionDirName(sessionId);
  if (!name) return false;
  try {
    const dir = presentPrivateDir(root, MOD_BRIDGE_DIR, 'mods');
    if (!dir) return false;
    const beat = JSON.parse(readSmallFile(join(dir, `${name}.json`), { maxBytes: 4096 })) as { pid?: unknown };
    return typeof beat?.pid === 'number' && isPidAlive(beat.pid);
  } catch {
    return false; // none, damaged, or not ours
  }
}

/** The view file of a session; undefined for an id that is not a safe file name. */
export function modViewPath(root: string, sessionId: string | undefined): string | undefined {
  const name = sessionDirName(sessionId);
  return name ? join(bridgeDir(root, 'views'), `${name}.json`) : undefined;
}

/** Writes a view atomically (no fsync: a view lost to a power cut is written again on the next change). */
export function writeModView(root: string, sessionId: string, text: string): void {
  const name = sessionDirName(sessionId);
  if (!name) return;
  atomicWriteFileSync(join(ensureBridgeDir(root, 'views'), `${name}.json`), text, 0o600, { durable: false });
}

/**
 * Removes the views of sessions not in `keep` (their Claude Code has exited). Only in a views
 * folder that is ours: a symlink in the chain could point the removal at anybody's files (it
 * throws then, so the runner says so).
 */
export function removeOtherModViews(root: string, keep: ReadonlySet<string>): void {
  const dir = presentPrivateDir(root, MOD_BRIDGE_DIR, 'views');
  if (!dir) return; // none yet
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.endsWith('.json') || keep.has(name.slice(0, -5))) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      /* gone already */
    }
  }
}

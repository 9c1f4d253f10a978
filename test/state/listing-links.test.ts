/**
 * What lists or removes in the state root checks the folder first (presentPrivateDir): a symlink
 * anywhere in the chain points at the user's files, which no bridge clean-up, view clean-up or
 * retention may touch. The project's files here have bridge-file names and old mtimes, so every
 * one of them would be a leftover, a damaged toast or an abandoned session if it were looked at.
 */
import { mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BridgeFolder,
  claimBridgeRequests,
  claimBridgeToasts,
  findLiveMod,
  forgetMod,
  liveMods,
  pendingFor,
  pruneBridge,
  takeBridgeResponse,
  withdrawBridgeRequest,
} from '../../src/mod/mod-bridge.js';
import { removeOtherModViews } from '../../src/mod/mod-views.js';
import { pruneSessions } from '../../src/state/retention.js';
import { makeTempDir } from '../support/temp-dir.js';

const LONG_AGO = Date.now() / 1000 - 30 * 24 * 3600;
const FOLDERS: BridgeFolder[] = ['mods', 'requests', 'claimed', 'responses', 'toasts', 'views'];

/** The user's folder: json files named like bridge files, a month old, and one like a session. */
function userFolder(base: string, name: string): string {
  const dir = join(base, name);
  mkdirSync(join(dir, 'old-project'), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json', 'settings.json', 's1.json', 'r1.json']) {
    writeFileSync(join(dir, file), '{"mine": true}\n');
    utimesSync(join(dir, file), LONG_AGO, LONG_AGO);
  }
  utimesSync(join(dir, 'old-project'), LONG_AGO, LONG_AGO);
  return dir;
}

const listing = (dir: string) => readdirSync(dir).sort();

/** Every bridge call that lists or removes, for session s1 and ids r1. */
function touchEverything(root: string, now: number): void {
  findLiveMod(root, 's1', now);
  liveMods(root);
  pendingFor(root, 's1', now);
  claimBridgeRequests(root, 's1', now);
  claimBridgeToasts(root, 's1', now);
  pruneBridge(root, now);
  forgetMod(root, 's1');
  withdrawBridgeRequest(root, 'r1');
  takeBridgeResponse(root, 'r1');
  try {
    removeOtherModViews(root, new Set());
  } catch {
    // Unsafe: said by throwing, which the runner reports.
  }
  pruneSessions(root, { now, retentionMs: 0, abandonedAfterMs: 0 });
}

describe('listing and removing in the state root, never through a symlink', () => {
  it('each bridge folder a symlink to the user’s folder: nothing there is touched', () => {
    const base = makeTempDir();
    const root = join(base, 'state');
    mkdirSync(join(root, 'mod-bridge'), { recursive: true, mode: 0o700 });
    const targets = FOLDERS.map((folder) => {
      const target = userFolder(base, `user-${folder}`);
      symlinkSync(target, join(root, 'mod-bridge', folder));
      return target;
    });
    const before = targets.map(listing);
    touchEverything(root, Date.now());
    expect(targets.map(listing)).toEqual(before);
  });

  it('mod-bridge itself a symlink: nothing in the folders under its target is touched', () => {
    const base = makeTempDir();
    const root = join(base, 'state');
    mkdirSync(root, { mode: 0o700 });
    const bridge = join(base, 'user-bridge');
    mkdirSync(bridge);
    const targets = FOLDERS.map((folder) => userFolder(bridge, folder));
    symlinkSync(bridge, join(root, 'mod-bridge'));
    const before = targets.map(listing);
    touchEverything(root, Date.now());
    expect(targets.map(listing)).toEqual(before);
  });

  it('a state root that is a symlink: retention removes none of the folders it points at', () => {
    const base = makeTempDir();
    const target = userFolder(base, 'user-home');
    const root = join(base, 'state');
    symlinkSync(target, root);
    const before = listing(target);
    expect(pruneSessions(root, { now: Date.now(), retentionMs: 0, abandonedAfterMs: 0 })).toEqual([]);
    expect(listing(target)).toEqual(before);
  });

  it('a session folder that is a symlink is not removed, nor what it points at', () => {
    const base = makeTempDir();
    const target = userFolder(base, 'user-home');
    const root = join(base, 'state');
    mkdirSync(root, { mode: 0o700 });
    symlinkSync(join(target, 'old-project'), join(root, 'linked-session'));
    expect(pruneSessions(root, { now: Date.now(), retentionMs: 0, abandonedAfterMs: 0 })).toEqual([]);
    expect(listing(root)).toEqual(['linked-session']);
    expect(listing(target)).toContain('old-project');
  });
});

/**
 * Writes claude-plugin/hooks/buddy-spool.sh from SPOOL_SCRIPT, so the plugin's hook and the one
 * `buddy-tui install` writes are the same text. Run: `npx tsx scripts/gen-plugin-spool.ts`
 * (test/install/claude-plugin.test.ts checks the committed file is current).
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spoolScriptFile } from '../src/ingest/spool-command.js';

const target = join(fileURLToPath(new URL('..', import.meta.url)), 'claude-plugin', 'hooks', 'buddy-spool.sh');
writeFileSync(target, spoolScriptFile());
// hooks.json runs it as `/bin/sh <file>`, so it needs no x bit; 0644 like the launcher beside it.
chmodSync(target, 0o644);
process.stdout.write(`wrote ${target}\n`);

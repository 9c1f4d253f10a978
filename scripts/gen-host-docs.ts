/**
 * Writes the capability table of docs/hosts.md from the host registry
 * (src/hosts/host-capabilities.ts). Run by `npm run schema`; test/hosts/capability-table.test.ts
 * fails when the doc and the registry differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withCapabilityTable } from '../src/hosts/host-capability-table.js';

const doc = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'hosts.md');
writeFileSync(doc, withCapabilityTable(readFileSync(doc, 'utf8')));
console.log(`wrote ${doc}`);

/**
 * The capability table in docs/hosts.md is the host registry's (src/hosts/host-capabilities.ts),
 * as scripts/gen-host-docs.ts writes it: the doc cannot claim what the code does not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST_CAPABILITIES, hostCapabilities } from '../../src/hosts/host-capabilities.js';
import { hostCapabilityTable, withCapabilityTable } from '../../src/hosts/host-capability-table.js';
import { HOST_IDS } from '../../src/hosts/host-id.js';
import { hostTranslator } from '../../src/hosts/host-translator.js';

const HOSTS_DOC = new URL('../../docs/hosts.md', import.meta.url);

describe('the host capability table', () => {
  it("docs/hosts.md carries exactly the registry's table (npm run schema writes it)", () => {
    const doc = readFileSync(HOSTS_DOC, 'utf8');
    expect(doc).toContain(hostCapabilityTable());
    expect(withCapabilityTable(doc)).toBe(doc);
  });

  it('has a row per capability and a column per host, naming what a host cannot report', () => {
    const lines = hostCapabilityTable()
      .split('\n')
      .filter((line) => line.startsWith('|'));
    expect(lines).toHaveLength(2 + 6);
    // One column per host of the registry, in its order (hosts are added beside each other).
    expect(lines[0]).toBe(`| | ${HOST_IDS.map((id) => HOST_CAPABILITIES[id].label).join(' | ')} |`);
    expect(lines[0]).toMatch(/^\| \| Claude Code \| Codex \| Copilot CLI \| Gemini CLI \| Qwen Code \|/);
    const cells = (title: string) =>
      lines
        .find((line) => line.startsWith(`| ${title} |`))!
        .split(' | ')
        .slice(1);
    expect(cells('subagents (start, stop, running count)')[3]).toMatch(/^\*\*no\*\*/);
    expect(cells('session end')[4]).toMatch(/^interactive only/);
    // Pi has neither approvals nor subagents: the table says so.
    const pi = HOST_IDS.indexOf('pi');
    expect(cells('subagents (start, stop, running count)')[pi]).toMatch(/^\*\*no\*\*: Pi has none/);
    expect(cells('waiting for approval')[pi]).toMatch(/^\*\*no\*\*: Pi has no approvals/);
  });

  it('is what each translator says it reports, and an unknown host reads as Claude Code', () => {
    for (const id of HOST_IDS) expect(hostTranslator(id).capabilities).toBe(HOST_CAPABILITIES[id].capabilities);
    expect(hostCapabilities('toString')).toBe(HOST_CAPABILITIES.claude.capabilities);
    expect(hostCapabilities(undefined)).toBe(HOST_CAPABILITIES.claude.capabilities);
  });
});

import { describe, expect, it } from 'vitest';
import { redactSecrets, REDACTED } from '../../src/delegate/redact-secrets.js';

// [what, text, the secret that must disappear, text that must survive]
const SECRETS: [string, string, string, string][] = [
  [
    'anthropic key',
    'export KEY=sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 now',
    'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    'now',
  ],
  [
    'bare anthropic key',
    'my key is sk-ant-api03-ZZZZZZZZZZZZZZZZZZZZZZZZ_yy-xx sorry',
    'sk-ant-api03-ZZZZZZZZZZZZZZZZZZZZZZZZ_yy-xx',
    'sorry',
  ],
  [
    'openai key',
    'OPENAI: sk-proj-abcdefghijklmnopqrstuvwxyz123456 done',
    'sk-proj-abcdefghijklmnopqrstuvwxyz123456',
    'done',
  ],
  [
    'github token',
    'git push https://ghp_0123456789abcdefghijABCDEFGHIJ012345@github.com/x',
    'ghp_0123456789abcdefghijABCDEFGHIJ012345',
    'github.com/x',
  ],
  [
    'github fine-grained',
    'token github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
    'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
    'token',
  ],
  ['slack token', 'xoxb-123456789012-abcdefghijkl posted', 'xoxb-123456789012-abcdefghijkl', 'posted'],
  ['google api key', 'key=AIzaSyA1234567890abcdefghijklmnopqrstuv ok', 'AIzaSyA1234567890abcdefghijklmnopqrstuv', 'ok'],
  [
    'bearer header',
    'curl -H "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig" x',
    'eyJhbGciOiJIUzI1NiJ9.payload.sig',
    'Authorization: Bearer',
  ],
  ['lowercase bearer', 'authorization: bearer abcdef0123456789 tail', 'abcdef0123456789', 'tail'],
  ['basic auth', 'Authorization: Basic dXNlcjpwYXNzd29yZA== end', 'dXNlcjpwYXNzd29yZA==', 'Basic'],
  ['password assignment', 'mysql -u root password=hunter2! -h db', 'hunter2!', '-h db'],
  ['password flag', 'psql --password=s3cr3t --host x', 's3cr3t', '--host x'],
  ['PASSWORD env', 'DB_PASSWORD="correct horse battery" npm start', 'correct horse battery', 'npm start'],
  ['yaml secret', 'client_secret: 9f8e7d6c5b4a\nname: app', '9f8e7d6c5b4a', 'name: app'],
  ['json secret', '{"api_key": "abc123xyz789", "user": "ann"}', 'abc123xyz789', '"user": "ann"'],
  ['json password', "{'password': 'pa ss'}", 'pa ss', "'password'"],
  ['aws access key id', 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE', 'aws_access_key_id'],
  ['aws temporary key id', 'ASIAY34FZKBOKMUTVV7A is set', 'ASIAY34FZKBOKMUTVV7A', 'is set'],
  [
    'aws secret key',
    'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'aws_secret_access_key',
  ],
  [
    'aws secret in prose',
    'AWS secret key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY please',
    'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'please',
  ],
  ['url credentials', 'git clone https://bob:pa55word@example.com/repo.git', 'pa55word', 'example.com/repo.git'],
  [
    'jwt',
    'cookie eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'cookie',
  ],
  ['stripe key', 'sk_live_51H8abcdefghijklmnop charge', 'sk_live_51H8abcdefghijklmnop', 'charge'],
  [
    'rsa private key block',
    'before\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAuQ2\nabcDEF+/==\n-----END RSA PRIVATE KEY-----\nafter',
    'MIIEowIBAAKCAQEAuQ2',
    'after',
  ],
  [
    'openssh private key block',
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
    'b3BlbnNzaC1rZXktdjEAAAAA',
    'OPENSSH PRIVATE KEY',
  ],
  [
    'truncated private key block',
    'cat id_ed25519\n-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIAAAA',
    'MC4CAQAwBQYDK2VwBCIEIAAAA',
    'cat id_ed25519',
  ],
];

// Ordinary text that must come through unchanged.
const HARMLESS = [
  'npm test passed: 42 tests, 0 failures',
  'The token bucket refills every 30 seconds',
  'Basic usage: run buddy-tui demo',
  'git commit -m "fix password reset form layout"',
  'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  'Edited src/delegate/redact-secrets.ts (12 lines)',
];

describe('redactSecrets', () => {
  it.each(SECRETS)('redacts %s', (_what, input, secret, kept) => {
    const result = redactSecrets(input);
    expect(result.text).not.toContain(secret);
    expect(result.text).toContain(REDACTED);
    expect(result.text).toContain(kept);
    expect(result.count).toBeGreaterThan(0);
    expect(result.rules.length).toBeGreaterThan(0);
  });

  it.each(HARMLESS)('leaves harmless text alone: %s', (input) => {
    expect(redactSecrets(input)).toEqual({ text: input, count: 0, rules: [] });
  });

  it('counts every secret in a long mixed text', () => {
    const text = SECRETS.map(([, input]) => input).join('\n---\n');
    const result = redactSecrets(text);
    for (const [, , secret] of SECRETS) expect(result.text).not.toContain(secret);
    expect(result.count).toBeGreaterThanOrEqual(SECRETS.length);
  });

  it('is idempotent', () => {
    for (const [, input] of SECRETS) {
      const once = redactSecrets(input).text;
      expect(redactSecrets(once).text).toBe(once);
    }
  });
});

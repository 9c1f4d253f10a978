/**
 * Removes text that looks like a credential before a prompt leaves the machine. Errs on the
 * side of redacting: a false positive costs a word in a buddy's quip, a miss leaks a secret.
 */

export const REDACTED = '[REDACTED]';

interface Rule {
  name: string;
  pattern: RegExp;
  /** Replacement; `$1`.. keep the non-secret part (a variable name, "Bearer "). */
  replace: string;
}

// Names whose value is a secret, in `name=value`, `name: value`, `"name": "value"` forms.
const SECRET_NAME =
  '(?:[A-Za-z0-9_.-]*(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?key|credentials?)[A-Za-z0-9_.-]*)';

const RULES: Rule[] = [
  {
    name: 'private key block',
    pattern: /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----[\s\S]*?(?:-----END \1PRIVATE KEY\2-----|$)/g,
    replace: `-----BEGIN $1PRIVATE KEY$2----- ${REDACTED} -----END $1PRIVATE KEY$2-----`,
  },
  // Quoted JSON/YAML style: "password": "hunter2"
  {
    name: 'quoted secret field',
    pattern: new RegExp(`(["'])(${SECRET_NAME})\\1(\\s*[:=]\\s*)(["'])(?:(?!\\4).)*\\4`, 'gi'),
    replace: `$1$2$1$3$4${REDACTED}$4`,
  },
  // Shell/env/ini style: password=hunter2, API_KEY: abc, --password=x
  {
    name: 'secret assignment',
    pattern: new RegExp(
      `(\\b${SECRET_NAME}\\s*[:=]\\s*)(?!\\[REDACTED\\])(?:"[^"\\n]*"|'[^'\\n]*'|[^\\s"',;}\\]]+)`,
      'gi',
    ),
    replace: `$1${REDACTED}`,
  },
  { name: 'bearer token', pattern: /\b(Bearer)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi, replace: `$1$2${REDACTED}` },
  // "Basic" is also an English word: only when followed by base64 with a digit or padding.
  {
    name: 'basic credentials',
    pattern: /\b(Basic)(\s+)(?=[A-Za-z0-9+/]*[0-9=])[A-Za-z0-9+/]{8,}={0,2}/g,
    replace: `$1$2${REDACTED}`,
  },
  { name: 'url credentials', pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi, replace: `$1${REDACTED}@` },
  { name: 'anthropic key', pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g, replace: REDACTED },
  { name: 'openai-style key', pattern: /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}/g, replace: REDACTED },
  { name: 'stripe-style key', pattern: /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g, replace: REDACTED },
  {
    name: 'github token',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/g,
    replace: REDACTED,
  },
  { name: 'gitlab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g, replace: REDACTED },
  { name: 'slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, replace: REDACTED },
  { name: 'google api key', pattern: /\bAIza[0-9A-Za-z_-]{35}/g, replace: REDACTED },
  {
    name: 'aws access key id',
    pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|ABIA|ACCA)[0-9A-Z]{16}\b/g,
    replace: REDACTED,
  },
  // An AWS secret key is 40 base64 characters; only taken when "aws" is near, to spare hashes.
  {
    name: 'aws secret key',
    pattern:
      /(\baws[A-Za-z0-9_ -]{0,30}?(?:secret|key)[A-Za-z0-9_ -]{0,20}?["']?\s*[:=]?\s*["']?)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/gi,
    replace: `$1${REDACTED}`,
  },
  { name: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, replace: REDACTED },
];

export interface Redaction {
  text: string;
  /** How many secrets were replaced, and by which rules (for the log; never the secrets). */
  count: number;
  rules: string[];
}

export function redactSecrets(input: string): Redaction {
  let text = input;
  let count = 0;
  const rules: string[] = [];
  for (const rule of RULES) {
    let hits = 0;
    text = text.replace(rule.pattern, (...args) => {
      hits++;
      // Apply the replacement template with the same groups.
      const groups = args.slice(1, -2) as (string | undefined)[];
      return rule.replace.replace(/\$(\d)/g, (_, n) => groups[Number(n) - 1] ?? '');
    });
    if (hits > 0) {
      count += hits;
      rules.push(rule.name);
    }
  }
  return { text, count, rules };
}

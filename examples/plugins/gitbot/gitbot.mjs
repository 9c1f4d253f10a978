#!/usr/bin/env node
// GitBot: a buddy plugin written with buddy-tui/sdk. It watches git commands Claude runs and
// comments on the risky ones: force pushes, `reset --hard`, commits straight to main.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { defineBuddy, runBuddy } from 'buddy-tui/sdk';

// `git` as a command: at the start or after a shell separator, not inside `echo git push -f`.
const GIT = String.raw`(?:^|[;&|(]\s*)git\s+(?:-C\s+\S+\s+)?`;
const FORCE_PUSH = new RegExp(
  String.raw`${GIT}push\b[^;&|]*?(?:\s--force(?:-with-lease)?\b|\s-[A-Za-z]*f[A-Za-z]*\b|\s\+\S+)`,
);
const RESET_HARD = new RegExp(String.raw`${GIT}reset\b[^;&|]*?\s--hard\b`);
const COMMIT = new RegExp(String.raw`${GIT}commit\b`);
const MAIN_BRANCHES = new Set(['main', 'master']);

/** The checked-out branch of the session's folder, or undefined outside a repository. */
function currentBranch(cwd) {
  try {
    return execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 3000,
    }).trim();
  } catch {
    return undefined;
  }
}

export const gitbot = defineBuddy({
  name: 'GitBot',
  personality: 'a dry-witted git expert who has seen every repository disaster and still loves you',
  hooks: {
    'bash:before': [
      {
        condition: (ctx) => FORCE_PUSH.test(ctx.command ?? ''),
        react: (ctx) =>
          ctx.say('Force push incoming. I hope nobody else pulled that branch.', { mood: 'worried', priority: 3 }),
      },
      {
        condition: (ctx) => RESET_HARD.test(ctx.command ?? ''),
        react: (ctx) => ctx.say('reset --hard: uncommitted work, say your goodbyes.', { mood: 'worried', priority: 3 }),
      },
    ],
    'bash:after': {
      condition: (ctx) => COMMIT.test(ctx.command ?? '') && MAIN_BRANCHES.has(currentBranch(ctx.cwd) ?? ''),
      react: (ctx) =>
        ctx.claude(
          `The developer just committed straight to the ${currentBranch(ctx.cwd)} branch with: ${ctx.command}\n` +
            'Tease them gently about not using a feature branch, in one sentence.',
          { maxTokens: 60, model: 'haiku' },
        ),
    },
  },
});

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runBuddy(gitbot);

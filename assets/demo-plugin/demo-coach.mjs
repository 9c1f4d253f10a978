#!/usr/bin/env node
// demo-coach: the buddy plugin `buddy-tui demo` runs. It reads the event on stdin and answers
// with the buddy's JSON contract: a static reaction, or a delegate request the host resolves.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

let event;
try {
  event = JSON.parse(readFileSync(0, 'utf8'));
} catch {
  process.exit(0); // Nothing readable: no reaction.
}

const say = (answer) => process.stdout.write(`${JSON.stringify(answer)}\n`);

switch (event.hook_event_name) {
  case 'SessionStart':
    say({ reaction: 'A new session! I will keep an eye on the tools.', mood: 'happy', priority: 2 });
    break;
  case 'PostToolUse': {
    const file = event.tool_input?.file_path ? basename(String(event.tool_input.file_path)) : 'a file';
    say({ reaction: `Edited ${file}. Now the tests, please!`, mood: 'curious', priority: 3 });
    break;
  }
  case 'SubagentStart':
    say({
      delegate: true,
      prompt: `A ${event.agent_type ?? 'helper'} subagent just started. Cheer it on in one short sentence.`,
      maxTokens: 40,
    });
    break;
  default:
    break;
}

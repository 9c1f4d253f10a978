/**
 * `buddy-tui plugins`: lists the loaded plugin handlers and every config error (exit 1 when
 * there are errors). `buddy-tui plugins test <event.json>` runs the matching plugins on an
 * event (a JSON object, or JSON lines for several) and prints what they answer.
 */
import { parseArgs } from 'node:util';
import { readSmallFile } from '../files/read-small-file.js';
import { formatConfigError } from '../config/config-file.js';
import { loadPlugins, type PluginSetup } from '../config/plugin-setup.js';
import { createPluginRunner } from '../plugins/plugin-runner.js';
import { matchingHandlers, type CompiledHandler } from '../plugins/matching.js';
import type { JournalEvent } from '../protocol/hook-event.js';
import { sanitizeText } from '../text/sanitize.js';
import { joinTerm, term, termJson, type TerminalText } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';
import { resolve } from 'node:path';
import { readPluginsInUse, type PluginsInUse } from '../state/plugins-in-use.js';
import { stateRootPath } from '../state/state-root.js';
import { runnerLockHolder } from '../tui/runner-lock.js';

/** A file of events to try the handlers on (`plugins test --events`). */
const EVENTS_FILE_MAX_BYTES = 16 * 1024 * 1024;

const USAGE = term`usage: buddy-tui plugins [--config <file>] [--json]
       buddy-tui plugins test <event.json> [--config <file>] [--json]

Lists the plugin handlers loaded from config.json (hooks, hooksFile, plugins, Claude Code
settings when discoverClaudeSettings is on) and any config errors; exits 1 on errors.
"test" runs the plugins matching the event(s) in the file and prints their answers.`;

const clean = (text: unknown) => sanitizeText(text, { maxLength: 300 });

function describe(handler: CompiledHandler): TerminalText {
  const { handler: h } = handler;
  const target =
    h.type === 'command'
      ? `command: ${h.command}${h.args ? ` args: ${JSON.stringify(h.args)}` : ''}`
      : `http: ${h.url}`;
  const match = [
    handler.matcher ? `matcher=${handler.matcher.source.slice(4, -2)}` : '',
    ...handler.conditions.map((condition) => `if=${condition.source}`),
  ]
    .filter(Boolean)
    .join(' ');
  return term`  ${clean(handler.name)}  ${handler.event}${match ? `  ${clean(match)}` : ''}\n    ${clean(target)}\n    from ${clean(handler.origin.file)} (${clean(handler.origin.path)})`;
}

/**
 * config.json cannot be read, but the runner (a pane or the headless one) still runs the plugins
 * of the last good load: the record it keeps in the state root, when its writer holds runner.lock.
 */
function lastGoodInUse(setup: PluginSetup, env: NodeJS.ProcessEnv): PluginsInUse | undefined {
  if (setup.fileOk) return undefined;
  try {
    const root = stateRootPath(env);
    const record = readPluginsInUse(root);
    if (!record || record.configFile !== resolve(setup.configFile)) return undefined;
    return runnerLockHolder(root) === record.pid ? record : undefined;
  } catch {
    return undefined;
  }
}

function handlersLine(setup: PluginSetup, io: CliIo): TerminalText {
  const inUse = lastGoodInUse(setup, io.env);
  if (inUse)
    return term`the file cannot be read: the last good config still in use (${inUse.handlers} handlers) by the buddy-tui runner, pid ${inUse.pid}, until the file is fixed\n`;
  return setup.handlers.length === 0
    ? term`no plugin handlers configured (the buddy still reacts with its built-in quips)\n`
    : term`${setup.handlers.length} plugin handler(s):\n${joinTerm(setup.handlers.map(describe), '\n')}\n`;
}

function printSetup(setup: PluginSetup, json: boolean, io: CliIo): void {
  if (json) {
    io.stdout(
      term`${termJson(
        {
          configFile: setup.configFile,
          handlers: setup.handlers.map((h) => ({
            name: h.name,
            event: h.event,
            matcher: h.matcher?.source,
            if: h.conditions.map((c) => c.source),
            handler: h.handler,
            source: h.origin.kind,
            file: h.origin.file,
            path: h.origin.path,
          })),
          errors: setup.errors,
        },
        2,
      )}\n`,
    );
    return;
  }
  io.stdout(term`config: ${clean(setup.configFile)}\n`);
  io.stdout(handlersLine(setup, io));
  if (setup.errors.length > 0) {
    io.stderr(
      term`${setup.errors.length} config error(s):\n${joinTerm(
        setup.errors.map((e) => term`  ${clean(formatConfigError(e))}`),
        '\n',
      )}\n`,
    );
  }
}

function readEvents(file: string): JournalEvent[] {
  // The user names this file: a link is followed, a FIFO or an endless file refused.
  const text = readSmallFile(file, { maxBytes: EVENTS_FILE_MAX_BYTES, followSymlinks: true }).trim();
  const values: unknown[] =
    text.startsWith('{') && !text.includes('\n{')
      ? [JSON.parse(text)]
      : text
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as unknown);
  return values.map((value, index) => {
    const event = value as Partial<JournalEvent> | null;
    if (
      typeof event !== 'object' ||
      event === null ||
      typeof event.session_id !== 'string' ||
      typeof event.hook_event_name !== 'string'
    ) {
      throw new Error(`event ${index + 1} needs "session_id" and "hook_event_name"`);
    }
    return { ...event, ts: typeof event.ts === 'number' ? event.ts : Date.now() } as JournalEvent;
  });
}

async function testEvents(setup: PluginSetup, file: string, json: boolean, io: CliIo): Promise<number> {
  let events: JournalEvent[];
  try {
    events = readEvents(file);
  } catch (error) {
    io.stderr(term`buddy-tui plugins test: ${file}: ${clean((error as Error).message)}\n`);
    return 2;
  }
  const print = (kind: string, value: Record<string, unknown>, line: TerminalText) =>
    io.stdout(json ? term`${termJson({ type: kind, ...value })}\n` : term`${line}\n`);
  const runner = createPluginRunner({
    handlers: setup.handlers,
    // Every answer is shown here, so no cooldown.
    limits: { ...setup.config.limits, cooldownMs: 0 },
    onReaction: (r) => print(r.kind, { reaction: r }, term`${r.kind} [${r.source}] ${r.event}: ${r.text}`),
    onDelegate: (request, meta) =>
      print(
        'delegate',
        { request, plugin: meta.plugin },
        term`delegate [${meta.plugin}] ${meta.event.hook_event_name}: ${JSON.stringify(request)}`,
      ),
    report: ({ detail: w }) =>
      w && print('log-warning', { warning: w }, term`log-warning [${w.plugin}] ${w.event}: ${w.message}`),
  });
  try {
    for (const event of events) {
      const matched = matchingHandlers(setup.handlers, event);
      if (!json)
        io.stdout(
          term`${event.hook_event_name}${event.tool_name ? ` (${clean(event.tool_name)})` : ''}: ${matched.length === 0 ? 'no plugin matches' : `running ${matched.map((h) => h.name).join(', ')}`}\n`,
        );
      await runner.handleEvent(event);
    }
  } finally {
    await runner.close();
  }
  return 0;
}

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { config: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    io.stderr(term`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(term`${USAGE}\n`);
    return 0;
  }
  const setup = loadPlugins({ configFile: values.config });
  const [sub, file, ...extra] = positionals;
  if (sub === undefined) {
    printSetup(setup, values.json ?? false, io);
    return setup.errors.length > 0 ? 1 : 0;
  }
  if (sub !== 'test' || file === undefined || extra.length > 0) {
    io.stderr(term`${USAGE}\n`);
    return 2;
  }
  for (const error of setup.errors) io.stderr(term`config error: ${clean(formatConfigError(error))}\n`);
  return testEvents(setup, file, values.json ?? false, io);
}

// The mod's side of the `session` delegate adapter: a model call buddy-tui handed this session,
// answered with $.model.complete and handed back through `buddy-tui mod-answer`.
import { mod } from './mod-memory.js'

/**
 * A delegate call buddy-tui handed this session (the `session` adapter, src/delegate/adapters/session.ts):
 * made with $.model.complete, the plugin's system prompt and no tools, on the user's own login; the
 * result goes back through `buddy-tui mod-answer` (a worker cannot write files without asking).
 */
export async function answerAsk($, call) {
  if (mod.answering.has(call.id) || !mod.cli) return
  mod.answering.add(call.id)
  try {
    let result
    try {
      result = await $.model.complete({
        model: call.model,
        system: call.system,
        prompt: call.prompt,
        maxTokens: call.maxTokens,
        timeoutMs: call.timeoutMs,
      })
    } catch (error) {
      result = { isAnswered: false, reason: `error: ${error instanceof Error ? error.message : error}` }
    }
    const answer = {
      isAnswered: result.isAnswered === true,
      text: result.text,
      reason: result.reason,
      usage: result.usage,
      model: call.model,
    }
    const ran = await $.process.run([...mod.cli, 'mod-answer', '--id', call.id], {
      stdin: JSON.stringify(answer),
      timeoutMs: 20000,
    })
    if (ran.exitCode !== 0)
      $.ui.log(`buddy-tui mod: mod-answer exit ${ran.exitCode}: ${String(ran.stderr).slice(0, 300)}`, { to: 'debug' })
  } catch (error) {
    $.ui.log(`buddy-tui mod: delegate ${call.id} not answered: ${error instanceof Error ? error.message : error}`, {
      to: 'debug',
    })
  } finally {
    mod.answering.delete(call.id)
  }
}

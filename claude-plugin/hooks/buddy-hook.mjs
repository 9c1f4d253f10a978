// Launches buddy-tui's hook entry for the Claude Code plugin. It finds dist/hook.js beside this
// plugin (the plugin used in place from the npm package or a clone), else through the
// `buddy-tui` command on PATH (the plugin installed from a marketplace copy). If neither is
// there it does nothing: a companion must never get in Claude's way (exit 0, no output).
import { accessSync, constants, existsSync, realpathSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

function besidePlugin() {
  const root = process.env.CLAUDE_PLUGIN_ROOT || dirname(dirname(fileURLToPath(import.meta.url)))
  const candidate = join(root, '..', 'dist', 'hook.js')
  return existsSync(candidate) ? candidate : undefined
}

function onPath() {
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    if (!dir) continue
    const bin = join(dir, 'buddy-tui')
    try {
      accessSync(bin, constants.X_OK)
      const candidate = join(dirname(realpathSync(bin)), 'hook.js')
      if (existsSync(candidate)) return candidate
    } catch {
      // Not here; keep looking.
    }
  }
  return undefined
}

const entry = besidePlugin() ?? onPath()
if (entry) await import(pathToFileURL(entry).href)

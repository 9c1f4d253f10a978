/**
 * `$CODEX_HOME/config.toml` checked as Codex reads it. Codex stops at start on a file it cannot
 * parse, and its app-server (through which `install --trust` records trust, in this very file)
 * lists no hooks then, so install and doctor would otherwise blame the trust or the binary. Parsed
 * with a full TOML parser, so the finding names the line and column; the text is kept for the
 * `[features]` reader (doctor-codex.ts).
 */
import { join } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { readSmallFile, SMALL_FILE_LIMITS, SmallFileError } from '../files/read-small-file.js';

export interface CodexConfig {
  path: string;
  /** The file's text; '' when it is missing or unreadable. */
  text: string;
  /** Why Codex cannot read it (`line 3, column 9: invalid value`); undefined when it is fine or missing. */
  problem?: string;
}

/** The parser's first line, without its own prefix (the rest quotes the file). */
function parseProblem(error: unknown): string {
  const message = ((error as Error).message ?? String(error)).split('\n')[0].replace(/^Invalid TOML document:\s*/, '');
  if (error instanceof TomlError) return `line ${error.line}, column ${error.column}: ${message}`;
  return message;
}

/** Reads and parses config.toml; a link (a dotfiles repo) is followed, its target still checked. */
export function readCodexConfig(home: string): CodexConfig {
  const path = join(home, 'config.toml');
  let text: string;
  try {
    text = readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true });
  } catch (error) {
    if (error instanceof SmallFileError && error.code === 'ENOENT') return { path, text: '' };
    return { path, text: '', problem: error instanceof SmallFileError ? error.reason : (error as Error).message };
  }
  try {
    parse(text);
    return { path, text };
  } catch (error) {
    return { path, text, problem: parseProblem(error) };
  }
}

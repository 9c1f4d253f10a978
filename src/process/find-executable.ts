/** `which`: where a CLI is, for the delegate's adapter choice, install and doctor (claude, codex). */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `which`: the first executable `name` on PATH (or the path itself when it has a slash). */
export function findExecutable(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (name.includes('/')) {
    const path = isAbsolute(name) ? name : join(process.cwd(), name);
    return isExecutableFile(path) ? path : undefined;
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

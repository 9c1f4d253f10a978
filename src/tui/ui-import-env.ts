/**
 * React, Ink and chalk read process.env once, when they are imported: NODE_ENV picks React's
 * build, FORCE_COLOR and CI set chalk's colour level. startTui decides these from the env it was
 * given and sets them only while those modules load, then puts process.env back as it was, so
 * nothing leaks into the rest of the process or the environment of the processes it starts.
 */
import { colorAllowed } from '../text/color-allowed.js';

/** The variables to set (a string) or remove (undefined) while the UI modules load. */
export function uiImportEnv(env: NodeJS.ProcessEnv, processEnv: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const changes: Record<string, string | undefined> = {};
  // Production React renders faster. (The built bundle has it fixed at build time; this is for the sources.)
  if (processEnv.NODE_ENV === undefined) changes.NODE_ENV = 'production';
  // NO_COLOR means no SGR at all, bold and dim included.
  if (!colorAllowed(env) && processEnv.FORCE_COLOR === undefined) changes.FORCE_COLOR = '0';
  // Ink reads CI=false as "not CI", but chalk's colour check takes any CI variable as a CI log
  // and turns colour off: an explicit "not CI" must not cost the pane its colours.
  if (processEnv.CI === 'false' || processEnv.CI === '0') changes.CI = undefined;
  return changes;
}

function assign(target: NodeJS.ProcessEnv, values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete target[name];
    else target[name] = value;
  }
}

/**
 * Runs `load` (the UI imports) with uiImportEnv's changes applied to process.env, then undoes them.
 * Ink's layout engine (yoga) loads its WebAssembly, inlined as a data: URL, through `fetch` when
 * there is one: that first touch of `fetch` loads Node's undici, about 0.1 s of CPU at start-up
 * (measured in the pane's cold-start profile). Without `fetch` it decodes the same bytes itself,
 * so `fetch` is hidden while the modules load and put back at once.
 */
export async function withUiImportEnv<T>(env: NodeJS.ProcessEnv, load: () => Promise<T>): Promise<T> {
  const changes = uiImportEnv(env, process.env);
  const saved = Object.fromEntries(Object.keys(changes).map((name) => [name, process.env[name]]));
  const fetchProperty = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (fetchProperty?.configurable) delete (globalThis as { fetch?: unknown }).fetch;
  assign(process.env, changes);
  try {
    return await load();
  } finally {
    assign(process.env, saved);
    if (fetchProperty?.configurable) Object.defineProperty(globalThis, 'fetch', fetchProperty);
  }
}

/**
 * Other programs' files coming and going in a temp folder, as builds and browsers make them on
 * any desktop (issue 50): the files they left there, and a steady churn of new ones, each
 * written, written again and removed a second later.
 */
import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Files other programs left in the folder (a real temp folder is never empty). */
export function fillTempFolder(dir: string, count = 300): void {
  for (let i = 0; i < count; i += 1) writeFileSync(join(dir, `left-${i}.tmp`), 'x');
}

export interface TempChurn {
  /** Files made so far. */
  made(): number;
  stop(): void;
}

/** `perSecond` new files a second, each removed a second after it was made. */
export function startTempChurn(dir: string, perSecond = 100): TempChurn {
  const TICK_MS = 20;
  const perTick = Math.max(1, Math.round((perSecond * TICK_MS) / 1000));
  const live: string[] = [];
  let made = 0;
  const timer = setInterval(() => {
    for (let k = 0; k < perTick; k += 1) {
      const file = join(dir, `build-${made}.tmp`);
      writeFileSync(file, 'partial');
      writeFileSync(file, 'partial, then whole');
      live.push(file);
      made += 1;
    }
    while (live.length > perSecond) unlinkSync(live.shift() as string);
  }, TICK_MS);
  return {
    made: () => made,
    stop: () => {
      clearInterval(timer);
      for (const file of live.splice(0)) unlinkSync(file);
    },
  };
}

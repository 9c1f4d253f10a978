/**
 * One followed chokidar watcher on the state root: new files only (`ignoreInitial`), to `depth`,
 * skipping what `ignored` says; made again when the folder is removed and made again
 * (follow-dir.ts), after which `onMadeAgain` runs. Foundry's root, the busy temp folder, has a
 * cheaper one of its own (watch-foundry-root.ts).
 */
import { watch } from 'chokidar';
import { reportingAs, type Reporter } from '../../report/reporter.js';
import { followWatcher, type FollowedWatcher } from '../../state/follow-dir.js';

export interface WatchedRootSpec {
  dir: string;
  depth: number;
  /** `isFile` is known only for paths chokidar has statted. */
  ignored(path: string, isFile: boolean | undefined): boolean;
  onEvent(event: string, path: string): void;
  /** The folder was made again and is watched afresh. */
  onMadeAgain(): void;
  report: Reporter;
}

export function watchRoot(spec: WatchedRootSpec): FollowedWatcher {
  const open = () => {
    const watcher = watch(spec.dir, {
      ignoreInitial: true,
      depth: spec.depth,
      ignored: (path, stats) => spec.ignored(path, stats?.isFile()),
    })
      .on('all', spec.onEvent)
      .on('error', (error) => spec.report({ level: 'error', where: 'watch', error }));
    return {
      ready: new Promise<void>((resolve) => watcher.once('ready', () => resolve())),
      close: () => watcher.close(),
    };
  };
  return followWatcher(spec.dir, open, spec.onMadeAgain, reportingAs(spec.report, 'watch'));
}

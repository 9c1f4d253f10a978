/**
 * The one NO_COLOR rule (https://no-color.org: any non-empty value turns colour off), shared by
 * the pane, the status line and the species preview. Pure and dependency-free: hot paths use it.
 */
export function colorAllowed(env: NodeJS.ProcessEnv): boolean {
  return !env.NO_COLOR;
}

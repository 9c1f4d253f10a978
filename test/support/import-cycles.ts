/**
 * The import cycles of a module graph, for test/architecture-cycles.test.ts: the strongly connected
 * components (Tarjan) with more than one file, or one file that imports itself. A cycle is named
 * by its sorted files, so a file that joins an allowed cycle makes a new one.
 */

/** File -> the files it imports (any kind of import). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every cycle of the graph: its files, sorted; the cycles sorted by their first file. */
export function importCycles(graph: ImportGraph): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  // Iterative Tarjan: a recursive one would overflow the stack on a long chain of imports.
  const visit = (start: string) => {
    const frames: Array<{ file: string; next: number }> = [{ file: start, next: 0 }];
    order.set(start, order.size);
    low.set(start, order.get(start)!);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const targets = graph.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!order.has(target)) {
          order.set(target, order.size);
          low.set(target, order.get(target)!);
          stack.push(target);
          onStack.add(target);
          frames.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, order.get(target)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) !== order.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1 || targets.includes(frame.file)) cycles.push(component.sort());
    }
  };

  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One loop through a cycle's files, from its first file back to it: `a -> b -> a`. */
export function cycleLoop(graph: ImportGraph, cycle: readonly string[]): string {
  const members = new Set(cycle);
  const start = cycle[0];
  // Breadth-first inside the cycle, so the loop shown is a shortest one.
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start].join(' -> ');
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return cycle.join(' -> ');
}

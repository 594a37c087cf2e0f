/** An import between two files, by their paths from the repository root. */
export type Edge = readonly [from: string, to: string];

/**
 * The room a file lives in: the first group of the first pattern it matches (a module or feature folder), or
 * undefined for a file in no room.
 */
export function roomOf(file: string, rooms: readonly RegExp[]): string | undefined {
  for (const room of rooms) {
    const match = room.exec(file);
    if (match) return match[0];
  }
  return undefined;
}

/**
 * The circles among rooms: each strongly connected set of two or more rooms, sorted, found with Tarjan's
 * algorithm over the room-to-room arrows that the file imports add up to.
 */
export function roomCircles(edges: readonly Edge[], rooms: readonly RegExp[]): string[][] {
  const arrows = new Map<string, Set<string>>();
  for (const [from, to] of edges) {
    const a = roomOf(from, rooms);
    const b = roomOf(to, rooms);
    if (!a || !b || a === b) continue;
    if (!arrows.has(b)) arrows.set(b, new Set());
    arrows.set(a, (arrows.get(a) ?? new Set()).add(b));
  }
  return stronglyConnected(arrows)
    .filter((set) => set.length > 1)
    .map((set) => set.sort())
    .sort((x, y) => (x[0] ?? '').localeCompare(y[0] ?? ''));
}

function stronglyConnected(arrows: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const sets: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of arrows.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const set: string[] = [];
    let top: string | undefined;
    do {
      top = stack.pop();
      if (top === undefined) break;
      onStack.delete(top);
      set.push(top);
    } while (top !== node);
    sets.push(set);
  };
  for (const node of arrows.keys()) if (!index.has(node)) visit(node);
  return sets;
}

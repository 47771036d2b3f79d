// A list of a hierarchy (page schema `tree`): each row comes right after its parent, with its depth,
// so the indented column reads as a tree. Siblings keep the order the server gave (its sort); a row
// whose parent is not on screen (filtered out, or on another page) starts a branch of its own.
import type { Row } from './list-types.ts';

export interface TreeRows {
  rows: Row[];
  depthOf: (row: Row) => number;
}

export function treeOrder(rows: readonly Row[], parentField: string): TreeRows {
  const key = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  const present = new Set(rows.map((r) => key(r.id)));
  const children = new Map<string, Row[]>();
  const roots: Row[] = [];
  for (const row of rows) {
    const parent = key(row[parentField]);
    if (parent === undefined || parent === key(row.id) || !present.has(parent)) roots.push(row);
    else children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const depths = new Map<Row, number>();
  const ordered: Row[] = [];
  // Depth-first with an explicit stack; `depths` doubles as the visited set, so bad data with a
  // cycle (the server refuses one, an old row may hold one) cannot loop.
  const stack = roots.map((row) => ({ row, depth: 0 })).reverse();
  while (stack.length) {
    const { row, depth } = stack.pop()!;
    if (depths.has(row)) continue;
    depths.set(row, depth);
    ordered.push(row);
    const kids = children.get(key(row.id)!) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ row: kids[i], depth: depth + 1 });
  }
  // Rows only reachable through a cycle are shown at the top level rather than lost.
  for (const row of rows) if (!depths.has(row)) (depths.set(row, 0), ordered.push(row));
  return { rows: ordered, depthOf: (row) => depths.get(row) ?? 0 };
}

// The import directions of ARCHITECTURE.md: a wrong import fails the build here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const LAYERS = ['schemas', 'server', 'renderer', 'widgets', 'fixtures', 'scripts', 'bench', 'tests'] as const;
type Layer = (typeof LAYERS)[number];

/** What each layer may import besides itself; the rest (tests, bench, scripts) may import anything. */
const ALLOWED: Partial<Record<Layer, Layer[]>> = {
  schemas: [],
  server: ['schemas'],
  widgets: ['schemas'],
  fixtures: ['schemas'],
  renderer: ['schemas', 'widgets'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'generated') return [];
    const full = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : /\.(ts|tsx|mjs)$/.test(e.name) ? [full] : [];
  });
}

interface Import {
  spec: string;
  dynamic: boolean;
}
const importsOf = (code: string): Import[] => [
  ...[...code.matchAll(/\b(?:from|import)\s+['"]([^'"]+)['"]/g)].map((m) => ({ spec: m[1], dynamic: false })),
  ...[...code.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => ({ spec: m[1], dynamic: true })),
];

const layerOf = (path: string) => relative(root, path).split(/[\\/]/)[0] as Layer;

export function violations(files: { path: string; code: string }[]): string[] {
  const wrong: string[] = [];
  for (const { path, code } of files) {
    const from = layerOf(path);
    for (const imp of importsOf(code)) {
      if (!imp.spec.startsWith('.')) continue;
      const to = layerOf(resolve(dirname(path), imp.spec));
      if (to === from || !LAYERS.includes(to)) continue;
      const allowed = ALLOWED[from];
      if (!allowed) continue;
      const where = `${relative(root, path)} -> ${imp.spec}`;
      if (to === 'renderer') wrong.push(`${where} (nothing imports renderer/)`);
      else if (!allowed.includes(to)) wrong.push(`${where} (${from}/ may not import ${to}/)`);
      // Maps and charts must never weigh on the first screen.
      else if (from === 'renderer' && to === 'widgets' && !imp.dynamic) wrong.push(`${where} (widgets load lazily: use import())`);
    }
  }
  return wrong;
}

describe('import directions', () => {
  it('hold for every source file of the project', () => {
    const files = LAYERS.flatMap((l) => {
      try {
        return sourceFiles(join(root, l));
      } catch {
        return [];
      }
    }).map((path) => ({ path, code: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  it.each([
    ['server/x.ts', "import { a } from '../renderer/env/api-client.ts';"],
    ['server/x.ts', "import { seedDemo } from '../fixtures/index.ts';"],
    ['schemas/keywords/x.ts', "import { a } from '../../server/app.ts';"],
    ['widgets/map/x.ts', "import { a } from '../../renderer/main.tsx';"],
    ['fixtures/x.ts', "import type { Db } from '../server/db/connection.ts';"],
    ['renderer/x.tsx', "import { Map } from '../widgets/map/index.ts';"],
  ])('catches %s importing the wrong layer', (path, code) => {
    expect(violations([{ path: join(root, path), code }])).toHaveLength(1);
  });

  it('lets the renderer load widgets lazily and tests import anything', () => {
    expect(violations([{ path: join(root, 'renderer/x.tsx'), code: "const M = lazy(() => import('../widgets/map/index.ts'));" }])).toEqual([]);
    expect(violations([{ path: join(root, 'tests/x.ts'), code: "import { a } from '../server/app.ts';" }])).toEqual([]);
  });
});

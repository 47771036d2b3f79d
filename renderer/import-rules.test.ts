// @vitest-environment node
// Architecture: the renderer may import schemas/ and widgets/, never server/ or fixtures/. A wrong
// import would drag server code (SQLite, node:crypto) into the browser bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const root = resolve(here, '..');
const forbidden = ['server', 'fixtures', 'tests', 'scripts', 'bench'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** `from '…'`, bare `import '…'` and `import('…')`: every way a module can be pulled in. */
const specifiers = (code: string) => [...code.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

describe('renderer import directions', () => {
  it('no renderer file imports server/, fixtures/ or test tooling folders', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(here)) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const top = relative(root, resolve(dirname(file), spec)).split(/[\\/]/)[0];
        if (forbidden.includes(top)) wrong.push(`${relative(root, file)} -> ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

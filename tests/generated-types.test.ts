// The committed types in schemas/generated must match the resource files: run `npm run gen`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, renderGeneratedTypes } from '../scripts/gen-types.ts';

describe('generated types', () => {
  it('are up to date with schemas/resources (run npm run gen)', async () => {
    const expected = await renderGeneratedTypes();
    const actual = existsSync(GENERATED_DIR) ? readdirSync(GENERATED_DIR).filter((f) => f.endsWith('.ts')) : [];
    expect(actual.sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) expect(readFileSync(join(GENERATED_DIR, name), 'utf8'), `${name} is stale`).toBe(text);
  });
});

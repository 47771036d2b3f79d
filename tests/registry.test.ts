// Every schema file is validated at start; the first bad file stops the load with its path, JSON
// pointer and message. In development a changed file is reloaded without a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry, SCHEMAS_DIR } from '../server/registry/load.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { SchemaError } from '../server/registry/types.ts';

const temps: string[] = [];
function copySchemas() {
  const dir = mkdtempSync(join(tmpdir(), 'huoyun-schemas-'));
  temps.push(dir);
  const root = join(dir, 'schemas');
  cpSync(SCHEMAS_DIR, root, { recursive: true });
  return root;
}
function edit(root: string, file: string, change: (doc: any) => void) {
  const path = join(root, file);
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  change(doc);
  writeFileSync(path, JSON.stringify(doc));
}
function errorOf(root: string): SchemaError {
  try {
    loadRegistry(root);
  } catch (err) {
    return err as SchemaError;
  }
  throw new Error('the load did not fail');
}
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('schema files', () => {
  it('all committed files are valid', () => {
    const reg = loadRegistry();
    expect(reg.pages.size).toBeGreaterThanOrEqual(40);
    expect(reg.resources.size).toBeGreaterThanOrEqual(9);
    expect(reg.dictionaries.size).toBeGreaterThanOrEqual(30);
  });

  it.each([
    ['an unknown property', 'pages/base/vehicle-list.json', (d: any) => (d.colums = []), 'schemas/pages/base/vehicle-list.json', '/colums', /^不允许的属性: colums（允许的属性: .*columns/],
    ['a bad enum value', 'pages/base/vehicle-list.json', (d: any) => (d.actions[0].placement = 'top'), 'schemas/pages/base/vehicle-list.json', '/actions/0/placement', /^取值 "top" 不在允许的值中，应为以下之一: "toolbar"/],
    ['a column the resource lacks', 'pages/base/driver-list.json', (d: any) => d.columns.push({ field: 'nope' }), 'schemas/pages/base/driver-list.json', `/columns/7/field`, /没有字段: nope/],
    ['an unknown dictionary', 'pages/base/vehicle-list.json', (d: any) => (d.columns[6].dictionary = 'noSuchDict'), 'schemas/pages/base/vehicle-list.json', '/columns/6/dictionary', /字典不存在/],
    ['an undeclared operation id', 'resources/vehicle.json', (d: any) => (d.permissions.list = ['ghost3']), 'schemas/resources/vehicle.json', '/permissions/list/0', /ghost3/],
    ['a menu pointing at a missing page', 'menus/base-data.json', (d: any) => (d.menus[0].children[0].operations[0].jsPath = 'base/missing'), 'schemas/menus/base-data.json', '/menus/0/children/0/operations/0/jsPath', /页面不存在/],
    ['a tree parent the resource lacks', 'pages/system/department-list.json', (d: any) => (d.tree.parent = 'parent'), 'schemas/pages/system/department-list.json', '/tree/parent', /没有字段: parent/],
    ['a tree column the list lacks', 'pages/system/department-list.json', (d: any) => (d.tree.column = 'orgNmae'), 'schemas/pages/system/department-list.json', '/tree/column', /列表没有这一列: orgNmae/],
    ['a dictionary item without label', 'dictionaries/yesNo.json', (d: any) => delete d.items[0].label, 'schemas/dictionaries/yesNo.json', '/items/0', /label/],
  ])('refuses %s with file, pointer and message', (_name, file, change, expectedFile, pointer, message) => {
    const root = copySchemas();
    edit(root, file, change);
    const err = errorOf(root);
    expect(err).toBeInstanceOf(SchemaError);
    expect(err.file).toBe(expectedFile);
    expect(err.pointer).toBe(pointer);
    expect(err.detail).toMatch(message);
  });

  it('refuses invalid JSON and an extends cycle', () => {
    const root = copySchemas();
    writeFileSync(join(root, 'pages/base/vehicle-add.json'), '{ "id": ');
    expect(errorOf(root).detail).toMatch(/不是有效的JSON/);
    const root2 = copySchemas();
    edit(root2, 'pages/base/vehicle-add.json', (d) => (d.extends = 'base/vehicle-update'));
    expect(errorOf(root2).detail).toMatch(/循环/);
  });
});

describe('development reload', () => {
  it('picks up a changed file, and keeps the last good registry when an edit is invalid', async () => {
    const root = copySchemas();
    const holder = holdRegistry({ root, watch: true });
    try {
      edit(root, 'pages/base/vehicle-list.json', (d) => (d.title = '车辆台账'));
      await expect.poll(() => holder.get().pages.get('base/vehicle-list')!.title, { timeout: 5000 }).toBe('车辆台账');
      writeFileSync(join(root, 'pages/base/vehicle-list.json'), '{ broken');
      await new Promise((r) => setTimeout(r, 600));
      expect(holder.get().pages.get('base/vehicle-list')!.title).toBe('车辆台账');
    } finally {
      holder.close();
    }
  });
});

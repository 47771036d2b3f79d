// npm run check:schemas as a configurator meets it: each mistake reported once, in its own file, in
// Chinese, with what is allowed, and a JSON syntax error by line and column.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegistry, SCHEMAS_DIR } from '../server/registry/load.ts';
import type { SchemaError } from '../server/registry/types.ts';

/** A copy of schemas/ with one file changed by `edit`; every problem the check finds. */
function check(file: string, edit: (text: string) => string): SchemaError[] {
  const root = join(mkdtempSync(join(tmpdir(), 'huoyun-check-')), 'schemas');
  cpSync(SCHEMAS_DIR, root, { recursive: true });
  const path = join(root, '..', file);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  const problems: SchemaError[] = [];
  loadRegistry(root, problems);
  return problems;
}
const json = (change: (doc: any) => void) => (text: string) => {
  const doc = JSON.parse(text);
  change(doc);
  return JSON.stringify(doc, null, 2);
};

describe('check:schemas', () => {
  it('passes on the schemas as committed', () => {
    const problems: SchemaError[] = [];
    loadRegistry(SCHEMAS_DIR, problems);
    expect(problems.map((p) => p.message)).toEqual([]);
  });

  it('says a value outside an enum in Chinese and lists the allowed values', () => {
    const problems = check('schemas/reports/daily-waybills.json', json((d) => (d.chart.type = 'bars')));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'schemas/reports/daily-waybills.json', pointer: '/chart/type' });
    expect(problems[0].detail).toBe('取值 "bars" 不在允许的值中，应为以下之一: "line"、"bar"、"pie"');
  });

  it('refuses a money field that is not whole fen with a maximum', () => {
    const problems = check('schemas/resources/unitPrice.json', json((d) => (d.schema.properties.price = { title: '单价(元)', type: 'number', 'x-money': true })));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.file === 'schemas/resources/unitPrice.json' && p.pointer.startsWith('/schema/properties/price'))).toBe(true);
  });

  it('names an unknown property and the properties allowed there', () => {
    const problems = check('schemas/reports/daily-waybills.json', json((d) => (d.chart.serie = ['waybillCount'])));
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe('/chart/serie');
    expect(problems[0].detail).toMatch(/^不允许的属性: serie（允许的属性: .*series/);
    expect(problems[0].detail).not.toMatch(/must|should/);
  });

  it('reports a misspelt measure id of a ratio as a missing measure', () => {
    const problems = check('schemas/reports/carrier-monthly.json', json((d) => {
      d.measures.find((m: any) => m.id === 'onTimeRate').denominator = 'arrivedCout';
    }));
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toMatch(/^\/measures\/\d+\/denominator$/);
    expect(problems[0].detail).toMatch(/^指标不存在: arrivedCout（可用的指标: .*arrivedCount/);
    expect(problems[0].detail).not.toContain('比率的分母应为非比率的指标');
  });

  it('reports one mistake once, in its own file, not again where other files name it', () => {
    // The report fails its meta-schema; the menu naming its page must not be reported as well.
    const report = check('schemas/reports/daily-waybills.json', json((d) => (d.dimensions[0].grain = 'week')));
    expect(report.map((p) => p.file)).toEqual(['schemas/reports/daily-waybills.json']);
    // A broken dictionary: not again as "字典不存在" in every page and report that uses it.
    const dictionary = check('schemas/dictionaries/businessType.json', json((d) => (d.valueType = 'int')));
    expect(dictionary.map((p) => p.file)).toEqual(['schemas/dictionaries/businessType.json']);
    // A broken menu file: not again as "操作ID未在菜单中声明" in every report and resource.
    const menu = check('schemas/menus/reports.json', json((d) => (d.menus[0].children[0].icon = 3)));
    expect(menu.map((p) => p.file)).toEqual(['schemas/menus/reports.json']);
  });

  it('gives a JSON syntax error as line and column', () => {
    const problems = check('schemas/reports/daily-waybills.json', (text) => text.replace('"title": "每日运单量",', '"title": "每日运单量"'));
    expect(problems).toHaveLength(1);
    const lines = readFileSync(join(SCHEMAS_DIR, 'reports/daily-waybills.json'), 'utf8').split('\n');
    const next = lines.findIndex((l) => l.includes('"operationId"')) + 1;
    expect(problems[0].detail).toMatch(new RegExp(`^不是有效的JSON: 第${next}行第\\d+列缺少逗号或括号: "operationId"`));
    expect(problems[0].detail).not.toContain('position');
  });
});

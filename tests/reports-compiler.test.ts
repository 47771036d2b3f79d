// The compiler's guarantees: search values stay values, only declared fields and joins load,
// every problem names its file, pointer and message, and bad requests get code 100.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry, SCHEMAS_DIR } from '../server/registry/load.ts';
import { SchemaError } from '../server/registry/types.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { seedReportData } from './reports-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedReportData(t.db, 12);
});

/** A copy of schemas/ with one report file changed. */
function schemasWith(name: string, change: (report: any) => void): string {
  const root = join(mkdtempSync(join(tmpdir(), 'huoyun-schemas-')), 'schemas');
  cpSync(SCHEMAS_DIR, root, { recursive: true });
  const file = join(root, 'reports', `${name}.json`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  change(report);
  writeFileSync(file, JSON.stringify(report));
  return root;
}

function problemsOf(root: string): SchemaError[] {
  const problems: SchemaError[] = [];
  loadRegistry(root, problems);
  return problems;
}

describe('report files are checked at load', () => {
  it('an undeclared join alias is refused with file, pointer and message', () => {
    const root = schemasWith('receipts', (r) => (r.dimensions[0].field = 'x.carrier_name'));
    expect(() => loadRegistry(root)).toThrowError(SchemaError);
    const [p] = problemsOf(root);
    expect(p).toMatchObject({ file: 'schemas/reports/receipts.json', pointer: '/dimensions/0/field' });
    expect(p.detail).toContain('未声明的数据源别名: x');
  });

  it('a column the table does not have, and a join to an undeclared alias, are both reported', () => {
    const root = schemasWith('evaluations', (r) => {
      r.measures[1].field = 'ev.password';
      r.joins[1].on = { 'ev.waybill_id': 'zz.id' };
    });
    const problems = problemsOf(root);
    expect(problems.map((p) => [p.pointer, p.detail])).toEqual(expect.arrayContaining([
      ['/measures/1/field', '数据表waybill_evaluations没有字段: password'],
      ['/joins/1/on/ev.waybill_id', '未声明的数据源别名: zz（请在 source 或 joins 中声明）'],
    ]));
  });

  it('secrets are not in the catalogue, scope must point at the right table, operations must be declared', () => {
    const root = schemasWith('loading-rate', (r) => {
      r.joins.push({ table: 'users', alias: 'u', type: 'left', on: { 'u.id': 'w.created_by' } });
      r.dimensions.push({ id: 'hash', title: '口令', field: 'u.password_hash' });
      r.scope = { by: 'order', alias: 'w' };
      r.operationId = 'nope';
    });
    const details = problemsOf(root).map((p) => `${p.pointer} ${p.detail}`);
    expect(details).toEqual(expect.arrayContaining([
      '/dimensions/3/field 数据表users没有字段: password_hash',
      '/scope/alias 按order限定数据范围时，别名w应指向数据表orders',
      '/operationId 操作ID未在菜单中声明: nope',
    ]));
  });

  it('a value of the wrong shape fails the meta-schema with its pointer', () => {
    const root = schemasWith('refusals', (r) => (r.measures[0].agg = 'median'));
    expect(problemsOf(root)[0]).toMatchObject({ file: 'schemas/reports/refusals.json', pointer: '/measures/0/agg' });
  });
});

describe('requests', () => {
  it('injection-looking search values stay values', async () => {
    const admin = await t.as('admin');
    const count = () => t.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM waybills');
    const before = await count();
    for (const text of ["' OR 1=1 --", '%', '_', "YD'); DROP TABLE waybills; --"]) {
      const r = await admin.post('/report/waybill-timeliness/query', { waybillNo: text });
      expect(r.code).toBe(1);
      expect(r.result.totalRecords, text).toBe(0);
    }
    expect(await count()).toEqual(before);
  });

  it('undeclared filters, sorts by unknown columns and wrong types get code 100 naming the field', async () => {
    const admin = await t.as('admin');
    const unknown = await admin.post('/report/carrier-monthly/query', { status: [1] });
    expect(unknown.code).toBe(100);
    const sort = await admin.post('/report/carrier-monthly/query', { sorts: [{ field: 'w.id; DROP TABLE x', order: 'asc' }] });
    expect(sort.code).toBe(100);
    const typed = await admin.post('/report/carrier-monthly/query', { carrierId: ['1 OR 1=1'] });
    expect(typed.code).toBe(100);
    expect(typed.message).toContain('承运商');
  });

  it('a report needs its own operation; an unknown report is refused', async () => {
    const none = await t.as('monitor');
    await t.db.run("DELETE FROM role_operations WHERE operation_id = 'reportReceipts' AND role_id IN (SELECT role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'monitor')");
    t.sessions.invalidate();
    const monitor = await t.as('monitor');
    expect((await monitor.post('/report/receipts/query', {})).code).toBe(104);
    expect((await monitor.post('/report/evaluations/query', {})).code).toBe(1);
    expect((await none.post('/report/nothing-here/query', {})).code).toBe(0);
  });

  it('a carrier sees only its own waybills in a report', async () => {
    const carrier = await t.as('carrier');
    const partner = (await t.db.one<{ p: number }>("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'"))!.p;
    const mine = await carrier.post('/report/evaluation-details/query', { pageSize: 1000 });
    const owners: number[] = [];
    for (const r of mine.result.data as { waybillId: number }[]) owners.push((await t.db.one<{ c: number }>('SELECT carrier_id AS c FROM waybills WHERE id = ?', [r.waybillId]))!.c);
    expect(owners.length).toBeGreaterThan(0);
    expect(new Set(owners)).toEqual(new Set([partner]));
  });
});

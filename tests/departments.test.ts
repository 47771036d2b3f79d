// Departments form a tree through 上级部门: the tree reads back as a tree, and a change that would put a
// department under itself (directly or below one of its own sub-departments) is refused with code 100
// naming 上级部门, nothing changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { DESCENDANT_PARENT_MESSAGE, SELF_PARENT_MESSAGE } from '../server/domain/users/departments.ts';

let f: TestApp;
let admin: Awaited<ReturnType<TestApp['as']>>;
const idOf = async (code: string) => (await f.db.one<{ id: number }>('SELECT id FROM departments WHERE org_code = ?', [code]))!.id;
const detail = async (id: number) => (await admin.get(`/res/department/detail?id=${id}`)).result;

beforeAll(async () => {
  f = await createTestApp();
  admin = await f.as('admin');
});

describe('department tree', () => {
  it('reads back as a tree: 华北分公司 under the company, 北京调度中心 under 华北分公司', async () => {
    const r = await admin.get('/e6Organization/findOrganizationTree');
    expect(r.code).toBe(1);
    const top = r.result[0];
    expect(top.orgCode).toBe('HY');
    const north = top.children.find((d: any) => d.orgCode === 'HY01');
    expect(north.orgName).toBe('华北分公司');
    expect(north.children.map((d: any) => d.orgName)).toContain('北京调度中心');
  });

  it('the list shows each department\'s own name beside its parent\'s, in code order', async () => {
    const r = await admin.post('/res/department/list', { pageSize: 5 });
    expect(r.code).toBe(1);
    const rows = r.result.data;
    expect(rows.map((d: any) => d.orgCode)).toEqual([...rows.map((d: any) => d.orgCode)].sort());
    const north = rows.find((d: any) => d.orgCode === 'HY01');
    expect(north).toMatchObject({ orgName: '华北分公司', parentName: '华运供应链管理有限公司' });
  });
});

describe('上级部门 cannot make a loop', () => {
  it('a department cannot be its own parent', async () => {
    const north = await detail(await idOf('HY01'));
    const r = await f.refused(() => admin.post('/res/department/update', { id: north.id, version: north.version, orgName: north.orgName, orgCode: north.orgCode, parentId: north.id }));
    expect(r.code).toBe(100);
    expect(r.message).toBe(SELF_PARENT_MESSAGE);
    expect(r.message).toContain('上级部门');
  });

  it('nor the child of one of its descendants, however deep', async () => {
    const top = await detail(await idOf('HY'));
    for (const below of ['HY01', 'HY0101']) {
      const parentId = await idOf(below);
      const r = await f.refused(() => admin.post('/res/department/update', { id: top.id, version: top.version, orgName: top.orgName, orgCode: top.orgCode, parentId }));
      expect(r.code).toBe(100);
      expect(r.message).toBe(DESCENDANT_PARENT_MESSAGE);
      expect(r.message).toContain('上级部门');
    }
  });

  it('moving a department under another branch still works', async () => {
    const beijing = await detail(await idOf('HY0101'));
    const r = await admin.post('/res/department/update', { id: beijing.id, version: beijing.version, orgName: beijing.orgName, orgCode: beijing.orgCode, parentId: await idOf('HY02') });
    expect(r.code).toBe(1);
    expect((await detail(beijing.id)).parentId).toBe(await idOf('HY02'));
  });

  it('a wrong type, an unknown or another corporation\'s department as parent is refused, never a 5xx', async () => {
    const north = await detail(await idOf('HY01'));
    const base = { id: north.id, version: north.version, orgName: north.orgName, orgCode: north.orgCode };
    for (const parentId of ['1; DROP TABLE departments', -1, 0, 99999999, 1.5]) {
      const r = await f.refused(() => admin.post('/res/department/update', { ...base, parentId }));
      expect(r.code, String(parentId)).toBe(100);
      expect(r.message, String(parentId)).toContain('上级部门');
    }
  });
});

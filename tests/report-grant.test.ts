// A configurator adds a report file (and its menu entry) to an existing installation: after a
// restart on the same database, the corporation's administrator holds the new operation, sees it in
// the permission tree, may grant it to another role, and the report answers. The restart is a second
// app built over the same database (on either engine), as a new process would find it.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database } from '../server/db/port.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { DEMO_PASSWORD, seedDemo } from '../scripts/seed-demo.ts';
import { openTestDatabase } from './support/test-db.ts';

const NEW_OP = 'reportMyNew';

async function install() {
  const dir = mkdtempSync(join(tmpdir(), 'huoyun-grant-'));
  const root = join(dir, 'schemas');
  cpSync(join(import.meta.dirname, '..', 'schemas'), root, { recursive: true });
  const db = await openTestDatabase();
  await createApp({ db, registry: holdRegistry({ root }), filesDir: dir });
  await seedDemo(db, Date.now(), { transport: false });
  return { dir, root, db };
}

/** What `npm run new:report` and the guide ask for: the report file and its menu entry. */
function addReport(root: string) {
  const report = JSON.parse(readFileSync(join(root, 'reports', 'daily-waybills.json'), 'utf8'));
  writeFileSync(join(root, 'reports', 'my-new.json'), JSON.stringify({ ...report, id: 'report/my-new', title: '我的新报表', operationId: NEW_OP }));
  const file = join(root, 'menus', 'reports.json');
  const menus = JSON.parse(readFileSync(file, 'utf8'));
  menus.menus[0].children.push({
    menuKey: 'report_my_new', title: '我的新报表', url: '/report/my-new',
    operations: [{ operationId: NEW_OP, operationName: '我的新报表', route: '/report/my-new', jsPath: 'report/my-new', moduleName: 'reportCenter', sideMenu: true }],
  });
  writeFileSync(file, JSON.stringify(menus));
}

async function restart(dir: string, root: string, db: Database) {
  const { app } = await createApp({ db, registry: holdRegistry({ root }), filesDir: dir });
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await app.request(`/api${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as { code: number; message: string; result: any };
  };
  const login = async (userName: string) => (await call('POST', '/login', undefined, { userName, password: DEMO_PASSWORD })).result.token as string;
  return { db, call, login };
}

const opsOf = (items: any[]): string[] => items.flatMap((m) => [...m.operationList.map((o: any) => o.operationId), ...opsOf(m.children)]);
const roleId = async (db: Database, corpId: number, name: string) =>
  (await db.one<{ id: number }>('SELECT id FROM roles WHERE corp_id = ? AND role_name = ?', [corpId, name]))!.id;

describe('a new report file on an existing database', () => {
  it('is granted to each corporation administrator, is in the permission tree and can be granted on', async () => {
    const { dir, root, db: first } = await install();
    addReport(root);
    const { db, call, login } = await restart(dir, root, first);
    const admin = await login('admin');
    const adminRole = await roleId(db, 1, '系统管理员');
    const dispatcherRole = await roleId(db, 1, '调度员');
    // Both corporations' administrators receive it, no other role does.
    const holders = await db.all<{ id: number }>('SELECT role_id AS id FROM role_operations WHERE operation_id = ? ORDER BY role_id', [NEW_OP]);
    expect(holders.map((h) => h.id)).toEqual([adminRole, await roleId(db, 2, '系统管理员')]);

    const tree = await call('GET', `/role/getOperationTree?roleId=${dispatcherRole}`, admin);
    expect(tree.code).toBe(1);
    expect(opsOf(tree.result.tree)).toContain(NEW_OP);
    expect(tree.result.checked).not.toContain(NEW_OP);

    const held = (await db.all<{ id: string }>('SELECT operation_id AS id FROM role_operations WHERE role_id = ?', [dispatcherRole])).map((r) => r.id);
    const saved = await call('POST', '/role/saveOperations', admin, { roleId: dispatcherRole, operationIds: [...held, NEW_OP] });
    expect(saved).toMatchObject({ code: 1 });
    const dispatcher = await login('dispatcher');
    expect((await call('POST', '/report/my-new/query', dispatcher, { curPage: 1, pageSize: 10 })).code).toBe(1);
    await db.close();
  });

  it('still reaches an administrator whose role lost one operation (an unticked box)', async () => {
    const { dir, root, db: first } = await install();
    const adminRole = await roleId(first, 1, '系统管理员');
    await first.run("DELETE FROM role_operations WHERE role_id = ? AND operation_id = 'reportDailyWaybills'", [adminRole]);
    addReport(root);
    const { db, call, login } = await restart(dir, root, first);
    const granted = await db.one('SELECT 1 AS one FROM role_operations WHERE role_id = ? AND operation_id = ?', [adminRole, NEW_OP]);
    expect(granted).toBeTruthy();
    // The dispatcher (no role permission setting) gets nothing new.
    expect(await db.one('SELECT 1 AS one FROM role_operations WHERE role_id = ? AND operation_id = ?', [await roleId(db, 1, '调度员'), NEW_OP])).toBeUndefined();
    const admin = await login('admin');
    const menu = await call('POST', '/menu/menuTree', admin, { useSystem: 3 });
    expect(opsOf(menu.result)).toContain(NEW_OP);
    await db.close();
  });
});

// A configurator adds a report file (and its menu entry) to an existing installation: after a
// restart on the same database, the corporation's administrator holds the new operation, sees it in
// the permission tree, may grant it to another role, and the report answers.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/connection.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { DEMO_PASSWORD, seedDemo } from '../scripts/seed-demo.ts';

const NEW_OP = 'reportMyNew';

async function install() {
  const dir = mkdtempSync(join(tmpdir(), 'huoyun-grant-'));
  const root = join(dir, 'schemas');
  cpSync(join(import.meta.dirname, '..', 'schemas'), root, { recursive: true });
  const dbFile = join(dir, 'huoyun.db');
  const db = openDatabase(dbFile);
  await createApp({ db, registry: holdRegistry({ root }), filesDir: dir });
  await seedDemo(db, Date.now(), { transport: false });
  return { dir, root, dbFile, db };
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

async function restart(dir: string, root: string, dbFile: string) {
  const db = openDatabase(dbFile);
  const { app } = await createApp({ db, registry: holdRegistry({ root }), filesDir: dir });
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await app.request(`/api${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as { code: number; message: string; result: any };
  };
  const login = async (userName: string) => (await call('POST', '/login', undefined, { userName, password: DEMO_PASSWORD })).result.token as string;
  return { db, call, login };
}

const opsOf = (items: any[]): string[] => items.flatMap((m) => [...m.operationList.map((o: any) => o.operationId), ...opsOf(m.children)]);
const roleId = (db: ReturnType<typeof openDatabase>, corpId: number, name: string) =>
  (db.$client.prepare('SELECT id FROM roles WHERE corp_id = ? AND role_name = ?').get(corpId, name) as { id: number }).id;

describe('a new report file on an existing database', () => {
  it('is granted to each corporation administrator, is in the permission tree and can be granted on', async () => {
    const { dir, root, dbFile, db: first } = await install();
    first.$client.close();
    addReport(root);
    const { db, call, login } = await restart(dir, root, dbFile);
    const admin = await login('admin');
    const adminRole = roleId(db, 1, '系统管理员');
    const dispatcherRole = roleId(db, 1, '调度员');
    // Both corporations' administrators receive it, no other role does.
    const holders = db.$client.prepare('SELECT role_id AS id FROM role_operations WHERE operation_id = ? ORDER BY role_id').all(NEW_OP) as { id: number }[];
    expect(holders.map((h) => h.id)).toEqual([adminRole, roleId(db, 2, '系统管理员')]);

    const tree = await call('GET', `/role/getOperationTree?roleId=${dispatcherRole}`, admin);
    expect(tree.code).toBe(1);
    expect(opsOf(tree.result.tree)).toContain(NEW_OP);
    expect(tree.result.checked).not.toContain(NEW_OP);

    const held = (db.$client.prepare('SELECT operation_id AS id FROM role_operations WHERE role_id = ?').all(dispatcherRole) as { id: string }[]).map((r) => r.id);
    const saved = await call('POST', '/role/saveOperations', admin, { roleId: dispatcherRole, operationIds: [...held, NEW_OP] });
    expect(saved).toMatchObject({ code: 1 });
    const dispatcher = await login('dispatcher');
    expect((await call('POST', '/report/my-new/query', dispatcher, { curPage: 1, pageSize: 10 })).code).toBe(1);
  });

  it('still reaches an administrator whose role lost one operation (an unticked box)', async () => {
    const { dir, root, dbFile, db: first } = await install();
    const adminRole = roleId(first, 1, '系统管理员');
    first.$client.prepare("DELETE FROM role_operations WHERE role_id = ? AND operation_id = 'reportDailyWaybills'").run(adminRole);
    first.$client.close();
    addReport(root);
    const { db, call, login } = await restart(dir, root, dbFile);
    const granted = db.$client.prepare('SELECT 1 FROM role_operations WHERE role_id = ? AND operation_id = ?').get(adminRole, NEW_OP);
    expect(granted).toBeTruthy();
    // The dispatcher (no role permission setting) gets nothing new.
    expect(db.$client.prepare('SELECT 1 FROM role_operations WHERE role_id = ? AND operation_id = ?').get(roleId(db, 1, '调度员'), NEW_OP)).toBeUndefined();
    const admin = await login('admin');
    const menu = await call('POST', '/menu/menuTree', admin, { useSystem: 3 });
    expect(opsOf(menu.result)).toContain(NEW_OP);
  });
});

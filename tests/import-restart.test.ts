// An import whose runner died (the server restarted in the middle of it) ends 导入失败 with a reason,
// its owner told; it is never left 导入中 and never run again. A queued one is started and finishes.
import { describe, expect, it } from 'vitest';
import { failStale } from '../server/imports/queue.ts';
import { findTask, ImportStatus, insertTask, INTERRUPTED_REASON } from '../server/imports/tasks.ts';
import { createTestApp } from './support/test-app.ts';

const t = await createTestApp();
const admin = await t.as('admin');
const adminId = (await t.db.one<{ id: number }>("SELECT id FROM users WHERE user_name = 'admin'", []))!.id;

describe('import tasks across a restart', () => {
  it('a running task without a heartbeat for longer than the stale time is failed with the reason, once', async () => {
    const id = await insertTask(t.db, { corpId: 1, userId: adminId, resourceId: 'vehicle', fileName: '中断.xlsx', mode: 2, onDuplicate: 2, now: Date.now() - 120_000 });
    await t.db.run('UPDATE import_tasks SET started_at = ?, runner = ?, heartbeat_at = ?, rows_done = 400, rows_ok = 400 WHERE id = ?', [Date.now() - 100_000, 'dead-runner', Date.now() - 60_000, id]);
    // A task still beating is left alone.
    const alive = await insertTask(t.db, { corpId: 1, userId: adminId, resourceId: 'vehicle', fileName: '运行中.xlsx', mode: 2, onDuplicate: 2, now: Date.now() });
    await t.db.run('UPDATE import_tasks SET started_at = ?, runner = ?, heartbeat_at = ? WHERE id = ?', [Date.now(), 'live-runner', Date.now(), alive]);

    expect(await failStale(t.db, Date.now() - 15_000, Date.now())).toBe(1);
    expect(await findTask(t.db, id)).toMatchObject({ status: ImportStatus.FAILED, failReason: INTERRUPTED_REASON, rowsOk: 400 });
    expect(await findTask(t.db, alive)).toMatchObject({ status: ImportStatus.RUNNING });
    const listed = (await admin.post('/importCenter/list', {})).result.data.find((x: any) => x.id === id);
    expect(listed).toMatchObject({ statusName: '导入失败', failReason: INTERRUPTED_REASON });
    const msgs = await admin.post('/message/list', { isRead: 0 });
    expect(msgs.result.data[0]).toMatchObject({ kind: 'import', title: '导入失败', link: '/importCenter' });
    expect(await failStale(t.db, Date.now() - 15_000, Date.now())).toBe(0);
  });
});

// The import's batched write (server/resources/bulk-writes.ts): within one batch a bad reference, a
// duplicate of a row of the batch, a duplicate of a stored row, a row a hook refuses and a row the
// database refuses are each reported with its own row and the error its own save gives, and the
// other rows are written as a save writes them (version 1, history with the referenced names).
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../server/http/context.ts';
import { ApiError, invalid } from '../server/http/envelope.ts';
import { saveMany, type SaveOutcome } from '../server/resources/bulk-writes.ts';
import { save } from '../server/resources/writes.ts';
import { createTestApp } from './support/test-app.ts';
import { finished, sheetOf, upload, xlsxOf } from './support/import-files.ts';

const t = await createTestApp();
const admin = await t.as('admin');
const [c1, c2] = (await admin.post('/res/carrier/list', { pageSize: 5 })).result.data as { id: number; carrierName: string }[];
const adminRow = (await t.db.one<{ id: number; realName: string; corpId: number }>("SELECT id, real_name AS realName, corp_id AS corpId FROM users WHERE user_name = 'admin'"))!;
const user = { userId: adminRow.id, userName: 'admin', realName: adminRow.realName, corpId: adminRow.corpId, userType: 0, partnerId: null } as SessionUser;
const HEADER = ['*车牌号', '*承运商', '状态', '载重(吨)', '备注'];
const VEHICLES = { resourceId: 'vehicle', mode: '2', onDuplicate: '2' };
const REFUSED_BY_HOOK = '备注：含有不允许的内容';

/** A hook of the vehicle resource for these tests: refuses a remark saying 拒绝, blanks the plate of one saying 置空. */
function refusingHook() {
  t.engine.hooks.vehicle = {
    beforeInsert(_ctx, record) {
      if (record.remark === '拒绝') throw invalid(REFUSED_BY_HOOK, { field: 'remark' });
      if (record.remark === '置空') record.vehicleNo = null;
    },
  };
}
afterEach(() => {
  delete t.engine.hooks.vehicle;
});

const errorOf = (o: SaveOutcome) => ('error' in o ? o.error.message : undefined);
const historyOf = async (id: number) => (await admin.post('/res/vehicle/history', { id })).result.data as { action: string; recordVersion: number; changes: any[] }[];
const stored = async (plate: string) => (await admin.post('/res/vehicle/list', { vehicleNo: plate, pageSize: 100 })).result.data as any[];

async function errorReport(id: number) {
  const res = await t.app.request(`/api/importCenter/errors/${id}`, { headers: { token: admin.token } });
  return (await sheetOf(res)).slice(1);
}

describe('bulk write of new records', { timeout: 300_000 }, () => {
  it('refuses each bad record with the error its own save gives and writes the others', async () => {
    refusingHook();
    await save(t.engine, 'vehicle', user, { vehicleNo: '浙H10000', carrierId: c1.id });
    const bodies = [
      { vehicleNo: '浙H10001', carrierId: c1.id, loadWeight: 12.5, remark: '好' },
      { vehicleNo: '浙H10002', carrierId: 999_999 },
      { vehicleNo: '浙H10003', carrierId: c1.id, carModelId: 999_999 },
      { vehicleNo: '浙H10000', carrierId: c2.id },
      { vehicleNo: '浙H10004', carrierId: c1.id, remark: '拒绝' },
      { vehicleNo: '浙H10005', carrierId: c1.id, remark: '置空' },
      { vehicleNo: '浙H10001', carrierId: c2.id },
      { vehicleNo: '浙H10006', carrierId: c2.id, status: 0 },
    ];
    const outcomes = await saveMany(t.engine, 'vehicle', user, bodies);
    expect(outcomes.map(errorOf)).toEqual([
      undefined, '承运商：所选承运商不存在', '车型：所选车型不存在', '车牌号已存在', REFUSED_BY_HOOK, '车牌号不能为空', '车牌号已存在', undefined,
    ]);
    expect(outcomes.every((o) => 'id' in o || (o.error instanceof ApiError && o.error.code === 100))).toBe(true);
    // The refused ones, saved alone, are refused with the same words (the within-batch duplicate aside, which is a duplicate of a stored row once its first is in).
    for (const i of [1, 2, 3, 4, 5]) {
      const alone = await save(t.engine, 'vehicle', user, bodies[i]).then(() => undefined, (e: ApiError) => e.message);
      expect(alone).toBe(errorOf(outcomes[i]));
    }
    expect((await stored('浙H1000')).map((v) => v.vehicleNo).sort()).toEqual(['浙H10000', '浙H10001', '浙H10006']);
    expect((await stored('浙H10001'))[0]).toMatchObject({ carrierName: c1.carrierName, loadWeight: 12.5, remark: '好', version: 1 });
  });

  it('writes the history a save writes: the given fields, references by name', async () => {
    const body = { carrierId: c2.id, loadWeight: 3.25, volume: 30, status: 0, coldMachine: 1, remark: '历史' };
    const { id: single } = await save(t.engine, 'vehicle', user, { ...body, vehicleNo: '浙H20000' });
    const [outcome] = await saveMany(t.engine, 'vehicle', user, [{ ...body, vehicleNo: '浙H20001' }]);
    const bulk = (outcome as { id: number }).id;
    const [a, b] = [await historyOf(single), await historyOf(bulk)];
    expect(b).toHaveLength(1);
    expect(b[0]).toMatchObject({ action: 'create', recordVersion: 1 });
    expect(b[0].changes.find((c) => c.field === 'carrierId')).toMatchObject({ after: c2.id, afterText: c2.carrierName });
    const plateless = (h: typeof a) => h[0].changes.map((c) => (c.field === 'vehicleNo' ? { ...c, after: '' } : c));
    expect(plateless(b)).toEqual(plateless(a));
  });

  it('an import reports the refused rows of a batch by row and column and writes the others, with history', async () => {
    refusingHook();
    const rows = Array.from({ length: 30 }, (_, i) => [`浙H3${String(i).padStart(4, '0')}`, c1.carrierName, '启用', 2, '']);
    rows[4] = ['浙H30001', c2.carrierName, '启用', 2, ''];
    rows[9] = ['浙H10000', c1.carrierName, '启用', 2, ''];
    rows[14][4] = '拒绝';
    rows[19][4] = '置空';
    const task = await finished(admin, (await upload(t, admin.token, VEHICLES, await xlsxOf(HEADER, rows))).result.id);
    expect(task).toMatchObject({ status: 4, rowsTotal: 30, rowsOk: 26, rowsFailed: 4 });
    expect(await errorReport(task.id)).toEqual([
      [6, '车牌号', '车牌号已存在'],
      [11, '车牌号', '车牌号已存在'],
      [16, '备注', REFUSED_BY_HOOK],
      [21, '车牌号', '车牌号不能为空'],
    ]);
    const written = await stored('浙H3');
    expect(written).toHaveLength(26);
    expect(written.find((v) => v.vehicleNo === '浙H30001')).toMatchObject({ carrierName: c1.carrierName, version: 1 });
    for (const v of written.slice(0, 3)) {
      const [entry] = await historyOf(v.id);
      expect(entry).toMatchObject({ action: 'create', recordVersion: 1 });
      expect(entry.changes.find((c) => c.field === 'carrierId')).toMatchObject({ afterText: c1.carrierName });
    }
  });

  it('全部成功才导入: a row a hook refuses writes nothing and is reported', async () => {
    refusingHook();
    const rows = Array.from({ length: 20 }, (_, i) => [`浙H4${String(i).padStart(4, '0')}`, c1.carrierName, '启用', 1, '']);
    rows[12][4] = '拒绝';
    const task = await finished(admin, (await upload(t, admin.token, { ...VEHICLES, mode: '1' }, await xlsxOf(HEADER, rows))).result.id);
    expect(task).toMatchObject({ status: 2, rowsOk: 0, rowsFailed: 1 });
    expect(await errorReport(task.id)).toEqual([[14, '备注', REFUSED_BY_HOOK]]);
    expect(await stored('浙H4')).toHaveLength(0);
  });

  it('更新已有记录: a stored plate is updated, and a plate twice in one batch is created then updated', async () => {
    const rows = [
      ['浙H50000', c1.carrierName, '启用', 1, '第一次'],
      ['浙H10000', c2.carrierName, '停用', 7, '已有'],
      ['浙H50000', c2.carrierName, '启用', 2, '第二次'],
    ];
    const task = await finished(admin, (await upload(t, admin.token, { ...VEHICLES, onDuplicate: '1' }, await xlsxOf(HEADER, rows))).result.id);
    expect(task).toMatchObject({ status: 1, rowsOk: 3, rowsFailed: 0 });
    expect((await stored('浙H50000'))).toEqual([expect.objectContaining({ carrierName: c2.carrierName, remark: '第二次', version: 2 })]);
    const existing = (await stored('浙H10000'))[0];
    expect(existing).toMatchObject({ carrierName: c2.carrierName, status: 1, loadWeight: 7, remark: '已有' });
    expect((await historyOf(existing.id))[0]).toMatchObject({ action: 'update', recordVersion: existing.version });
    expect((await historyOf((await stored('浙H50000'))[0].id)).map((h) => h.action)).toEqual(['update', 'create']);
  });
});

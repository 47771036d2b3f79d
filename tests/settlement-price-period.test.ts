// 批量估算 (bill/priceWaybills): finance prices every waybill completed in a period on both sides. It must
// give exactly what one waybill's 运费估算 gives, write nothing the second time, keep an override, leave
// out waybills not completed in the period, count what it could not price, and feed that period's bills.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, rowOf } from './support/waybill-fixture.ts';
import { shanghaiDateStart } from '../server/resources/time.ts';
import { recordEstimate } from '../server/domain/settlement/fees/estimates.ts';

const DAY = 86_400_000;
let t: TestApp;
let finance: Awaited<ReturnType<TestApp['as']>>;

async function ok(caller: typeof finance, path: string, body: unknown) {
  const r = await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

const fees = (waybillId: number) => t.db.all<{ side: number; amount: number; state: number; lines: string; version: number }>(
  'SELECT side, amount, state, lines, version FROM waybill_fees WHERE waybill_id = ? AND is_deleted = 0 ORDER BY side', [waybillId]);

/** A waybill of the carrier completed on `day` (noon, Asia/Shanghai), or still on the road. */
async function waybillOf(carrierId: number, day: string, status = 500) {
  const f = await insertWaybill(t.db, {});
  await placeAt(t.db, f, status === 500 ? { status: 500, step: 13, signStatus: 1211 } : { status: 400, step: 10 }, carrierId);
  if (status === 500) await t.db.run('UPDATE waybill_nodes SET actual_leave_time = ? WHERE id = ?', [shanghaiDateStart(day) + 12 * 3600_000, f.nodes.end]);
  return f;
}

beforeAll(async () => {
  t = await createTestApp();
  finance = await t.as('finance');
});

describe('pricing a period at once', () => {
  it('prices the completed waybills of the period like 运费估算, keeps overrides, writes nothing twice and feeds the bills', async () => {
    const carriers = await t.db.all<{ id: number }>('SELECT id FROM carriers WHERE corp_id = 1 ORDER BY id');
    const [carrierId, bare] = [carriers[0].id, carriers[1].id];
    await t.db.run('UPDATE contracts SET terminated_at = ? WHERE carrier_id = ?', [Date.now(), bare]);
    const now = Date.now();
    const day = new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
    const contract = await ok(finance, '/res/contract/save', { contractNo: `HT-PP-${now}`, contractName: '批量估算合同', contractType: 2, carrierId, validFrom: now - 10 * DAY, validUntil: now + 10 * DAY });
    await ok(finance, '/res/contractRateRule/save', { contractId: contract.id, ruleName: '整车按趟', pricingMethod: 4, unitPrice: 150_000 });

    const inPeriod = [await waybillOf(carrierId, day), await waybillOf(carrierId, day), await waybillOf(carrierId, day)];
    const lastMonth = await waybillOf(carrierId, '2020-01-15');
    const onTheRoad = await waybillOf(carrierId, day, 400);
    const unpriced = await waybillOf(bare, day);
    // A fee of another carrier, from before the waybill changed hands: no contract prices it now, so it goes.
    await recordEstimate(t.db, 1, unpriced.waybillId, 2, carrierId, { lines: [], total: 99_900, ruleId: 1 });
    // One of them priced by hand first: the batch must agree with it to the line.
    const single = await ok(finance, '/financialFee/countRate', { waybillId: inPeriod[0].waybillId });
    const singlePayable = single.fees.find((f: any) => f.side === 2);

    const first = await ok(finance, '/bill/priceWaybills', { from: day, to: day });
    expect(first.waybills).toBeGreaterThanOrEqual(4);
    expect(first.failures).toContainEqual(expect.objectContaining({ side: 2, message: '承运商在运单日期没有生效的合同' }));
    for (const w of inPeriod) expect((await fees(w.waybillId)).find((f) => f.side === 2)).toMatchObject({ amount: 150_000, state: 1 });
    expect((await fees(inPeriod[0].waybillId)).find((f) => f.side === 2)).toMatchObject({ version: singlePayable.version, lines: JSON.stringify(singlePayable.lines.map(({ kindStr: _, ...l }: any) => l)) });
    expect(await fees(lastMonth.waybillId)).toEqual([]);
    expect(await fees(onTheRoad.waybillId)).toEqual([]);
    expect((await fees(unpriced.waybillId)).filter((f) => f.side === 2)).toEqual([]);
    // What each side's estimate came to, as 运费估算 records it: priced, or why not.
    const notes = (await finance.get(`/financialFee/getWaybillFees?id=${unpriced.waybillId}`)).result.estimates;
    expect(notes.find((n: any) => n.side === 2)).toMatchObject({ priced: false, message: '承运商在运单日期没有生效的合同', triggerStr: '批量估算' });
    expect((await finance.get(`/financialFee/getWaybillFees?id=${inPeriod[2].waybillId}`)).result.estimates.find((n: any) => n.side === 2)).toMatchObject({ priced: true, triggerStr: '批量估算' });

    const fee = (await fees(inPeriod[1].waybillId)).find((f) => f.side === 2)!;
    await ok(finance, '/financialFee/saveFee', { waybillId: inPeriod[1].waybillId, side: 2, amount: 170_000, reason: '加点卸货', version: fee.version });
    const again = await ok(finance, '/bill/priceWaybills', { from: day, to: day });
    expect(again).toMatchObject({ waybills: first.waybills, changed: 0 });
    expect((await fees(inPeriod[1].waybillId)).find((f) => f.side === 2)).toMatchObject({ amount: 170_000, state: 2 });
    const history = await rowOf(t.db, "SELECT count(*) AS n FROM record_history WHERE resource = 'waybillFee' AND record_id IN (SELECT id FROM waybill_fees WHERE waybill_id = ?)", inPeriod[2].waybillId);
    expect(Number(history.n)).toBeGreaterThanOrEqual(1);

    const bill = await ok(finance, '/bill/createBills', { side: 2, partyId: carrierId, from: day, to: day });
    expect(bill).toMatchObject({ waybillCount: 3, total: 150_000 + 170_000 + 150_000 });
  });

  it('is refused to a partner and to bad periods, changing nothing', async () => {
    const before = await rowOf(t.db, 'SELECT count(*) AS n FROM waybill_fees');
    const carrier = await t.as('carrier');
    expect((await carrier.post('/bill/priceWaybills', { from: '2026-01-01', to: '2026-01-31' })).code).not.toBe(1);
    for (const body of [{ from: '2026-02-01', to: '2026-01-01' }, { from: '2026-02-30', to: '2026-03-01' }, { from: '2026-01-01' }, { from: 20260101, to: '2026-01-02' }, { from: '2026-01-01', to: '2026-01-02', x: 1 }]) {
      const r = await finance.post('/bill/priceWaybills', body);
      expect(r.code, JSON.stringify(body)).toBe(100);
      expect(r.message).toMatch(/账期|日期|项目/);
    }
    expect(await rowOf(t.db, 'SELECT count(*) AS n FROM waybill_fees')).toEqual(before);
  });
});

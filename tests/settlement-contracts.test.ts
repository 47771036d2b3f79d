// The settlement centre's contracts (docs/settlement.md "Contracts", "Rate rules", "Oil prices and fee
// items"): statuses worked out from the dates at every read, 终止 and 复制合同 as actions, rate rules
// with tiers and fee items kept as lists, checked by the shared rules, and partner users seeing only
// their own contracts and rules. The generic CRUD and bad-input suites (entity-contract.test.ts) cover
// the four resources besides.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { COMPUTATIONS } from '../server/resources/computed.ts';
import { dayStartOf } from '../server/reports/sql.ts';
import { TIER_CONTINUOUS } from '../schemas/keywords/tiered.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const DAY = 86_400_000;

let t: TestApp;
let admin: Caller, finance: Caller, carrier: Caller, customer: Caller, dispatcher: Caller;
let carrierPartner: number, customerPartner: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, finance, carrier, customer, dispatcher] = await Promise.all(['admin', 'finance', 'carrier', 'customer', 'dispatcher'].map((u) => t.as(u)));
  const partner = async (u: string) => (await t.db.one<{ p: number }>('SELECT partner_id AS "p" FROM users WHERE user_name = ?', [u]))!.p;
  carrierPartner = await partner('carrier');
  customerPartner = await partner('customer');
});

const today = () => dayStartOf(Date.now());
let seq = 0;
/** A carrier contract of the demo's first carrier, from `from` to `until` (epoch ms). */
async function contract(from: number, until: number, extra: Row = {}): Promise<{ id: number; contractNo: string }> {
  const contractNo = `CS${Date.now() % 100000}${++seq}`;
  const r = await finance.post('/res/contract/save', { contractNo, contractName: '测试承运合同', contractType: 2, carrierId: carrierPartner, validFrom: from, validUntil: until, ...extra });
  expect(r.code, r.message).toBe(1);
  return { id: r.result.id, contractNo };
}
const detail = async (id: number) => (await finance.get(`/res/contract/detail?id=${id}`)).result as Row;

describe('contract status, worked out from the dates (Asia/Shanghai days)', () => {
  // The computation at a chosen moment, over rows written for it: the day edges without waiting for midnight.
  const statusAt = async (id: number, now: number) =>
    (await t.db.one<{ s: number }>(`SELECT ${COMPUTATIONS.contractStatus('t', now)} AS s FROM contracts t WHERE t.id = ?`, [id]))!.s;
  const day = Date.UTC(2026, 2, 10) - 8 * 3_600_000; // 2026-03-10 00:00 in Shanghai
  const lastMs = day + DAY - 1;

  it('is 生效中 on the first and on the last day, all day long, 已到期 the day after, 未生效 the day before', async () => {
    const { id } = await contract(day, day);
    for (const now of [day, lastMs]) expect(await statusAt(id, now)).toBe(1);
    expect(await statusAt(id, lastMs + 1)).toBe(3);
    expect(await statusAt(id, day - 1)).toBe(2);
    // A start typed with a time of day still starts on its day.
    const { id: evening } = await contract(day + 22 * 3_600_000, day + 5 * DAY);
    expect(await statusAt(evening, day + 3_600_000)).toBe(1);
    expect(await statusAt(evening, day - 1)).toBe(2);
  });

  it('shows its dates as days (YYYY-MM-DD), never as a midnight time, in the list and the detail', async () => {
    const { id, contractNo } = await contract(day, day + 30 * DAY, { signedAt: day - 5 * DAY });
    const d = await detail(id);
    expect([d.signedAtStr, d.validFromStr, d.validUntilStr]).toEqual(['2026-03-05', '2026-03-10', '2026-04-09']);
    const listed = (await finance.post('/res/contract/list', { contractNo, curPage: 1, pageSize: 10 })).result.data as Row[];
    expect(listed.map((r) => r.validFromStr)).toEqual(['2026-03-10']);
    // An instant stays an instant.
    expect(d.updatedAtStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('reads a contract that ended yesterday as 已到期 in the list, the status search and the detail, with no write', async () => {
    const { id } = await contract(today() - 30 * DAY, today() - DAY);
    const { id: active } = await contract(today() - DAY, today());
    const { id: pending } = await contract(today() + DAY, today() + 30 * DAY);
    const version = (await detail(id)).version;
    expect([(await detail(id)).status, (await detail(active)).status, (await detail(pending)).status]).toEqual([3, 1, 2]);
    const listed = (await finance.post('/res/contract/list', { pageSize: 1000 })).result.data as Row[];
    expect(listed.find((r) => r.id === id)?.status).toBe(3);
    const expired = (await finance.post('/res/contract/list', { status: [3], pageSize: 1000 })).result.data as Row[];
    expect(expired.map((r) => r.id)).toContain(id);
    expect(expired.map((r) => r.id)).not.toContain(active);
    expect(expired.every((r) => r.status === 3)).toBe(true);
    expect((await finance.post('/res/contract/count', { status: [2] })).result).toBeGreaterThanOrEqual(1);
    expect((await detail(id)).version).toBe(version);
  });

  it('takes no status from a form: the field is not writable', async () => {
    const r = await t.refused(() => finance.post('/res/contract/save', { contractNo: 'CSX1', contractName: '状态', contractType: 2, carrierId: carrierPartner, validFrom: today(), validUntil: today(), status: 1 }));
    expect(r.code).toBe(100);
  });
});

describe('终止 (terminate)', () => {
  it('terminates an active contract with a reason, kept in its history; it then reads 已终止 and changes no more', async () => {
    const { id } = await contract(today() - DAY, today() + 30 * DAY);
    const r = await finance.post('/contract/terminate', { id, version: 1, reason: '合作方违约' });
    expect(r.code, r.message).toBe(1);
    const after = await detail(id);
    expect(after).toMatchObject({ status: 99, terminateReason: '合作方违约', version: 2 });
    expect(after.terminatedAtStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const history = (await finance.post('/res/contract/history', { id })).result.data as Row[];
    expect(history[0].changes.map((c: Row) => [c.title, c.after])).toContainEqual(['终止原因', '合作方违约']);
    const again = await t.refused(() => finance.post('/contract/terminate', { id, version: 2, reason: '再次' }));
    expect(again.message).toBe('合同已终止，不能再修改或终止');
    const changed = await t.refused(() => finance.post('/res/contract/update', { id, version: 2, contractName: '改名' }));
    expect(changed.message).toBe('合同已终止，不能再修改或终止');
  });

  it('refuses an expired contract, a stale version and a blank reason, changing nothing', async () => {
    const { id: expired } = await contract(today() - 30 * DAY, today() - DAY);
    expect((await t.refused(() => finance.post('/contract/terminate', { id: expired, version: 1, reason: '到期' }))).message).toBe('合同已到期，不能终止');
    const { id } = await contract(today(), today() + DAY);
    expect((await t.refused(() => finance.post('/contract/terminate', { id, version: 9, reason: '旧版本' }))).message).toBe('数据已被他人修改，请刷新后重试');
    const blank = await t.refused(() => finance.post('/contract/terminate', { id, version: 1, reason: '   ' }));
    expect([blank.code, blank.message]).toEqual([100, '终止原因不能为空']);
    const long = await t.refused(() => finance.post('/contract/terminate', { id, version: 1, reason: '长'.repeat(201) }));
    expect(long.code).toBe(100);
    expect(long.message).toContain('终止原因');
  });

  it('is offered on the list only where it applies, and only to who holds its operation', async () => {
    const page = (await finance.get('/ui/pages/settlement/contract-list')).result;
    expect(page.actions.find((a: Row) => a.id === 'terminate').availableWhen).toEqual([{ status: [1, 2] }]);
    const { id } = await contract(today(), today() + DAY);
    expect((await t.refused(() => dispatcher.post('/contract/terminate', { id, version: 1, reason: '无权' }))).code).toBe(104);
    const carrierPage = (await carrier.get('/ui/pages/settlement/contract-list')).result;
    expect(carrierPage.actions.map((a: Row) => a.id)).not.toContain('terminate');
  });
});

const rule = (contractId: number, extra: Row = {}) => ({ contractId, ruleName: `规则${++seq}`, pricingMethod: 1, unitPrice: 12_000, ...extra });
const TIERS = [{ scopeType: 1, high: 10, unitPrice: 13_000 }, { scopeType: 2, low: 10, high: 30, unitPrice: 11_500 }, { scopeType: 3, low: 30, unitPrice: 10_000 }];

describe('rate rules', () => {
  it('keeps tiers and fee items as lists, and shows the fee items by name', async () => {
    const { id: contractId } = await contract(today(), today() + DAY);
    const fee = (await t.db.one<{ id: number }>("SELECT id FROM fee_items WHERE fee_name = '装卸费'"))!.id;
    const r = await finance.post('/res/contractRateRule/save', rule(contractId, { tierBasis: 2, unitPrice: null, tiers: TIERS, feeItems: [{ feeItemId: fee, amount: 5_000 }] }));
    expect(r.code, r.message).toBe(1);
    const read = (await finance.get(`/res/contractRateRule/detail?id=${r.result.id}`)).result;
    expect(read).toMatchObject({ tiers: TIERS, feeItems: [{ feeItemId: fee, amount: 5_000 }], feeItemsText: '装卸费 ¥50.00', carrierId: carrierPartner, contractName: '测试承运合同' });
    const listed = (await finance.post('/res/contractRateRule/list', { contractId })).result;
    expect(listed.totalRecords).toBe(1);
    expect(listed.data[0].tiers).toEqual(TIERS);
    const changed = [{ scopeType: 1, high: 20, unitPrice: 13_000 }, { scopeType: 3, low: 20, unitPrice: 9_000 }];
    expect((await finance.post('/res/contractRateRule/update', { id: r.result.id, version: 1, tiers: changed })).code).toBe(1);
    const history = (await finance.post('/res/contractRateRule/history', { id: r.result.id })).result.data as Row[];
    expect(history[0].changes[0]).toMatchObject({ title: '阶梯', before: TIERS, after: changed });
  });

  it.each([
    ['a gap between tiers', { tierBasis: 2, unitPrice: null, tiers: [{ scopeType: 1, high: 10, unitPrice: 1 }, { scopeType: 3, low: 12, unitPrice: 1 }] }, TIER_CONTINUOUS],
    ['a tier without its price', { tierBasis: 2, unitPrice: null, tiers: [{ scopeType: 1, high: 10 }, { scopeType: 3, low: 10, unitPrice: 1 }] }, '阶梯单价'],
    ['tiers by pieces priced per ton', { tierBasis: 1, unitPrice: null, tiers: TIERS }, '按件数分阶梯时计价方式须为按件'],
    ['tiers by distance priced per m³', { pricingMethod: 2, tierBasis: 3, unitPrice: null, tiers: TIERS }, '按距离分阶梯时计价方式须为按趟或按公里'],
    ['a tier basis without tiers', { tierBasis: 2, unitPrice: null }, '按重量分阶梯时须设置阶梯'],
    ['tiers without a tier basis', { tiers: TIERS }, '未选择阶梯依据时不能设置阶梯'],
    ['no unit price and no tiers', { unitPrice: null }, '不分阶梯时须填写单价'],
    ['fuel linked without a base price', { fuelLinked: 1, fuelCoefficient: 0.3 }, '燃油联动时须填写基准油价'],
    ['fuel linked without a coefficient', { fuelLinked: 1, fuelBasePrice: 740 }, '燃油联动时须填写联动系数'],
    ['a coefficient above 1', { fuelLinked: 1, fuelBasePrice: 740, fuelCoefficient: 1.5 }, '联动系数'],
    ['a coefficient with five decimals', { fuelLinked: 1, fuelBasePrice: 740, fuelCoefficient: 0.12345 }, '联动系数'],
    ['a price in yuan with decimals', { unitPrice: 12.5 }, '单价：'],
    ['an unknown fee item', { feeItems: [{ feeItemId: 999999, amount: 100 }] }, '附加费：所选费用项目不存在'],
    ['a negative fee', { feeItems: [{ feeItemId: 1, amount: -1 }] }, '金额：不能小于'],
  ])('refuses %s with code 100 naming it, changing nothing', async (_why, extra, message) => {
    const { id: contractId } = await contract(today(), today() + DAY);
    const r = await t.refused(() => finance.post('/res/contractRateRule/save', rule(contractId, extra)));
    expect(r.code).toBe(100);
    expect(r.message).toContain(message);
  });

  it('refuses deleting a contract that has rules, and deletes it once they are gone', async () => {
    const { id: contractId } = await contract(today(), today() + DAY);
    const { result } = await finance.post('/res/contractRateRule/save', rule(contractId));
    const kept = await finance.post('/res/contract/batchDelete', { ids: [contractId] });
    expect(kept.code).toBe(105);
    expect(JSON.stringify(kept.result)).toContain('已被计价规则引用，不能删除');
    await finance.post('/res/contractRateRule/batchDelete', { ids: [result.id] });
    expect((await finance.post('/res/contract/batchDelete', { ids: [contractId] })).result).toMatchObject({ successCount: 1 });
  });
});

describe('复制合同 (copyContract)', () => {
  it('copies the contract and its rules under the new number and dates; the copy reads its own status', async () => {
    const { id, contractNo } = await contract(today() - 60 * DAY, today() - DAY, { amount: 500_000 });
    await finance.post('/res/contractRateRule/save', rule(id, { tierBasis: 2, unitPrice: null, tiers: TIERS }));
    await finance.post('/res/contractRateRule/save', rule(id, { pricingMethod: 5, unitPrice: 650, fuelLinked: 1, fuelBasePrice: 740, fuelCoefficient: 0.3 }));
    const r = await finance.post('/contract/copyContract', { id, version: 1, contractNo: `${contractNo}C`, validFrom: today(), validUntil: today() + 365 * DAY });
    expect(r.code, r.message).toBe(1);
    expect(r.result.rules).toBe(2);
    const copy = await detail(r.result.id);
    expect(copy).toMatchObject({ contractNo: `${contractNo}C`, contractName: '测试承运合同', contractType: 2, carrierId: carrierPartner, amount: 500_000, status: 1, version: 1 });
    expect((await detail(id)).status).toBe(3);
    const rules = (await finance.post('/res/contractRateRule/list', { contractId: r.result.id, sorts: [{ field: 'ruleName', order: 'asc' }] })).result.data as Row[];
    expect(rules.map((x) => [x.tiers, x.fuelCoefficient, x.carrierId])).toEqual([[TIERS, null, carrierPartner], [null, 0.3, carrierPartner]]);
  });

  it('refuses a number already used, and dates the wrong way round, copying nothing', async () => {
    const { id, contractNo } = await contract(today(), today() + DAY);
    await finance.post('/res/contractRateRule/save', rule(id));
    const dup = await t.refused(() => finance.post('/contract/copyContract', { id, contractNo, validFrom: today(), validUntil: today() + DAY }));
    expect([dup.code, dup.message]).toEqual([100, '合同编号已存在']);
    const backwards = await t.refused(() => finance.post('/contract/copyContract', { id, contractNo: `${contractNo}Z`, validFrom: today() + DAY, validUntil: today() }));
    expect(backwards.message).toContain('到期日期不能早于生效日期');
  });
});

describe('scoping', () => {
  it('shows a carrier user only its own carrier and material contracts and their rules', async () => {
    const contracts = (await carrier.post('/res/contract/list', { pageSize: 1000 })).result.data as Row[];
    expect(contracts.length).toBeGreaterThan(0);
    expect(contracts.every((c) => c.carrierId === carrierPartner && c.customerId === null)).toBe(true);
    expect(contracts.map((c) => c.contractType)).toEqual(expect.arrayContaining([2, 3]));
    const rules = (await carrier.post('/res/contractRateRule/list', { pageSize: 1000 })).result.data as Row[];
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((r) => r.carrierId === carrierPartner)).toBe(true);
    const others = await t.db.one<{ id: number }>('SELECT id FROM contract_rate_rules WHERE carrier_id IS NULL OR carrier_id <> ? LIMIT 1', [carrierPartner]);
    expect((await carrier.get(`/res/contractRateRule/detail?id=${others!.id}`)).code).toBe(0);
  });

  it('moves a contract\'s rules with it when its carrier changes: the new carrier sees them, the old one no longer', async () => {
    const { id } = await contract(today(), today() + DAY);
    const { result } = await finance.post('/res/contractRateRule/save', rule(id));
    expect((await carrier.get(`/res/contractRateRule/detail?id=${result.id}`)).code).toBe(1);
    const other = (await t.db.one<{ id: number }>('SELECT id FROM carriers WHERE corp_id = 1 AND id <> ? ORDER BY id LIMIT 1', [carrierPartner]))!.id;
    expect((await finance.post('/res/contract/update', { id, version: 1, carrierId: other })).code).toBe(1);
    expect((await finance.get(`/res/contractRateRule/detail?id=${result.id}`)).result.carrierId).toBe(other);
    expect((await carrier.get(`/res/contractRateRule/detail?id=${result.id}`)).code).toBe(0);
  });

  it('shows a customer user only its own customer contracts and their rules', async () => {
    const contracts = (await customer.post('/res/contract/list', { pageSize: 1000 })).result.data as Row[];
    expect(contracts.length).toBeGreaterThan(0);
    expect(contracts.every((c) => c.customerId === customerPartner && c.contractType === 1)).toBe(true);
    const rules = (await customer.post('/res/contractRateRule/list', { pageSize: 1000 })).result.data as Row[];
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((r) => r.customerId === customerPartner)).toBe(true);
  });
});

describe('fee items and oil prices', () => {
  it('offers the enabled fee items in the drop-down, by kind when asked', async () => {
    const all = (await finance.post('/feeItem/getAllFeeItemDropBox', {})).result as Row[];
    expect(all.map((f) => f.label)).toEqual(expect.arrayContaining(['装卸费', '货损扣款', '司机补贴']));
    const { id, version } = (await finance.get(`/res/feeItem/detail?id=${all.find((f) => f.label === '压车费')!.id}`)).result;
    expect((await finance.post('/res/feeItem/update', { id, version, status: 1 })).code).toBe(1);
    const after = (await finance.post('/feeItem/getAllFeeItemDropBox', {})).result as Row[];
    expect(after.map((f) => f.label)).not.toContain('压车费');
    const deductions = (await finance.post('/feeItem/getAllFeeItemDropBox', { feeKind: 2 })).result as Row[];
    expect(deductions.map((f) => f.label).sort()).toEqual(['晚到扣款', '温度超标扣款', '货损扣款'].sort());
    expect((await t.refused(() => finance.post('/feeItem/getAllFeeItemDropBox', { feeKind: 7 }))).code).toBe(100);
    expect((await t.refused(() => dispatcher.post('/feeItem/getAllFeeItemDropBox', {}))).code).toBe(104);
  });

  it('keeps one price per province, oil type and day', async () => {
    const day = today() - 400 * DAY;
    const body = { region: '江苏省', oilType: 0, price: 745, effectiveDate: day };
    expect((await finance.post('/res/oilPrice/save', body)).code).toBe(1);
    const dup = await t.refused(() => finance.post('/res/oilPrice/save', { ...body, price: 750 }));
    expect(dup.message).toContain('已存在');
    expect((await finance.post('/res/oilPrice/save', { ...body, oilType: 92 })).code).toBe(1);
  });
});

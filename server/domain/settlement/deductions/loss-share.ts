// 货损分摊 (spec: waybill dialogs "loss allocation (cancel and detail)", calls carrierLossShare/*): after a
// partial (1213) or damaged (1212) sign-off, finance or dispatch staff value the lost goods and split the
// loss between the carrier (a kind 1 deduction from its payable fee) and the company. One live share per
// waybill; 修改 replaces the deduction, 取消分摊 cancels both. Every change is a record_history row
// (resource 'carrierLossShare'). A carrier user reads its own carrier's shares; nobody else outside staff.
import type { SessionUser } from '../../../http/context.ts';
import { failure, invalid } from '../../../http/envelope.ts';
import { all, one, run, tx, type Conn } from '../../../resources/statements.ts';
import { formatTime } from '../../../resources/time.ts';
import { formatYuan } from '../../../../schemas/keywords/money.ts';
import { loadWaybill } from '../../waybills/scope.ts';
import { milli } from '../../workflow/splits.ts';
import { FeeSide } from '../fees/store.ts';
import { addDeduction, cancelDeduction, DeductionKind } from './store.ts';

const NOT_FOUND = '记录不存在或无权访问';
const STALE = '数据已被他人修改，请刷新后重试';
const SIGN_PARTIAL = 1213;
const SIGN_ABNORMAL = 1212;
const COMPLETED = 500;

export interface LossShareInput {
  id?: number;
  version?: number;
  waybillId?: number;
  waybillNo?: string;
  /** Goods units, at most three decimals; empty: the sign-off's delivered less signed quantity. */
  lostQuantity?: number | null;
  /** Fen per goods unit. */
  unitValue: number;
  /** Fen the carrier bears (deducted from its payable fee); the rest the company bears. */
  carrierAmount: number;
  reason?: string | null;
}

interface ShareRow {
  id: number;
  waybillId: number;
  carrierId: number;
  lostQuantity: number;
  unitValue: number;
  lossAmount: number;
  carrierAmount: number;
  companyAmount: number;
  reason: string | null;
  version: number;
}

const COLUMNS = `s.id, s.waybill_id AS "waybillId", s.carrier_id AS "carrierId", s.lost_quantity AS "lostQuantity", s.unit_value AS "unitValue",
  s.loss_amount AS "lossAmount", s.carrier_amount AS "carrierAmount", s.company_amount AS "companyAmount", s.reason, s.version`;

/** Loss = lost quantity × unit value, rounded once to the fen, half up (thousandths × fen / 1000). */
export const lossAmountOf = (lostMilli: number, unitValue: number) => Number((BigInt(lostMilli) * BigInt(unitValue) * 2n + 1000n) / 2000n);

/** What the waybill's sign-off recorded (the last 签收 event's dialog). */
export async function signOffOf(conn: Conn, waybillId: number) {
  const e = await one<{ payload: string | null }>(conn,
    "SELECT payload FROM waybill_events WHERE waybill_id = ? AND action = 'signOrder' ORDER BY at DESC, id DESC LIMIT 1", waybillId);
  const p = e?.payload ? JSON.parse(e.payload) as { signedQuantity?: number; deliveredQuantity?: number } : {};
  const delivered = typeof p.deliveredQuantity === 'number' ? p.deliveredQuantity : null;
  const signed = typeof p.signedQuantity === 'number' ? p.signedQuantity : null;
  const lost = delivered !== null && signed !== null && delivered > signed ? (milli(delivered) - milli(signed)) / 1000 : null;
  return { deliveredQuantity: delivered, signedQuantity: signed, lostQuantity: lost };
}

async function waybillIdOf(conn: Conn, user: SessionUser, waybillNo: string): Promise<number> {
  const w = await one<{ id: number }>(conn, 'SELECT id FROM waybills WHERE corp_id = ? AND waybill_no = ? AND is_deleted = 0', user.corpId, waybillNo.trim());
  if (!w) throw invalid('运单号：运单不存在', { field: 'waybillNo' });
  return w.id;
}

const staffOnly = (user: SessionUser) => {
  if (user.userType !== 0) throw failure('只有本公司人员可以分摊货损');
};

/**
 * `byPlan` (the loss plan's name): made at sign-off by an automatic loss plan (rules/loss-plan-apply.ts)
 * for whoever signed, not by a person sharing it: its history names the plan.
 */
export function saveLossShare(conn: Conn, user: SessionUser, input: LossShareInput, byPlan?: string) {
  if (byPlan === undefined) staffOnly(user);
  return tx(conn, async () => {
    const now = Date.now();
    const w = await loadWaybill(conn, user, input.waybillId ?? await waybillIdOf(conn, user, input.waybillNo!));
    await conn.lock(`lossShare:${w.id}`);
    if (w.status !== COMPLETED || (w.signStatus !== SIGN_PARTIAL && w.signStatus !== SIGN_ABNORMAL)) {
      throw failure('运单未签收或签收无货损，不能分摊货损');
    }
    if (!w.carrierId) throw failure('运单未指定承运商，不能分摊货损');
    const sign = await signOffOf(conn, w.id);
    const lost = input.lostQuantity ?? sign.lostQuantity;
    if (lost === null || lost === undefined) throw invalid('货损数量：请填写货损数量', { field: 'lostQuantity' });
    if (lost <= 0) throw invalid('货损数量：须大于0', { field: 'lostQuantity' });
    if (sign.deliveredQuantity !== null && milli(lost) > milli(sign.deliveredQuantity)) throw invalid('货损数量：不能超过交货数量', { field: 'lostQuantity' });
    const lossAmount = lossAmountOf(milli(lost), input.unitValue);
    if (lossAmount <= 0) throw invalid('货物单价：货损金额须大于0', { field: 'unitValue' });
    if (input.carrierAmount > lossAmount) throw invalid('承运商承担：不能超过货损金额', { field: 'carrierAmount' });
    const values = {
      lostQuantity: milli(lost), unitValue: input.unitValue, lossAmount, carrierAmount: input.carrierAmount,
      companyAmount: lossAmount - input.carrierAmount, reason: input.reason?.trim() || null,
    };
    const existing = await one<ShareRow>(conn, `SELECT ${COLUMNS} FROM carrier_loss_shares s WHERE s.corp_id = ? AND s.waybill_id = ? AND s.is_deleted = 0`, user.corpId, w.id);
    let id: number;
    let version: number;
    if (input.id === undefined) {
      if (existing) throw failure('该运单已分摊货损，请修改或取消后重新分摊');
      id = await conn.insert(
        `INSERT INTO carrier_loss_shares (corp_id, waybill_id, carrier_id, lost_quantity, unit_value, loss_amount, carrier_amount, company_amount, reason,
           created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [user.corpId, w.id, w.carrierId, values.lostQuantity, values.unitValue, values.lossAmount, values.carrierAmount, values.companyAmount, values.reason,
          user.userId, now, user.userId, now]);
      version = 1;
      await history(conn, byPlan === undefined ? user : { ...user, realName: `货损分摊方案「${byPlan}」` }, id, 'create', null, values, version, now);
    } else {
      if (!existing || existing.id !== input.id) throw failure(NOT_FOUND);
      if (existing.version !== input.version) throw failure(STALE);
      await run(conn,
        `UPDATE carrier_loss_shares SET carrier_id = ?, lost_quantity = ?, unit_value = ?, loss_amount = ?, carrier_amount = ?, company_amount = ?, reason = ?,
           version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?`,
        w.carrierId, values.lostQuantity, values.unitValue, values.lossAmount, values.carrierAmount, values.companyAmount, values.reason, user.userId, now, existing.id);
      id = existing.id;
      version = existing.version + 1;
      await history(conn, user, id, 'update', { ...existing }, values, version, now);
      await cancelDeduction(conn, user.corpId, sourceOf(id), user.userId, now);
    }
    let deductionId: number | null = null;
    if (values.carrierAmount > 0) {
      deductionId = await addDeduction(conn, {
        corpId: user.corpId, waybillId: w.id, side: FeeSide.PAYABLE, partyId: w.carrierId, kind: DeductionKind.LOSS_SHARE,
        amount: values.carrierAmount, reason: values.reason ?? '货损分摊', source: sourceOf(id),
      }, user.userId, now);
    }
    await run(conn, 'UPDATE carrier_loss_shares SET deduction_id = ? WHERE id = ?', deductionId, id);
    return { id, version, ...values, lostQuantity: values.lostQuantity / 1000 };
  });
}

/** 取消分摊: the share and its deduction are cancelled (a frozen bill's deduction comes back on the next bill). */
export function cancelLossShare(conn: Conn, user: SessionUser, input: { id: number; version: number }) {
  staffOnly(user);
  return tx(conn, async () => {
    const now = Date.now();
    const s = await one<ShareRow>(conn, `SELECT ${COLUMNS} FROM carrier_loss_shares s WHERE s.corp_id = ? AND s.id = ? AND s.is_deleted = 0`, user.corpId, input.id);
    if (!s) throw failure(NOT_FOUND);
    await conn.lock(`lossShare:${s.waybillId}`);
    if (s.version !== input.version) throw failure(STALE);
    await run(conn, 'UPDATE carrier_loss_shares SET is_deleted = 1, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?', user.userId, now, s.id);
    await history(conn, user, s.id, 'delete', { ...s }, null, s.version + 1, now);
    await cancelDeduction(conn, user.corpId, sourceOf(s.id), user.userId, now);
    return { id: s.id };
  });
}

export const sourceOf = (shareId: number) => `lossShare:${shareId}`;

/** Who reads which shares: staff all of the corporation, a carrier user its carrier's, anyone else none. */
function scope(user: SessionUser): { sql: string; params: unknown[] } {
  if (user.userType === 0) return { sql: 's.corp_id = ?', params: [user.corpId] };
  if (user.userType === 2 && user.partnerId) return { sql: 's.corp_id = ? AND s.carrier_id = ?', params: [user.corpId, user.partnerId] };
  return { sql: '1 = 0', params: [] };
}

const view = (r: ShareRow & { waybillNo: string; carrierName: string | null; updatedAt: number }) => ({
  ...r, lostQuantity: r.lostQuantity / 1000, updatedAtStr: formatTime(r.updatedAt),
  unitValueStr: formatYuan(r.unitValue), lossAmountStr: formatYuan(r.lossAmount), carrierAmountStr: formatYuan(r.carrierAmount), companyAmountStr: formatYuan(r.companyAmount),
});

export async function lossSharePage(conn: Conn, user: SessionUser, q: { curPage?: number; pageSize?: number; waybillNo?: string; carrierId?: number }) {
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? 20;
  const s = scope(user);
  const where = [s.sql, 's.is_deleted = 0'];
  const params = [...s.params];
  if (q.waybillNo?.trim()) { where.push('w.waybill_no = ?'); params.push(q.waybillNo.trim()); }
  if (q.carrierId) { where.push('s.carrier_id = ?'); params.push(q.carrierId); }
  const from = `FROM carrier_loss_shares s JOIN waybills w ON w.id = s.waybill_id LEFT JOIN carriers c ON c.id = s.carrier_id WHERE ${where.join(' AND ')}`;
  const n = await one<{ n: number }>(conn, `SELECT count(*) AS n ${from}`, ...params);
  const rows = await all<ShareRow & { waybillNo: string; carrierName: string | null; updatedAt: number }>(conn,
    `SELECT ${COLUMNS}, w.waybill_no AS "waybillNo", c.carrier_name AS "carrierName", s.updated_at AS "updatedAt" ${from}
      ORDER BY s.updated_at DESC, s.id DESC LIMIT ? OFFSET ?`, ...params, pageSize, (curPage - 1) * pageSize);
  return { data: rows.map(view), totalRecords: Number(n?.n ?? 0), curPage, pageSize };
}

/** 分摊详情: the waybill's sign-off (to pre-fill the dialog) and its live share, if any. */
export async function lossShareDetail(conn: Conn, user: SessionUser, q: { id?: number; waybillId?: number }) {
  const s = scope(user);
  let waybillId = q.waybillId;
  if (q.id !== undefined) {
    const r = await one<{ waybillId: number }>(conn, `SELECT s.waybill_id AS "waybillId" FROM carrier_loss_shares s WHERE ${s.sql} AND s.id = ?`, ...s.params, q.id);
    if (!r) throw failure(NOT_FOUND);
    waybillId = r.waybillId;
  }
  if (user.userType === 1) throw failure(NOT_FOUND);
  const w = await loadWaybill(conn, user, waybillId!);
  const share = await one<ShareRow & { waybillNo: string; carrierName: string | null; updatedAt: number }>(conn,
    `SELECT ${COLUMNS}, w.waybill_no AS "waybillNo", c.carrier_name AS "carrierName", s.updated_at AS "updatedAt"
       FROM carrier_loss_shares s JOIN waybills w ON w.id = s.waybill_id LEFT JOIN carriers c ON c.id = s.carrier_id
      WHERE ${s.sql} AND s.waybill_id = ? AND s.is_deleted = 0`, ...s.params, w.id);
  return { waybillId: w.id, waybillNo: w.waybillNo, signStatus: w.signStatus, ...(await signOffOf(conn, w.id)), share: share ? view(share) : null };
}

export async function lossShareHistory(conn: Conn, user: SessionUser, q: { id: number; curPage?: number; pageSize?: number }) {
  const s = scope(user);
  if (!(await one(conn, `SELECT s.id FROM carrier_loss_shares s WHERE ${s.sql} AND s.id = ?`, ...s.params, q.id))) throw failure(NOT_FOUND);
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? 20;
  const n = await one<{ n: number }>(conn, "SELECT count(*) AS n FROM record_history WHERE resource = 'carrierLossShare' AND record_id = ?", q.id);
  const rows = await all<{ action: string; userName: string; changedAt: number; changes: string; version: number }>(conn,
    `SELECT action, user_name AS "userName", changed_at AS "changedAt", changes, record_version AS version FROM record_history
      WHERE resource = 'carrierLossShare' AND record_id = ? ORDER BY record_version DESC LIMIT ? OFFSET ?`, q.id, pageSize, (curPage - 1) * pageSize);
  return { data: rows.map((r) => ({ ...r, changedAtStr: formatTime(r.changedAt), changes: JSON.parse(r.changes) })), totalRecords: Number(n?.n ?? 0), curPage, pageSize };
}

const TITLES: Record<string, string> = {
  lostQuantity: '货损数量', unitValue: '货物单价（分）', lossAmount: '货损金额（分）', carrierAmount: '承运商承担（分）', companyAmount: '公司承担（分）', reason: '分摊原因',
};

function history(conn: Conn, user: SessionUser, id: number, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null, version: number, now: number) {
  const shown = (k: string, v: unknown) => (k === 'lostQuantity' && typeof v === 'number' ? v / 1000 : v ?? null);
  const changes = Object.keys(TITLES)
    .filter((k) => (before?.[k] ?? null) !== (after?.[k] ?? null))
    .map((k) => ({ field: k, title: TITLES[k], before: shown(k, before?.[k]), after: shown(k, after?.[k]) }));
  return run(conn,
    `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
     VALUES (?, 'carrierLossShare', ?, ?, ?, ?, ?, ?, ?)`,
    user.corpId, id, action, user.userId, user.realName || user.userName, now, JSON.stringify(changes), version);
}

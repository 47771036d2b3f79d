// 自动签收 (signInTimeSetting/*, docs/rules.md "Automatic sign-off"): the corporation's one setting,
// versioned in rule_versions (rule_type 'autoSign', rule_id = the corporation) so a change applies
// from its moment on. A waybill waiting at 待签收 (12, since it left the unloading place) is signed
// off as 正常签收 (1211) by the system once the hours of the setting in force when its deadline fell
// have passed, through the same action code path as a user's 签收 (performAction 'signOrder').
import { ApiError, invalid } from '../../http/envelope.ts';
import type { SessionUser } from '../../http/context.ts';
import type { Registry } from '../../registry/types.ts';
import { all, one, run, tx, type Conn } from '../../resources/statements.ts';
import { performAction } from '../waybills/actions.ts';
import { goodsOfWaybill, totalOf } from '../waybills/goods.ts';
import { Step, WaybillStatus } from '../workflow/waybill-machine.ts';
import { actOnce } from '../../jobs/marks.ts';
import type { RuleRecord } from './rule-type.ts';
import { versionsDuring, type RuleVersion } from './versions.ts';

export const AUTO_SIGN_TYPE = 'autoSign';
export const AUTO_SIGN_USER_NAME = '系统（自动签收）';
const HOUR = 3_600_000;

export interface AutoSignSetting {
  /** 1 on, 0 off. */
  enabled: 0 | 1;
  /** Hours after the waybill reached 待签收. */
  hours: number;
  /** Only waybills carrying one of these customers' orders; empty: every customer. */
  customerIds: number[];
  /** Only waybills of these business types; empty: every type. */
  businessTypes: number[];
}

export const DEFAULT_AUTO_SIGN: AutoSignSetting = { enabled: 0, hours: 72, customerIds: [], businessTypes: [] };

/** The save's fields (signInTimeSetting/addOrUpdate), titled as the form shows them. */
export const autoSignInput = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'hours'],
  properties: {
    enabled: { title: '自动签收', type: 'integer', enum: [1, 0], 'x-dictionary': 'autoSignSwitch' },
    hours: { title: '自动签收时限（小时）', type: 'integer', minimum: 1, maximum: 720 },
    customerIds: {
      title: '适用客户', type: 'array', maxItems: 50, uniqueItems: true,
      items: { title: '适用客户', type: 'integer', minimum: 1 }, 'x-reference': { resource: 'customer', label: 'customerName' },
    },
    businessTypes: {
      title: '适用业务类型', type: 'array', maxItems: 20, uniqueItems: true,
      items: { title: '适用业务类型', type: 'integer', minimum: 0, maximum: 19 }, 'x-dictionary': 'businessType',
    },
  },
};

/** As stored: who saved it (the system signs on their behalf: the timeline's user must be a user). */
type SettingRecord = AutoSignSetting & RuleRecord & { updatedBy?: string; updatedById?: number };

const settingOf = (r: Partial<AutoSignSetting>): AutoSignSetting => ({
  enabled: r.enabled === 1 ? 1 : 0, hours: r.hours ?? DEFAULT_AUTO_SIGN.hours, customerIds: r.customerIds ?? [], businessTypes: r.businessTypes ?? [],
});

/** The setting in force now (the default, off, before the first save). */
export async function readAutoSign(conn: Conn, corpId: number): Promise<AutoSignSetting & { updatedAt: number | null; updatedBy: string | null }> {
  const row = await one<{ record: string; validSince: number }>(conn,
    `SELECT record, valid_since AS "validSince" FROM rule_versions WHERE corp_id = ? AND rule_type = ? AND valid_until IS NULL`, corpId, AUTO_SIGN_TYPE);
  if (!row) return { ...DEFAULT_AUTO_SIGN, updatedAt: null, updatedBy: null };
  const r = JSON.parse(row.record) as SettingRecord;
  return { ...settingOf(r), updatedAt: row.validSince, updatedBy: r.updatedBy ?? null };
}

/** Saves a new version in force from `now` (the customers must be the corporation's). */
export async function saveAutoSign(conn: Conn, user: SessionUser, body: AutoSignSetting, now: number) {
  const s = settingOf(body);
  return tx(conn, async () => {
    if (s.customerIds.length) {
      const found = await all<{ id: number }>(conn, `SELECT id FROM customers WHERE corp_id = ? AND is_deleted = 0 AND id IN (${s.customerIds.map(() => '?').join(', ')})`, user.corpId, ...s.customerIds);
      if (found.length !== s.customerIds.length) throw invalid('适用客户：客户不存在', { field: 'customerIds' });
    }
    const last = await one<{ version: number }>(conn, 'SELECT max(version) AS version FROM rule_versions WHERE corp_id = ? AND rule_type = ?', user.corpId, AUTO_SIGN_TYPE);
    await run(conn, 'UPDATE rule_versions SET valid_until = ? WHERE corp_id = ? AND rule_type = ? AND valid_until IS NULL', now, user.corpId, AUTO_SIGN_TYPE);
    const record = { ...s, updatedBy: user.realName || user.userName, updatedById: user.userId };
    await run(conn, 'INSERT INTO rule_versions (corp_id, rule_type, rule_id, version, valid_since, valid_until, record) VALUES (?, ?, ?, ?, ?, NULL, ?)',
      user.corpId, AUTO_SIGN_TYPE, user.corpId, (last?.version ?? 0) + 1, now, JSON.stringify(record));
    return readAutoSign(conn, user.corpId);
  });
}

/** A waybill as the judgement needs it. */
export interface SignCandidate {
  waybillId: number;
  corpId: number;
  businessType: number;
  customerIds: number[];
  /** When it left the unloading place (reached 待签收). */
  reachedAt: number;
}

const covers = (s: AutoSignSetting, w: SignCandidate) =>
  s.enabled === 1 && (s.businessTypes.length === 0 || s.businessTypes.includes(w.businessType))
  && (s.customerIds.length === 0 || w.customerIds.some((c) => s.customerIds.includes(c)));

/**
 * When the waybill falls due for the automatic sign-off, or null: the earliest deadline
 * (reachedAt + hours of a version) that falls while that version is in force, no later than `now`,
 * under a version that is on and covers the waybill. A deadline that fell while the setting was off
 * stays missed: a later change judges only the deadlines that fall after it.
 */
export function autoSignDue(versions: readonly RuleVersion<SettingRecord>[], w: SignCandidate, now: number): number | null {
  return autoSignJudged(versions, w, now)?.dueAt ?? null;
}

/** The deadline and the version it fell under (autoSignDue). */
export function autoSignJudged(versions: readonly RuleVersion<SettingRecord>[], w: SignCandidate, now: number): { dueAt: number; setting: SettingRecord } | null {
  let due: { dueAt: number; setting: SettingRecord } | null = null;
  for (const v of versions) {
    const s = settingOf(v.rule);
    const deadline = w.reachedAt + s.hours * HOUR;
    if (deadline > now || deadline < v.validSince || (v.validUntil !== null && deadline >= v.validUntil)) continue;
    if (covers(s, w) && (due === null || deadline < due.dueAt)) due = { dueAt: deadline, setting: v.rule };
  }
  return due;
}

export const autoSignVersions = (conn: Conn, corpId: number, from: number, to: number) =>
  versionsDuring<SettingRecord>(conn, corpId, AUTO_SIGN_TYPE, from, to);

/** The corporation's waybills at 待签收 (or, with `since`, that reached it since then), with what the judgement reads. */
export async function signCandidates(conn: Conn, corpId: number, o: { waiting: true } | { since: number }): Promise<(SignCandidate & { waybillNo: string; version: number; signedAt: number | null; signedBy: string | null })[]> {
  const rows = await all<{ waybillId: number; corpId: number; waybillNo: string; version: number; businessType: number; reachedAt: number; signedAt: number | null; signedBy: string | null }>(conn,
    `SELECT w.id AS "waybillId", w.corp_id AS "corpId", w.waybill_no AS "waybillNo", w.version, w.business_type AS "businessType", n.actual_leave_time AS "reachedAt",
       (SELECT min(e.at) FROM waybill_events e WHERE e.waybill_id = w.id AND e.action = 'signOrder') AS "signedAt",
       (SELECT min(e.user_name) FROM waybill_events e WHERE e.waybill_id = w.id AND e.action = 'signOrder') AS "signedBy"
     FROM waybills w JOIN waybill_nodes n ON n.waybill_id = w.id AND n.node_type = 'end'
     WHERE w.corp_id = ? AND w.is_deleted = 0 AND n.actual_leave_time IS NOT NULL
       AND ${'waiting' in o ? 'w.status = ? AND w.step = ?' : 'n.actual_leave_time >= ?'}
     ORDER BY n.actual_leave_time, w.id`,
    corpId, ...('waiting' in o ? [WaybillStatus.IN_TRANSIT, Step.AWAITING_SIGN_OFF] : [o.since]));
  if (rows.length === 0) return [];
  const links = await all<{ waybillId: number; customerId: number }>(conn,
    `SELECT wo.waybill_id AS "waybillId", o.customer_id AS "customerId" FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id
     WHERE o.corp_id = ? AND wo.waybill_id IN (${rows.map(() => '?').join(', ')})`, corpId, ...rows.map((r) => r.waybillId));
  const byWaybill = new Map<number, number[]>();
  for (const l of links) byWaybill.set(l.waybillId, [...(byWaybill.get(l.waybillId) ?? []), l.customerId]);
  return rows.map((r) => ({ ...r, customerIds: byWaybill.get(r.waybillId) ?? [] }));
}

/**
 * The system as the one who signs: staff of the corporation, named 系统（自动签收） on the timeline. The
 * timeline and the history keep a user id (a user's row): the one who saved the setting in force.
 */
export const autoSignUser = (corpId: number, onBehalfOf: number): SessionUser => ({
  userId: onBehalfOf, userName: 'system', realName: AUTO_SIGN_USER_NAME, corpId, orgId: null, userType: 0, parentId: null, partnerId: null, token: '', operationIds: new Set(),
});

/**
 * The sweep: every waybill at 待签收 whose deadline has fallen is signed off through the user's own
 * action (performAction 'signOrder': the machine, the event, order sync, the trip allowances), each
 * in its own exclusive transaction with its mark. A waybill the action refuses (goods held for a
 * transfer) is marked refused and left to a person.
 */
export async function sweepAutoSign(conn: Conn, registry: () => Registry, now: number): Promise<number> {
  const corps = await all<{ corpId: number }>(conn, 'SELECT DISTINCT corp_id AS "corpId" FROM rule_versions WHERE rule_type = ?', AUTO_SIGN_TYPE);
  let signed = 0;
  for (const { corpId } of corps) {
    const waiting = await signCandidates(conn, corpId, { waiting: true });
    if (waiting.length === 0) continue;
    const versions = await autoSignVersions(conn, corpId, Math.min(...waiting.map((w) => w.reachedAt)), now);
    for (const w of waiting) {
      const judged = autoSignJudged(versions, w, now);
      if (judged === null) continue;
      const { dueAt, setting } = judged;
      const acted = await actOnce(conn, 'timed-rules', { corpId, kind: AUTO_SIGN_TYPE, waybillId: w.waybillId, dueAt }, now, async () => {
        // Read again under the lock: another instance or a person may have moved it since the list.
        const current = await one<{ version: number }>(conn, 'SELECT version FROM waybills WHERE id = ?', w.waybillId);
        const goods = await goodsOfWaybill(conn, w.waybillId);
        const delivered = totalOf(goods.map((g) => g.deliveredQuantity ?? g.quantity));
        const hours = Math.round((dueAt - w.reachedAt) / HOUR);
        await performAction(conn, registry(), autoSignUser(corpId, setting.updatedById ?? 0), 'signOrder', {
          id: w.waybillId, version: current!.version, signedQuantity: delivered, deliveredQuantity: delivered, remark: `到达待签收后${hours}小时未签收，系统自动签收`,
        });
      }, (e) => e instanceof ApiError);
      if (acted) signed += 1;
    }
  }
  return signed;
}

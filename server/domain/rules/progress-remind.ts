// Progress reminders (进度提醒): when a waybill has not reached a step `hours` after its anchor, the
// reminder's recipients get a message in the message centre, once per waybill and reminder (marks.ts).
// The steps a reminder watches (classify ids, dictionary progressRemindClassify):
//   11 离开装货地: anchor the start node's required leave time (else its required arrive time),
//      reached when the start node has an actual leave time;
//   12 到达卸货地: anchor the end node's required arrive time, reached at its actual arrive time;
//   13 签收: anchor the end node's actual arrive time, reached when the waybill is signed off.
// A reminder is judged by its version in force when the deadline (anchor + hours) fell, so a change
// applies from its moment on and never sends for deadlines that fell before it.
import { invalid } from '../../http/envelope.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import { all, type Conn } from '../../resources/statements.ts';
import { sendToUser } from '../../messages/store.ts';
import { actOnce } from '../../jobs/marks.ts';
import { loadFactsOf } from '../settlement/pricing/facts-loader.ts';
import { scopeCovers, validAt } from './choose.ts';
import { conditionsHold } from './conditions.ts';
import { versionsDuring, type RuleVersion } from './versions.ts';
import { waybillFactValues, waybillScope } from './waybill-rules.ts';
import { progressRemindRuleType, RemindClassify, type ProgressRemindRecord } from './types/progress-remind.ts';

const HOUR = 3_600_000;

/** What each classify watches, as SQL over the waybill `w`, its start node `s` and end node `e`. */
export const CLASSIFIES: Record<number, { title: string; step: string; anchorTitle: string; anchor: string; reached: string }> = {
  [RemindClassify.LEAVE_LOADING]: {
    title: '未在计划发车后按时离开装货地', step: '离开装货地', anchorTitle: '计划发车时间',
    anchor: 'coalesce(s.required_leave_time, s.required_arrive_time)', reached: 's.actual_leave_time',
  },
  [RemindClassify.ARRIVE_UNLOADING]: {
    title: '未在计划到达后按时到达卸货地', step: '到达卸货地', anchorTitle: '计划到达时间',
    anchor: 'e.required_arrive_time', reached: 'e.actual_arrive_time',
  },
  [RemindClassify.SIGN_OFF]: {
    title: '到达卸货地后超时未签收', step: '签收', anchorTitle: '到达卸货地时间',
    anchor: 'e.actual_arrive_time', reached: "(SELECT min(ev.at) FROM waybill_events ev WHERE ev.waybill_id = w.id AND ev.action = 'signOrder')",
  },
};

/** The conditions offered under a first classify (configProcessRemindSet/getRuleConditions). */
export const ruleConditions = () => Object.entries(CLASSIFIES).map(([id, c]) => ({
  classifyId: Number(id), title: c.title, step: c.step, anchor: c.anchorTitle, unit: '小时',
  conditionFields: progressRemindRuleType.fields.map((f) => ({ key: f.key, title: f.title })),
}));

/** The reminder's text, e.g. 运单 YD… 未在计划发车后2小时内离开装货地. */
export function remindText(classifyId: number, hours: number, waybillNo: string): string {
  if (classifyId === RemindClassify.SIGN_OFF) return `运单 ${waybillNo} 到达卸货地后超过${hours}小时未签收`;
  const c = CLASSIFIES[classifyId];
  return `运单 ${waybillNo} 未在${c.anchorTitle.replace('时间', '')}后${hours}小时内${c.step}`;
}

export interface RemindCandidate {
  waybillId: number;
  waybillNo: string;
  carrierId: number | null;
  createdBy: number | null;
  anchorAt: number;
  reachedAt: number | null;
}

/** Waybills of a classify whose anchor lies in [from, to], with when they reached the step (or null). */
export function remindCandidates(conn: Conn, corpId: number, classifyId: number, from: number, to: number, waitingOnly: boolean): Promise<RemindCandidate[]> {
  const c = CLASSIFIES[classifyId];
  return all<RemindCandidate>(conn, `SELECT * FROM (
      SELECT w.id AS "waybillId", w.waybill_no AS "waybillNo", w.carrier_id AS "carrierId", w.created_by AS "createdBy", ${c.anchor} AS "anchorAt", ${c.reached} AS "reachedAt"
      FROM waybills w
      JOIN waybill_nodes s ON s.waybill_id = w.id AND s.node_type = 'start'
      JOIN waybill_nodes e ON e.waybill_id = w.id AND e.node_type = 'end'
      WHERE w.corp_id = ? AND w.is_deleted = 0 ${waitingOnly ? 'AND w.status IN (100, 200, 300, 400)' : ''}) x
    WHERE x."anchorAt" >= ? AND x."anchorAt" <= ? ${waitingOnly ? 'AND x."reachedAt" IS NULL' : ''}
    ORDER BY x."anchorAt", x."waybillId"`, corpId, from, to);
}

/**
 * When the reminder falls due for the waybill under its versions (one rule's), or null: the earliest
 * deadline anchor + hours, no later than `now`, falling while a version that is enabled, valid that
 * day, of the classify, and covering the waybill was in force, and before the step was reached.
 */
export function remindDue(versions: readonly RuleVersion<ProgressRemindRecord>[], w: RemindCandidate, covers: (r: ProgressRemindRecord, at: number) => boolean, now: number): number | null {
  let due: number | null = null;
  for (const v of versions) {
    const deadline = w.anchorAt + v.rule.hours * HOUR;
    if (deadline > now || deadline < v.validSince || (v.validUntil !== null && deadline >= v.validUntil)) continue;
    if (w.reachedAt !== null && w.reachedAt <= deadline) continue;
    if (v.rule.status !== 0 || !validAt(v.rule, deadline) || !covers(v.rule, deadline)) continue;
    if (due === null || deadline < due) due = deadline;
  }
  return due;
}

/** Who hears of it: the dispatcher who created the waybill, the carrier's users, the chosen users (enabled, of the corporation). */
export async function recipientsOf(conn: Conn, corpId: number, r: ProgressRemindRecord, w: RemindCandidate): Promise<number[]> {
  const ids = new Set<number>();
  if (r.notifyCreator === 1 && w.createdBy !== null) ids.add(w.createdBy);
  const chosen = [...(r.userIds ?? [])];
  const carrierUsers = r.notifyCarrier === 1 && w.carrierId !== null
    ? await all<{ id: number }>(conn, 'SELECT id FROM users WHERE corp_id = ? AND user_type = 2 AND partner_id = ? AND is_deleted = 0 AND enabled = 1', corpId, w.carrierId) : [];
  for (const u of carrierUsers) ids.add(u.id);
  for (const u of chosen) ids.add(u);
  if (ids.size === 0) return [];
  const live = await all<{ id: number }>(conn, `SELECT id FROM users WHERE corp_id = ? AND is_deleted = 0 AND enabled = 1 AND id IN (${[...ids].map(() => '?').join(', ')})`, corpId, ...ids);
  return live.map((u) => u.id).sort((a, b) => a - b);
}

/** Reminders due for a corporation over waybills anchored in [from, to] (the sweep: waiting ones; the preview: all). */
export async function dueReminders(conn: Conn, corpId: number, versions: readonly RuleVersion<ProgressRemindRecord>[], o: { from: number; now: number; waitingOnly: boolean }) {
  const out: { rule: ProgressRemindRecord; waybill: RemindCandidate; dueAt: number }[] = [];
  const byRule = new Map<number, RuleVersion<ProgressRemindRecord>[]>();
  for (const v of versions) byRule.set(v.rule.id as number, [...(byRule.get(v.rule.id as number) ?? []), v]);
  for (const classifyId of Object.keys(CLASSIFIES).map(Number)) {
    const rules = [...byRule.values()].filter((vs) => vs.some((v) => v.rule.classifyId === classifyId));
    if (rules.length === 0) continue;
    const waybills = await remindCandidates(conn, corpId, classifyId, o.from, o.now, o.waitingOnly);
    if (waybills.length === 0) continue;
    const facts = await loadFactsOf(conn, corpId, waybills.map((w) => w.waybillId));
    for (const w of waybills) {
      const f = facts.get(w.waybillId);
      if (!f) continue;
      const covers = (r: ProgressRemindRecord) => scopeCovers(r, waybillScope(f)) && conditionsHold(r.conditions, waybillFactValues(f));
      for (const vs of rules) {
        const dueAt = remindDue(vs.filter((v) => v.rule.classifyId === classifyId), w, covers, o.now);
        if (dueAt !== null) out.push({ rule: vs.find((v) => v.validSince <= dueAt && (v.validUntil === null || dueAt < v.validUntil))!.rule, waybill: w, dueAt });
      }
    }
  }
  return out.sort((a, b) => a.dueAt - b.dueAt || a.waybill.waybillId - b.waybill.waybillId);
}

/** How far back the sweep looks for anchors: the longest reminder allowed (720 hours) and a day. */
const LOOKBACK = 721 * HOUR;

/** The sweep: each reminder due is sent once to its recipients, in its own exclusive transaction with its mark. */
export async function sweepProgressRemind(conn: Conn, now: number): Promise<number> {
  const corps = await all<{ corpId: number }>(conn, 'SELECT DISTINCT corp_id AS "corpId" FROM rule_versions WHERE rule_type = ? AND (valid_until IS NULL OR valid_until > ?)', progressRemindRuleType.key, now - LOOKBACK);
  let sent = 0;
  for (const { corpId } of corps) {
    const versions = await versionsDuring<ProgressRemindRecord>(conn, corpId, progressRemindRuleType.key, now - LOOKBACK, now);
    for (const d of await dueReminders(conn, corpId, versions, { from: now - LOOKBACK, now, waitingOnly: true })) {
      const kind = `remind:${d.rule.id as number}`;
      const acted = await actOnce(conn, 'timed-rules', { corpId, kind, waybillId: d.waybill.waybillId, dueAt: d.dueAt }, now, async () => {
        const content = remindText(d.rule.classifyId, d.rule.hours, d.waybill.waybillNo);
        for (const userId of await recipientsOf(conn, corpId, d.rule, d.waybill)) {
          await sendToUser(conn, { corpId, userId }, { kind: 'progressRemind', title: '进度提醒', content, link: `/waybillDetails?waybillId=${d.waybill.waybillId}`, now });
        }
      });
      if (acted) sent += 1;
    }
  }
  return sent;
}

/** The chosen recipients must be enabled users of the corporation. */
async function checkUsers(conn: Conn, corpId: number, ids: unknown) {
  if (!Array.isArray(ids) || ids.length === 0) return;
  const found = await all<{ id: number }>(conn, `SELECT id FROM users WHERE corp_id = ? AND is_deleted = 0 AND id IN (${ids.map(() => '?').join(', ')})`, corpId, ...ids);
  if (found.length !== new Set(ids).size) throw invalid('其他提醒人：用户不存在', { field: 'userIds' });
}

export const remindRuleHooks = (conn: Conn): ResourceHooks => ({
  beforeInsert: (ctx, record) => checkUsers(conn, ctx.user.corpId, record.userIds),
  beforeUpdate: (ctx, changes) => checkUsers(conn, ctx.user.corpId, changes.userIds),
});

// What a departure rule would have refused over the last 30 days, before it is saved (docs/rules.md
// "Departure rules"): every 开始运输 / 离开装货地 recorded on the timeline (waybill_events at the start
// node) in the window, judged as the check would have judged it then — the candidate in force at the
// action's own time, the track's readings of that time, the load confirmed if 确认装货 was recorded
// before the action. The candidate is judged alone (the rule it edits stands aside); other rules are
// not asked. Nothing is written.
import { all, type Conn } from '../../../resources/statements.ts';
import { DAY_MS, formatTime } from '../../../resources/time.ts';
import { loadFactsOf } from '../../settlement/pricing/facts-loader.ts';
import { scopeCovers, validAt } from '../choose.ts';
import { departureFacts, refusingRule, unmetConditions } from '../departure-check.ts';
import { waybillScope } from '../waybill-rules.ts';
import { conditionsHold } from '../conditions.ts';
import { DepartureAction, departureRuleType, guards, splitConditions, type DepartureActionCode, type DepartureRuleRecord } from '../types/departure.ts';
import { OPERATOR_BY_KEY } from '../operators.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';
import { candidateRule } from './candidate.ts';

/** The refusals the answer lists one by one (the counts cover them all). */
const LISTED = 200;

const ACTION_OF: Record<string, DepartureActionCode> = { arriveWaybillNode: DepartureAction.START_TRANSPORT, leaveWaybillNode: DepartureAction.LEAVE_LOADING };
const ACTION_LABEL: Record<DepartureActionCode, string> = { 1: '开始运输', 2: '离开装货地' };

interface EventRow { waybillId: number; waybillNo: string; action: string; at: number; payload: string | null }

export interface PreviewRefusal {
  waybillId: number; waybillNo: string; action: DepartureActionCode; actionStr: string;
  /** When the action said it happened (its dialog's time, else when it was recorded). */
  time: number; timeStr: string;
  unmet: ReturnType<typeof unmetConditions>;
}
export interface DeparturePreview extends PreviewTable {
  fromStr: string; toStr: string;
  /** Actions the rule would have checked (in force, covering the waybill, guarding the action). */
  judged: number;
  /** Of those, the ones it would have refused. */
  refused: number;
  refusals: PreviewRefusal[];
}

export async function previewDepartureRule(conn: Conn, corpId: number, candidate: Record<string, unknown>, editedId: number | null, now = Date.now()): Promise<DeparturePreview> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = candidateRule<DepartureRuleRecord>(candidate, editedId, { ruleName: '', message: '', action: 0 });
  const result: DeparturePreview = { fromStr: formatTime(from), toStr: formatTime(now), judged: 0, refused: 0, refusals: [], summary: [], columns: COLUMNS, rows: [] };
  const events = await all<EventRow>(conn,
    `SELECT e.waybill_id AS "waybillId", w.waybill_no AS "waybillNo", e.action, e.at, e.payload
     FROM waybill_events e JOIN waybill_nodes n ON n.id = e.node_id JOIN waybills w ON w.id = e.waybill_id
     WHERE e.corp_id = ? AND e.action IN ('arriveWaybillNode', 'leaveWaybillNode') AND n.node_type = 'start' AND e.at >= ? AND e.at <= ?
     ORDER BY e.at, e.id`, corpId, from, now);
  const facts = await loadFactsOf(conn, corpId, [...new Set(events.map((e) => e.waybillId))]);
  for (const e of events) {
    const action = ACTION_OF[e.action];
    const time = (e.payload ? (JSON.parse(e.payload) as { time?: number }).time : undefined) ?? e.at;
    const f = facts.get(e.waybillId);
    // Only what the rule would have checked reads the track.
    if (!f || !validAt(rule, time) || !scopeCovers(rule, waybillScope(f)) || !guards(rule, action)) continue;
    const values = await departureFacts(conn, corpId, f, time, e.at);
    if (!conditionsHold(splitConditions(rule.conditions).covers, values)) continue;
    result.judged++;
    if (!refusingRule([rule], action, time, waybillScope(f), values)) continue;
    result.refused++;
    if (result.refusals.length < LISTED) {
      result.refusals.push({ waybillId: e.waybillId, waybillNo: e.waybillNo, action, actionStr: ACTION_LABEL[action], time, timeStr: formatTime(time), unmet: unmetConditions(rule, values) });
    }
  }
  result.summary = [
    { label: '预览区间', value: `${result.fromStr} 至 ${result.toStr}` },
    { label: '将检查', value: `${result.judged}次` },
    { label: '将拒绝', value: `${result.refused}次` },
  ];
  result.rows = result.refusals.map((r) => ({ waybillNo: r.waybillNo, actionStr: r.actionStr, timeStr: r.timeStr, unmet: r.unmet.map(unmetText).join('；') }));
  return result;
}

const COLUMNS = [{ key: 'waybillNo', title: '运单号' }, { key: 'actionStr', title: '动作' }, { key: 'timeStr', title: '时间' }, { key: 'unmet', title: '未满足的条件' }];

/** One unmet condition in words: 车门 等于 关闭（实际：开启）. */
function unmetText(u: PreviewRefusal['unmet'][number]): string {
  const field = departureRuleType.fields.find((f) => f.key === u.field);
  const op = OPERATOR_BY_KEY.get(u.operator);
  const shown = (v: unknown) => (v === null || v === undefined ? '无' : Array.isArray(v) ? v.join('、') : String(v));
  const value = op?.arity === 'none' ? '' : ` ${shown(u.value)}`;
  return `${field?.title ?? u.field} ${op?.label ?? u.operator}${value}（实际：${shown(u.actual)}${field?.unit ?? ''}）`;
}

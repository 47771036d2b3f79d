// 评价明细 and 评价汇总 (evaluate/listEvaluationReport, listServiceEvaluationSummary): their columns follow
// the questions of the service comment setting, so they are domain calls rather than report files (a
// report file's measures are fixed; docs/configurator.md "Columns a call answers"). A column is a
// question key of any version the corporation ever saved: a question since turned off keeps its column
// for the evaluations that answered it. Rows are scoped as the waybill list is (waybills/scope.ts).
import type { SessionUser } from '../../http/context.ts';
import { localDateText } from '../../db/dialect.ts';
import { all, type Conn } from '../../resources/statements.ts';
import { formatTime } from '../../resources/time.ts';
import { waybillScope } from '../waybills/scope.ts';
import { questionHistory, type Question } from './setting.ts';

export interface ReportColumn {
  field: string;
  title: string;
  width?: number;
  dictionary?: string;
}

export interface ReportSearch {
  curPage?: number;
  pageSize?: number;
  waybillNo?: string;
  carrierId?: number;
  businessType?: number;
  evaluatedAt?: [number | null, number | null];
}

const answerField = (key: string) => `answer_${key}`;
const starField = (key: string) => `avgStar_${key}`;
const yesField = (key: string) => `yesRate_${key}`;
const titled = (q: Question) => (q.enabled ? q.title : `${q.title}（已停用）`);

/** Questions in column order: the enabled ones in their order, then those turned off. */
async function columnQuestions(conn: Conn, corpId: number): Promise<Question[]> {
  return [...(await questionHistory(conn, corpId)).values()]
    .sort((a, b) => Number(b.enabled) - Number(a.enabled) || a.sort - b.sort || Number(a.key.slice(1)) - Number(b.key.slice(1)));
}

export async function detailColumns(conn: Conn, user: SessionUser): Promise<ReportColumn[]> {
  return (await columnQuestions(conn, user.corpId)).map((q) => ({ field: answerField(q.key), title: titled(q), width: q.kind === 'text' ? 200 : 120 }));
}

export async function summaryColumns(conn: Conn, user: SessionUser): Promise<ReportColumn[]> {
  return (await columnQuestions(conn, user.corpId)).flatMap((q) =>
    q.kind === 'star' ? [{ field: starField(q.key), title: `${titled(q)}平均星级`, width: 150 }]
      : q.kind === 'yesNo' ? [{ field: yesField(q.key), title: `${titled(q)}“是”占比(%)`, width: 170 }] : []);
}

/** FROM and WHERE shared by both reports: the user's evaluated waybills matching the search. */
function scoped(user: SessionUser, s: ReportSearch) {
  const where = waybillScope(user, 'w');
  const sql = [...where.sql, 'e.corp_id = ?'];
  const params = [...where.params, user.corpId];
  if (s.waybillNo?.trim()) { sql.push('w.waybill_no LIKE ?'); params.push(`%${s.waybillNo.trim().replace(/[%_\\]/g, '')}%`); }
  if (s.carrierId !== undefined) { sql.push('w.carrier_id = ?'); params.push(s.carrierId); }
  if (s.businessType !== undefined) { sql.push('w.business_type = ?'); params.push(s.businessType); }
  const [from, to] = s.evaluatedAt ?? [null, null];
  if (from !== null) { sql.push('e.at >= ?'); params.push(from); }
  if (to !== null) { sql.push('e.at <= ?'); params.push(to); }
  return { from: 'waybill_evaluations e JOIN waybills w ON w.id = e.waybill_id', where: sql.join(' AND '), params };
}

const paging = (s: ReportSearch) => {
  const size = s.pageSize ?? 20;
  return { limit: size, offset: ((s.curPage ?? 1) - 1) * size };
};

/** 评价明细: one row per evaluation, each question's answer in its own column. */
export async function evaluationDetails(conn: Conn, user: SessionUser, s: ReportSearch) {
  const q = scoped(user, s);
  const { limit, offset } = paging(s);
  const rows = await all<any>(conn, `SELECT e.id, e.waybill_id AS "waybillId", w.waybill_no AS "waybillNo", w.business_type AS "businessType",
      c.carrier_name AS "carrierName", e.score, e.content, e.at, u.real_name AS "evaluatorName", st.version AS "settingVersion", COUNT(*) OVER () AS "total"
    FROM ${q.from} LEFT JOIN carriers c ON c.id = w.carrier_id LEFT JOIN users u ON u.id = e.user_id LEFT JOIN evaluate_settings st ON st.id = e.setting_id
    WHERE ${q.where} ORDER BY e.at DESC, e.id DESC LIMIT ? OFFSET ?`, ...q.params, limit, offset);
  const answers = rows.length
    ? await all<{ evaluationId: number; key: string; kind: string; value: number | null; textValue: string | null }>(conn,
      `SELECT evaluation_id AS "evaluationId", question_key AS "key", kind, value, text_value AS "textValue" FROM evaluation_answers
        WHERE corp_id = ? AND evaluation_id IN (${rows.map(() => '?').join(', ')})`, user.corpId, ...rows.map((r) => r.id))
    : [];
  const byEvaluation = new Map<number, Record<string, unknown>>();
  for (const a of answers) {
    const cells = byEvaluation.get(a.evaluationId) ?? {};
    cells[answerField(a.key)] = a.kind === 'star' ? `${a.value}星` : a.kind === 'yesNo' ? (a.value ? '是' : '否') : a.textValue;
    byEvaluation.set(a.evaluationId, cells);
  }
  return {
    totalRecords: Number(rows[0]?.total ?? 0),
    data: rows.map(({ total: _t, at, settingVersion, ...r }) => ({
      ...r, evaluatedAtStr: formatTime(at), settingVersion: settingVersion === null ? '' : `V${settingVersion}`, ...byEvaluation.get(r.id),
    })),
  };
}

/** 评价汇总: per carrier and month (Shanghai), the count, the average score, per star question its average, per yes/no question its share of 是. */
export async function evaluationSummary(conn: Conn, user: SessionUser, s: ReportSearch) {
  const q = scoped(user, s);
  const month = localDateText(conn.dialect, 'e.at', 'month');
  const { limit, offset } = paging(s);
  const groups = await all<any>(conn, `SELECT w.carrier_id AS "carrierId", MAX(c.carrier_name) AS "carrierName", ${month} AS "month",
      COUNT(*) AS "n", SUM(e.score) AS "scoreSum", COUNT(*) OVER () AS "total"
    FROM ${q.from} LEFT JOIN carriers c ON c.id = w.carrier_id
    WHERE ${q.where} GROUP BY w.carrier_id, ${month} ORDER BY ${month} DESC, MAX(c.carrier_name), w.carrier_id LIMIT ? OFFSET ?`, ...q.params, limit, offset);
  const perQuestion = groups.length
    ? await all<any>(conn, `SELECT w.carrier_id AS "carrierId", ${month} AS "month", a.question_key AS "key", a.kind, SUM(a.value) AS "sum", COUNT(a.value) AS "n"
      FROM ${q.from} JOIN evaluation_answers a ON a.evaluation_id = e.id
      WHERE ${q.where} AND a.kind IN ('star', 'yesNo') AND ${month} IN (${[...new Set(groups.map((g) => g.month))].map(() => '?').join(', ')})
      GROUP BY w.carrier_id, ${month}, a.question_key, a.kind`, ...q.params, ...new Set(groups.map((g) => g.month)))
    : [];
  const groupKey = (carrierId: unknown, m: unknown) => `${carrierId ?? ''}|${m}`;
  const cells = new Map<string, Record<string, string>>();
  for (const p of perQuestion) {
    const k = groupKey(p.carrierId, p.month);
    const sum = Number(p.sum);
    const n = Number(p.n);
    const c = cells.get(k) ?? {};
    c[p.kind === 'star' ? starField(p.key) : yesField(p.key)] = p.kind === 'star' ? (sum / n).toFixed(2) : ((100 * sum) / n).toFixed(1);
    cells.set(k, c);
  }
  return {
    totalRecords: Number(groups[0]?.total ?? 0),
    data: groups.map((g) => ({
      carrierId: g.carrierId, carrierName: g.carrierName ?? '未指定承运商', month: g.month,
      evaluationCount: Number(g.n), avgScore: (Number(g.scoreSum) / Number(g.n)).toFixed(2), ...cells.get(groupKey(g.carrierId, g.month)),
    })),
  };
}

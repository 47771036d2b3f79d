// An independent reading of a report file for the tests: plain JS over every row of the tables
// (SELECT *), joined, scoped, filtered, grouped and aggregated in memory. It shares no code with
// the SQL compiler, so the endpoint's answer is checked against a second, naive implementation.
import type Database from 'better-sqlite3';
import type { FixedCondition, Measure, ReportFile } from '../server/reports/types.ts';

type Row = Record<string, any>;
type Tuple = Record<string, Row | null>;
export interface Viewer {
  corpId: number;
  userType: number;
  partnerId: number | null;
}

const valueOf = (t: Tuple, ref: string) => {
  const [alias, col] = ref.split('.');
  return t[alias]?.[col] ?? null;
};

function holds(t: Tuple, c: FixedCondition): boolean {
  const v = valueOf(t, c.field);
  switch (c.op) {
    case 'eq': return v !== null && v === c.value;
    case 'ne': return v !== null && v !== c.value;
    case 'gt': return v !== null && v > c.value!;
    case 'gte': return v !== null && v >= c.value!;
    case 'lt': return v !== null && v < c.value!;
    case 'lte': return v !== null && v <= c.value!;
    case 'in': return v !== null && c.values!.includes(v);
    case 'notIn': return v !== null && !c.values!.includes(v);
    case 'isNull': return v === null;
    case 'notNull': return v !== null;
    case 'gtField': return v !== null && valueOf(t, c.other!) !== null && v > valueOf(t, c.other!);
    case 'lteField': return v !== null && valueOf(t, c.other!) !== null && v <= valueOf(t, c.other!);
  }
}

function inScope(sqlite: Database.Database, report: ReportFile, user: Viewer, t: Tuple, resourceScope?: { customer?: string; carrier?: string }): boolean {
  const row = t[report.scope.alias]!;
  if (row.corp_id !== user.corpId) return false;
  if ('is_deleted' in row && row.is_deleted !== 0) return false;
  const partner = user.partnerId ?? -1;
  if (report.scope.by === 'waybill') {
    if (user.userType === 2) return row.carrier_id === partner;
    if (user.userType === 1) {
      return !!sqlite.prepare('SELECT 1 FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = ? AND o.customer_id = ? AND o.is_deleted = 0').get(row.id, partner);
    }
  } else if (report.scope.by === 'summary') {
    // A summary has no customer dimension: customer users are refused before any row (see the endpoint tests).
    if (user.userType === 1) return false;
    if (user.userType === 2) return row.carrier_id === partner;
  } else if (report.scope.by === 'order') {
    if (user.userType === 1) return row.customer_id === partner;
    if (user.userType === 2) {
      return row.carrier_id === partner
        || !!sqlite.prepare('SELECT 1 FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id WHERE wo.order_id = ? AND w.carrier_id = ? AND w.is_deleted = 0').get(row.id, partner);
    }
  } else if (report.scope.by === 'alarm') {
    if (row.confirmed !== 1) return false;
    if (user.userType === 2) return row.carrier_id === partner;
    if (user.userType === 1) {
      return row.waybill_id !== null && !!sqlite.prepare('SELECT 1 FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = ? AND o.customer_id = ? AND o.is_deleted = 0').get(row.waybill_id, partner);
    }
  } else if (report.scope.by === 'settlement') {
    if (row.is_deleted !== undefined && row.is_deleted !== 0) return false;
    if (user.userType === 1 || user.userType === 2) {
      if (row.side !== (user.userType === 2 ? 2 : 1) || row.party_id !== partner) return false;
      // A partner sees a bill only once finance sent it (not at 2 待确认 or 4 待发送).
      if (report.source.table === 'bills' && [2, 4].includes(row.status)) return false;
    }
  } else if (user.userType === 1 || user.userType === 2) {
    const field = user.userType === 1 ? resourceScope?.customer : resourceScope?.carrier;
    if (!field) return false;
    if (field !== '*') return row[field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)] === partner;
  }
  return true;
}

const bucket = (ms: number | null, grain?: 'day' | 'month' | 'year') => {
  if (ms === null || !grain) return ms;
  const iso = new Date(ms + 8 * 3600_000).toISOString();
  return grain === 'year' ? iso.slice(0, 4) : grain === 'month' ? iso.slice(0, 7) : iso.slice(0, 10);
};

function aggregate(m: Measure, tuples: Tuple[]): number | null {
  const picked = tuples.filter((t) => (m.where ?? []).every((c) => holds(t, c)));
  const values = picked
    .map((t) => {
      if (!m.field) return 1;
      const v = valueOf(t, m.field);
      if (v === null) return null;
      const minus = m.minus ? valueOf(t, m.minus) : 0;
      if (minus === null) return null;
      return m.divideBy ? (v - minus) / m.divideBy : v - minus;
    })
    .filter((v): v is number => v !== null);
  let out: number | null;
  if (m.agg === 'count') out = values.length;
  else if (m.agg === 'countDistinct') return new Set(values).size;
  else if (!values.length) out = m.format === 'money' && m.agg === 'sum' ? 0 : null;
  else if (m.agg === 'sum') out = values.reduce((a, b) => a + b, 0);
  else if (m.agg === 'avg') out = values.reduce((a, b) => a + b, 0) / values.length;
  else if (m.agg === 'min') out = Math.min(...values);
  else out = Math.max(...values);
  return out;
}

function measuresOf(report: ReportFile, tuples: Tuple[]): Row {
  const out: Row = {};
  for (const m of report.measures) if (m.agg !== 'ratio') out[m.id] = aggregate(m, tuples);
  for (const m of report.measures) {
    if (m.agg !== 'ratio') continue;
    const num = out[m.numerator!];
    const den = out[m.denominator!];
    out[m.id] = !den ? null : (num * (m.percent ? 100 : 1)) / den;
  }
  return out;
}

/**
 * Whether a joined settlement row is the partner's: a fee of its own side and party, a bill line of a
 * bill it may see, a payment to its carrier. Other joined tables are lookups or owned by the scoped row.
 */
function joinedVisible(sqlite: Database.Database, table: string, r: Row, user: Viewer): boolean {
  if (user.userType !== 1 && user.userType !== 2) return true;
  const side = user.userType === 2 ? 2 : 1;
  const partner = user.partnerId ?? -1;
  if (table === 'waybill_fees') return r.side === side && r.party_id === partner;
  if (table === 'waybill_payments') return user.userType === 2 && r.carrier_id === partner;
  if (table === 'bill_lines') {
    const b = sqlite.prepare('SELECT side, party_id, status, is_deleted FROM bills WHERE id = ?').get(r.bill_id) as Row;
    return b.is_deleted === 0 && b.side === side && b.party_id === partner && ![2, 4].includes(b.status);
  }
  return true;
}

export function expectedReport(sqlite: Database.Database, report: ReportFile, user: Viewer, filters: Row = {}, resourceScope?: { customer?: string; carrier?: string }) {
  const table = (name: string) => sqlite.prepare(`SELECT * FROM ${name}`).all() as Row[];
  let tuples: Tuple[] = table(report.source.table).map((r) => ({ [report.source.alias]: r }));
  for (const j of report.joins ?? []) {
    const rows = table(j.table);
    tuples = tuples.flatMap((t) => {
      const hits = rows.filter((r) => Object.entries(j.on).every(([mine, theirs]) => r[mine.split('.')[1]] !== null && r[mine.split('.')[1]] === valueOf(t, theirs))
        && (j.where ?? []).every((c) => holds({ [j.alias]: r }, c)) && joinedVisible(sqlite, j.table, r, user));
      if (hits.length) return hits.map((r) => ({ ...t, [j.alias]: r }));
      return j.type === 'left' ? [{ ...t, [j.alias]: null }] : [];
    });
  }
  tuples = tuples.filter((t) => inScope(sqlite, report, user, t, resourceScope) && (report.where ?? []).every((c) => holds(t, c)));
  for (const f of report.filters ?? []) {
    const v = filters[f.id];
    if (v === undefined) continue;
    tuples = tuples.filter((t) => {
      const x = valueOf(t, f.field);
      if (f.op === 'eq') return x === v;
      if (f.op === 'like') return x !== null && String(x).includes(v);
      if (f.op === 'in') return v.includes(x);
      // grain day: the bounds stand for their whole days (UTC+8).
      const [from, to] = f.grain === 'day' ? v.map((b: number | null) => (b === null ? null : Math.floor((b + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000)) : v;
      return x !== null && (from === null || x >= from) && (to === null || x <= to);
    });
  }
  const groups = new Map<string, { key: Row; tuples: Tuple[] }>();
  for (const t of tuples) {
    const key = Object.fromEntries(report.dimensions.map((d) => [d.id, bucket(valueOf(t, d.field), d.grain)]));
    const k = JSON.stringify(key);
    if (!groups.has(k)) groups.set(k, { key, tuples: [] });
    groups.get(k)!.tuples.push(t);
  }
  if (!report.dimensions.length && !groups.size) groups.set('{}', { key: {}, tuples: [] });
  // A group with no value for a dimension reads as its emptyText (未指定承运商).
  const named = (key: Row) => Object.fromEntries(report.dimensions.map((d) => [d.id, d.emptyText && (key[d.id] === null || key[d.id] === undefined || key[d.id] === '') ? d.emptyText : key[d.id]]));
  const rows = [...groups.values()].map((g) => ({ ...named(g.key), ...measuresOf(report, g.tuples) }));
  return { rows, totals: measuresOf(report, tuples) };
}

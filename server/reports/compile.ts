// Report file + request → one parametrised query for the page of groups (with the number of groups
// from a window over the same result) and one for the totals over the same FROM and WHERE.
// Values only ever travel as bound parameters; identifiers only come from the checked report.
import type { SessionUser } from '../http/context.ts';
import type { ResourceFile } from '../registry/types.ts';
import { orderScope } from '../domain/orders/access.ts';
import { waybillScope } from '../domain/waybills/scope.ts';
import { scopeWhere } from '../resources/scope.ts';
import { alarmScope } from '../alarms/scope.ts';
import { and, dayStartOf, frag, join, likePattern, outName, type Frag } from './sql.ts';
import { localDateText } from '../db/dialect.ts';
import type { Dialect } from '../db/port.ts';
import { summaryScope } from './summary-scope.ts';
import { settlementScopeOf } from './settlement-scope.ts';
import { partnerScope } from './partner-scope.ts';
import { primaryKeyOf } from './catalogue.ts';
import type { Dimension, FixedCondition, Measure, ReportFile, SortSpec } from './types.ts';

export interface ReportRequest {
  curPage?: number;
  pageSize?: number;
  sorts?: SortSpec[];
  [filter: string]: unknown;
}

export interface CompiledReport {
  rows: Frag;
  totals: Frag;
}

export const TOTAL_COLUMN = '__total';
const DEFAULT_PAGE_SIZE = 20;

const aliasOf = (column: string) => column.split('.')[0];

function fixed(c: FixedCondition): Frag {
  switch (c.op) {
    case 'eq': return frag(`${c.field} = ?`, c.value);
    case 'ne': return frag(`${c.field} <> ?`, c.value);
    case 'gt': return frag(`${c.field} > ?`, c.value);
    case 'gte': return frag(`${c.field} >= ?`, c.value);
    case 'lt': return frag(`${c.field} < ?`, c.value);
    case 'lte': return frag(`${c.field} <= ?`, c.value);
    case 'in': return frag(`${c.field} IN (${c.values!.map(() => '?').join(', ')})`, ...c.values!);
    case 'notIn': return frag(`${c.field} NOT IN (${c.values!.map(() => '?').join(', ')})`, ...c.values!);
    case 'isNull': return frag(`${c.field} IS NULL`);
    case 'notNull': return frag(`${c.field} IS NOT NULL`);
    case 'gtField': return frag(`${c.field} > ${c.other}`);
    case 'lteField': return frag(`${c.field} <= ${c.other}`);
  }
}

function dimensionExpr(d: Dimension, dialect: Dialect): string {
  return d.grain ? localDateText(dialect, d.field, d.grain) : d.field;
}

/**
 * The dimensions to GROUP BY: all but those another grouped dimension already fixes, i.e. a column of a
 * joined table whose join is exactly its primary key = that dimension's column of the source (the
 * carrier's name by carrier id). Every row of a group then meets the same joined row, so the value is the same for the
 * whole group; left out of GROUP BY, SQLite can group in the source's key order instead of sorting
 * every row first (report/carrier-monthly over its summary: docs/decisions.md "Report summary tables").
 */
function groupedDimensions(report: ReportFile, dialect: Dialect): Dimension[] {
  // PostgreSQL accepts a column outside GROUP BY only when the group holds its table's primary key.
  if (dialect === 'postgres') return report.dimensions;
  const joinByAlias = new Map((report.joins ?? []).map((j) => [j.alias, j]));
  const plain = new Set(report.dimensions.filter((d) => !d.grain).map((d) => d.field));
  const fixedByOther = (d: Dimension) => {
    const j = joinByAlias.get(aliasOf(d.field));
    const on = j ? Object.entries(j.on) : [];
    if (d.grain || !j || on.length !== 1) return false;
    const [mine, theirs] = on[0];
    return mine === `${j.alias}.${primaryKeyOf(j.table)}` && aliasOf(theirs) === report.source.alias && plain.has(theirs);
  };
  return report.dimensions.filter((d) => !fixedByOther(d));
}

/** The aggregate of a non-ratio measure: conditional aggregates use CASE so one scan serves all. */
function aggregateExpr(m: Measure): Frag {
  const base = m.minus ? frag(`(${m.field} - ${m.minus})`) : frag(m.field ?? '1');
  const value = m.divideBy ? frag(`${base.sql} * 1.0 / ?`, ...base.params, m.divideBy) : base;
  const cond = m.where?.length ? and(m.where.map(fixed)) : undefined;
  const when = (v: Frag) => (cond ? frag(`CASE WHEN ${cond.sql} THEN ${v.sql} END`, ...cond.params, ...v.params) : v);
  let agg: Frag;
  switch (m.agg) {
    case 'count':
      agg = cond || m.field ? frag(`COUNT(${when(m.field ? value : frag('1')).sql})`, ...when(m.field ? value : frag('1')).params) : frag('COUNT(*)');
      break;
    case 'countDistinct': {
      const v = when(value);
      agg = frag(`COUNT(DISTINCT ${v.sql})`, ...v.params);
      break;
    }
    default: {
      const v = when(value);
      agg = frag(`${m.agg.toUpperCase()}(${v.sql})`, ...v.params);
      // No money is ¥0.00, not an empty cell: a sum of money over no rows is 0.
      if (m.format === 'money' && m.agg === 'sum') agg = frag(`COALESCE(${agg.sql}, 0)`, ...agg.params);
    }
  }
  return m.decimals !== undefined && m.agg !== 'count' && m.agg !== 'countDistinct' ? frag(`ROUND(CAST(${agg.sql} AS NUMERIC), ?)`, ...agg.params, m.decimals) : agg;
}

function measureExpr(report: ReportFile, m: Measure): Frag {
  if (m.agg !== 'ratio') return aggregateExpr(m);
  const byId = (id?: string) => aggregateExpr(report.measures.find((x) => x.id === id)!);
  const num = byId(m.numerator);
  const den = byId(m.denominator);
  return frag(
    `CASE WHEN COALESCE(${den.sql}, 0) = 0 THEN NULL ELSE ROUND(CAST(${num.sql} * 1.0 * ? / ${den.sql} AS NUMERIC), ?) END`,
    ...den.params, ...num.params, m.percent ? 100.0 : 1.0, ...den.params, m.decimals ?? 2,
  );
}

/** The user's search: only declared filters, each by its declared operator. */
function filterConditions(report: ReportFile, req: ReportRequest): { conds: Frag[]; aliases: string[] } {
  const conds: Frag[] = [];
  const aliases: string[] = [];
  for (const f of report.filters ?? []) {
    const v = req[f.id];
    if (v === undefined || v === null || v === '') continue;
    let c: Frag | undefined;
    if (f.op === 'eq') c = frag(`${f.field} = ?`, v);
    else if (f.op === 'like') c = String(v).trim() ? frag(`${f.field} LIKE ? ESCAPE '\\'`, likePattern(String(v).trim())) : undefined;
    else if (f.op === 'in') c = (v as unknown[]).length ? frag(`${f.field} IN (${(v as unknown[]).map(() => '?').join(', ')})`, ...(v as unknown[])) : undefined;
    else {
      const [from, to] = v as [unknown, unknown];
      // A day grain compares the day's start (the summary tables key their rows by it).
      const bound = (x: unknown) => (f.grain === 'day' ? dayStartOf(Number(x)) : x);
      const parts = [from != null ? frag(`${f.field} >= ?`, bound(from)) : undefined, to != null ? frag(`${f.field} <= ?`, bound(to)) : undefined].filter((x): x is Frag => !!x);
      c = parts.length ? and(parts) : undefined;
    }
    if (c) {
      conds.push(c);
      aliases.push(aliasOf(f.field));
    }
  }
  return { conds, aliases };
}

function scopeOf(report: ReportFile, user: SessionUser, resources: ReadonlyMap<string, ResourceFile>): Frag {
  const { by, alias } = report.scope;
  if (by === 'summary') return summaryScope(user, alias);
  if (by === 'settlement') {
    const table = [report.source, ...(report.joins ?? [])].find((t) => t.alias === alias)?.table;
    return settlementScopeOf(table, user, alias);
  }
  if (by === 'alarm') {
    const a = alarmScope(user, alias);
    return frag(a.sql, ...a.params);
  }
  const where = by === 'waybill' ? waybillScope(user, alias) : by === 'order' ? orderScope(user, alias) : scopeWhere(resources.get(report.scope.resource!)!, user, alias);
  return frag(where.sql.join(' AND '), ...where.params);
}

/**
 * FROM with inner joins always (they filter rows) and left joins only when a used alias needs them;
 * a left join's partner conditions (partner-scope.ts) go into its ON.
 */
function fromClause(report: ReportFile, used: Set<string>, on: Map<string, Frag[]>): Frag {
  const joins = report.joins ?? [];
  const needed = new Set(used);
  for (let i = joins.length - 1; i >= 0; i--) {
    const j = joins[i];
    if (j.type === 'left' && !needed.has(j.alias)) continue;
    needed.add(j.alias);
    for (const other of Object.values(j.on)) needed.add(aliasOf(other));
  }
  const parts = [frag(`${report.source.table} ${report.source.alias}`)];
  for (const j of joins) {
    if (!needed.has(j.alias)) continue;
    const extra = [...(j.where ?? []).map(fixed), ...(on.get(j.alias) ?? [])];
    const scoped = extra.length ? and(extra) : undefined;
    const cond = Object.entries(j.on).map(([a, b]) => `${a} = ${b}`).join(' AND ') + (scoped ? ` AND ${scoped.sql}` : '');
    parts.push(frag(`${j.type === 'left' ? 'LEFT JOIN' : 'JOIN'} ${j.table} ${j.alias} ON ${cond}`, ...(scoped?.params ?? [])));
  }
  return join(parts, ' ');
}

function usedAliases(report: ReportFile, filterAliases: string[]): Set<string> {
  const used = new Set<string>([report.source.alias, report.scope.alias, ...filterAliases]);
  const add = (c?: string) => c && used.add(aliasOf(c));
  report.where?.forEach((c) => (add(c.field), add(c.other)));
  report.dimensions.forEach((d) => add(d.field));
  report.measures.forEach((m) => (add(m.field), add(m.minus), m.where?.forEach((c) => (add(c.field), add(c.other)))));
  return used;
}

export function sortableFields(report: ReportFile): string[] {
  return report.sort?.fields ?? [...report.dimensions, ...report.measures].map((c) => c.id);
}

export function compileReport(report: ReportFile, user: SessionUser, req: ReportRequest, resources: ReadonlyMap<string, ResourceFile>, dialect: Dialect): CompiledReport {
  const filters = filterConditions(report, req);
  // Every joined table held to the partner user's rows too, not only the scope alias.
  const partner = partnerScope(report, user, resources);
  const from = fromClause(report, usedAliases(report, filters.aliases), partner.on);
  const where = and([scopeOf(report, user, resources), ...partner.where, ...(report.where ?? []).map(fixed), ...filters.conds]);
  const measures = report.measures.map((m) => {
    const e = measureExpr(report, m);
    return frag(`${e.sql} AS ${outName(m.id)}`, ...e.params);
  });
  const dims = report.dimensions.map((d) => `${dimensionExpr(d, dialect)} AS ${outName(d.id)}`);
  const grouped = groupedDimensions(report, dialect);
  const groupBy = grouped.length ? ` GROUP BY ${grouped.map((d) => dimensionExpr(d, dialect)).join(', ')}` : '';

  const sorts = req.sorts?.length ? req.sorts : report.sort?.default ?? [];
  // Every dimension last, so pages never overlap or skip groups with equal sort values.
  const order = [...sorts.map((s) => `${outName(s.field)} ${s.order === 'desc' ? 'DESC' : 'ASC'}`), ...report.dimensions.map((d) => `${outName(d.id)} ASC`)];
  const pageSize = req.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = ((req.curPage ?? 1) - 1) * pageSize;

  const select = join([frag(dims.join(', ')), ...measures, frag(`COUNT(*) OVER () AS ${TOTAL_COLUMN}`)].filter((f) => f.sql), ', ');
  const rows = frag(
    `SELECT ${select.sql} FROM ${from.sql} WHERE ${where.sql}${groupBy}${order.length ? ` ORDER BY ${order.join(', ')}` : ''} LIMIT ? OFFSET ?`,
    ...select.params, ...from.params, ...where.params, pageSize, offset,
  );
  const totalsSelect = join(measures, ', ');
  const totals = frag(`SELECT ${totalsSelect.sql} FROM ${from.sql} WHERE ${where.sql}`, ...totalsSelect.params, ...from.params, ...where.params);
  return { rows, totals };
}

// Cross-checks a report file against the database catalogue and the other schema files: every
// alias, column, join, id and dictionary it names must exist. Each problem names the file, the
// JSON pointer and what is wrong; all of a file's problems are returned, not only the first.
import { SchemaError } from '../registry/types.ts';
import type { DictionaryFile, ResourceFile } from '../registry/types.ts';
import { catalogue } from './catalogue.ts';
import { SUMMARY_SCOPE_COLUMNS } from './summary-scope.ts';
import { SETTLEMENT_SCOPE_COLUMNS } from './settlement-scope.ts';
import { SCOPE_TABLE, type FixedCondition, type ReportFile } from './types.ts';

/** Request body names a filter may not take. */
const RESERVED = new Set(['curPage', 'pageSize', 'sorts']);

export interface ReportContext {
  operations: ReadonlySet<string>;
  dictionaries: ReadonlyMap<string, DictionaryFile>;
  resources: ReadonlyMap<string, ResourceFile>;
}

export function checkReport(file: string, report: ReportFile, ctx: ReportContext): SchemaError[] {
  const problems: SchemaError[] = [];
  const fail = (pointer: string, detail: string) => problems.push(new SchemaError(file, pointer, detail));
  const tables = catalogue();
  const aliases = new Map<string, string>();

  const declare = (t: { table: string; alias: string }, pointer: string) => {
    if (!tables.has(t.table)) fail(`${pointer}/table`, `数据表不存在: ${t.table}`);
    if (aliases.has(t.alias)) fail(`${pointer}/alias`, `别名重复: ${t.alias}`);
    aliases.set(t.alias, t.table);
  };
  /** `alias.column` must name a declared alias and a column of its table. */
  const column = (ref: string | undefined, pointer: string, known = aliases) => {
    if (!ref) return;
    const [alias, col] = ref.split('.');
    const table = known.get(alias);
    if (!table) fail(pointer, `未声明的数据源别名: ${alias}（请在 source 或 joins 中声明）`);
    else if (tables.has(table) && !tables.get(table)!.has(col)) fail(pointer, `数据表${table}没有字段: ${col}`);
  };
  const conditions = (list: FixedCondition[] | undefined, pointer: string) =>
    list?.forEach((c, i) => {
      const at = `${pointer}/${i}`;
      column(c.field, `${at}/field`);
      const needsValue = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'].includes(c.op);
      const needsValues = c.op === 'in' || c.op === 'notIn';
      const needsOther = c.op === 'gtField' || c.op === 'lteField';
      if (needsValue && c.value === undefined) fail(`${at}/value`, `条件${c.op}需要 value`);
      if (needsValues && !c.values) fail(`${at}/values`, `条件${c.op}需要 values`);
      if (needsOther) c.other ? column(c.other, `${at}/other`) : fail(`${at}/other`, `条件${c.op}需要 other`);
    });

  declare(report.source, '/source');
  report.joins?.forEach((j, i) => {
    const earlier = new Map(aliases);
    declare(j, `/joins/${i}`);
    for (const [mine, theirs] of Object.entries(j.on)) {
      const at = `/joins/${i}/on/${mine.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (mine.split('.')[0] !== j.alias) fail(at, `连接条件的左侧应为本表 ${j.alias} 的字段: ${mine}`);
      else column(mine, at);
      column(theirs, at, earlier);
    }
    j.where?.forEach((c, k) => {
      if (c.field.split('.')[0] !== j.alias) fail(`/joins/${i}/where/${k}/field`, `连接的固定条件只能用本表 ${j.alias} 的字段: ${c.field}`);
    });
    conditions(j.where, `/joins/${i}/where`);
  });

  const scope = report.scope;
  const scopeTable = aliases.get(scope.alias);
  if (!scopeTable) fail('/scope/alias', `未声明的数据源别名: ${scope.alias}`);
  else if (scope.by === 'resource') {
    const res = scope.resource ? ctx.resources.get(scope.resource) : undefined;
    if (!res) fail('/scope/resource', `资源不存在: ${scope.resource ?? ''}`);
    else if (res.table !== scopeTable) fail('/scope/alias', `别名${scope.alias}的数据表${scopeTable}不是资源${res.id}的数据表${res.table}`);
  } else if (scope.by === 'summary') {
    for (const col of SUMMARY_SCOPE_COLUMNS) if (!tables.get(scopeTable)?.has(col)) fail('/scope/alias', `按summary限定数据范围时，数据表${scopeTable}应有字段: ${col}`);
  } else if (scope.by === 'settlement') {
    for (const col of SETTLEMENT_SCOPE_COLUMNS) if (!tables.get(scopeTable)?.has(col)) fail('/scope/alias', `按settlement限定数据范围时，数据表${scopeTable}应有字段: ${col}`);
  } else if (scopeTable !== SCOPE_TABLE[scope.by]) fail('/scope/alias', `按${scope.by}限定数据范围时，别名${scope.alias}应指向数据表${SCOPE_TABLE[scope.by]}`);

  conditions(report.where, '/where');
  if (!ctx.operations.has(report.operationId)) fail('/operationId', `操作ID未在菜单中声明: ${report.operationId}`);

  const ids = new Map<string, 'dimension' | 'measure'>();
  const dictionary = (name: string | undefined, pointer: string) => name && !ctx.dictionaries.has(name) && fail(pointer, `字典不存在: ${name}`);
  report.dimensions.forEach((d, i) => {
    if (ids.has(d.id)) fail(`/dimensions/${i}/id`, `列id重复: ${d.id}`);
    ids.set(d.id, 'dimension');
    column(d.field, `/dimensions/${i}/field`);
    dictionary(d.dictionary, `/dimensions/${i}/dictionary`);
  });
  report.dimensions.forEach((d, i) => {
    if (d.link && !d.linkId) fail(`/dimensions/${i}/linkId`, '业务跳转需要 linkId（存放订单或运单id的维度）');
    if (d.linkId && ids.get(d.linkId) !== 'dimension') fail(`/dimensions/${i}/linkId`, `维度不存在: ${d.linkId}`);
  });
  report.measures.forEach((m, i) => {
    const at = `/measures/${i}`;
    if (ids.has(m.id)) fail(`${at}/id`, `列id重复: ${m.id}`);
    ids.set(m.id, 'measure');
    if (m.agg === 'ratio') return;
    if (m.agg !== 'count' && !m.field) fail(`${at}/field`, `聚合${m.agg}需要 field`);
    column(m.field, `${at}/field`);
    column(m.minus, `${at}/minus`);
    conditions(m.where, `${at}/where`);
  });
  report.measures.forEach((m, i) => {
    if (m.agg !== 'ratio') return;
    for (const part of ['numerator', 'denominator'] as const) {
      const ref = report.measures.find((x) => x.id === m[part]);
      if (!ref) fail(`/measures/${i}/${part}`, `指标不存在: ${m[part] ?? ''}（可用的指标: ${report.measures.filter((x) => x.agg !== 'ratio').map((x) => x.id).join('、')}）`);
      else if (ref.agg === 'ratio') fail(`/measures/${i}/${part}`, `比率的${part === 'numerator' ? '分子' : '分母'}应为非比率的指标: ${m[part]}`);
    }
  });

  const filterIds = new Set<string>();
  report.filters?.forEach((f, i) => {
    if (filterIds.has(f.id) || RESERVED.has(f.id)) fail(`/filters/${i}/id`, `查询条件id重复或为保留字: ${f.id}`);
    filterIds.add(f.id);
    column(f.field, `/filters/${i}/field`);
    if (f.grain && f.op !== 'range') fail(`/filters/${i}/grain`, `按天取整只用于 range 条件: ${f.id}`);
    dictionary(f.dictionary, `/filters/${i}/dictionary`);
  });
  report.sort?.fields?.forEach((f, i) => ids.has(f) || fail(`/sort/fields/${i}`, `列不存在: ${f}`));
  report.sort?.default?.forEach((s, i) => ids.has(s.field) || fail(`/sort/default/${i}/field`, `列不存在: ${s.field}`));
  if (report.chart) {
    const chart = report.chart;
    if (ids.get(chart.x) !== 'dimension') fail('/chart/x', `维度不存在: ${chart.x}`);
    chart.series.forEach((s, i) => ids.get(s) === 'measure' || fail(`/chart/series/${i}`, `指标不存在: ${s}`));
    if (chart.seriesBy !== undefined) {
      if (ids.get(chart.seriesBy) !== 'dimension') fail('/chart/seriesBy', `维度不存在: ${chart.seriesBy}`);
      else if (chart.seriesBy === chart.x) fail('/chart/seriesBy', `分系列的维度不能与横轴相同: ${chart.seriesBy}`);
      if (chart.type === 'pie') fail('/chart/seriesBy', '饼图不能分系列');
    }
  }
  report.measures.forEach((m, i) => {
    if (m.unit && m.format !== 'duration') fail(`/measures/${i}/unit`, `只有 format 为 duration 的指标才需要 unit: ${m.id}`);
  });
  return problems;
}

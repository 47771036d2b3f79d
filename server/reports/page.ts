// A report as the page the console renders (kind report): its columns and search conditions come
// from the report's dimensions, measures and filters, and its list call is the report endpoint.
// Being a page, it gets what every page gets: variants, permission trimming and user settings.
import type { Column, Condition, PageFile } from '../registry/types.ts';
import { isTimeDimension, type FilterOp, type ReportChart, type ReportFile } from './types.ts';

export const reportName = (id: string) => id.replace(/^report\//, '');
export const queryPath = (id: string) => `/report/${reportName(id)}/query`;
export const totalPath = (id: string) => `/report/${reportName(id)}/total`;

export function reportPage(report: ReportFile): PageFile {
  const columns: Column[] = [
    ...report.dimensions.filter((d) => !d.hidden).map((d) => ({
      field: d.id, title: d.title, sortable: true,
      ...(d.width ? { width: d.width } : {}), ...(d.dictionary ? { dictionary: d.dictionary } : {}),
      ...(d.format ? { format: d.format } : {}), ...(d.link ? { link: d.link, linkId: d.linkId } : {}),
    })),
    ...report.measures.filter((m) => !m.hidden).map((m) => ({
      field: m.id, title: m.title, sortable: true, align: 'right', format: m.format ?? 'number', ...(m.width ? { width: m.width } : {}),
      ...(m.format === 'duration' ? { unit: m.unit ?? 'minute' } : {}), ...(m.axis === 'right' ? { axis: 'right' } : {}),
    })),
  ];
  const sortable = new Set(report.sort?.fields ?? columns.map((c) => c.field));
  for (const c of columns) c.sortable = sortable.has(c.field);
  const search: Condition[] = (report.filters ?? []).map((f) => ({
    field: f.id, label: f.label, widget: f.widget ?? (f.op === 'range' ? 'dateRange' : f.op === 'like' ? 'text' : f.dictionary || f.lookup ? 'select' : 'text'),
    ...(f.dictionary ? { dictionary: f.dictionary } : {}), ...(f.lookup ? { lookup: f.lookup } : {}), ...(f.hidden ? { hidden: true } : {}),
  }));
  const searchOperators: Record<string, FilterOp> = Object.fromEntries((report.filters ?? []).map((f) => [f.id, f.op]));
  // Search fields typed as numbers are sent as numbers (the renderer reads `fields` for that).
  const fields = Object.fromEntries((report.filters ?? []).map((f) => [f.id, { title: f.label, type: f.valueType === 'string' ? 'string' : f.valueType ?? 'integer' }]));
  return {
    id: report.id,
    title: report.title,
    kind: 'report',
    api: { list: { method: 'POST', path: queryPath(report.id) } },
    columns,
    search,
    searchOperators,
    fields,
    report: {
      totals: report.totals ? { label: report.totals.label ?? '合计', path: totalPath(report.id) } : undefined,
      chart: report.chart && chartOf(report, report.chart),
      defaultSort: report.sort?.default ?? [],
    },
  };
}

/** The chart as the console draws it: which of its dimensions are times (their values ascend). */
function chartOf(report: ReportFile, chart: ReportChart) {
  const isTime = (id: string | undefined) => {
    const d = report.dimensions.find((x) => x.id === id);
    return d ? isTimeDimension(d) : false;
  };
  return { ...chart, xTime: isTime(chart.x), ...(chart.seriesBy ? { seriesByTime: isTime(chart.seriesBy) } : {}) };
}

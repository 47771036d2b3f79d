// Runs a compiled report: the page of groups with the number of groups, or the totals row.
import { all, one, type Conn } from '../resources/statements.ts';
import type { SessionUser } from '../http/context.ts';
import type { ResourceFile } from '../registry/types.ts';
import { compileReport, TOTAL_COLUMN, type ReportRequest } from './compile.ts';
import type { ReportFile } from './types.ts';

type Row = Record<string, unknown>;

export interface ReportPage {
  data: Row[];
  totalRecords: number;
  curPage: number;
  pageSize: number;
}

export async function queryReport(conn: Conn, report: ReportFile, user: SessionUser, req: ReportRequest, resources: ReadonlyMap<string, ResourceFile>): Promise<ReportPage> {
  const curPage = req.curPage ?? 1;
  const pageSize = req.pageSize ?? 20;
  const { rows } = compileReport(report, user, { ...req, curPage, pageSize }, resources, conn.dialect);
  const found = await all<Row>(conn, rows.sql, ...rows.params);
  let totalRecords = Number(found[0]?.[TOTAL_COLUMN] ?? 0);
  if (!found.length && curPage > 1) {
    // Past the last page there is no row to carry the count: ask the first page for it.
    const first = compileReport(report, user, { ...req, curPage: 1, pageSize: 1 }, resources, conn.dialect).rows;
    totalRecords = Number((await one<Row>(conn, first.sql, ...first.params))?.[TOTAL_COLUMN] ?? 0);
  }
  const data = found.map(({ [TOTAL_COLUMN]: _, ...row }) => withEmptyTexts(report, row));
  return { data, totalRecords, curPage, pageSize };
}

/** A group whose dimension is empty reads as the dimension's emptyText (未指定承运商), wherever it is shown. */
function withEmptyTexts(report: ReportFile, row: Row): Row {
  for (const d of report.dimensions) if (d.emptyText && (row[d.id] === null || row[d.id] === undefined || row[d.id] === '')) row[d.id] = d.emptyText;
  return row;
}

export async function reportTotals(conn: Conn, report: ReportFile, user: SessionUser, req: ReportRequest, resources: ReadonlyMap<string, ResourceFile>): Promise<Row> {
  const { totals } = compileReport(report, user, req, resources, conn.dialect);
  return (await one<Row>(conn, totals.sql, ...totals.params)) ?? {};
}

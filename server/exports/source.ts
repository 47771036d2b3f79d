// Where an export's rows come from: the very query the page's list uses (one implementation), with
// the same permission, input rules and scoping, only read in pages of 100000 rows. Every page is read
// from one read snapshot (the database's snapshot(), db/port.ts) taken when the export is created: with
// paging over the live list, a row written meanwhile above the cursor would push a row into two pages
// or make one be skipped; from the snapshot, the file holds the list exactly as it stood when asked for.
// A list route marked `seekable` (waybills, orders, every resource) is read by keyset: each page is the
// rows after the last one read, in the list's own order, with no OFFSET and no count after the first
// page; an OFFSET read of a million rows rereads every earlier row for each page (quadratic).
// - a report page: the report compiler's queryReport;
// - a list page: the declared route of its list call (its own api.list, or the resource engine's
//   /res/<id>/list), whose handler is called as the list would be, for this user.
import type { Conn, Db, ReadSnapshot } from '../db/connection.ts';
import type { SessionUser } from '../http/context.ts';
import { ApiError, forbidden, invalid } from '../http/envelope.ts';
import type { RouteDef, Seek, SeekPage } from '../http/route.ts';
import { validateOrThrow } from '../http/validate.ts';
import type { Column, PageFile, Registry } from '../registry/types.ts';
import { requestSchema } from '../reports/input.ts';
import { queryReport, reportTotals } from '../reports/run.ts';
import { compileReport, type ReportRequest } from '../reports/compile.ts';
import { pageFor } from '../routes/ui.ts';

export type Row = Record<string, unknown>;
export interface RowPage {
  data: Row[];
  totalRecords: number;
}

export interface ExportSource {
  page: PageFile;
  /** The columns the user sees on the page (their own column settings applied). */
  columns: Column[];
  /** The search body, checked by the list's own rules. */
  search: Row;
  fetch(curPage: number, pageSize: number): Promise<RowPage>;
  /** A report's totals row (its declared totals), over the same snapshot as the rows. */
  totals?: () => Promise<{ label: string; values: Row }>;
  /** Ends the read snapshot, if one was taken; call it when the export ends, however it ends. */
  close(): Promise<void>;
}

export interface SourceContext {
  db: Db;
  registry: () => Registry;
  routes: () => readonly RouteDef[];
  /** The routes over another connection; without it (or in memory) the pages are read live. */
  snapshotRoutes?: (conn: Conn) => readonly RouteDef[];
}

/** The snapshot an export reads from: taken when the export is asked for (its checks passed), kept to its end. */
const takeSnapshot = async (ctx: SourceContext): Promise<ReadSnapshot | undefined> => (ctx.snapshotRoutes ? ctx.db.snapshot() : undefined);

const sameRoute = (def: RouteDef) => (r: RouteDef) => r.method === def.method && r.path === def.path;

/** The list's body without paging: the task pages through it itself. */
export function searchOf(body: Row): Row {
  const { pageId: _p, curPage: _c, pageSize: _s, ...search } = body;
  return search;
}

async function composedPage(ctx: SourceContext, user: SessionUser, pageId: string): Promise<PageFile> {
  try {
    return (await pageFor(ctx.db, ctx.registry(), user, pageId, true, ctx.routes)) as PageFile;
  } catch (e) {
    if (e instanceof ApiError) throw invalid(`页面：页面不存在: ${pageId}`, { field: 'pageId' });
    throw e;
  }
}

function listCall(page: PageFile): { method: string; path: string } | undefined {
  const api = page.api as { list?: { method: string; path: string } } | undefined;
  if (api?.list) return api.list;
  return page.resource ? { method: 'POST', path: `/res/${page.resource}/list` } : undefined;
}

function allowed(def: RouteDef, user: SessionUser): boolean {
  const a = def.access;
  // A terminal's route is never a user's list, whatever a page names.
  if ('terminal' in a) return false;
  return 'anyOf' in a ? a.anyOf.some((op) => user.operationIds.has(op)) : true;
}

/** Resolves what to export, refusing what the user could not list: code 100, 104 as the list would. */
export async function exportSource(ctx: SourceContext, user: SessionUser, pageId: string, body: Row): Promise<ExportSource> {
  const page = await composedPage(ctx, user, pageId);
  const columns = ((page.columns ?? []) as Column[]).filter((c) => !c.hidden && !c.actions);
  const search = searchOf(body);
  if (page.kind === 'report') {
    const reg = ctx.registry();
    const report = reg.reports.get(pageId)!;
    if (!user.operationIds.has(report.operationId)) throw forbidden();
    const req = validateOrThrow<ReportRequest>(requestSchema(report), search);
    // Refused now rather than as a failed task: a report the user may not read (a summary for a customer).
    compileReport(report, user, req, reg.resources, ctx.db.dialect);
    const snapshot = await takeSnapshot(ctx);
    return {
      page, columns, search,
      fetch: async (curPage, pageSize) => {
        const r = await queryReport(snapshot?.conn ?? ctx.db, report, user, { ...req, curPage, pageSize }, ctx.registry().resources);
        return { data: r.data, totalRecords: r.totalRecords };
      },
      ...(report.totals ? {
        totals: async () => ({
          label: report.totals!.label ?? '合计',
          values: await reportTotals(snapshot?.conn ?? ctx.db, report, user, req, ctx.registry().resources),
        }),
      } : {}),
      close: async () => snapshot?.close(),
    };
  }
  const call = page.kind === 'list' ? listCall(page) : undefined;
  const def = call && ctx.routes().find((r) => r.method === call.method && `/api${r.path}` === `/api${call.path.replace(/^\/api(?=\/)/, '')}`);
  if (!def) throw invalid(`页面：页面 ${pageId} 不是可导出的列表`, { field: 'pageId' });
  if (!allowed(def, user)) throw forbidden();
  const checked = def.input ? validateOrThrow<Row>(def.input, search) : search;
  const snapshot = await takeSnapshot(ctx);
  let reader: RouteDef | undefined;
  const read = (body: Row, seek?: Seek) => {
    reader ??= (snapshot && ctx.snapshotRoutes!(snapshot.conn).find(sameRoute(def))) || def;
    return reader.handler({ c: undefined as never, user, body, query: {}, params: {}, seek });
  };
  return {
    page, columns, search: checked,
    fetch: def.seekable ? seekPages(read, checked) : async (curPage, pageSize) => (await read({ ...checked, curPage, pageSize })) as RowPage,
    close: async () => snapshot?.close(),
  };
}

/**
 * The pages of a seekable list, read in order: each after the last row of the one before (db/keyset.ts),
 * so a page costs the same however deep into the list; the list is counted once, with the first page.
 */
function seekPages(read: (body: Row, seek: Seek) => unknown, search: Row): ExportSource['fetch'] {
  let after: readonly unknown[] | null = null;
  let pagesRead = 0;
  let total = 0;
  return async (curPage, pageSize) => {
    if (curPage !== pagesRead + 1) throw new Error(`export pages are read in order: page ${curPage} after ${pagesRead}`);
    const first = curPage === 1;
    if (!first && after === null) return { data: [], totalRecords: total };
    const out = (await read({ ...search, curPage: 1, pageSize }, { after: first ? null : after, count: first })) as SeekPage<Row>;
    if (first) total = out.totalRecords ?? 0;
    pagesRead = curPage;
    after = out.after;
    return { data: out.data, totalRecords: total };
  };
}

// POST /poultryCostReport/exportPoultryWaybillCostReportList (spec section 7, a blob): the waybill cost
// list of the poultry business types (yqmj [15], yqChicks [16, 17, 18]) as an .xlsx download. The rows are
// the report report/poultry-cost's (schemas/reports/poultry-cost.json: fees per side, the carrier's
// deductions) read through the export machinery — the same source, columns, cell rules (money in 元) and
// streaming writer as the export centre — but answered at once, as the spec's blob call expects. The
// body is the report's search (its filters), checked by the report's own request schema.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { route, type RouteDef } from '../http/route.ts';
import { exportColumns } from '../exports/cells.ts';
import { exportSource } from '../exports/source.ts';
import { requestSchema } from '../reports/input.ts';
import { EXPORT_PAGE_SIZE, READ_ROWS } from '../exports/runner.ts';
import { XlsxStream } from '../exports/xlsx.ts';
import { attachmentHeaders, exportFileName } from '../exports/file-name.ts';
import type { ExportRouteOptions } from './export-center.ts';

export const POULTRY_COST_PAGE = 'report/poultry-cost';

export function poultryCostRoutes(o: ExportRouteOptions): RouteDef[] {
  const sourceContext = { db: o.db, registry: o.registry, routes: o.routes, snapshotRoutes: o.snapshotRoutes };
  return [
    route({
      method: 'POST', path: '/poultryCostReport/exportPoultryWaybillCostReportList', access: { anyOf: ['reportPoultryCost3'] },
      // The report's request schema (its filters, paging and sorts) as loaded at start; exportSource checks the
      // body again with the report as loaded now, so a reloaded report file is followed.
      input: requestSchema(o.registry().reports.get(POULTRY_COST_PAGE)!),
      handler: async ({ user, body }) => {
        const source = await exportSource(sourceContext, user, POULTRY_COST_PAGE, body as Record<string, unknown>);
        const dir = join(o.filesDir, 'exports');
        const file = join(dir, `poultry-cost-${randomUUID()}.xlsx`);
        try {
          mkdirSync(dir, { recursive: true });
          const title = String(source.page.title ?? '禽类运单成本报表');
          const xlsx = new XlsxStream(file, exportColumns(o.registry(), source.page, source.columns), title);
          // At most the spec's export page (100,000 rows) in one download; a larger list goes through the export centre.
          for (let curPage = 1, done = 0; done < EXPORT_PAGE_SIZE; curPage++) {
            const page = await source.fetch(curPage, READ_ROWS);
            for (const row of page.data) xlsx.add(row);
            done += page.data.length;
            if (page.data.length < READ_ROWS) break;
          }
          if (source.totals) {
            const { label, values } = await source.totals();
            xlsx.addTotals(label, values);
          }
          await xlsx.close();
          const bytes = readFileSync(file);
          return new Response(new Uint8Array(bytes), { status: 200, headers: { ...attachmentHeaders(exportFileName(title, Date.now())), 'content-length': String(bytes.byteLength) } });
        } finally {
          await source.close();
          rmSync(file, { force: true });
        }
      },
    }),
  ];
}

// POST /poultryCostReport/exportPoultryWaybillCostReportList (spec section 7, a blob): the waybill cost
// list of the poultry business types (yqmj [15], yqChicks [16, 17, 18]) as an .xlsx download. The rows are
// the report report/poultry-cost's (schemas/reports/poultry-cost.json: fees per side, the carrier's
// deductions) read through the export machinery — the same source, columns, cell rules (money in 元) and
// streaming writer as the export centre (exports/blob.ts) — but answered at once, as the spec's blob call expects. The
// body is the report's search (its filters), checked by the report's own request schema.
import { route, type RouteDef } from '../http/route.ts';
import { requestSchema } from '../reports/input.ts';
import { blobExport } from '../exports/blob.ts';
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
      handler: ({ user, body }) => blobExport({ ...sourceContext, filesDir: o.filesDir }, user, POULTRY_COST_PAGE, body as Record<string, unknown>, '禽类运单成本报表'),
    }),
  ];
}

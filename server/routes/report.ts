// Report endpoints: POST /api/report/<name>/query (a page of groups) and /total (the totals row
// over the whole result). A user needs the report's own operation id (its menu entry).
import { failure, forbidden } from '../http/envelope.ts';
import { route, type Call } from '../http/route.ts';
import { validateOrThrow } from '../http/validate.ts';
import type { Registry } from '../registry/types.ts';
import type { Conn } from '../resources/statements.ts';
import type { ReportRequest } from '../reports/compile.ts';
import { requestSchema } from '../reports/input.ts';
import { queryReport, reportTotals } from '../reports/run.ts';

export function reportOperations(reg: Registry): string[] {
  return [...new Set([...reg.reports.values()].map((r) => r.operationId))];
}

export function reportRoutes(conn: Conn, registry: () => Registry) {
  // The route admits a user holding any report's operation; the handler then asks for this report's.
  // The list is refreshed on every call, so a report added in development is reachable after one.
  const anyReport = reportOperations(registry());
  const refresh = () => anyReport.splice(0, anyReport.length, ...reportOperations(registry()));
  const prepare = ({ user, params, body }: Call<unknown>) => {
    refresh();
    const reg = registry();
    const report = reg.reports.get(`report/${params.name}`);
    if (!report) throw failure(`报表不存在: ${params.name}`);
    if (!user.operationIds.has(report.operationId)) throw forbidden();
    return { reg, report, req: validateOrThrow<ReportRequest>(requestSchema(report), body) };
  };
  const input = { type: 'object' };
  return [
    route({ method: 'POST', path: '/report/:name/query', access: { anyOf: anyReport }, input, handler: async (call) => {
      const { reg, report, req } = prepare(call);
      return await queryReport(conn, report, call.user, req, reg.resources);
    } }),
    route({ method: 'POST', path: '/report/:name/total', access: { anyOf: anyReport }, input, handler: async (call) => {
      const { reg, report, req } = prepare(call);
      return await reportTotals(conn, report, call.user, req, reg.resources);
    } }),
  ];
}

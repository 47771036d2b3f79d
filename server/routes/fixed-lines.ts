// 固定线路 and 固定线路排班 (docs/api.md "Fixed lines"): the calls beyond the resources' aliases
// (schemas/resources/fixedLine.json, fixedLineScheduling.json: list, save, update, delete, history, detail).
// The name check, one line's history by GET, the stops with their fences, the road book, the waybills
// generated from the lines, the drop-down of lines, the corporation's mode setting and the two blobs.
import type { Conn } from '../db/connection.ts';
import { route, type RouteDef } from '../http/route.ts';
import { invalid } from '../http/envelope.ts';
import type { Registry } from '../registry/types.ts';
import { ResourceEngine } from '../resources/engine.ts';
import { listSchema } from '../resources/input-schemas.ts';
import { all, one } from '../resources/statements.ts';
import { likePattern, searchText } from '../resources/like.ts';
import { blobExport } from '../exports/blob.ts';
import { GENERATE_HOUR } from '../domain/fixed-lines/calendar.ts';
import { lineOfWaybill, navigation, stopsWithAreas, type RoadKm } from '../domain/fixed-lines/navigation.ts';
import { fixedBillPage, type FixedBillQuery } from '../domain/fixed-lines/waybills.ts';
import { distanceBetween } from './area-links.ts';
import { domainHooks } from './domain.ts';
import type { ExportRouteOptions } from './export-center.ts';

const MAX_ID = 9_007_199_254_740_991;
const id = (title: string) => ({ title, type: 'integer', minimum: 1, maximum: MAX_ID });
/** Paging of the hand-written lists (no sorts: they have one order). */
const PAGING = { curPage: { title: '页码', type: 'integer', minimum: 1, maximum: 1_000_000 }, pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: 1000 } };
const idText = (title: string) => ({ title, type: 'string', pattern: '^[1-9][0-9]{0,15}$', errorMessage: { pattern: '请输入正整数' } });

export const LINE_PAGE = 'rules/fixedLine-list';
export const SCHEDULING_PAGE = 'rules/fixedLineScheduling-list';

export function fixedLineRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  const engine = new ResourceEngine(conn, registry, domainHooks(conn, registry));
  const line = registry().resources.get('fixedLine')!.permissions;
  const scheduling = registry().resources.get('fixedLineScheduling')!.permissions;
  const lineReaders = [...new Set([...line.list, ...line.save, ...line.update])];
  const schedulingReaders = [...new Set([...scheduling.list, ...scheduling.save, ...scheduling.update])];
  // The distance kept between two fences, as distance/getAreaDistance answers it (either direction).
  const roadKmFor = (user: Parameters<typeof distanceBetween>[1]): RoadKm => async (a, b) => {
    const row = await distanceBetween(engine, user, a, b);
    return row ? Number(row.distanceKm) : null;
  };
  return [
    route<{ lineName: string; id?: string }>({
      method: 'GET', path: '/fixed/checkName', access: { anyOf: lineReaders },
      input: { type: 'object', additionalProperties: false, required: ['lineName'], properties: { lineName: { title: '线路名称', type: 'string', minLength: 1, maxLength: 50 }, id: idText('线路') } },
      // true: the name is free (no other live line of the corporation has it).
      handler: async ({ user, body }) => !(await one(conn, 'SELECT 1 AS x FROM fixed_lines WHERE corp_id = ? AND line_name = ? AND is_deleted = 0 AND id <> ?',
        user.corpId, body.lineName.trim(), Number(body.id ?? 0))),
    }),
    route<{ id: string; curPage?: string; pageSize?: string }>({
      method: 'GET', path: '/fixed/findFixedLineHistoryById', access: { anyOf: lineReaders },
      input: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: idText('线路'), curPage: idText('页码'), pageSize: { title: '每页条数', type: 'string', pattern: '^([1-9][0-9]{0,2}|1000)$' } } },
      handler: ({ user, body }) => engine.history('fixedLine', user, { id: Number(body.id), curPage: body.curPage ? Number(body.curPage) : undefined, pageSize: body.pageSize ? Number(body.pageSize) : undefined }),
    }),
    route<{ id: number }>({
      method: 'POST', path: '/fixed/findAreaList', access: { anyOf: lineReaders },
      input: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: id('线路') } },
      handler: async ({ user, body }) => (await stopsWithAreas(engine, user, body.id)).stops,
    }),
    route<{ lineId?: number; waybillId?: number }>({
      method: 'POST', path: '/fixed/fixedLineNavigation', access: { anyOf: [...lineReaders, 'waybill3'] },
      input: {
        type: 'object', additionalProperties: false, properties: { lineId: id('线路'), waybillId: id('运单') },
      },
      handler: async ({ user, body }) => {
        if (body.lineId === undefined && body.waybillId === undefined) throw invalid('线路：请选择线路或运单', { field: 'lineId' });
        const lineId = body.lineId ?? (await lineOfWaybill(engine, user, body.waybillId!));
        return navigation(engine, user, roadKmFor(user), lineId, body.waybillId);
      },
    }),
    route<FixedBillQuery>({
      method: 'POST', path: '/fixed/findFixedBillWay/page', access: { anyOf: [...lineReaders, 'waybill3'] },
      input: { type: 'object', additionalProperties: false, properties: { ...PAGING, lineId: id('线路'), waybillNo: searchText('运单号', 30) } },
      handler: ({ user, body }) => fixedBillPage(conn, registry(), user, body),
    }),
    route<{ lineName?: string }>({
      method: 'POST', path: '/fixed/getFixedLineInfoDropBox', access: { anyOf: [...lineReaders, ...schedulingReaders] },
      input: { type: 'object', additionalProperties: false, properties: { lineName: searchText('线路名称', 50) } },
      // The live lines the user may see (the partner scope of the list), by name, at most 200.
      handler: async ({ user, body }) => {
        const scope = user.userType === 1 ? ' AND customer_id = ?' : user.userType === 2 ? ' AND carrier_id = ?' : '';
        const name = body.lineName?.trim();
        return all(conn, `SELECT id, line_name AS "lineName", status FROM fixed_lines WHERE corp_id = ? AND is_deleted = 0${scope}${name ? " AND line_name LIKE ? ESCAPE '\\'" : ''}
          ORDER BY line_name, id LIMIT 200`, user.corpId, ...(scope ? [user.partnerId ?? -1] : []), ...(name ? [likePattern(name)] : []));
      },
    }),
    route({
      method: 'GET', path: '/personalSet/getFixedLineModeSet', access: { anyOf: [...lineReaders, ...schedulingReaders] }, input: { type: 'object', additionalProperties: false },
      // How lines are used (docs/rules.md "Fixed lines"): the same for every corporation today, so read-only.
      handler: () => ({ autoGenerate: 1, generateHour: GENERATE_HOUR, horizonDays: 1, description: `排班的运单于发车前一天${GENERATE_HOUR}:00起自动生成，每个排班每天一单` }),
    }),
    route<{ id: number; curPage?: number; pageSize?: number }>({
      method: 'POST', path: '/fixedLineScheduling/listHistoryByPage', access: { anyOf: schedulingReaders },
      input: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: id('排班'), ...PAGING } },
      handler: ({ user, body }) => engine.history('fixedLineScheduling', user, body),
    }),
  ];
}

/** The two blobs: the lines' and the schedules' lists as .xlsx, searched as their lists are. */
export function fixedLineExportRoutes(o: ExportRouteOptions): RouteDef[] {
  const ctx = { db: o.db, registry: o.registry, routes: o.routes, snapshotRoutes: o.snapshotRoutes, filesDir: o.filesDir };
  const reg = o.registry();
  const line = reg.resources.get('fixedLine')!;
  const scheduling = reg.resources.get('fixedLineScheduling')!;
  return [
    route({
      method: 'POST', path: '/fixed/exportFixedLineInfo', access: { anyOf: line.permissions.list }, input: listSchema(line),
      handler: ({ user, body }) => blobExport(ctx, user, LINE_PAGE, body as Record<string, unknown>, '固定线路'),
    }),
    route({
      method: 'POST', path: '/fixedLineScheduling/exportFixedLineScheduling', access: { anyOf: scheduling.permissions.list }, input: listSchema(scheduling),
      handler: ({ user, body }) => blobExport(ctx, user, SCHEDULING_PAGE, body as Record<string, unknown>, '线路排班'),
    }),
  ];
}

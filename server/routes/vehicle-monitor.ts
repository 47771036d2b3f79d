// The vehicle monitor's calls (车辆监控, issue 17): the page of vehicles and the counts of its
// status tabs. Not among the spec's calls (it names the page, not its paths). Scoped like the
// vehicle list: carrier users see their carrier's vehicles, customer users none.
import type { Conn } from '../resources/statements.ts';
import { failure } from '../http/envelope.ts';
import { route, type RouteDef } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { searchText } from '../resources/like.ts';
import { monitorCounts, monitorPage, MONITOR_STATUS, type MonitorFilter, type MonitorPaging } from '../tracking/monitor/monitor.ts';

export const VEHICLE_MONITOR_OPS = ['vehicleMonitor3'];

const filterProperties = {
  vehicleNo: searchText('车牌号', 20),
  carrierId: { title: '承运商', type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  online: { title: '在线状态', type: 'array', maxItems: 2, items: { title: '在线状态', enum: [0, 1] } },
  monitorStatus: { title: '车辆状态', type: 'array', maxItems: 5, items: { title: '车辆状态', enum: Object.values(MONITOR_STATUS) } },
};
export const monitorListInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage: { title: '页码', type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: 1000 },
    ...filterProperties,
  },
};
export const monitorCountInput = { type: 'object', additionalProperties: false, properties: filterProperties };

export function vehicleMonitorRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  const access = { anyOf: VEHICLE_MONITOR_OPS };
  const vehicle = () => {
    const res = registry().resources.get('vehicle');
    if (!res) throw failure('资源不存在: vehicle');
    return res;
  };
  return [
    route<MonitorFilter & MonitorPaging>({
      method: 'POST', path: '/vehicleMonitor/list', access, input: monitorListInput,
      handler: ({ user, body }) => monitorPage(conn, user, vehicle(), body),
    }),
    route<MonitorFilter>({
      method: 'POST', path: '/vehicleMonitor/count', access, input: monitorCountInput,
      handler: ({ user, body }) => monitorCounts(conn, user, vehicle(), body),
    }),
  ];
}

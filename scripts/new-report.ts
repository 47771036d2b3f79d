// npm run new:report -- <name>: writes schemas/reports/<name>.json, a valid starting report
// (waybills by carrier and month with an on-time rate), and tells what else to add.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../server/registry/load.ts';

const name = process.argv[2];
if (!name || !/^[a-z][A-Za-z0-9-]*$/.test(name)) {
  console.error('用法: npm run new:report -- <name>（小写字母开头，字母、数字和 -）');
  process.exit(1);
}
const file = join(SCHEMAS_DIR, 'reports', `${name}.json`);
if (existsSync(file)) {
  console.error(`已存在: ${file}`);
  process.exit(1);
}
const operationId = `report${name.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase())}`;
const report = {
  $schema: '../meta/report.schema.json',
  id: `report/${name}`,
  title: '新报表',
  operationId,
  source: { table: 'waybills', alias: 'w' },
  joins: [
    { table: 'carriers', alias: 'cr', type: 'left', on: { 'cr.id': 'w.carrier_id' } },
    { table: 'waybill_nodes', alias: 'n', on: { 'n.waybill_id': 'w.id' } },
  ],
  scope: { by: 'waybill', alias: 'w' },
  where: [{ field: 'n.node_type', op: 'eq', value: 'end' }],
  dimensions: [
    { id: 'carrierName', title: '承运商', field: 'cr.carrier_name', width: 180, emptyText: '未指定承运商' },
    { id: 'month', title: '月份', field: 'w.created_at', grain: 'month' },
  ],
  measures: [
    { id: 'waybillCount', title: '运单数', agg: 'count' },
    { id: 'onTimeCount', title: '准时到达数', agg: 'count', field: 'n.id', where: [{ field: 'n.arrive_state', op: 'in', values: [1, 2] }] },
    { id: 'arrivedCount', title: '已到达数', agg: 'count', field: 'n.id', where: [{ field: 'n.actual_arrive_time', op: 'notNull' }] },
    { id: 'onTimeRate', title: '准时率(%)', agg: 'ratio', numerator: 'onTimeCount', denominator: 'arrivedCount', percent: true, decimals: 2, axis: 'right' },
  ],
  filters: [
    { id: 'carrierId', label: '承运商', field: 'w.carrier_id', op: 'in', widget: 'select', lookup: '/customerCarrier/findAllCarrierByPage' },
    { id: 'createdAt', label: '创建时间', field: 'w.created_at', op: 'range', widget: 'dateRange' },
  ],
  sort: { default: [{ field: 'month', order: 'desc' }] },
  totals: { label: '合计' },
  // Categories: the carriers the report is about; one series per month (ascending), the rate on the right axis.
  chart: { type: 'bar', x: 'carrierName', seriesBy: 'month', series: ['waybillCount', 'onTimeRate'] },
};
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`已生成 ${file}
下一步: 在 schemas/menus/reports.json 中为它加一个菜单项，操作
  {"operationId": "${operationId}", "operationName": "新报表", "route": "/report/${name}", "jsPath": "report/${name}", "moduleName": "reportCenter", "sideMenu": true}
然后运行 npm run check:schemas，并重启服务（开发模式下保存即重新加载）。
启动时新操作会自动授予各企业的管理员角色；其他角色请由管理员在 系统管理 → 角色管理 → 权限设置 中勾选（见 docs/configurator.md「Granting a new report」）。`);

// The data both console bench pages show: a 30-column vehicle-like list page schema (fixed left
// column, sortable headers, dictionary columns, `...Str` time columns, row actions) and 1000
// deterministic rows. Shared by the two browser entries and by the Node driver (expected texts).
import type { Column, FieldSchema } from '../../renderer/pages/page-types.ts';
import type { ListPageSchema } from '../../renderer/pages/list/list-types.ts';

export const ROW_COUNT = 1000;
export type BenchRow = Record<string, string | number>;
export interface DictItem {
  id: number;
  label: string;
  disabled: boolean;
}

const items = (...labels: string[]): DictItem[] => labels.map((label, id) => ({ id, label, disabled: false }));
export const DICTIONARIES: Record<string, DictItem[]> = {
  enableStatus: [
    { id: 1, label: '启用', disabled: false },
    { id: 0, label: '停用', disabled: false },
  ],
  yesNo: [
    { id: 1, label: '是', disabled: false },
    { id: 0, label: '否', disabled: false },
  ],
  vehicleType: items('厢式货车', '冷藏车', '平板车', '高栏车', '低栏车', '危险品车'),
  plateColor: items('蓝牌', '黄牌', '绿牌', '黑牌'),
};

/** [field, title, extra]: 30 columns, the order a wide real page would show them in. */
const COLUMN_LIST: [string, string, Partial<Column>?][] = [
  ['vehicleNo', '车牌号', { fixed: 'left', disabled: true, width: 140, sortable: true }],
  ['carrierName', '承运商', { sortable: true }],
  ['carModelName', '车型'],
  ['driverName', '司机'],
  ['driverPhone', '司机电话'],
  ['loadWeight', '载重(吨)', { sortable: true, align: 'right' }],
  ['volume', '容积(立方米)', { align: 'right' }],
  ['status', '状态', { dictionary: 'enableStatus' }],
  ['coldMachine', '冷机', { dictionary: 'yesNo' }],
  ['gatherTemperature', '采集温度', { dictionary: 'yesNo' }],
  ['detectDoor', '门磁', { dictionary: 'yesNo' }],
  ['vehicleType', '车辆类型', { dictionary: 'vehicleType' }],
  ['plateColor', '车牌颜色', { dictionary: 'plateColor' }],
  ['dataterminalId', '终端号'],
  ['vin', '车架号', { width: 180 }],
  ['engineNo', '发动机号'],
  ['ownerName', '车主'],
  ['ownerPhone', '车主电话'],
  ['orgName', '所属部门'],
  ['city', '常驻城市'],
  ['vehicleLength', '车长(米)', { align: 'right' }],
  ['vehicleWidth', '车宽(米)', { align: 'right' }],
  ['vehicleHeight', '车高(米)', { align: 'right' }],
  ['registerDateStr', '注册日期', { sortable: true }],
  ['inspectDateStr', '年检到期'],
  ['insuranceDateStr', '保险到期'],
  ['createdBy', '创建人'],
  ['createdAtStr', '创建时间', { sortable: true, width: 170 }],
  ['updatedAtStr', '更新时间', { sortable: true, width: 170 }],
  ['remark', '备注', { width: 160 }],
];
export const COLUMNS: Column[] = COLUMN_LIST.map(([field, title, extra]) => ({ field, title, ...extra }));

const NUMBER_FIELDS = new Set(['loadWeight', 'volume', 'vehicleLength', 'vehicleWidth', 'vehicleHeight']);
const fields: Record<string, FieldSchema> = {};
for (const c of COLUMNS) {
  fields[c.field] = { title: c.title!, type: c.dictionary || NUMBER_FIELDS.has(c.field) ? 'number' : 'string' };
  if (c.dictionary) fields[c.field]['x-dictionary'] = c.dictionary;
}
fields.updatedAt = { title: '更新时间', type: 'integer', 'x-time': true };
fields.carrierId = { title: '承运商', type: 'integer' };

export const ROW_ACTIONS = [
  { id: 'detail', label: '详情' },
  { id: 'update', label: '修改' },
  { id: 'record', label: '修改记录' },
];

/** What GET /api/ui/pages/base/vehicle-list would serve, widened to 30 columns. */
export const PAGE: ListPageSchema = {
  id: 'bench/vehicle-list',
  title: '车辆管理',
  kind: 'list',
  resource: 'vehicle',
  columns: COLUMNS,
  search: [
    { field: 'vehicleNo', label: '车牌号', widget: 'text' },
    { field: 'carrierId', label: '承运商', widget: 'select', lookup: '/customerCarrier/findAllCarrierByPage' },
    { field: 'status', label: '状态', widget: 'select', dictionary: 'enableStatus' },
    { field: 'coldMachine', label: '冷机', widget: 'select', dictionary: 'yesNo' },
    { field: 'updatedAt', label: '更新时间', widget: 'dateRange' },
  ],
  actions: [
    { id: 'add', label: '新增', placement: 'toolbar', page: 'base/vehicle-add' },
    { id: 'delete', label: '删除', placement: 'batch', confirm: '确定删除选中的车辆吗？', call: { method: 'POST', path: '/res/vehicle/batchDelete' } },
    ...ROW_ACTIONS.map((a) => ({ ...a, placement: 'row' as const, page: `base/vehicle-${a.id}` })),
  ],
  fields,
  searchOperators: { vehicleNo: 'like', carrierId: 'eq', status: 'in', coldMachine: 'in', updatedAt: 'range' },
};

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const day = (i: number, base: number) => `20${pad(24 + (i % 3), 2)}-${pad(1 + (i % 12), 2)}-${pad(1 + ((i * base) % 28), 2)}`;
const time = (i: number) => `${pad(i % 24, 2)}:${pad((i * 7) % 60, 2)}:${pad((i * 13) % 60, 2)}`;
const CITIES = ['北京', '上海', '广州', '深圳', '成都', '武汉', '西安', '杭州'];

/** Row i (0-based) of the list; every value depends on i only, so Node can predict the cells. */
export function benchRow(i: number): BenchRow {
  const n = i + 1;
  return {
    id: n,
    vehicleNo: `京A${pad(n, 5)}`,
    carrierName: `承运商${(i % 40) + 1}`,
    carModelName: `车型${(i % 12) + 1}`,
    driverName: `司机${pad(n, 4)}`,
    driverPhone: `138${pad(n * 7919 % 100000000, 8)}`,
    loadWeight: 5 + (i % 30) + 0.5,
    volume: 20 + (i % 50),
    status: i % 5 === 0 ? 0 : 1,
    coldMachine: i % 2,
    gatherTemperature: i % 3 === 0 ? 1 : 0,
    detectDoor: i % 4 === 0 ? 1 : 0,
    vehicleType: i % 6,
    plateColor: i % 4,
    dataterminalId: `T${pad(n * 31, 8)}`,
    vin: `LFV${pad(n * 104729, 14)}`,
    engineNo: `E${pad(n * 613, 9)}`,
    ownerName: `车主${(i % 200) + 1}`,
    ownerPhone: `139${pad(n * 6151 % 100000000, 8)}`,
    orgName: `调度${(i % 9) + 1}部`,
    city: CITIES[i % CITIES.length],
    vehicleLength: 4.2 + (i % 10),
    vehicleWidth: 2.3,
    vehicleHeight: 2.5 + (i % 3) * 0.5,
    registerDateStr: day(i, 3),
    inspectDateStr: day(i, 5),
    insuranceDateStr: day(i, 11),
    createdBy: `用户${(i % 17) + 1}`,
    createdAtStr: `${day(i, 7)} ${time(i)}`,
    updatedAtStr: `${day(i, 13)} ${time(i + 5)}`,
    updatedAt: 1_767_225_600_000 + i * 60_000,
    remark: `备注-${pad(n, 4)}`,
  };
}

export const benchRows = (): BenchRow[] => Array.from({ length: ROW_COUNT }, (_, i) => benchRow(i));

/** The 30 data cells of row i as the page must show them: dictionary labels, numbers as text. */
export function expectedTexts(i: number): string[] {
  const row = benchRow(i);
  return COLUMNS.map((c) => {
    const v = row[c.field];
    return c.dictionary ? DICTIONARIES[c.dictionary].find((d) => d.id === v)!.label : String(v);
  });
}

// A carrier list page as the server serves it, with status tabs and an export, for the tests.
import type { ListPageSchema, Row } from './list-types.ts';

export const carrierPage: ListPageSchema = {
  id: 'base/carrier-list',
  title: '承运商管理',
  kind: 'list',
  resource: 'carrier',
  columns: [
    { field: 'carrierCode', title: '承运商编码', fixed: 'left', disabled: true, width: 140, sortable: true },
    { field: 'carrierName', title: '承运商名称', sortable: true },
    { field: 'contactName', title: '联系人' },
    { field: 'remark', title: '备注', hidden: true },
    { field: 'status', title: '状态', dictionary: 'enableStatus' },
    { field: 'updatedAtStr', title: '更新时间', sortable: true, width: 170 },
  ],
  search: [
    { field: 'carrierCode', label: '承运商编码', widget: 'multi' },
    { field: 'carrierName', label: '承运商名称', widget: 'text' },
    { field: 'status', label: '状态', widget: 'select', dictionary: 'enableStatus' },
    { field: 'updatedAt', label: '更新时间', widget: 'dateRange' },
    { field: 'contactName', label: '联系人', widget: 'text', hidden: true },
  ],
  tabs: { field: 'status', dictionary: 'enableStatus' },
  actions: [
    { id: 'add', label: '新增', placement: 'toolbar', page: 'base/carrier-add' },
    { id: 'export', label: '导出', placement: 'toolbar', call: { method: 'POST', path: '/res/carrier/export' } },
    { id: 'delete', label: '删除', placement: 'batch', confirm: '确定删除选中的承运商吗？', call: { method: 'POST', path: '/res/carrier/batchDelete' } },
    { id: 'detail', label: '详情', placement: 'row', page: 'base/carrier-detail' },
    { id: 'update', label: '修改', placement: 'row', page: 'base/carrier-update' },
  ],
  fields: {
    carrierCode: { title: '承运商编码', type: 'string' },
    carrierName: { title: '承运商名称', type: 'string' },
    contactName: { title: '联系人', type: 'string' },
    remark: { title: '备注', type: 'string' },
    status: { title: '状态', type: 'integer', 'x-dictionary': 'enableStatus' },
    updatedAt: { title: '更新时间', type: 'integer', 'x-time': true },
    updatedAtStr: { title: '更新时间', type: 'string' },
  },
};

export const enableStatus = [
  { id: 1, label: '启用', disabled: false },
  { id: 0, label: '停用', disabled: false },
];

export function carrierRows(n: number, from = 1): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: from + i,
    carrierCode: `C${String(from + i).padStart(4, '0')}`,
    carrierName: `承运商${from + i}`,
    contactName: '张三',
    status: (from + i) % 2,
    updatedAt: 1_767_225_600_000,
    updatedAtStr: '2026-01-01 08:00:00',
  }));
}

import { describe, expect, it } from 'vitest';
import { splitMultiValues } from '../../components/multi-query-dialog.tsx';
import { lastN } from './date-shortcuts.ts';
import type { ListCondition, ListPageSchema } from './list-types.ts';
import { bodyValue, buildSearchBody, listBody, operatorOf, sortFieldOf, tabFilter } from './search-body.ts';

const page: ListPageSchema = {
  id: 'base/vehicle-list',
  title: '车辆管理',
  kind: 'list',
  resource: 'vehicle',
  fields: {
    vehicleNo: { title: '车牌号', type: 'string' },
    carrierId: { title: '承运商', type: 'integer' },
    status: { title: '状态', type: 'integer', 'x-dictionary': 'enableStatus' },
    updatedAt: { title: '更新时间', type: 'integer', 'x-time': true },
    updatedAtStr: { title: '更新时间', type: 'string' },
    id: { title: 'ID', type: 'integer' },
  },
};
const conditions: ListCondition[] = [
  { field: 'vehicleNo', widget: 'text' },
  { field: 'carrierId', widget: 'select', lookup: '/customerCarrier/findAllCarrierByPage' },
  { field: 'status', widget: 'select', dictionary: 'enableStatus' },
  { field: 'updatedAt', widget: 'dateRange' },
  { field: 'id', widget: 'multi' },
];

describe('splitMultiValues', () => {
  it('splits on semicolons, commas, spaces and newlines, full-width ones too, and drops blanks and repeats', () => {
    expect(splitMultiValues('a;b,c d\ne；f，g  a\n\n')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(splitMultiValues('   ')).toEqual([]);
  });
});

describe('operatorOf', () => {
  it('takes the condition, then the page, then guesses from the widget', () => {
    expect(operatorOf(page, { field: 'vehicleNo', widget: 'text', operator: 'in' })).toBe('in');
    expect(operatorOf({ ...page, searchOperators: { vehicleNo: 'eq' } }, { field: 'vehicleNo', widget: 'text' })).toBe('eq');
    expect(conditions.map((c) => operatorOf(page, c))).toEqual(['like', 'eq', 'in', 'range', 'in']);
  });
});

describe('buildSearchBody', () => {
  it('maps like, eq, in (multi query split) and a range from a shortcut; leaves empty values out', () => {
    const now = Date.UTC(2026, 4, 20, 4); // 2026-05-20 12:00 in Shanghai
    const range = lastN('day', 7, now);
    const body = buildSearchBody(page, conditions, {
      vehicleNo: ' 沪A ',
      carrierId: 7,
      status: [],
      updatedAt: range,
      id: splitMultiValues('3;4,5 6\n7'),
    });
    expect(body).toEqual({ vehicleNo: '沪A', carrierId: 7, updatedAt: range, id: [3, 4, 5, 6, 7] });
    expect(range).toEqual([Date.UTC(2026, 4, 14) - 8 * 3600_000, Date.UTC(2026, 4, 21) - 8 * 3600_000 - 1]);
    expect(buildSearchBody(page, conditions, { vehicleNo: '', updatedAt: [null, null], id: undefined })).toEqual({});
  });

  it('sends the first of many values when the operator takes one value', () => {
    expect(bodyValue('eq', ['a', 'b'])).toBe('a');
    expect(bodyValue('like', ['沪A', '沪B'])).toBe('沪A');
    expect(bodyValue('in', 'x')).toEqual(['x']);
  });

  it('keeps an open end of a range as null', () => {
    expect(bodyValue('range', [100, null])).toEqual([100, null]);
  });
});

describe('tabs, sorts and paging', () => {
  it('filters by the tab value with the field operator, and not at all for the all tab', () => {
    const withTabs = { ...page, tabs: { field: 'status', dictionary: 'enableStatus' } };
    expect(tabFilter(withTabs, conditions, 1)).toEqual({ status: [1] });
    expect(tabFilter(withTabs, conditions, undefined)).toEqual({});
  });

  it('sorts a shown time string by its stored time', () => {
    expect(sortFieldOf(page, 'updatedAtStr')).toBe('updatedAt');
    expect(sortFieldOf(page, 'vehicleNo')).toBe('vehicleNo');
  });

  it('adds sorts only when there are some', () => {
    expect(listBody({ search: { a: 1 }, curPage: 2, pageSize: 50, sorts: [] })).toEqual({ a: 1, curPage: 2, pageSize: 50 });
    expect(listBody({ search: {}, curPage: 1, pageSize: 20, sorts: [{ field: 'x', order: 'desc' }] })).toEqual({
      curPage: 1,
      pageSize: 20,
      sorts: [{ field: 'x', order: 'desc' }],
    });
  });
});

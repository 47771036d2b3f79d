import { describe, expect, it } from 'vitest';
import { ALL, groupedCounts, tabsOf } from './grouped-counts.ts';
import { actionAvailable, linkHref, rowCallBody } from './row-rules.ts';

describe('grouped counts', () => {
  it('reads the order shape [{status, statusStr, count}]: all is the sum', () => {
    const g = groupedCounts([{ status: 2, statusStr: '待调度', count: 3 }, { status: 3, statusStr: '待派车', count: 4 }], 'status');
    expect(g.counts).toEqual({ '2': 3, '3': 4, [ALL]: 7 });
    expect(g.items).toEqual([{ id: 2, label: '待调度' }, { id: 3, label: '待派车' }]);
  });

  it('reads the waybill shape {totalRecords, tabs}: all is totalRecords', () => {
    const g = groupedCounts({ totalRecords: 10, tabs: [{ status: 100, statusStr: '待派车', count: 0 }] }, 'status');
    expect(g.counts).toEqual({ '100': 0, [ALL]: 10 });
  });

  it('keeps the dictionary order and adds tabs only the answer names', () => {
    expect(tabsOf([{ id: 2, label: 'a' }, { id: 3, label: 'b' }], [{ id: 3, label: 'b' }, { id: 9, label: 'c' }]).map((t) => t.id)).toEqual([2, 3, 9]);
  });

  it('shows only the tabs a page names, in its order (a partner\'s bill page never offers the drafts)', () => {
    const dict = [2, 3, 4, 8, 9, 10, 11].map((id) => ({ id, label: String(id) }));
    expect(tabsOf(dict, [], [9, 10, 11, 8]).map((t) => t.id)).toEqual([9, 10, 11, 8]);
    expect(tabsOf(dict, [{ id: 12, label: 'x' }], ['9', 12]).map((t) => t.id)).toEqual([9, 12]);
  });

  it('answers nothing odd for an unexpected answer', () => {
    expect(groupedCounts(5, 'status')).toEqual({ counts: { [ALL]: 0 }, items: [] });
  });
});

describe('row rules', () => {
  const action = { id: 'receive', state: { machine: 'waybill' as const, action: 'receive' }, availableWhen: [{ status: [200], step: [3] }, { status: [1], step: [2] }] };
  it('matches any state entry, every field of it', () => {
    expect(actionAvailable(action, { status: 200, step: 3 })).toBe(true);
    expect(actionAvailable(action, { status: 1, step: 2 })).toBe(true);
    expect(actionAvailable(action, { status: 200, step: 2 })).toBe(false);
    expect(actionAvailable({ id: 'x' }, { status: 0 })).toBe(true);
  });
  it('sends the id under the call idParam and the version when the row has one', () => {
    expect(rowCallBody({ id: 'a', call: { path: '/x', idParam: 'orderId' } }, { id: 5, version: 2 })).toEqual({ orderId: 5, version: 2 });
    expect(rowCallBody({ id: 'a', call: { path: '/x' } }, { id: 5 })).toEqual({ id: 5 });
  });
  it("links to the page's route with <kind>Id, taking the row's own <kind>Id first", () => {
    const routeOf = (id: string) => `/r/${id}`;
    expect(linkHref({ links: { order: 'p/o' } }, { field: 'orderNo', link: 'order' }, { id: 3 }, routeOf)).toBe('/r/p/o?orderId=3');
    expect(linkHref({ links: { order: 'p/o' } }, { field: 'orderNo', link: 'order' }, { id: 3, orderId: 8 }, routeOf)).toBe('/r/p/o?orderId=8');
    expect(linkHref({}, { field: 'orderNo', link: 'order' }, { id: 3 }, routeOf)).toBeUndefined();
  });
});

describe('actions column width', () => {
  it('counts the gated actions one state offers at once, not all of them', async () => {
    const { actionsWidth } = await import('./table-columns.tsx');
    const gate = (status: number) => ({ state: { machine: 'waybill' as const, action: 'x' }, availableWhen: [{ status: [status] }] });
    const actions = [
      { id: 'detail', label: '详情' },
      { id: 'a', label: '接单', ...gate(1) },
      { id: 'b', label: '拒单', ...gate(1) },
      { id: 'c', label: '确认到达', ...gate(2) },
    ];
    // The widest state: 详情, 接单 and 拒单 (6 characters, 3 gaps) vs 详情 and 确认到达 (6 characters, 2 gaps).
    expect(actionsWidth(actions)).toBe(16 + 6 * 13 + 3 * 12);
  });
});

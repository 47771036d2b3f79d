// @vitest-environment jsdom
// The 操作 column as a dispatcher meets it: only the actions the record's state allows, at most three
// links in the declared order and the rest under 更多; a column no wider than three links; and a
// route's list that comes back to its tab, page and size after it was left for a form.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '../page-types.ts';
import { ListPage } from './list-page.tsx';
import type { ListPageSchema, Row } from './list-types.ts';
import { actionsWidth, RowActions } from './row-actions.tsx';
import { fakeEnv, renderFluent, stubLayout } from './test-kit.tsx';

beforeAll(() => stubLayout());
afterEach(cleanup);

const AWAITING_DISPATCH = 2;
const IN_TRANSIT = 10;
const gate = (statuses: number[]) => ({ availableWhen: [{ status: statuses }] });
// As the order page declares them: 派车 and 拆分 only while goods may wait, the rest wider.
const orderActions: Action[] = [
  { id: 'assignVehicle', label: '派车', placement: 'row', ...gate([2, 3, 20, 30]) },
  { id: 'split', label: '拆分', placement: 'row', ...gate([2, 3, 20, 30]) },
  { id: 'detail', label: '详情', placement: 'row' },
  { id: 'update', label: '修改', placement: 'row', ...gate([2, 3]) },
  { id: 'changeDestination', label: '变更目的地', placement: 'row', ...gate([2, 3, IN_TRANSIT]) },
  { id: 'copy', label: '复制', placement: 'row' },
  { id: 'cancel', label: '作废', placement: 'row', ...gate([2]) },
];

function renderRow(row: Row, onAction = vi.fn()) {
  renderFluent(<RowActions actions={orderActions} row={row} onAction={onAction} />);
  return onAction;
}
const links = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('row actions', () => {
  it('shows three links and 更多 holding the rest for an order awaiting dispatch', async () => {
    const onAction = renderRow({ id: 1, status: AWAITING_DISPATCH });
    expect(links()).toEqual(['派车', '拆分', '详情', '更多']);
    fireEvent.click(screen.getByRole('button', { name: '更多' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['修改', '变更目的地', '复制', '作废']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '作废' }));
    expect(onAction).toHaveBeenCalledWith(orderActions[6], { id: 1, status: AWAITING_DISPATCH });
  });

  it('offers no 拆分 or 派车 on an order in transit, and no 更多 when three links hold all', () => {
    renderRow({ id: 2, status: IN_TRANSIT });
    expect(links()).toEqual(['详情', '变更目的地', '复制']);
  });

  it('runs a link on its own row', () => {
    const onAction = renderRow({ id: 3, status: AWAITING_DISPATCH });
    fireEvent.click(screen.getByRole('button', { name: '拆分' }));
    expect(onAction).toHaveBeenCalledWith(orderActions[1], { id: 3, status: AWAITING_DISPATCH });
  });

  it('sizes the column for the busiest row: three links and 更多, never every declared action', () => {
    const width = actionsWidth(orderActions);
    // 派车 拆分 详情 (6 characters, 3 gaps) + 更多 with its chevron + padding.
    expect(width).toBe(6 * 13 + 3 * 12 + (2 * 13 + 14 + 12) + 16);
    const everything = orderActions.reduce((w, a) => w + a.label!.length * 13 + 12, 16);
    expect(width).toBeLessThan(everything);
  });
});

describe('a list keeps its place', () => {
  const LIST = '/orderInfo/list';
  const page: ListPageSchema = {
    id: 'test/kept-list',
    title: '订单管理',
    kind: 'list',
    api: { list: { method: 'POST', path: LIST }, count: { method: 'POST', path: '/orderInfo/count' } },
    columns: [{ field: 'orderNo', title: '订单号' }],
    tabs: { field: 'status', counts: 'grouped', countBody: { groupByStatus: true } },
    actions: [],
  };
  const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, orderNo: `DD${i + 1}`, status: 2 }));
  const setup = () => {
    const fake = fakeEnv({
      [`POST ${LIST}`]: () => ({ data: rows, totalRecords: 95 }),
      'POST /orderInfo/count': () => [{ status: 2, statusStr: '待调度', count: 95 }],
      'GET /tms/field/getColumn/test/kept-list': () => [],
      'GET /tms/field/getSearch/test/kept-list': () => [],
    });
    const view = renderFluent(<ListPage page={page} env={fake.env} context={{}} />);
    return { ...fake, view };
  };
  beforeEach(() => sessionStorage.clear());

  it('returns to the tab, page and size it had after it was left (a form replaced it)', async () => {
    const first = setup();
    await waitFor(() => expect(first.last(LIST)).toBeDefined());
    fireEvent.change(screen.getByRole('combobox', { name: '每页条数' }), { target: { value: '10' } });
    fireEvent.click(await screen.findByRole('tab', { name: /待调度/ }));
    fireEvent.click(await screen.findByRole('button', { name: '3' }));
    await waitFor(() => expect(first.last(LIST)).toMatchObject({ curPage: 3, pageSize: 10, status: [2] }));
    first.view.unmount();

    const again = setup();
    // The first call after coming back already asks for that tab, page and size.
    await waitFor(() => expect(again.callsTo(LIST)[0]?.body).toMatchObject({ curPage: 3, pageSize: 10, status: [2] }));
    expect(screen.getByRole('button', { name: '3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('tab', { name: /待调度/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('a picker list inside a dialog starts afresh', async () => {
    sessionStorage.setItem('huoyun.list.test/kept-list', JSON.stringify({ tab: null, curPage: 4, pageSize: 50 }));
    const fake = fakeEnv({ [`POST ${LIST}`]: () => ({ data: rows, totalRecords: 95 }), 'POST /orderInfo/count': () => [] });
    renderFluent(<ListPage page={page} env={fake.env} context={{ inDialog: true }} />);
    await waitFor(() => expect(fake.callsTo(LIST)[0]?.body).toMatchObject({ curPage: 1, pageSize: 20 }));
  });

  it('ignores a kept state no list can take', async () => {
    sessionStorage.setItem('huoyun.list.test/kept-list', JSON.stringify({ curPage: -2, pageSize: 7 }));
    const fake = setup();
    await waitFor(() => expect(fake.callsTo(LIST)[0]?.body).toMatchObject({ curPage: 1, pageSize: 20 }));
  });
});

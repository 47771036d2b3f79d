// @vitest-environment jsdom
// The list features order and waybill pages need: tabs counted by one grouped call, a fixed
// business-type filter, row actions offered only in the states that allow them (sending the row's
// version), and the business jump to the line's detail page.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from './list-page.tsx';
import type { ListContext, ListPageSchema, Row } from './list-types.ts';
import { fakeEnv, openDialog, renderFluent, stubLayout } from './test-kit.tsx';

beforeAll(() => stubLayout());
// A route's list keeps its tab, page and size in session storage (kept-state.ts): each test starts afresh.
afterEach(() => (cleanup(), sessionStorage.clear()));

const LIST = '/waybill/pageQueryByCondition';
const COUNT = '/waybill/getWaybillNumberByCondition';
const FIND = { timeout: 5000 };

const page: ListPageSchema = {
  id: 'transport/waybillManageZM-list',
  title: '运单管理',
  kind: 'list',
  api: { list: { method: 'POST', path: LIST }, count: { method: 'POST', path: COUNT } },
  filter: { businessType: [19] },
  links: { waybill: 'transport/waybillManageZM-detail' },
  columns: [
    { field: 'waybillNo', title: '运单号', link: 'waybill' },
    { field: 'statusStr', title: '运单状态' },
  ],
  search: [{ field: 'waybillNo', label: '运单号', widget: 'text' }],
  tabs: { field: 'status', counts: 'grouped' },
  actions: [
    {
      id: 'receive', label: '接单', placement: 'row', confirm: '确定接单吗？',
      call: { method: 'POST', path: '/waybillAction/receive' },
      state: { machine: 'waybill', action: 'receive' }, availableWhen: [{ status: [200], step: [3] }],
    },
    { id: 'startLoad', label: '开始装货', placement: 'row', call: { method: 'POST', path: '/waybillAction/startLoad' }, state: { machine: 'waybill', action: 'startLoad' }, availableWhen: [{ status: [400], step: [6] }] },
  ],
};

const rows: Row[] = [
  { id: 11, version: 4, waybillNo: 'YD001', status: 200, step: 3, statusStr: '待司机接单' },
  { id: 12, version: 7, waybillNo: 'YD002', status: 400, step: 6, statusStr: '运输中' },
  // A row that names its own available actions wins over the derived states.
  { id: 13, version: 1, waybillNo: 'YD003', status: 400, step: 6, statusStr: '运输中', availableActions: ['receive'] },
];

function setup(context: ListContext = {}) {
  const fake = fakeEnv({
    [`POST ${LIST}`]: () => ({ data: rows, totalRecords: 3 }),
    [`POST ${COUNT}`]: () => ({ totalRecords: 9, tabs: [{ status: 200, statusStr: '待司机接单', count: 4 }, { status: 400, statusStr: '运输中', count: 5 }] }),
    'POST /waybillAction/receive': () => ({ id: 11, version: 5 }),
    'GET /tms/field/getColumn/transport/waybillManageZM-list': () => [],
    'GET /tms/field/getSearch/transport/waybillManageZM-list': () => [],
  });
  renderFluent(<ListPage page={page} env={fake.env} context={context} />);
  return fake;
}

const table = () => screen.getByRole('table');
const rowOf = (no: string) => screen.getByText(no).closest('[role="row"]') as HTMLElement;

describe('transport lists', () => {
  it('counts every tab with one grouped call carrying the fixed filter, and filters by the chosen tab', async () => {
    const fake = setup();
    expect(await screen.findByRole('tab', { name: '全部(9)' }, FIND)).toBeTruthy();
    expect(screen.getByRole('tab', { name: '待司机接单(4)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '运输中(5)' })).toBeTruthy();
    expect(fake.callsTo(COUNT)).toHaveLength(1);
    expect(fake.last(COUNT)).toEqual({ businessType: [19] });
    expect(fake.last(LIST)).toEqual({ businessType: [19], curPage: 1, pageSize: 20 });
    fireEvent.click(screen.getByRole('tab', { name: '运输中(5)' }));
    await waitFor(() => expect(fake.last(LIST)).toEqual({ businessType: [19], status: [400], curPage: 1, pageSize: 20 }));
  });

  it('keeps the fixed filter whatever the search holds', async () => {
    const fake = setup();
    await screen.findByText('YD001', undefined, FIND);
    fireEvent.change(screen.getByRole('textbox', { name: '运单号' }), { target: { value: 'YD' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(fake.last(LIST)).toEqual({ waybillNo: 'YD', businessType: [19], curPage: 1, pageSize: 20 }));
  });

  it('offers a row action only in the states that allow it, and sends the row version', async () => {
    const fake = setup();
    await screen.findByText('YD001', undefined, FIND);
    expect(within(rowOf('YD001')).getByRole('button', { name: '接单' })).toBeTruthy();
    expect(within(rowOf('YD001')).queryByRole('button', { name: '开始装货' })).toBeNull();
    expect(within(rowOf('YD002')).getByRole('button', { name: '开始装货' })).toBeTruthy();
    expect(within(rowOf('YD002')).queryByRole('button', { name: '接单' })).toBeNull();
    expect(within(rowOf('YD003')).getByRole('button', { name: '接单' })).toBeTruthy();
    expect(within(rowOf('YD003')).queryByRole('button', { name: '开始装货' })).toBeNull();

    const loads = fake.callsTo(LIST).length;
    fireEvent.click(within(rowOf('YD001')).getByRole('button', { name: '接单' }));
    const dialog = await openDialog('alertdialog');
    expect(within(dialog).getByText('确定接单吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.last('/waybillAction/receive')).toEqual({ id: 11, version: 4 }));
    await waitFor(() => expect(fake.env.notify.success).toHaveBeenCalledWith('操作成功'));
    await waitFor(() => expect(fake.callsTo(LIST).length).toBe(loads + 1));
  });

  it("jumps from a linked cell to the line's detail route with waybillId", async () => {
    const fake = setup({ routeOf: (id) => (id === 'transport/waybillManageZM-detail' ? '/waybillDetailsZM' : undefined) });
    await screen.findByText('YD002', undefined, FIND);
    fireEvent.click(within(table()).getByRole('link', { name: 'YD002' }));
    expect(fake.env.navigate).toHaveBeenLastCalledWith('/waybillDetailsZM?waybillId=12');
  });
});

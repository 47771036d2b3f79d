// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MULTI_QUERY_TIP } from '../../components/multi-query-dialog.tsx';
import { carrierPage, carrierRows, enableStatus } from './list-fixture.ts';
import { ListPage } from './list-page.tsx';
import type { ListContext } from './list-types.ts';
import { fakeEnv, openDialog, renderFluent, stubLayout } from './test-kit.tsx';
import { EXPORT_CONFIRM } from './use-action-runner.ts';

beforeAll(() => stubLayout());
// A route's list keeps its tab, page and size in session storage (kept-state.ts): each test starts afresh.
afterEach(() => (cleanup(), sessionStorage.clear()));

const LIST = '/res/carrier/list';

function setup(context: ListContext = {}, rows = carrierRows(3), page = carrierPage) {
  const fake = fakeEnv({
    [`POST ${LIST}`]: () => ({ data: rows, totalRecords: rows.length ? 45 : 0 }),
    'POST /res/carrier/count': (b) => (Array.isArray(b.status) ? (b.status[0] === 1 ? 7 : 5) : 12),
    'GET /baseDictionary/findByDicTypeKey': () => enableStatus,
    'POST /res/carrier/batchDelete': () => ({ total: 1 }),
    'POST /res/carrier/export': () => null,
    'GET /tms/field/getColumn/base/carrier-list': () =>
      (carrierPage.columns ?? []).map((c) => ({ fieldId: c.field, fieldLabel: c.title, title: c.title, display: !c.hidden, disabled: Boolean(c.disabled) })),
    'GET /tms/field/getSearch/base/carrier-list': () =>
      (carrierPage.search ?? []).map((c) => ({ fieldId: c.field, fieldLabel: c.label, display: !c.hidden, disabled: Boolean(c.disabled) })),
    'POST /tms/field/setColumn': () => null,
    'POST /tms/field/setSearch': () => null,
  });
  renderFluent(<ListPage page={page} env={fake.env} context={context} />);
  return fake;
}

const table = () => screen.getByRole('table');
/** Dialogs loaded on demand: their chunk can take longer than the default 1 s wait on a busy machine. */
const LAZY = { timeout: 10_000 };
const openLazyDialog = (name: string) => openDialog('dialog', name, LAZY);
const rowsShown = () => within(table()).getAllByRole('row').slice(1);

describe('ListPage', () => {
  // The dialogs are loaded on demand. Their modules are imported once here, so the tests wait for the
  // page, not for a module's first transform on a busy machine (which alone took over 10 s).
  beforeAll(async () => {
    await Promise.all([import('../../components/column-settings/column-settings-dialog.tsx'), import('../../components/multi-query-dialog.tsx')]);
  });

  it('a live list (refreshSeconds) reads the same page again on its own, and a plain one does not', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const live = setup({}, carrierRows(3), { ...carrierPage, refreshSeconds: 30 });
      await screen.findByText('C0001');
      const before = live.callsTo(LIST).length;
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(live.callsTo(LIST)).toHaveLength(before + 1);
      expect(live.callsTo(LIST).at(-1)!.body).toEqual(live.callsTo(LIST)[before - 1].body);
      cleanup();
      const plain = setup();
      await screen.findByText('C0001');
      const once = plain.callsTo(LIST).length;
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(plain.callsTo(LIST)).toHaveLength(once);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads the first page of 20 and shows dictionary values by their labels, reading the dictionary once', async () => {
    const fake = setup();
    expect(await screen.findByText('C0001')).toBeTruthy();
    expect(fake.callsTo(LIST)[0].body).toEqual({ curPage: 1, pageSize: 20 });
    expect(within(rowsShown()[0]).getByText('启用')).toBeTruthy();
    expect(within(rowsShown()[1]).getByText('停用')).toBeTruthy();
    expect(within(rowsShown()[0]).getByText('2026-01-01 08:00:00')).toBeTruthy();
    // Hidden columns are not drawn.
    expect(within(table()).queryByText('备注')).toBeNull();
    // Search bar, tabs and column all use enableStatus: one request.
    expect(fake.callsTo('/baseDictionary/findByDicTypeKey')).toHaveLength(1);
  });

  it('shows the loading text, then the empty text', async () => {
    setup({}, []);
    expect(screen.getByText('拼命加载中')).toBeTruthy();
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('builds the search body: like, in from the multi query dialog, a range from a shortcut', async () => {
    const fake = setup();
    await screen.findByText('C0001');
    fireEvent.change(screen.getByRole('textbox', { name: '承运商名称' }), { target: { value: '顺丰' } });

    fireEvent.click(screen.getByRole('button', { name: '承运商编码批量查询' }));
    const dialog = await openLazyDialog('批量查询');
    expect(within(dialog).getByText(MULTI_QUERY_TIP)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'C1;C2,C3 C4\nC5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    // While the modal closes the page behind it is hidden from the accessibility tree: wait it out.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '更新时间快捷选择' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '最近7天' }));

    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(fake.callsTo(LIST)).toHaveLength(2));
    const body = fake.last(LIST)!;
    expect(body.carrierName).toBe('顺丰');
    // The server's own rules are not known here: a multi query on a text field goes out as `in`.
    expect(body.carrierCode).toEqual(['C1', 'C2', 'C3', 'C4', 'C5']);
    const [from, to] = body.updatedAt as [number, number];
    expect(to - from + 1).toBe(7 * 86_400_000);
    expect(body).not.toHaveProperty('status');

    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(fake.last(LIST)).toEqual({ curPage: 1, pageSize: 20 }));
  });

  it('selects a dictionary value in the search bar', async () => {
    const fake = setup();
    await screen.findByText('C0001');
    fireEvent.click(screen.getByRole('button', { name: '状态' }));
    fireEvent.click(await screen.findByRole('option', { name: '停用' }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(fake.last(LIST)).toMatchObject({ status: [0] }));
  });

  it('shows status tabs with counts and filters by the chosen tab', async () => {
    const fake = setup();
    expect(await screen.findByRole('tab', { name: '全部(12)' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: '启用(7)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '停用(5)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '启用(7)' }));
    await waitFor(() => expect(fake.last(LIST)).toEqual({ curPage: 1, pageSize: 20, status: [1] }));
  });

  it('sorts on the server through sorts, by the stored field of a time string', async () => {
    const fake = setup();
    await screen.findByText('C0001');
    fireEvent.click(screen.getByRole('columnheader', { name: '承运商名称' }));
    await waitFor(() => expect(fake.last(LIST)).toMatchObject({ sorts: [{ field: 'carrierName', order: 'asc' }] }));
    fireEvent.click(screen.getByRole('columnheader', { name: '承运商名称' }));
    await waitFor(() => expect(fake.last(LIST)).toMatchObject({ sorts: [{ field: 'carrierName', order: 'desc' }] }));
    fireEvent.click(screen.getByRole('columnheader', { name: '更新时间' }));
    await waitFor(() => expect(fake.last(LIST)).toMatchObject({ sorts: [{ field: 'updatedAt', order: 'asc' }] }));
    // Not sortable: no request.
    const before = fake.callsTo(LIST).length;
    fireEvent.click(screen.getByRole('columnheader', { name: '联系人' }));
    expect(fake.callsTo(LIST)).toHaveLength(before);
  });

  it('pages: total, sizes and the jumper', async () => {
    const fake = setup();
    expect(await screen.findByText('共 45 条')).toBeTruthy();
    const sizes = screen.getByRole('combobox', { name: '每页条数' });
    expect(within(sizes).getAllByRole('option').map((o) => o.textContent)).toEqual(['10条/页', '20条/页', '50条/页', '100条/页', '200条/页', '500条/页', '1000条/页']);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(fake.last(LIST)).toMatchObject({ curPage: 2, pageSize: 20 }));
    fireEvent.change(sizes, { target: { value: '50' } });
    await waitFor(() => expect(fake.last(LIST)).toMatchObject({ curPage: 1, pageSize: 50 }));
    fireEvent.change(sizes, { target: { value: '10' } });
    await waitFor(() => expect(fake.last(LIST)).toMatchObject({ pageSize: 10 }));
    expect(screen.getByText('前往')).toBeTruthy();
    const jump = screen.getByRole('spinbutton', { name: '前往页' });
    fireEvent.change(jump, { target: { value: '3' } });
    fireEvent.keyDown(jump, { key: 'Enter' });
    await waitFor(() => expect(fake.last(LIST)).toMatchObject({ curPage: 3, pageSize: 10 }));
    fireEvent.change(jump, { target: { value: '99' } });
    fireEvent.keyDown(jump, { key: 'Enter' });
    await waitFor(() => expect(fake.last(LIST)).toMatchObject({ curPage: 5 }));
  });

  it('batch delete asks its confirm text, then calls with the selected ids and reloads', async () => {
    const fake = setup();
    await screen.findByText('C0001');
    const remove = screen.getByRole('button', { name: '删除' });
    expect(remove.hasAttribute('disabled') || remove.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.click(within(rowsShown()[0]).getByRole('checkbox', { name: '选择' }));
    fireEvent.click(within(rowsShown()[2]).getByRole('checkbox', { name: '选择' }));
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await openDialog('alertdialog');
    expect(within(dialog).getByText('确定删除选中的承运商吗？')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeTruthy();
    const loads = fake.callsTo(LIST).length;
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.last('/res/carrier/batchDelete')).toEqual({ ids: [1, 3] }));
    await waitFor(() => expect(fake.callsTo(LIST).length).toBe(loads + 1));
  });

  it('selects all rows from the header checkbox', async () => {
    setup();
    await screen.findByText('C0001');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(within(table()).getAllByRole('checkbox', { name: '选择' }).every((c) => (c as HTMLInputElement).checked)).toBe(true);
  });

  it('export asks the export confirmation of the spec first', async () => {
    const fake = setup();
    await screen.findByText('C0001');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    const dialog = await openDialog('alertdialog');
    expect(within(dialog).getByText(EXPORT_CONFIRM)).toBeTruthy();
    expect(EXPORT_CONFIRM).toBe('确定导出？‘确定’后将生成导出任务，后续需在【导出中心】跟进导出进度！');
    expect(fake.callsTo('/res/carrier/export')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.last('/res/carrier/export')).toMatchObject({ curPage: 1, pageSize: 100000 }));
  });

  it('opens target pages at their menu routes, row actions with ?id=', async () => {
    const fake = setup({ routeOf: (id) => ({ 'base/carrier-detail': '/carrierDetail', 'base/carrier-add': '/carrierAdd' })[id] });
    await screen.findByText('C0001');
    fireEvent.click(within(rowsShown()[1]).getByRole('button', { name: '详情' }));
    expect(fake.env.navigate).toHaveBeenLastCalledWith('/carrierDetail?id=2');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    expect(fake.env.navigate).toHaveBeenLastCalledWith('/carrierAdd');
    // No route known: the generic page path.
    fireEvent.click(within(rowsShown()[0]).getByRole('button', { name: '修改' }));
    expect(fake.env.navigate).toHaveBeenLastCalledWith('/page/base/carrier-update?id=1');
  });

  it('renders only the visible part of a 1000-row page', async () => {
    setup({}, carrierRows(1000));
    await screen.findByText('C0001');
    const drawn = rowsShown().length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(100);
  });

  it('the gear opens the settings; after saving, the table and the search bar follow', async () => {
    const fake = setup();
    await screen.findByText('C0001');
    expect(within(table()).queryByText('备注')).toBeNull();
    expect(screen.queryByRole('textbox', { name: '联系人' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '表格列和查询条件设置' }));
    const dialog = await openLazyDialog('表格列和查询条件设置');
    fireEvent.click(await within(dialog).findByRole('button', { name: '显示备注' }, LAZY));
    fireEvent.click(within(dialog).getByRole('button', { name: '隐藏联系人' }));
    fireEvent.click(within(dialog).getByRole('tab', { name: '查询条件设置' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '联系人' }, LAZY));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.callsTo('/tms/field/setSearch')).toHaveLength(1));
    await waitFor(() => expect(within(table()).getByRole('columnheader', { name: '备注' })).toBeTruthy());
    expect(within(table()).queryByRole('columnheader', { name: '联系人' })).toBeNull();
    expect(screen.getByRole('textbox', { name: '联系人' })).toBeTruthy();
  });
});

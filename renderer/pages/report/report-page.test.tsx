// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeEnv, renderFluent, stubLayout } from '../list/test-kit.tsx';
import { chartOption } from './report-chart.tsx';
import { ReportPage } from './report-page.tsx';
import type { ReportPageSchema } from './report-types.ts';

beforeAll(() => stubLayout());
afterEach(cleanup);

const page: ReportPageSchema = {
  id: 'report/waybill-timeliness',
  title: '运单时效报表',
  kind: 'report',
  api: { list: { method: 'POST', path: '/report/waybill-timeliness/query' } },
  columns: [
    { field: 'waybillNo', title: '运单号', link: 'waybill', linkId: 'waybillId', sortable: true },
    { field: 'arriveState', title: '到达状态', dictionary: 'arriveLeaveState' },
    { field: 'delayMinutes', title: '晚点时长(分钟)', align: 'right', format: 'number', sortable: true },
  ],
  search: [{ field: 'waybillNo', label: '运单号', widget: 'text' }],
  searchOperators: { waybillNo: 'like' },
  fields: { waybillNo: { title: '运单号', type: 'string' } },
  report: { totals: { label: '合计', path: '/report/waybill-timeliness/total' } },
};

const rows = [
  { waybillId: 7, waybillNo: 'YD0007', arriveState: 3, delayMinutes: 25.5 },
  { waybillId: 9, waybillNo: 'YD0009', arriveState: 1, delayMinutes: 0 },
];

function setup() {
  const fake = fakeEnv({
    'POST /report/waybill-timeliness/query': (b) => ({ data: b.waybillNo ? rows.slice(0, 1) : rows, totalRecords: b.waybillNo ? 1 : 42 }),
    'POST /report/waybill-timeliness/total': (b) => ({ delayMinutes: b.waybillNo ? 25.5 : 1234.5 }),
    'GET /baseDictionary/findByDicTypeKey': () => [{ id: 1, label: '准时' }, { id: 3, label: '晚点' }],
  });
  renderFluent(<ReportPage page={page} env={fake.env} context={{}} />);
  return fake;
}

describe('report page', () => {
  it('shows the rows with dictionary labels, the totals over the whole result and the pager total', async () => {
    setup();
    expect(await screen.findByText('YD0007')).toBeTruthy();
    expect(await screen.findByText('晚点')).toBeTruthy();
    const totals = await screen.findByRole('status', { name: '合计' });
    await waitFor(() => expect(totals.textContent).toContain('1234.5'));
    expect(screen.getByText(/42/)).toBeTruthy();
  });

  it('a search filters the rows and the totals alike', async () => {
    const fake = setup();
    await screen.findByText('YD0009');
    fireEvent.change(screen.getByRole('textbox', { name: '运单号' }), { target: { value: 'YD0007' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fake.last('/report/waybill-timeliness/total')).toEqual({ waybillNo: 'YD0007' }));
    expect(fake.last('/report/waybill-timeliness/query')).toMatchObject({ waybillNo: 'YD0007', curPage: 1 });
    await waitFor(() => expect(screen.queryByText('YD0009')).toBeNull());
    await waitFor(() => expect(screen.getByRole('status', { name: '合计' }).textContent).toContain('25.5'));
  });

  it('the business jump opens the waybill page with its id', async () => {
    const fake = setup();
    fireEvent.click(await screen.findByRole('link', { name: 'YD0007' }));
    expect(fake.env.navigate).toHaveBeenCalledWith('/waybillDetails?waybillId=7');
  });
});

describe('chart option', () => {
  const columns = [{ field: 'month', title: '月份' }, { field: 'waybillCount', title: '运单数' }];
  const data = [{ month: '2026-09', waybillCount: 3 }, { month: '2026-10', waybillCount: 5 }];
  it('bar and line series take the measures over the dimension', () => {
    const o = chartOption({ chart: { type: 'bar', x: 'month', series: ['waybillCount'] }, columns, rows: data, labelOf: (r) => String(r.month) }) as any;
    expect(o.xAxis.data).toEqual(['2026-09', '2026-10']);
    expect(o.series).toEqual([{ type: 'bar', name: '运单数', data: [3, 5] }]);
  });
  it('a pie has one slice per row', () => {
    const o = chartOption({ chart: { type: 'pie', x: 'month', series: ['waybillCount'] }, columns, rows: data, labelOf: (r) => String(r.month) }) as any;
    expect(o.series[0].data).toEqual([{ name: '2026-09', value: 3 }, { name: '2026-10', value: 5 }]);
  });
});

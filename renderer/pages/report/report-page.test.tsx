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
  const label = (r: Record<string, unknown>, f: string) => (r[f] == null ? '' : String(r[f]));
  it('bar and line series take the measures over the dimension', () => {
    const o = chartOption({ chart: { type: 'bar', x: 'month', series: ['waybillCount'] }, columns, rows: data, labelOf: label }) as any;
    expect(o.xAxis.data).toEqual(['2026-09', '2026-10']);
    expect(o.series).toMatchObject([{ type: 'bar', name: '运单数', data: [3, 5] }]);
  });
  it('a pie has one slice per row', () => {
    const o = chartOption({ chart: { type: 'pie', x: 'month', series: ['waybillCount'] }, columns, rows: data, labelOf: label }) as any;
    expect(o.series[0].data).toEqual([{ name: '2026-09', value: 3 }, { name: '2026-10', value: 5 }]);
  });

  const carrierColumns = [
    { field: 'carrierName', title: '承运商' }, { field: 'month', title: '月份' }, { field: 'waybillCount', title: '运单数' },
    { field: 'onTimeRate', title: '准时率(%)', axis: 'right' as const }, { field: 'lateMinutes', title: '晚点总时长', format: 'duration' as const, unit: 'minute' as const },
  ];
  // As the table shows them: newest month first.
  const carrierRows = [
    { carrierName: '宁波畅通货运有限公司', month: '2026-11', waybillCount: 465, onTimeRate: 43.46, lateMinutes: 193805.1 },
    { carrierName: '未指定承运商', month: '2026-11', waybillCount: 62, onTimeRate: null, lateMinutes: null },
    { carrierName: '宁波畅通货运有限公司', month: '2026-10', waybillCount: 126, onTimeRate: 47.37, lateMinutes: 97520.3 },
  ];

  it('labels the categories with the carriers and splits the series by month, oldest first', () => {
    const o = chartOption({
      chart: { type: 'bar', x: 'carrierName', seriesBy: 'month', seriesByTime: true, series: ['waybillCount'] },
      columns: carrierColumns, rows: carrierRows, labelOf: label,
    }) as any;
    expect(o.xAxis.data).toEqual(['宁波畅通货运有限公司', '未指定承运商']);
    expect(o.series.map((s: any) => s.name)).toEqual(['2026-10', '2026-11']);
    expect(o.series.map((s: any) => s.data)).toEqual([[126, null], [465, 62]]);
  });

  it('puts a time axis in ascending order whatever the table order', () => {
    const days = [{ day: 1764518400000, n: 3 }, { day: 1764432000000, n: 5 }, { day: 1764345600000, n: 1 }];
    const o = chartOption({
      chart: { type: 'line', x: 'day', xTime: true, series: ['n'] },
      columns: [{ field: 'day', title: '日期', format: 'date' }, { field: 'n', title: '新建运单' }],
      rows: days, labelOf: (r) => new Date(Number(r.day) + 8 * 3600_000).toISOString().slice(0, 10),
    }) as any;
    expect(o.xAxis.data).toEqual(['2025-11-29', '2025-11-30', '2025-12-01']);
    expect(o.series[0].data).toEqual([1, 5, 3]);
  });

  it('draws a rate on a second axis, as a line over the bars', () => {
    const o = chartOption({
      chart: { type: 'bar', x: 'carrierName', seriesBy: 'month', seriesByTime: true, series: ['waybillCount', 'onTimeRate'] },
      columns: carrierColumns, rows: carrierRows, labelOf: label,
    }) as any;
    expect(o.yAxis).toHaveLength(2);
    expect(o.yAxis[1].name).toBe('准时率(%)');
    const rate = o.series.find((s: any) => s.name === '2026-11 准时率(%)');
    expect(rate).toMatchObject({ type: 'line', yAxisIndex: 1, data: [43.46, null] });
    expect(o.series.find((s: any) => s.name === '2026-11 运单数')).toMatchObject({ type: 'bar', yAxisIndex: 0 });
  });

  it('shows a duration in the tooltip as days, hours and minutes', () => {
    const o = chartOption({ chart: { type: 'bar', x: 'carrierName', series: ['lateMinutes'] }, columns: carrierColumns, rows: carrierRows.slice(0, 1), labelOf: label }) as any;
    expect(o.series[0].tooltip.valueFormatter(193805.1)).toBe('134天14小时5分');
    expect(o.yAxis.axisLabel.formatter(2880)).toBe('2天');
  });
});

describe('durations in the table and the totals', () => {
  it('read as days, hours and minutes, never as minutes', async () => {
    const durationPage: ReportPageSchema = {
      ...page,
      columns: [{ field: 'waybillNo', title: '运单号' }, { field: 'delayMinutes', title: '晚点时长', align: 'right', format: 'duration', unit: 'minute' }],
    };
    const fake = fakeEnv({
      'POST /report/waybill-timeliness/query': () => ({ data: [{ waybillNo: 'YD0007', delayMinutes: 193805.1 }], totalRecords: 1 }),
      'POST /report/waybill-timeliness/total': () => ({ delayMinutes: 1500 }),
    });
    renderFluent(<ReportPage page={durationPage} env={fake.env} context={{}} />);
    expect(await screen.findByText('134天14小时5分')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status', { name: '合计' }).textContent).toContain('1天1小时'));
    expect(document.body.textContent).not.toContain('193805.1');
  });
});

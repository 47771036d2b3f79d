// @vitest-environment jsdom
// /exportCenter (issue 6 part 4): the user's tasks with status and progress, refreshed while one is
// generating; the download saved under the name of content-disposition; the error when a download
// answer carries no attachment (spec section 8).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderInEnv } from '../../app/shell-test-kit.tsx';
import { ExportCenterPage, type ExportTask } from './export-center-page.tsx';

const NAME = '运单列表_20261121080000.xlsx';
const task = (t: Partial<ExportTask> & { id: number; status: 1 | 2 | 3 }): ExportTask => ({
  fileName: NAME, statusName: { 1: '已生成', 2: '生成失败', 3: '生成中' }[t.status], progress: 0, rowsDone: 0, rowsTotal: 0, failReason: null,
  createdAtStr: '2026-11-21 08:00:00', finishedAtStr: '', ...t,
});
const generating = task({ id: 3, status: 3, progress: 40, rowsDone: 40000, rowsTotal: 100000, fileName: '车辆管理_20261121090000.xlsx' });
const failed = task({ id: 2, status: 2, failReason: '服务重启，导出中断', fileName: '订单列表_20261120170000.xlsx' });
const done = task({ id: 1, status: 1, progress: 100, rowsDone: 1286, rowsTotal: 1286 });
const queued = task({ id: 4, status: 3, queued: true, statusName: '排队中', fileName: '订单列表_20261121093000.xlsx' });

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(lists: ExportTask[][]) {
  let round = 0;
  const server = fakeServer({ 'POST /exportCenter/list': () => {
    const data = lists[Math.min(round++, lists.length - 1)];
    return { data, totalRecords: data.length, curPage: 1, pageSize: 20 };
  } });
  renderInEnv(<ExportCenterPage />, server.fetch);
  return server;
}
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('export centre page', () => {
  it('shows each task\'s status and progress; only a generated task can be downloaded', async () => {
    show([[generating, failed, done]]);
    await screen.findByText(NAME);
    const g = rowOf('车辆管理_20261121090000.xlsx');
    expect(within(g).getByText('生成中')).toBeTruthy();
    expect(within(g).getByText('40000/100000')).toBeTruthy();
    expect(within(g).getByRole('progressbar', { name: '进度 40%' })).toBeTruthy();
    expect(within(g).getByRole('button', { name: '下载' }).hasAttribute('disabled')).toBe(true);
    const f = rowOf('订单列表_20261120170000.xlsx');
    expect(within(f).getByText('生成失败（服务重启，导出中断）')).toBeTruthy();
    expect(within(f).getByRole('button', { name: '下载' }).hasAttribute('disabled')).toBe(true);
    const d = rowOf(NAME);
    expect(within(d).getByText('已生成')).toBeTruthy();
    expect(within(d).getByText('100%')).toBeTruthy();
    expect(within(d).getByRole('button', { name: '下载' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('shows a task waiting for a runner as 排队中, still status 3, and keeps refreshing', async () => {
    vi.useFakeTimers();
    const server = show([[queued], [{ ...queued, queued: false, statusName: '生成中', progress: 10, rowsDone: 100, rowsTotal: 1000 }]]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const q = rowOf('订单列表_20261121093000.xlsx');
    expect(within(q).getByText('排队中')).toBeTruthy();
    expect(within(q).getByText('等待开始')).toBeTruthy();
    expect(within(q).getByRole('button', { name: '下载' }).hasAttribute('disabled')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByText('100/1000')).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/exportCenter/list').length).toBe(2);
  });

  it('while a task is generating the list refreshes every 3000 ms, and stops once none is', async () => {
    vi.useFakeTimers();
    const server = show([[generating], [{ ...generating, progress: 80, rowsDone: 80000 }], [{ ...generating, status: 1, statusName: '已生成', progress: 100 }]]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('40000/100000')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByText('80000/100000')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByText('已生成')).toBeTruthy();
    const lists = server.calls.filter((c) => c.path === '/exportCenter/list').length;
    await act(() => vi.advanceTimersByTimeAsync(30000));
    expect(server.calls.filter((c) => c.path === '/exportCenter/list').length).toBe(lists);
  });

  it('download saves the file under the UTF-8 name of content-disposition', async () => {
    const fetch = vi.fn(async () => new Response(new Blob(['PK']), { status: 200, headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="____20261121080000.xlsx"; filename*=UTF-8''${encodeURIComponent(NAME)}`,
    } }));
    vi.stubGlobal('fetch', fetch);
    show([[done]]);
    await screen.findByText(NAME);
    fireEvent.click(within(rowOf(NAME)).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(saved).toEqual([NAME]));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/exportCenter/download/1');
  });

  it('an answer without the attachment header is an error: the server\'s message, or the spec\'s text', async () => {
    const answers = [
      new Response(JSON.stringify({ code: 0, message: '导出文件已不存在，请重新导出', result: null }), { status: 200, headers: { 'content-type': 'application/json' } }),
      new Response('<html>gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    ];
    vi.stubGlobal('fetch', vi.fn(async () => answers.shift()!));
    show([[done]]);
    await screen.findByText(NAME);
    fireEvent.click(within(rowOf(NAME)).getByRole('button', { name: '下载' }));
    expect(await screen.findByText('导出文件已不存在，请重新导出')).toBeTruthy();
    fireEvent.click(within(rowOf(NAME)).getByRole('button', { name: '下载' }));
    expect(await screen.findByText('下载失败：服务器没有返回导出文件')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

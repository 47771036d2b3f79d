// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeArea } from './notice-area.tsx';
import { lastQueryKey, NOTICE_POLL_MS, NOTICE_SOURCES, type NoticeSource } from './notice-polling.ts';
import { MESSAGE_POPOVER_MS } from './message-popover.tsx';
import { fakeServer, renderInEnv, type Handlers } from './shell-test-kit.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

const ALL = ['BusinessAlarmReport3', 'messageCenter3', 'exportCenter3'];

function show(held: string[], sources?: NoticeSource[], handlers: Handlers = {}, messageMode?: number) {
  const navigate = vi.fn();
  const { fetch } = fakeServer(handlers);
  renderInEnv(<NoticeArea operationIds={new Set(held)} userId={7} sources={sources} messageMode={messageMode} />, fetch, navigate);
  return navigate;
}

describe('notice icons', () => {
  it.each([
    ['BusinessAlarmReport3', '业务报警', '/businessAlarmReport'],
    ['messageCenter3', '消息中心', '/messageCenter'],
    ['exportCenter3', '导出中心', '/exportCenter'],
  ])('%s alone shows only its icon, leading to its page', (operation, label, to) => {
    const navigate = show([operation, 'vehicle3']);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: label }));
    // The alarm icon opens the latest alarms first; 查看全部 leads to the page.
    if (operation === 'BusinessAlarmReport3') fireEvent.click(screen.getByText('查看全部'));
    expect(navigate).toHaveBeenCalledWith(to);
  });

  it("the alarm popover's 查看全部 leads to the alarm list for users who may open it", () => {
    const navigate = show(['BusinessAlarmReport3', 'alarmList3']);
    fireEvent.click(screen.getByRole('button', { name: '业务报警' }));
    fireEvent.click(screen.getByText('查看全部'));
    expect(navigate).toHaveBeenCalledWith('/alarmList');
  });

  it('all three operations show all three icons', () => {
    show(ALL);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['业务报警', '消息中心', '导出中心']);
  });

  it('without any of them the area is hidden and nothing polls', async () => {
    vi.useFakeTimers();
    const poll = vi.fn(async (_api: unknown, _since: number) => 3);
    show(['vehicle3'], [{ operationId: 'BusinessAlarmReport3', poll }]);
    expect(screen.queryByRole('group', { name: '通知' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS * 2));
    expect(poll).not.toHaveBeenCalled();
  });

  it('the message centre is the registered source: its count is the server summary\'s unread messages, its latest the newest listed', async () => {
    expect(NOTICE_SOURCES.map((s) => s.operationId)).toEqual(['messageCenter3']);
    const api = { post: vi.fn(async () => ({ messageCount: 4, theLatestNewsList: [] })) } as never;
    expect(await NOTICE_SOURCES[0].poll(api, 123)).toEqual({ count: 4, latest: undefined });
    const newest = { id: 9, title: '新', content: 'c', link: null };
    const withNews = { post: vi.fn(async () => ({ messageCount: 2, theLatestNewsList: [newest, { ...newest, id: 8 }] })) } as never;
    expect(await NOTICE_SOURCES[0].poll(withNews, 123)).toEqual({ count: 2, latest: newest });
  });

  it('a held source is polled at once and every 180000 ms with the last query time kept per user', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
    const poll = vi.fn(async (_api: unknown, _since: number) => 4);
    show(ALL, [{ operationId: 'BusinessAlarmReport3', poll }]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(poll).toHaveBeenCalledTimes(1);
    expect(poll.mock.calls[0][1]).toBe(0);
    expect(localStorage.getItem(lastQueryKey(7))).toBe('1700000000000');
    expect(lastQueryKey(7)).toContain('7');
    expect(screen.getByText('4')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS - 1));
    expect(poll).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(poll).toHaveBeenCalledTimes(2);
    expect(poll.mock.calls[1][1]).toBe(1_700_000_000_000);
  });
});

describe('message popover', () => {
  const news = (id: number, title: string) => ({
    messageCount: 3,
    theLatestNewsList: [{ id, title, content: `${title}的内容`, link: '/exportCenter', createdAtStr: '2026-11-21 08:00:00' }],
  });

  async function polled(messageMode: number | undefined, answers: object[]) {
    vi.useFakeTimers();
    let round = 0;
    const summary = vi.fn(() => answers[Math.min(round++, answers.length - 1)]);
    const navigate = show(ALL, undefined, { 'POST /message/summary': summary }, messageMode);
    await act(() => vi.advanceTimersByTimeAsync(0));
    return { navigate, summary };
  }
  const popover = () => screen.queryByRole('status', { name: '最新消息' });

  it('shows the latest message of the summary and, in mode 1, hides it after 3000 ms', async () => {
    await polled(1, [news(5, '导出完成')]);
    expect(popover()?.textContent).toContain('导出完成');
    expect(popover()?.textContent).toContain('导出完成的内容');
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_POPOVER_MS - 1));
    expect(popover()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(popover()).toBeNull();
  });

  it('the default mode is 1', async () => {
    await polled(undefined, [news(5, '导出完成')]);
    expect(popover()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_POPOVER_MS));
    expect(popover()).toBeNull();
  });

  it('in another mode it stays until closed', async () => {
    await polled(2, [news(5, '导出完成')]);
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_POPOVER_MS * 10));
    expect(popover()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(popover()).toBeNull();
  });

  it('nothing new, no popover; the next poll\'s news shows again', async () => {
    const { summary } = await polled(1, [{ messageCount: 0, theLatestNewsList: [] }, news(6, '驾驶员拒单')]);
    expect(summary).toHaveBeenCalledTimes(1);
    expect(popover()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    expect(summary).toHaveBeenCalledTimes(2);
    expect(popover()?.textContent).toContain('驾驶员拒单');
  });

  it('clicking the message opens its page and closes the popover', async () => {
    const { navigate } = await polled(2, [news(5, '导出完成')]);
    fireEvent.click(screen.getByText('导出完成的内容'));
    expect(navigate).toHaveBeenCalledWith('/exportCenter');
    expect(popover()).toBeNull();
  });

  it('without messageCenter3 there is no poll and no popover', async () => {
    vi.useFakeTimers();
    const summary = vi.fn(() => news(5, '导出完成'));
    show(['exportCenter3'], undefined, { 'POST /message/summary': summary });
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    expect(summary).not.toHaveBeenCalled();
    expect(popover()).toBeNull();
  });
});

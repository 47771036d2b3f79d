// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeArea } from './notice-area.tsx';
import { lastQueryKey, NOTICE_POLL_MS, NOTICE_SOURCES, type NoticeSource } from './notice-polling.ts';
import { fakeServer, renderInEnv } from './shell-test-kit.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

const ALL = ['BusinessAlarmReport3', 'messageCenter3', 'exportCenter3'];

function show(held: string[], sources?: NoticeSource[]) {
  const navigate = vi.fn();
  const { fetch } = fakeServer({});
  renderInEnv(<NoticeArea operationIds={new Set(held)} userId={7} sources={sources} />, fetch, navigate);
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
    expect(navigate).toHaveBeenCalledWith(to);
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

  it('the message centre is the registered source: its count is the server summary\'s unread messages', async () => {
    expect(NOTICE_SOURCES.map((s) => s.operationId)).toEqual(['messageCenter3']);
    const api = { post: vi.fn(async () => ({ messageCount: 4, theLatestNewsList: [] })) } as never;
    expect(await NOTICE_SOURCES[0].poll(api, 123)).toBe(4);
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

// @vitest-environment jsdom
// /messageCenter (issue 6 part 5): unread first, read and all on their tabs, one message or all
// marked read, a message's link opening its page.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderInEnv } from '../../app/shell-test-kit.tsx';
import { MessageCenterPage, type Message } from './message-center-page.tsx';

afterEach(cleanup);

/** A small message store answering like server/messages/store.ts. */
function show() {
  const messages: Message[] = [
    { id: 3, title: '导出完成', content: '运单列表_20261121080000.xlsx 已生成，共 1286 条，请在导出中心下载', link: '/exportCenter', isRead: 0, createdAtStr: '2026-11-21 08:00:00' },
    { id: 2, title: '司机拒单', content: '运单 YD2026112100001 已被司机拒单，请重新派车', link: null, isRead: 0, createdAtStr: '2026-11-21 07:00:00' },
    { id: 1, title: '欢迎使用货运数字化平台', content: '您的账号已开通', link: null, isRead: 1, createdAtStr: '2026-11-01 09:00:00' },
  ];
  const server = fakeServer({
    'POST /message/list': (body: unknown) => {
      const { isRead } = body as { isRead?: number };
      const data = messages.filter((m) => isRead === undefined || m.isRead === isRead);
      return { data, totalRecords: data.length, curPage: 1, pageSize: 20 };
    },
    'POST /message/markRead': (body: unknown) => {
      const { ids, all } = body as { ids?: number[]; all?: boolean };
      let changed = 0;
      for (const m of messages) if (!m.isRead && (all || ids?.includes(m.id))) (m.isRead = 1, changed++);
      return { changed, messageCount: messages.filter((m) => !m.isRead).length };
    },
  });
  const navigate = vi.fn();
  renderInEnv(<MessageCenterPage />, server.fetch, navigate);
  return { server, navigate };
}
const rows = () => screen.getAllByRole('row').slice(1);
const titles = () => rows().map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('message centre page', () => {
  it('opens on the unread messages; the read and all tabs show theirs, each with its state', async () => {
    const { server } = show();
    await screen.findByText('导出完成');
    expect(titles()).toEqual(['导出完成', '司机拒单']);
    expect(server.calls.find((c) => c.path === '/message/list')?.body).toMatchObject({ isRead: 0 });
    fireEvent.click(screen.getByRole('tab', { name: '已读' }));
    await waitFor(() => expect(titles()).toEqual(['欢迎使用货运数字化平台']));
    expect(within(rows()[0]).getByText('已读')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(titles()).toEqual(['导出完成', '司机拒单', '欢迎使用货运数字化平台']));
    expect(rows().map((r) => within(r).getAllByRole('cell')[3].textContent)).toEqual(['未读', '未读', '已读']);
  });

  it('标为已读 marks that message only: it leaves the unread tab and shows as read', async () => {
    const { server } = show();
    await screen.findByText('司机拒单');
    fireEvent.click(within(rows()[1]).getByRole('button', { name: '标为已读' }));
    await waitFor(() => expect(titles()).toEqual(['导出完成']));
    expect(server.calls.find((c) => c.path === '/message/markRead')?.body).toEqual({ ids: [2] });
    fireEvent.click(screen.getByRole('tab', { name: '已读' }));
    await waitFor(() => expect(titles()).toEqual(['司机拒单', '欢迎使用货运数字化平台']));
    // A read message offers nothing to mark.
    expect(screen.queryByRole('button', { name: '标为已读' })).toBeNull();
  });

  it('全部标为已读 empties the unread tab', async () => {
    show();
    await screen.findByText('导出完成');
    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(screen.queryByText('导出完成')).toBeNull());
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('a message with a link opens its page', async () => {
    const { navigate } = show();
    fireEvent.click(await screen.findByRole('link', { name: /运单列表_20261121080000\.xlsx/ }));
    expect(navigate).toHaveBeenCalledWith('/exportCenter');
  });
});

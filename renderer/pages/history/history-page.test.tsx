// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dictionaryHandler, fakeEnv, renderFluent } from '../detail/fake-env.tsx';
import type { PageSchema } from '../page-types.ts';
import { HistoryPage } from './history-page.tsx';

// page-host imports the lazy registry of every kind; this test needs only PageError from it.
vi.mock('../registry.tsx', () => ({ rendererFor: () => undefined }));

afterEach(cleanup);

const page: PageSchema = {
  id: 'system/user-history',
  title: '用户修改记录',
  kind: 'history',
  resource: 'user',
  api: { history: { method: 'POST', path: '/res/user/history' } },
  fields: {
    realName: { title: '姓名', type: 'string' },
    enabled: { title: '启用', type: 'integer', 'x-dictionary': 'yesNo' },
    roleIds: { title: '角色', type: 'array' },
  },
};

const history = {
  data: [
    {
      id: 2, action: 'update', userName: '系统管理员', changedAt: 2, changedAtStr: '2026-11-22 05:09:05', recordVersion: 2,
      changes: [
        { field: 'realName', title: '姓名', before: '张调度', after: '张调度二' },
        { field: 'enabled', title: '启用', before: 1, after: 0 },
        { field: 'roleIds', title: '角色', before: [2], after: [1, 2] },
      ],
    },
    {
      id: 1, action: 'create', userName: '王五', changedAt: 1, changedAtStr: '2026-11-20 08:00:00', recordVersion: 1,
      changes: [
        { field: 'realName', title: '姓名', before: null, after: '张调度' },
        { field: 'enabled', title: '启用', before: null, after: 1 },
        { field: 'roleIds', title: '角色', before: null, after: [2] },
        { field: 'mobile', title: '手机号', before: null, after: '13800000000' },
      ],
    },
  ],
  totalRecords: 2,
};

function cells(row: HTMLElement) {
  return within(row).getAllByRole('cell').map((c) => c.textContent);
}

describe('HistoryPage', () => {
  it('shows each version with before → after and marks what changed', async () => {
    const { env, calls } = fakeEnv({ 'POST /res/user/history': () => history, 'GET /baseDictionary/findByDicTypeKey': dictionaryHandler });
    renderFluent(<HistoryPage page={page} env={env} context={{ id: '2' }} />);
    await screen.findByText('系统管理员');
    expect(calls.find((c) => c.path === '/res/user/history')?.input).toEqual({ id: 2, curPage: 1, pageSize: 20 });
    expect(screen.getByText('修改')).toBeTruthy();
    expect(screen.getByText('新增')).toBeTruthy();
    expect(screen.getByText('王五')).toBeTruthy();

    const [newest] = screen.getAllByRole('table', { name: '变更字段' });
    const rows = within(newest).getAllByRole('row').slice(1);
    expect(cells(rows[0])).toEqual(['姓名', '张调度', '→', '张调度二']);
    expect(cells(rows[1])).toEqual(['启用', '是', '→', '否']);
    expect(cells(rows[2])).toEqual(['角色', '2', '→', '1、2']);
    expect(rows[0].querySelector('mark')?.textContent).toBe('张调度二');
  });

  it('compares the newest two versions and highlights the rows that differ', async () => {
    const { env } = fakeEnv({ 'POST /res/user/history': () => history, 'GET /baseDictionary/findByDicTypeKey': dictionaryHandler });
    renderFluent(<HistoryPage page={page} env={env} context={{ id: '2' }} />);
    fireEvent.click(await screen.findByRole('button', { name: '信息对比' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('信息对比')).toBeTruthy();
    const table = within(dialog).getByRole('table');
    const header = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(header).toEqual(['字段', '版本 1（2026-11-20 08:00:00）', '版本 2（2026-11-22 05:09:05）']);
    const rows = within(table).getAllByRole('row').slice(1);
    const byLabel = Object.fromEntries(rows.map((r) => [cells(r)[0], r]));
    expect(cells(byLabel['姓名'])).toEqual(['姓名', '张调度', '张调度二']);
    expect(byLabel['姓名'].dataset.differs).toBe('true');
    expect(byLabel['角色'].dataset.differs).toBe('true');
    expect(cells(byLabel['手机号'])).toEqual(['手机号', '13800000000', '13800000000']);
    expect(byLabel['手机号'].dataset.differs).toBeUndefined();
  });

  it('disables the contrast with a single version', async () => {
    const { env } = fakeEnv({
      'POST /res/user/history': () => ({ data: history.data.slice(1), totalRecords: 1 }),
      'GET /baseDictionary/findByDicTypeKey': dictionaryHandler,
    });
    renderFluent(<HistoryPage page={page} env={env} context={{ id: '2' }} />);
    await screen.findByText('王五');
    expect((screen.getByRole('button', { name: '信息对比' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

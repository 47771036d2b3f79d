// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../page-types.ts';
import { DetailPage } from './detail-page.tsx';
import { dictionaryHandler, fakeEnv, renderFluent } from './fake-env.tsx';

// page-host imports the lazy registry of every kind; this test needs only PageError from it.
vi.mock('../registry.tsx', () => ({ rendererFor: () => undefined }));

afterEach(cleanup);

const page: PageSchema = {
  id: 'system/user-detail',
  title: '用户详情',
  kind: 'detail',
  resource: 'user',
  sections: [{ title: '基本信息', fields: ['userName', 'realName', 'mobile', 'userType', 'enabled', 'roleIds', 'updatedAtStr', 'status'] }],
  api: { detail: { method: 'GET', path: '/res/user/detail' } },
  columns: [{ field: 'status', title: '状态', dictionary: 'yesNo' }],
  fields: {
    userName: { title: '用户名', type: 'string' },
    realName: { title: '姓名', type: 'string' },
    mobile: { title: '手机号', type: 'string' },
    userType: { title: '用户类型', type: 'integer', 'x-dictionary': 'userType' },
    enabled: { title: '启用', type: 'integer', 'x-dictionary': 'yesNo' },
    roleIds: { title: '角色', type: 'array' },
    updatedAtStr: { title: '更新时间', type: 'string' },
  },
};

const record = {
  id: 2, userName: 'dispatcher', realName: '张调度', mobile: null, userType: 2, enabled: 1,
  roleIds: [1, 2], updatedAtStr: '2026-11-22 05:08:55', status: 0,
};

function value(label: string) {
  return screen.getByText(`${label}：`).nextElementSibling?.textContent;
}

describe('DetailPage', () => {
  it('reads the record by id and shows labels with dictionary labels', async () => {
    const { env, calls } = fakeEnv({
      'GET /res/user/detail': () => record,
      'GET /baseDictionary/findByDicTypeKey': dictionaryHandler,
    });
    renderFluent(<DetailPage page={page} env={env} context={{ id: '2' }} />);
    await screen.findByText('dispatcher');
    expect(screen.getByText('用户详情')).toBeTruthy();
    expect(screen.getByText('基本信息')).toBeTruthy();
    expect(value('用户名')).toBe('dispatcher');
    expect(value('用户类型')).toBe('承运商');
    expect(value('启用')).toBe('是');
    expect(value('状态')).toBe('否');
    expect(value('手机号')).toBe('—');
    expect(value('角色')).toBe('1、2');
    expect(value('更新时间')).toBe('2026-11-22 05:08:55');
    expect(calls.find((c) => c.path === '/res/user/detail')?.input).toEqual({ id: '2' });
  });

  it('uses the anchor panel when there are several sections', async () => {
    const { env } = fakeEnv({ 'GET /res/user/detail': () => record, 'GET /baseDictionary/findByDicTypeKey': dictionaryHandler });
    const twoSections = { ...page, sections: [{ title: '基本信息', fields: ['userName'] }, { title: '其他信息', fields: ['realName'] }] };
    renderFluent(<DetailPage page={twoSections} env={env} context={{ id: '2', inDialog: true }} />);
    await screen.findByText('张调度');
    expect(screen.getByRole('navigation', { name: '页面导航' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '其他信息' })).toBeTruthy();
    expect(screen.queryByText('用户详情')).toBeNull();
  });

  it('shows the failure inline', async () => {
    const { env } = fakeEnv({ 'GET /res/user/detail': () => { throw new Error('记录不存在或无权访问'); } });
    renderFluent(<DetailPage page={page} env={env} context={{ id: '9' }} />);
    await waitFor(() => expect(screen.getByText('记录不存在或无权访问')).toBeTruthy());
  });
});

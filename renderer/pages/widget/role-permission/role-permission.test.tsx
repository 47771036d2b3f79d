// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, renderFluent } from '../../detail/fake-env.tsx';
import type { PageSchema } from '../../page-types.ts';
import { RolePermission } from './role-permission.tsx';

vi.mock('../../registry.tsx', () => ({ rendererFor: () => undefined }));

afterEach(cleanup);

const page: PageSchema = { id: 'system/role-permission', title: '权限设置', kind: 'widget', widget: 'rolePermission' };

const op = (operationId: string, operationName: string) => ({ operationId, operationName });
const tree = [
  {
    menuKey: 'baseData', title: '基础数据', operationList: [],
    children: [
      { menuKey: 'vehicle', title: '车辆管理', operationList: [op('vehicle3', '车辆管理'), op('vehicleAdd3', '新增车辆')], children: [] },
      { menuKey: 'driver', title: '司机管理', operationList: [op('driver3', '司机管理'), op('driverAdd3', '新增司机')], children: [] },
    ],
  },
  { menuKey: 'system', title: '系统管理', operationList: [op('role3', '角色管理')], children: [] },
];

function setup(checked: string[]) {
  const saved: unknown[] = [];
  const { env, calls } = fakeEnv({
    'GET /role/getOperationTree': () => ({ roleName: '调度员', checked: [...checked, 'granted-by-someone-else'], tree }),
    'POST /role/saveOperations': (body) => {
      saved.push(body);
      return null;
    },
  });
  renderFluent(<RolePermission page={page} env={env} context={{ id: '3' }} />);
  return { env, calls, saved };
}

const box = (name: string) => screen.getAllByRole('checkbox', { name })[0] as HTMLInputElement;

describe('RolePermission', () => {
  it('names the role it edits', async () => {
    setup([]);
    expect((await screen.findByRole('heading', { name: '角色权限：调度员' })).textContent).toBe('角色权限：调度员');
  });

  it('loads the role tree and shows partial menus as mixed', async () => {
    const { calls } = setup(['vehicle3']);
    await screen.findByText('基础数据');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/role/getOperationTree', input: { roleId: '3' } });
    expect(box('新增车辆').checked).toBe(false);
    expect(box('基础数据').indeterminate).toBe(true);
    expect(box('车辆管理').indeterminate).toBe(true);
    expect(box('系统管理').checked).toBe(false);
  });

  it('ticks a menu with all its operations and descendants, and saves the ids', async () => {
    const { env, saved } = setup(['vehicle3']);
    fireEvent.click(await screen.findByRole('checkbox', { name: '基础数据' }));
    expect(box('新增车辆').checked).toBe(true);
    expect(box('新增司机').checked).toBe(true);
    expect(box('基础数据').checked).toBe(true);
    fireEvent.click(box('新增司机'));
    expect(box('司机管理').indeterminate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(env.notify.success).toHaveBeenCalledWith('保存成功'));
    // Only ids the tree offers: grants outside the granter's rights are the server's to keep.
    expect(saved).toEqual([{ roleId: 3, operationIds: ['vehicle3', 'vehicleAdd3', 'driver3'] }]);
  });

  it('selects all and clears', async () => {
    const { saved } = setup(['vehicle3']);
    fireEvent.click(await screen.findByRole('button', { name: '全选' }));
    expect(screen.getByText('已选 5 / 5 项')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(box('基础数据').checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(saved).toEqual([{ roleId: 3, operationIds: [] }]));
  });

  it('collapses a menu', async () => {
    setup([]);
    fireEvent.click(await screen.findByRole('button', { name: '收起基础数据' }));
    expect(screen.queryByText('新增车辆')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开基础数据' }));
    expect(screen.getByText('新增车辆')).toBeTruthy();
  });
});

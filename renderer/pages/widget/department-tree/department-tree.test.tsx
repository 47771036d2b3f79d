// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, renderFluent } from '../../detail/fake-env.tsx';
import type { PageSchema } from '../../page-types.ts';
import { DepartmentTree } from './department-tree.tsx';

vi.mock('../../registry.tsx', () => ({ rendererFor: () => undefined }));

afterEach(cleanup);

const page: PageSchema = { id: 'system/department-tree', title: '组织架构', kind: 'widget', widget: 'departmentTree' };
const dep = (id: number, orgName: string, orgCode: string, children: any[] = []) => ({ id, orgName, orgCode, children });

describe('DepartmentTree', () => {
  it('shows the departments nested under their parents, every branch open', async () => {
    const { env } = fakeEnv({
      'GET /e6Organization/findOrganizationTree': () => [dep(1, '华运供应链管理有限公司', 'HY', [dep(2, '华北分公司', 'HY01', [dep(3, '北京调度中心', 'HY0101')]), dep(5, '华东分公司', 'HY02')])],
    });
    renderFluent(<DepartmentTree page={page} env={env} context={{}} />);
    const beijing = await screen.findByRole('treeitem', { name: '北京调度中心' });
    const north = screen.getByRole('treeitem', { name: '华北分公司' });
    const top = screen.getByRole('treeitem', { name: '华运供应链管理有限公司' });
    expect(top.getAttribute('aria-level')).toBe('1');
    expect(north.getAttribute('aria-level')).toBe('2');
    expect(beijing.getAttribute('aria-level')).toBe('3');
    expect(north.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('共 4 个部门')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '组织架构' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
// An order's update record: orderInfoHistory/findByPage answers whole saved versions keyed by the
// order number; the page asks with {orderNo} (kept as text) and shows what each version changed.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, renderFluent } from '../detail/fake-env.tsx';
import type { PageSchema } from '../page-types.ts';
import { HistoryPage } from './history-page.tsx';

vi.mock('../registry.tsx', () => ({ rendererFor: () => undefined }));
afterEach(cleanup);

const page: PageSchema = {
  id: 'transport/order-history',
  title: '订单修改记录',
  kind: 'history',
  idParam: 'orderNo',
  api: { history: { method: 'POST', path: '/orderInfoHistory/findByPage', idParam: 'orderNo' } },
  columns: [{ field: 'remark', title: '备注' }, { field: 'totalQuantity', title: '总数量' }],
};

describe('order versions', () => {
  it('asks by order number and lists each version with what changed from the one before', async () => {
    const fake = fakeEnv({
      'POST /orderInfoHistory/findByPage': () => ({
        data: [
          { version: 2, userName: '张调度', changedAtStr: '2026-11-22 10:00:00', remark: '加急', totalQuantity: 10 },
          { version: 1, userName: '王客户', changedAtStr: '2026-11-22 08:00:00', remark: '', totalQuantity: 10 },
        ],
        totalRecords: 2,
      }),
    });
    renderFluent(<HistoryPage page={page} env={fake.env} context={{ id: '20261122' }} />);
    expect(await screen.findByText('张调度')).toBeTruthy();
    expect(fake.calls[0].input).toEqual({ orderNo: '20261122', curPage: 1, pageSize: 20 });
    expect(screen.getByText('修改')).toBeTruthy();
    expect(screen.getByText('新增')).toBeTruthy();
    expect(screen.getAllByText('加急').length).toBeGreaterThan(0);
  });
});

// @vitest-environment jsdom
// A detail page offers its record's actions by the same state gates as a list row, runs them with
// the record's id and version, and reads the record again afterwards (the buttons follow its state).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../page-types.ts';
import { DetailPage } from './detail-page.tsx';
import { fakeEnv, renderFluent } from './fake-env.tsx';

vi.mock('../registry.tsx', () => ({ rendererFor: () => undefined }));

afterEach(cleanup);

const page: PageSchema = {
  id: 'transport/waybill-detail', title: '运单详情', kind: 'detail',
  api: { detail: { method: 'GET', path: '/waybill/getWaybillDetailById' } },
  sections: [{ title: '基本信息', fields: ['waybillNo', 'statusStr'] }],
  fields: { waybillNo: { title: '运单号', type: 'string' }, statusStr: { title: '运单状态', type: 'string' } },
  actions: [
    { id: 'receive', label: '接单', placement: 'row', confirm: '确定接单吗？', call: { method: 'POST', path: '/waybillAction/receive' },
      state: { machine: 'waybill', action: 'receive' }, availableWhen: [{ status: [200], step: [3] }] },
    { id: 'abnormalEnd', label: '异常结束', placement: 'row', page: 'transport/waybill-abnormal-end', dialog: true,
      state: { machine: 'waybill', action: 'abnormalEnd' }, availableWhen: [{ status: [200, 400], step: [3, 9] }] },
    { id: 'manualEnd', label: '手动结束', placement: 'row', call: { method: 'POST', path: '/waybillAction/manualEnd' },
      state: { machine: 'waybill', action: 'manualEnd' }, availableWhen: [{ status: [500], step: [9] }] },
  ] as never,
};

describe('detail actions', () => {
  it("offers what the record's state allows, calls with id and version, then shows the new state's buttons", async () => {
    let current = { id: 31, version: 4, waybillNo: 'YD31', status: 200, step: 3, statusStr: '待接单' };
    const { env, calls } = fakeEnv({
      'GET /waybill/getWaybillDetailById': () => current,
      'POST /waybillAction/receive': (body) => {
        current = { ...current, version: 5, status: 400, step: 9, statusStr: '运输中' };
        return { id: body.id, version: 5 };
      },
    });
    renderFluent(<DetailPage page={page} env={env} context={{ id: '31' }} />);
    const bar = await screen.findByRole('toolbar', { name: '操作' });
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['接单', '异常结束']);
    fireEvent.click(within(bar).getByRole('button', { name: '接单' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/waybillAction/receive')?.input).toEqual({ id: 31, version: 4 }));
    // Read again: 接单 is gone, the moving waybill still may end abnormally.
    await waitFor(() => expect(screen.getByText('运输中')).toBeTruthy());
    const after = await screen.findByRole('toolbar', { name: '操作' });
    expect(within(after).getAllByRole('button').map((b) => b.textContent)).toEqual(['异常结束']);
    expect(calls.filter((c) => c.path === '/waybill/getWaybillDetailById')).toHaveLength(2);
  });

  it('shows no action bar when the record allows none', async () => {
    const { env } = fakeEnv({ 'GET /waybill/getWaybillDetailById': () => ({ id: 1, version: 9, waybillNo: 'YD1', status: 700, step: 999, statusStr: '已结束' }) });
    renderFluent(<DetailPage page={page} env={env} context={{ id: '1' }} />);
    await screen.findByText('已结束');
    expect(screen.queryByRole('toolbar', { name: '操作' })).toBeNull();
  });
});

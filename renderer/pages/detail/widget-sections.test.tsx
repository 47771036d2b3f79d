// @vitest-environment jsdom
// Detail sections that show a named widget (the waybill and order timelines) with the record id,
// an unknown widget named in an error, and routed pages reading their id as orderId / waybillId.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../page-types.ts';
import { withRouteId } from '../page-host.tsx';
import { DetailPage } from './detail-page.tsx';
import { fakeEnv, renderFluent } from './fake-env.tsx';

vi.mock('../registry.tsx', () => ({ rendererFor: () => undefined }));
// The timelines are another module's work (renderer/components/timeline); here only what they are given matters.
vi.mock('../../components/timeline/index.tsx', () => ({
  WaybillTimeline: ({ waybillId }: { waybillId: string }) => <p>运单时间轴 {waybillId}</p>,
  OrderFlowTimeline: ({ orderId }: { orderId: string }) => <p>订单流程 {orderId}</p>,
}));

afterEach(cleanup);

const page = (widget: string): PageSchema => ({
  id: 'transport/waybill-detail',
  title: '运单详情',
  kind: 'detail',
  idParam: 'waybillId',
  api: { detail: { method: 'GET', path: '/waybill/getWaybillDetailById' } },
  columns: [{ field: 'waybillNo', title: '运单号' }],
  sections: [{ title: '基本信息', fields: ['waybillNo'] }, { title: '运单时间轴', widget: widget as 'waybillTimeline' }],
});

describe('detail widget sections', () => {
  it('shows the named widget with the record id beside the field sections', async () => {
    const fake = fakeEnv({ 'GET /waybill/getWaybillDetailById': () => ({ id: 12, waybillNo: 'YD9' }) });
    renderFluent(<DetailPage page={page('waybillTimeline')} env={fake.env} context={{ id: '12' }} />);
    expect(await screen.findByText('运单时间轴 12', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('YD9')).toBeTruthy();
  });

  it('names an unknown widget and the page in an error', async () => {
    const fake = fakeEnv({ 'GET /waybill/getWaybillDetailById': () => ({ id: 12, waybillNo: 'YD9' }) });
    renderFluent(<DetailPage page={page('nothing')} env={fake.env} context={{ id: '12' }} />);
    expect(await screen.findByText('页面 transport/waybill-detail 的组件 nothing 没有注册')).toBeTruthy();
  });

  it('a routed page reads its id from its own query parameter; ?id= and dialogs keep theirs', () => {
    window.history.pushState({}, '', '/waybillDetailsZM?waybillId=77');
    expect(withRouteId({}, page('waybillTimeline')).id).toBe('77');
    expect(withRouteId({ id: '5' }, page('waybillTimeline')).id).toBe('5');
    expect(withRouteId({ inDialog: true }, page('waybillTimeline')).id).toBeUndefined();
    window.history.pushState({}, '', '/');
  });
});

// @vitest-environment jsdom
// The export button of lists and reports (issue 6 part 4): shown to holders of exportCenter3, it asks
// the spec's confirmation and only then creates an export task of the list's own page with the
// current search.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CurrentRouteContext, type ShownRoute } from '../../app/current-route.ts';
import { SessionProvider, type Session } from '../../app/session-context.tsx';
import { carrierPage, carrierRows, enableStatus } from '../list/list-fixture.ts';
import { ListPage } from '../list/list-page.tsx';
import { fakeEnv, openDialog, renderFluent, stubLayout } from '../list/test-kit.tsx';
import { ReportPage } from '../report/report-page.tsx';
import type { ReportPageSchema } from '../report/report-types.ts';

beforeAll(async () => {
  stubLayout();
  // The pages load the confirmation dialog lazily; on a busy machine its first import outlasts findByRole's wait.
  await import('../list/confirm-dialog.tsx');
});
afterEach(cleanup);

const CONFIRM_TEXT = '确定导出？‘确定’后将生成导出任务，后续需在【导出中心】跟进导出进度！';

const report: ReportPageSchema = {
  id: 'report/waybill-timeliness',
  title: '运单时效报表',
  kind: 'report',
  api: { list: { method: 'POST', path: '/report/waybill-timeliness/query' } },
  columns: [{ field: 'waybillNo', title: '运单号' }],
  search: [{ field: 'waybillNo', label: '运单号', widget: 'text' }],
  searchOperators: { waybillNo: 'like' },
  fields: { waybillNo: { title: '运单号', type: 'string' } },
};
const REPORT_EXPORT = '/exportCenter/create?pageId=report%2Fwaybill-timeliness';

const session = (ops: string[]) => ({ routes: { operationIds: new Set(ops) } }) as unknown as Session;
const onScreen = (pageId: string) => ({ kind: 'page', layout: 'main', pageId, title: '', route: '/x', operationIds: [] }) as unknown as ShownRoute;

function inShell(ui: ReactElement, ops: string[], routePageId = report.id) {
  return renderFluent(
    <SessionProvider value={session(ops)}>
      <CurrentRouteContext.Provider value={onScreen(routePageId)}>{ui}</CurrentRouteContext.Provider>
    </SessionProvider>,
  );
}

function reportSetup(ops = ['exportCenter3']) {
  const fake = fakeEnv({
    'POST /report/waybill-timeliness/query': () => ({ data: [{ waybillNo: 'YD0007' }], totalRecords: 1 }),
    [`POST ${REPORT_EXPORT}`]: () => ({ id: 3, fileName: '运单时效报表_20261121080000.xlsx' }),
  });
  inShell(<ReportPage page={report} env={fake.env} context={{}} />, ops);
  return fake;
}

describe('export button', () => {
  it('on a report page: asks the spec\'s confirmation; 取消 exports nothing', async () => {
    const fake = reportSetup();
    await screen.findByText('YD0007');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    const dialog = await openDialog('alertdialog');
    expect(within(dialog).getByText(CONFIRM_TEXT)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.callsTo(REPORT_EXPORT)).toHaveLength(0);
  });

  it('on a report page: 确定 creates the task with the search in force and says so', async () => {
    const fake = reportSetup();
    await screen.findByText('YD0007');
    fireEvent.change(screen.getByRole('textbox', { name: '运单号' }), { target: { value: 'YD0007' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fake.last('/report/waybill-timeliness/query')).toMatchObject({ waybillNo: 'YD0007' }));
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    fireEvent.click(within(await openDialog('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.callsTo(REPORT_EXPORT)).toHaveLength(1));
    expect(fake.last(REPORT_EXPORT)).toEqual({ waybillNo: 'YD0007', curPage: 1, pageSize: 100000 });
    await waitFor(() => expect(fake.env.notify.success).toHaveBeenCalledWith('导出任务已生成'));
  });

  it('without exportCenter3 there is no export button', async () => {
    reportSetup(['reportWaybillTimeliness']);
    await screen.findByText('YD0007');
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });

  it('a list opened in a dialog exports its own page, not the page of the route behind it', async () => {
    const list = { ...carrierPage, actions: (carrierPage.actions ?? []).filter((a) => a.id !== 'export') };
    const own = `/exportCenter/create?pageId=${encodeURIComponent(list.id)}`;
    const fake = fakeEnv({
      'POST /res/carrier/list': () => ({ data: carrierRows(2), totalRecords: 2 }),
      'POST /res/carrier/count': () => 2,
      'GET /baseDictionary/findByDicTypeKey': () => enableStatus,
      [`POST ${own}`]: () => ({ id: 4, fileName: 'x.xlsx' }),
    });
    inShell(<ListPage page={list} env={fake.env} context={{ inDialog: true }} />, ['exportCenter3'], 'transport/waybill-list');
    await screen.findByText('C0001');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    fireEvent.click(within(await openDialog('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.callsTo(own)).toHaveLength(1));
    expect(fake.calls.filter((c) => c.path.startsWith('/exportCenter/create')).map((c) => c.path)).toEqual([own]);
  });
});

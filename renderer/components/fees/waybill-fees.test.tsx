// @vitest-environment jsdom
// The waybill detail's 费用 as a user reads it: amounts in yuan from fen, 预估/已调整, the rule, the lines,
// the override reason, why a side has no fee; 调整费用 sends fen, the reason and the version read; a
// partner is offered neither 运费估算 nor 调整费用.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../app/session-context.tsx';
import { SessionProvider } from '../../app/session-context.tsx';
import { fakeServer, renderInEnv, USER } from '../../app/shell-test-kit.tsx';
import { WaybillFees } from './waybill-fees.tsx';

afterEach(cleanup);

const session = (userType: number, ops: string[]) => ({ user: { ...USER, userType }, menus: [], allMenu: [], settings: {}, logo: {}, routes: { operationIds: new Set(ops) } }) as unknown as Session;

const FEES = {
  fees: [{
    id: 5, side: 2, sideStr: '应付', amount: 165_000, state: 2, stateStr: '已调整', ruleName: '整车按趟', contractName: '干线合同', overrideReason: '多一个卸货点', version: 3,
    lines: [{ kind: 'freight', kindStr: '运费', quantity: '1', unit: '趟', unitPrice: 150_000, amount: 150_000 }, { kind: 'fee', kindStr: '装卸费', quantity: '1', unit: '票', unitPrice: 8_000, amount: 8_000 }],
  }],
  estimates: [{ side: 1, sideStr: '应收', priced: false, message: '客户在运单日期没有生效的合同', triggerStr: '派车', estimatedAtStr: '2026-11-27 08:00:00' }, { side: 2, sideStr: '应付', priced: true, message: null, triggerStr: '派车', estimatedAtStr: '2026-11-27 08:00:00' }],
};

function show(userType: number, ops: string[]) {
  const server = fakeServer({ 'GET /financialFee/getWaybillFees': FEES, 'POST /financialFee/saveFee': { id: 5 } });
  renderInEnv(<SessionProvider value={session(userType, ops)}><WaybillFees waybillId="12" /></SessionProvider>, server.fetch);
  return server;
}

describe('waybill 费用', () => {
  it('shows both sides: the payable in yuan with its state, rule, lines and reason; the receivable says why it is missing', async () => {
    show(0, ['financialFeeSave3']);
    expect(await screen.findByText('¥1,650.00')).toBeTruthy();
    expect(screen.getByText('已调整')).toBeTruthy();
    expect(screen.getByText('计价规则：整车按趟（干线合同）')).toBeTruthy();
    expect(screen.getByText('调整原因：多一个卸货点')).toBeTruthy();
    expect(screen.getByText('装卸费')).toBeTruthy();
    expect(screen.getByText('未能估算：客户在运单日期没有生效的合同（派车 2026-11-27 08:00:00）')).toBeTruthy();
    expect(screen.getByText('运费估算')).toBeTruthy();
  });

  it('调整费用 sends the amount in fen with the reason and the version read', async () => {
    const server = show(0, ['financialFeeSave3']);
    await screen.findByText('¥1,650.00');
    fireEvent.click(screen.getAllByText('调整费用')[1]);
    const [amount, reason] = [screen.getByDisplayValue('1650.00'), screen.getByRole('textbox', { name: /调整原因/ })];
    fireEvent.change(amount, { target: { value: '1,700.5' } });
    fireEvent.change(reason, { target: { value: '加收过路费' } });
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/financialFee/saveFee')).toBe(true));
    expect(server.calls.find((c) => c.path === '/financialFee/saveFee')!.body).toEqual({ waybillId: 12, side: 2, amount: 170_050, reason: '加收过路费', version: 3 });
  });

  it('a carrier user reads its side without 运费估算 or 调整费用', async () => {
    show(2, ['billList3']);
    expect(await screen.findByText('¥1,650.00')).toBeTruthy();
    expect(screen.queryByText('运费估算')).toBeNull();
    expect(screen.queryByText('调整费用')).toBeNull();
  });
});

// The waybill detail's 费用: 应收 and 应付 (a partner sees only the side the server gives it), and for
// staff holding financialFeeSave3 运费估算 (financialFee/countRate) and 调整费用 (saveFee).
import { Button, Spinner, Text } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useOptionalSession } from '../../app/session-context.tsx';
import { useEnv } from '../../env/env-context.tsx';
import { AdjustFeeDialog } from './adjust-fee-dialog.tsx';
import { FeeSideCard } from './fee-side-card.tsx';
import { FEE_READ_OPERATIONS, FEE_SAVE_OPERATION, type WaybillFeesAnswer } from './fee-types.ts';

export function useFeeRights() {
  const session = useOptionalSession();
  const ops = session?.routes.operationIds;
  const staff = session?.user.userType === 0;
  return { read: !!ops && FEE_READ_OPERATIONS.some((o) => ops.has(o)), save: staff && !!ops?.has(FEE_SAVE_OPERATION), staff };
}

export function WaybillFees({ waybillId }: { waybillId: string }) {
  const { api, notify } = useEnv();
  const rights = useFeeRights();
  const [data, setData] = useState<WaybillFeesAnswer | null>(null);
  const [adjusting, setAdjusting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    if (!rights.read) return;
    api.get<WaybillFeesAnswer>('/financialFee/getWaybillFees', { id: waybillId }).then(setData, () => setData({ fees: [], estimates: [] }));
  }, [api, waybillId, rights.read]);
  useEffect(load, [load]);

  if (!rights.read) return <Text>无权查看费用</Text>;
  if (!data) return <Spinner size="tiny" label="加载中..." />;
  // Staff see both sides, a partner the side the server gave it (or its own side, empty).
  const sides = rights.staff ? [1, 2] : [...new Set([...data.fees.map((f) => f.side), ...data.estimates.map((e) => e.side)])];

  async function estimate() {
    setBusy(true);
    try {
      const r = await api.post<WaybillFeesAnswer & { notes: { side: number; message: string }[] }>('/financialFee/countRate', { waybillId: Number(waybillId) });
      setData(r);
      const unpriced = r.notes.map((n) => n.message);
      if (unpriced.length) notify.info(unpriced.join('；'));
      else notify.success('估算完成');
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {rights.save && (
        <div>
          <Button size="small" appearance="primary" disabled={busy} onClick={estimate}>运费估算</Button>
        </div>
      )}
      {sides.length === 0 && <Text>暂无费用</Text>}
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        {sides.map((side) => (
          <FeeSideCard key={side} side={side} fee={data.fees.find((f) => f.side === side)} estimate={data.estimates.find((e) => e.side === side)}
            onAdjust={rights.save ? () => setAdjusting(side) : undefined} />
        ))}
      </div>
      {adjusting !== null && (
        <AdjustFeeDialog waybillId={Number(waybillId)} side={adjusting} fee={data.fees.find((f) => f.side === adjusting)}
          onClose={(saved) => { setAdjusting(null); if (saved) load(); }} />
      )}
    </div>
  );
}

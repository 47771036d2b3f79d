// The order detail's 费用: 应收 and 应付 summed over the waybills that carry the order, and each waybill's
// fees (a waybill that also carries other orders is marked 拼单: its price is the whole load's).
// Adjusting happens on the waybill, where the fee lives.
import { Badge, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { formatYuan } from '../../../schemas/keywords/money.ts';
import { useEnv } from '../../env/env-context.tsx';
import { SIDE_TITLES, type OrderFeesAnswer, type WaybillFeesAnswer } from './fee-types.ts';
import { useFeeRights } from './waybill-fees.tsx';

const cell = { padding: '2px 8px' };

function sideText(w: WaybillFeesAnswer, side: number): string {
  const fee = w.fees.find((f) => f.side === side);
  if (fee) return `${formatYuan(fee.amount)}（${fee.stateStr}）`;
  const e = w.estimates.find((x) => x.side === side);
  return e && !e.priced ? `未能估算：${e.message ?? ''}` : '—';
}

export function OrderFees({ orderId }: { orderId: string }) {
  const { api } = useEnv();
  const rights = useFeeRights();
  const [data, setData] = useState<OrderFeesAnswer | null>(null);
  useEffect(() => {
    if (!rights.read) return;
    api.get<OrderFeesAnswer>('/financialFee/getOrderFees', { id: orderId }).then(setData, () => setData({ waybills: [], totals: [] }));
  }, [api, orderId, rights.read]);

  if (!rights.read) return <Text>无权查看费用</Text>;
  if (!data) return <Spinner size="tiny" label="加载中..." />;
  if (data.waybills.length === 0) return <Text>订单尚未派车，暂无费用</Text>;
  const sides = rights.staff ? [1, 2] : data.totals.map((t) => t.side);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', gap: 24 }}>
        {sides.map((side) => {
          const t = data.totals.find((x) => x.side === side);
          return <Text key={side} weight="semibold">{`${SIDE_TITLES[side]}合计：${t ? formatYuan(t.amount) : '—'}`}</Text>;
        })}
      </div>
      <Table size="extra-small" aria-label="运单费用">
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={cell}>运单号</TableHeaderCell>
            {sides.map((side) => <TableHeaderCell key={side} style={cell}>{SIDE_TITLES[side]}</TableHeaderCell>)}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.waybills.map((w) => (
            <TableRow key={w.waybillId}>
              <TableCell style={cell}>{w.waybillNo} {w.shared && <Badge appearance="outline" size="small">拼单</Badge>}</TableCell>
              {sides.map((side) => <TableCell key={side} style={cell}>{sideText(w, side)}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

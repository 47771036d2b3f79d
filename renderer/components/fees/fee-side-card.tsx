// One side of a waybill's fees (应收 or 应付): the amount in yuan (from fen, exact), its state
// (预估 / 已调整), the rule that priced it, the override reason, the itemised lines; without a fee, why
// (the latest estimate's reason). Staff holding financialFeeSave3 get 调整费用.
import { Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { formatYuan } from '../../../schemas/keywords/money.ts';
import { SIDE_TITLES, type Fee, type FeeEstimate } from './fee-types.ts';

const cell = { padding: '2px 8px' };

function why(estimate: FeeEstimate | undefined): string {
  if (!estimate) return '尚未估算';
  if (estimate.priced) return '暂无费用';
  return `未能估算：${estimate.message ?? ''}（${estimate.triggerStr} ${estimate.estimatedAtStr}）`;
}

export interface FeeSideCardProps {
  side: number;
  fee: Fee | undefined;
  estimate: FeeEstimate | undefined;
  onAdjust?: () => void;
}

export function FeeSideCard({ side, fee, estimate, onAdjust }: FeeSideCardProps) {
  return (
    <section style={{ border: '1px solid #e0e0e0', borderRadius: 4, padding: 12, minWidth: 320, flex: 1 }} aria-label={SIDE_TITLES[side]}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        <Text weight="semibold">{SIDE_TITLES[side]}</Text>
        {fee && <Text size={500} weight="semibold">{formatYuan(fee.amount)}</Text>}
        {fee && <Badge appearance="tint" color={fee.state === 2 ? 'warning' : 'informative'}>{fee.stateStr}</Badge>}
        <span style={{ flex: 1 }} />
        {onAdjust && <Button size="small" onClick={onAdjust}>调整费用</Button>}
      </div>
      {!fee && <Text>{why(estimate)}</Text>}
      {fee && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <Text>计价规则：{fee.ruleName ? `${fee.ruleName}${fee.contractName ? `（${fee.contractName}）` : ''}` : '—'}</Text>
          {fee.overrideReason && <Text>调整原因：{fee.overrideReason}</Text>}
          {estimate && !estimate.priced && <Text style={{ color: '#c50f1f' }}>{`最近一次估算未能计价：${estimate.message ?? ''}`}</Text>}
          {fee.lines.length > 0 && fee.state === 2 && <Text size={200}>以下为调整前的估算明细，仅供参考</Text>}
          {fee.lines.length > 0 && (
            <Table size="extra-small" aria-label={`${SIDE_TITLES[side]}明细`}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell style={cell}>费用项目</TableHeaderCell>
                  <TableHeaderCell style={cell}>数量</TableHeaderCell>
                  <TableHeaderCell style={cell}>单价(元)</TableHeaderCell>
                  <TableHeaderCell style={cell}>金额(元)</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {fee.lines.map((l, i) => (
                  <TableRow key={i}>
                    <TableCell style={cell} title={l.note}>{l.kindStr}</TableCell>
                    <TableCell style={cell}>{l.quantity === null ? '—' : `${l.quantity}${l.unit ?? ''}`}</TableCell>
                    <TableCell style={cell}>{l.unitPrice === null ? '—' : formatYuan(l.unitPrice)}</TableCell>
                    <TableCell style={cell}>{formatYuan(l.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      )}
    </section>
  );
}

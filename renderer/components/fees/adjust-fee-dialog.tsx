// 调整费用: a dispatcher sets a side's amount (yuan typed, fen sent) with the reason the server keeps in
// the fee's history (financialFee/saveFee). The version read goes with it: a stale one is refused.
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { fenToYuan, parseYuan } from '../../../schemas/keywords/money.ts';
import { useEnv } from '../../env/env-context.tsx';
import { SIDE_TITLES, type Fee } from './fee-types.ts';

export interface AdjustFeeDialogProps {
  waybillId: number;
  side: number;
  fee: Fee | undefined;
  onClose(saved: boolean): void;
}

export function AdjustFeeDialog({ waybillId, side, fee, onClose }: AdjustFeeDialogProps) {
  const { api, notify } = useEnv();
  const [yuan, setYuan] = useState(fee ? fenToYuan(fee.amount) : '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const parsed = parseYuan(yuan);
  const amountError = yuan.trim() === '' ? '请输入金额' : parsed.message;
  const reasonError = reason.trim() === '' ? '请填写调整原因' : undefined;

  async function save() {
    if (amountError || reasonError || parsed.fen == null) return;
    setBusy(true);
    try {
      await api.post('/financialFee/saveFee', { waybillId, side, amount: parsed.fen, reason: reason.trim(), ...(fee ? { version: fee.version } : {}) });
      notify.success('费用已调整');
      onClose(true);
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && onClose(false)}>
      <DialogSurface style={{ maxWidth: 480 }}>
        <DialogBody>
          <DialogTitle>{`调整${SIDE_TITLES[side]}费用`}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Field label="金额(元)" required validationMessage={amountError}>
              <Input value={yuan} onChange={(_e, d) => setYuan(d.value)} contentAfter="元" />
            </Field>
            <Field label="调整原因" required validationMessage={reasonError}>
              <Textarea value={reason} maxLength={256} onChange={(_e, d) => setReason(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(false)}>取消</Button>
            <Button appearance="primary" disabled={busy || !!amountError || !!reasonError} onClick={save}>确定</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

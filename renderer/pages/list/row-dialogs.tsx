// Dialogs of the console a list row opens (page action `rowDialog`), for screens whose record is
// handled by a dialog that is no page: the alarm list's 处理 and 详情 open the alarm dialog the top
// bar uses (components/alarm-dialog). `onDone(true)` after a change reloads the list.
import { lazy, Suspense, useMemo } from 'react';
import type { RowDialogKind } from '../page-types.ts';
import type { Row } from './list-types.ts';

const AlarmDialog = lazy(() => import('../../components/alarm-dialog/alarm-dialog.tsx').then((m) => ({ default: m.AlarmDialog })));

export interface RowDialogProps {
  kind: RowDialogKind;
  row: Row;
  onDone: (changed: boolean) => void;
}

export function RowDialog({ kind, row, onDone }: RowDialogProps) {
  // The dialog loads its record when the reference changes: keep one per row.
  const alarm = useMemo(() => ({ id: Number(row.id), firstAlarmType: Number(row.firstAlarmType) }), [row.id, row.firstAlarmType]);
  return (
    <Suspense fallback={null}>
      <AlarmDialog alarm={alarm} mode={kind === 'alarmHandle' ? 2 : 1} onClose={() => onDone(false)} onSaved={() => onDone(true)} />
    </Suspense>
  );
}

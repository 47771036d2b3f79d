// Display fields of an order row: catalogue labels from schemas/dictionaries (the one source of
// the Chinese names) and the Asia/Shanghai '...Str' form of every time.
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import { labelOf } from '../../registry/labels.ts';

export { labelOf };

const TIME_FIELDS = ['requiredLoadTime', 'requiredArriveTime', 'createdAt', 'updatedAt'];

export function decorateOrder<T extends object>(reg: Registry, order: T) {
  const row = order as Record<string, unknown>;
  const out: Record<string, unknown> = { ...row };
  out.statusStr = labelOf(reg, 'orderStatus', row.status);
  out.taskStatusStr = labelOf(reg, 'taskStatus', row.taskStatus);
  out.businessTypeStr = labelOf(reg, 'businessType', row.businessType);
  for (const f of TIME_FIELDS) if (f in row) out[`${f}Str`] = formatTime(row[f] as number | null);
  return out as T & Record<string, unknown>;
}

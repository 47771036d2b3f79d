// The 自动签收 preview (signInTimeSetting/preview): over the last 30 days, which waybills the candidate
// setting would have signed off and when: every waybill that reached 待签收 within the window (or
// before it, with its deadline inside), judged by the candidate alone from the window's start, with
// beside it when and by whom it was actually signed. Nothing is written.
import type { Conn } from '../../../resources/statements.ts';
import { formatTime } from '../../../resources/time.ts';
import { autoSignDue, signCandidates, type AutoSignSetting } from '../auto-sign.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';

const DAY = 86_400_000;
const MAX_ROWS = 200;

export async function previewAutoSign(conn: Conn, corpId: number, setting: AutoSignSetting, now: number): Promise<PreviewTable & { signed: number }> {
  const from = now - PREVIEW_DAYS * DAY;
  const candidate = { rule: { ...setting, customerIds: setting.customerIds ?? [], businessTypes: setting.businessTypes ?? [] } as never, version: 0, validSince: from, validUntil: null };
  const waybills = await signCandidates(conn, corpId, { since: from - (setting.hours ?? 0) * 3_600_000 });
  const rows: Record<string, unknown>[] = [];
  let signed = 0;
  for (const w of waybills) {
    // The deadline it would have had; only one not already signed by then would have been signed by the system.
    const due = autoSignDue([candidate], w, now);
    if (due === null || (w.signedAt !== null && w.signedAt <= due)) continue;
    signed += 1;
    if (rows.length < MAX_ROWS) {
      rows.push({ waybillNo: w.waybillNo, reachedAt: formatTime(w.reachedAt), dueAt: formatTime(due), actual: w.signedAt === null ? '未签收' : `${formatTime(w.signedAt)} ${w.signedBy ?? ''}`.trim() });
    }
  }
  return {
    signed,
    summary: [{ label: '将被自动签收的运单', value: `${signed} 单` }],
    columns: [
      { key: 'waybillNo', title: '运单号' }, { key: 'reachedAt', title: '到达待签收时间' },
      { key: 'dueAt', title: '自动签收时间' }, { key: 'actual', title: '实际签收' },
    ],
    rows,
  };
}

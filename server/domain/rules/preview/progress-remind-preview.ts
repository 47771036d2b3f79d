// The 进度提醒 preview (configProcessRemindSet/preview): over the last 30 days, which waybills the
// candidate reminder would have reminded and when, judged by the sweep's own function (dueReminders)
// with the candidate alone, in force over the whole window, and the step's actual time beside it.
// Nothing is written.
import type { Conn } from '../../../resources/statements.ts';
import { DAY_MS, formatTime } from '../../../resources/time.ts';
import { CLASSIFIES, dueReminders, remindText } from '../progress-remind.ts';
import type { ProgressRemindRecord } from '../types/progress-remind.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';
import { candidateRule } from './candidate.ts';

const LISTED = 200;

export async function previewProgressRemind(conn: Conn, corpId: number, editedId: number | null, candidate: Record<string, unknown>, now: number): Promise<PreviewTable & { reminded: number }> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = candidateRule<ProgressRemindRecord>(candidate, editedId, { notifyCreator: 1, notifyCarrier: 0, userIds: [] } as Partial<ProgressRemindRecord>);
  const hours = Number(rule.hours) || 0;
  // Anchors from before the window whose deadline falls inside it count too.
  const due = await dueReminders(conn, corpId, [{ rule, version: 0, validSince: from, validUntil: null }], { from: from - hours * 3_600_000, now, waitingOnly: false });
  const step = CLASSIFIES[rule.classifyId]?.step ?? '';
  return {
    reminded: due.length,
    summary: [
      { label: '预览区间', value: `${formatTime(from)} 至 ${formatTime(now)}` },
      { label: '将提醒', value: `${due.length} 单` },
    ],
    columns: [
      { key: 'waybillNo', title: '运单号' }, { key: 'content', title: '提醒内容' }, { key: 'dueAt', title: '提醒时间' }, { key: 'reachedAt', title: `实际${step}时间` },
    ],
    rows: due.slice(0, LISTED).map((d) => ({
      waybillNo: d.waybill.waybillNo, content: remindText(rule.classifyId, rule.hours, d.waybill.waybillNo),
      dueAt: formatTime(d.dueAt), reachedAt: d.waybill.reachedAt === null ? `未${step}` : formatTime(d.waybill.reachedAt),
    })),
  };
}

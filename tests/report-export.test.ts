// A report's export as the user opens it in a spreadsheet: the sheet named after the report, the
// rows as the table reads them, the totals row under them, and durations readable beside a number.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedReportData } from './reports-fixture.ts';
import { createTestApp } from './support/test-app.ts';

const t = await createTestApp();
beforeAll(() => seedReportData(t.db));

async function exported(pageId: string, search: Record<string, unknown> = {}) {
  const admin = await t.as('admin');
  const created = await admin.post('/exportCenter/create', { pageId, ...search });
  expect(created.code, created.message).toBe(1);
  for (let i = 0; i < 400; i++) {
    const list = await admin.post('/exportCenter/list', { curPage: 1, pageSize: 50 });
    const task = list.result.data.find((x: any) => x.id === created.result.id);
    if (task && task.status !== 3) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const res = await t.app.request(`/api/exportCenter/download/${created.result.id}`, { headers: { token: admin.token } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const sheet = wb.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { wb, sheet, rows, admin };
}

describe('a report export', () => {
  it('names its sheet after the report and ends with the totals row of the whole result', async () => {
    const { sheet, rows, admin } = await exported('report/carrier-monthly');
    expect(sheet.name).toBe('承运商月度运输统计');
    const header = rows[0] as string[];
    expect(header.slice(0, 2)).toEqual(['承运商', '月份']);
    const totals = (await admin.post('/report/carrier-monthly/total', {})).result;
    const last = rows[rows.length - 1];
    expect(last[0]).toBe('合计');
    expect(last[header.indexOf('运单数')]).toBe(totals.waybillCount);
    expect(last[header.indexOf('准时率(%)')]).toBe(totals.onTimeRate);
    // Data rows: every group once, above the totals.
    const page = (await admin.post('/report/carrier-monthly/query', { curPage: 1, pageSize: 1000 })).result;
    expect(rows.length).toBe(1 + page.totalRecords + 1);
  });

  it('writes a duration as days, hours and minutes, with its minutes beside it', async () => {
    const { rows } = await exported('report/carrier-monthly');
    const header = rows[0] as string[];
    const text = header.indexOf('晚点总时长');
    expect(header[text + 1]).toBe('晚点总时长(分钟)');
    const row = rows.slice(1, -1).find((r) => typeof r[text + 1] === 'number' && (r[text + 1] as number) >= 60)!;
    expect(row).toBeDefined();
    const minutes = Math.round(row[text + 1] as number);
    const expected = `${Math.floor(minutes / 1440) || ''}${Math.floor(minutes / 1440) ? '天' : ''}`;
    expect(String(row[text])).toMatch(/^(\d+天)?(\d+小时)?(\d+分)?$/);
    expect(String(row[text]).startsWith(expected)).toBe(true);
  });

  it('reads a group with no carrier as 未指定承运商', async () => {
    const { rows } = await exported('report/carrier-monthly');
    const names = rows.slice(1, -1).map((r) => r[0]);
    expect(names).toContain('未指定承运商');
    expect(names.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
  });
});

// Formula injection in exports (docs/security.md, OWASP "CSV injection"): a text the user typed
// that starts with =, +, -, @, a tab or a carriage return reaches the exported sheet as a string
// cell with a leading ', never as a formula; numbers stay number cells, negative ones too. Every
// writer of a sheet goes through the one function that does it (server/exports/sheet-value.ts).
import ExcelJS from 'exceljs';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sheetValue } from '../../server/exports/sheet-value.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;

/** Each prefix a spreadsheet reads as the start of a formula. */
const PAYLOADS = ['=HYPERLINK("http://x","y")', '+1+2', '-1+2', '@SUM(1,2)', '\t=1+2', '\r=1+2'];

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});

async function exported(pageId: string, search: object): Promise<ExcelJS.Worksheet> {
  const created = await admin.post('/exportCenter/create', { pageId, ...search });
  expect(created.code, created.message).toBe(1);
  for (let i = 0; i < 400; i++) {
    const list = await admin.post('/exportCenter/list', { curPage: 1, pageSize: 50 });
    const task = list.result.data.find((x: { id: number }) => x.id === created.result.id);
    if (task?.status === 1) break;
    expect(task?.status, task?.failReason).not.toBe(2);
    await new Promise((r) => setTimeout(r, 25));
  }
  const res = await t.app.request(`/api/exportCenter/download/${created.result.id}`, { headers: { token: admin.token } });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  return wb.worksheets[0];
}

describe('exported text never runs as a formula', () => {
  it('customers named like formulas are exported as quoted text cells, and no cell is a formula', async () => {
    for (const [i, name] of PAYLOADS.entries()) {
      const r = await admin.post('/res/customer/save', { customerCode: `FX${i}`, customerName: name, address: name });
      expect(r.code, `${JSON.stringify(name)}: ${r.message}`).toBe(1);
    }
    const sheet = await exported('base/customer-list', { customerCode: 'FX', sorts: [{ field: 'customerCode', order: 'asc' }] });
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const nameCol = header.indexOf('客户名称') + 1;
    const addressCol = header.indexOf('地址') + 1;
    expect(nameCol).toBeGreaterThan(0);
    expect(addressCol).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(PAYLOADS.length + 1);
    for (const [i, name] of PAYLOADS.entries()) {
      for (const col of [nameCol, addressCol]) {
        const cell = sheet.getRow(i + 2).getCell(col);
        expect(cell.type, JSON.stringify(name)).toBe(ExcelJS.ValueType.String);
        // XML text turns a lone carriage return into a line feed on reading; the quote in front is what counts.
        expect(String(cell.value).replace(/\n/g, '\r'), JSON.stringify(name)).toBe(`'${name}`);
      }
    }
    sheet.eachRow((row) => row.eachCell((cell) => {
      expect(cell.type, cell.address).not.toBe(ExcelJS.ValueType.Formula);
      expect(cell.formula, cell.address).toBeFalsy();
    }));
  });

  it('numbers stay number cells, negative ones too; text that cannot start a formula is left as it is', () => {
    expect(sheetValue(-12.5)).toBe(-12.5);
    expect(sheetValue(0)).toBe(0);
    expect(sheetValue('-12.5')).toBe("'-12.5");
    expect(sheetValue('华运 =1+2')).toBe('华运 =1+2');
    expect(sheetValue(null)).toBeNull();
    expect(sheetValue(Number.NaN)).toBeNull();
    // An object could be taken for a cell model ({formula}); it is written as its JSON text.
    expect(sheetValue({ formula: 'A1*2' })).toBe('{"formula":"A1*2"}');
    expect(sheetValue('=A1')).toBe("'=A1");
  });

  it('every server file that writes a sheet with exceljs goes through sheetValue or sheetText', () => {
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
    });
    // A file that only reads sheets (the import's reader) makes no cells.
    const writers = files('server').filter((f) => {
      const text = readFileSync(f, 'utf8');
      return /from 'exceljs'/.test(text) && /addWorksheet|WorkbookWriter/.test(text);
    });
    expect(writers.length).toBeGreaterThanOrEqual(3);
    for (const f of writers) expect(readFileSync(f, 'utf8'), f).toMatch(/sheet(Value|Text)\(/);
  });
});

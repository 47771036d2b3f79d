// The import's sheet reader: whatever order the zip stores the workbook's parts in (OPC leaves it
// free; exceljs, Excel and WPS each pick their own), the first sheet's rows are read, with the texts
// of the shared strings, and the other sheets are passed over.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sheetRows } from '../server/imports/reader.ts';
import { declaredRows } from '../server/imports/row-count.ts';

const dir = mkdtempSync(join(tmpdir(), 'import-reader-'));
const ROWS = [['车牌号', '载重(吨)'], ['浙A12345', 18], ['沪B67890', 31.5]];

async function workbook(): Promise<JSZip> {
  const wb = new ExcelJS.Workbook();
  const data = wb.addWorksheet('导入数据');
  for (const row of ROWS) data.addRow(row);
  wb.addWorksheet('可选值').addRow(['冷藏车']);
  return JSZip.loadAsync(await wb.xlsx.writeBuffer());
}

/** The same parts stored again in the order given (the named ones first, the rest after them). */
async function storedInOrder(zip: JSZip, first: string[]): Promise<string> {
  const paths = Object.keys(zip.files).filter((p) => !zip.files[p].dir);
  const out = new JSZip();
  for (const p of [...first, ...paths.filter((p) => !first.includes(p))]) out.file(p, await zip.files[p].async('uint8array'));
  const file = join(dir, `${first.join('+').replace(/\W/g, '_')}.xlsx`);
  writeFileSync(file, await out.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
  return file;
}

async function read(file: string) {
  const rows: unknown[][] = [];
  for await (const row of sheetRows(file)) rows.push(row.cells);
  return rows;
}

describe('the import sheet reader', () => {
  const orders = {
    'the workbook last, as exceljs stores it': [],
    'the shared strings and the sheet before the workbook': ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml'],
    'the sheets first of all': ['xl/worksheets/sheet2.xml', 'xl/worksheets/sheet1.xml'],
    'the workbook and the shared strings first': ['xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/_rels/workbook.xml.rels'],
  };
  for (const [name, first] of Object.entries(orders)) {
    it(`reads the first sheet's rows with ${name}`, async () => {
      const file = await storedInOrder(await workbook(), first);
      expect(await read(file)).toEqual(ROWS);
      expect(await declaredRows(file)).toBe(ROWS.length);
    });
  }

  it('refuses a zip that is not a workbook', async () => {
    const zip = new JSZip();
    zip.file('xl/worksheets/sheet1.xml', '<worksheet><sheetData/></worksheet>');
    const file = join(dir, 'no-workbook.xlsx');
    writeFileSync(file, await zip.generateAsync({ type: 'uint8array' }));
    await expect(read(file)).rejects.toThrow(/not a workbook/);
  });
});

// The import's quick row count: the rows a sheet declares, counted on its bytes without a parse.
import ExcelJS from 'exceljs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredRows, rowTags } from '../server/imports/row-count.ts';

async function* chunked(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('row count of an .xlsx sheet', () => {
  const xml = '<worksheet><sheetData><row r="1"><c r="A1"/></row><row r="2">\n</row><row\tr="3"/><rowBreaks/></sheetData><rows/></worksheet>';

  it('counts each row tag once wherever the chunks are cut, and no other tag starting with row', async () => {
    for (let size = 1; size <= xml.length; size++) expect(await rowTags(chunked(xml, size))).toBe(3);
  });

  it('counts the rows of a workbook, header included, from its first sheet only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'row-count-'));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导入数据');
    for (let i = 0; i <= 1234; i++) ws.addRow([`浙A${i}`, i]);
    wb.addWorksheet('可选值').addRow(['x']);
    const file = join(dir, 'a.xlsx');
    writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(await declaredRows(file)).toBe(1235);
  });

  it('answers 0 for tags written with a namespace prefix, which a counting parse then settles', async () => {
    expect(await rowTags(chunked('<x:sheetData><x:row r="1"></x:row></x:sheetData>', 7))).toBe(0);
  });
});

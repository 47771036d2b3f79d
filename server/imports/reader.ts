// Reads an uploaded .xlsx streaming (exceljs WorkbookReader): the first sheet's rows one at a time,
// so a file of 100,000 rows never sits in memory as a workbook. Other sheets (the template's 可选值)
// are passed over. Entirely empty rows are skipped; the row number is the spreadsheet's own.
import ExcelJS from 'exceljs';

export interface SheetRow {
  /** The row number the user sees in the spreadsheet. */
  number: number;
  /** Cell values by column (0 = column A). */
  cells: unknown[];
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export async function* sheetRows(file: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' });
  let first = true;
  for await (const sheet of reader) {
    if (!first) {
      for await (const _ of sheet) void _; // drained, so the zip reading goes on
      continue;
    }
    first = false;
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1);
      if (values.every(blank)) continue;
      yield { number: row.number, cells: values };
    }
  }
}

// A streaming .xlsx writer (exceljs WorkbookWriter): each row is committed as soon as it is added,
// so only the rows of the page in hand are in memory, however large the export.
import ExcelJS from 'exceljs';
import type { ExportColumn } from './cells.ts';

/** A sheet holds 1,048,576 rows; a larger export goes on in a further sheet. */
export const ROWS_PER_SHEET = 1_000_000;

export class XlsxStream {
  private readonly wb: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet?: ExcelJS.Worksheet;
  private inSheet = 0;
  private sheets = 0;

  constructor(filename: string, private readonly columns: ExportColumn[]) {
    this.wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: false, useSharedStrings: false });
  }

  private nextSheet() {
    this.sheet?.commit();
    this.sheets += 1;
    this.sheet = this.wb.addWorksheet(this.sheets === 1 ? 'Sheet1' : `Sheet${this.sheets}`);
    this.sheet.columns = this.columns.map((c) => ({ header: c.title, key: c.field, width: Math.min(40, Math.max(10, c.title.length * 2 + 2)) }));
    this.inSheet = 0;
  }

  add(row: Record<string, unknown>) {
    if (!this.sheet || this.inSheet >= ROWS_PER_SHEET) this.nextSheet();
    this.sheet!.addRow(this.columns.map((c) => c.cell(row[c.field]))).commit();
    this.inSheet += 1;
  }

  async close() {
    if (!this.sheet) this.nextSheet(); // an empty export still has its header row
    this.sheet!.commit();
    await this.wb.commit();
  }
}

// A streaming .xlsx writer (exceljs WorkbookWriter): each row is committed as soon as it is added,
// so only the rows of the page in hand are in memory, however large the export. exceljs pushes a
// committed row's XML on towards the zip's deflate stream without waiting for it, so a writer that
// produces faster than deflate compresses (a busy machine) piles the XML up in memory: `drained()`
// is the missing backpressure, awaited by the runner between batches of rows.
import ExcelJS from 'exceljs';
import type { ExportColumn } from './cells.ts';
import { sheetText, sheetValue } from './sheet-value.ts';
import { sheetName } from './file-name.ts';

/** A sheet holds 1,048,576 rows; a larger export goes on in a further sheet. */
export const ROWS_PER_SHEET = 1_000_000;
/** Uncompressed or unwritten bytes allowed to wait in the pipeline before the writer waits. */
const BACKLOG_LIMIT = 4 * 2 ** 20;
const WAIT_MS = 5;

interface Buffered {
  writableLength?: number;
  /** readable-stream 2 (archiver's PassThrough) has no writableLength getter, only its state. */
  _writableState?: { length?: number };
  /** exceljs StreamBuf: its own buffers (before a pipe is attached) and its pipes. */
  buffers?: { length: number }[];
  pipes?: Buffered[];
}

export class XlsxStream {
  private readonly wb: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet?: ExcelJS.Worksheet;
  private inSheet = 0;
  private sheets = 0;

  /** `title`: the page's, naming the sheet (file-name.ts sheetName). */
  constructor(filename: string, private readonly columns: ExportColumn[], private readonly title = 'Sheet') {
    this.wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: false, useSharedStrings: false });
  }

  private nextSheet() {
    this.sheet?.commit();
    this.sheets += 1;
    this.sheet = this.wb.addWorksheet(sheetName(this.title, this.sheets));
    // Titles may be the user's own (column settings): quoted like any other text.
    this.sheet.columns = this.columns.map((c, i) => ({ header: sheetText(c.title), key: `${c.field}#${i}`, width: Math.min(40, Math.max(10, c.title.length * 2 + 2)) }));
    this.inSheet = 0;
  }

  add(row: Record<string, unknown>) {
    if (!this.sheet || this.inSheet >= ROWS_PER_SHEET) this.nextSheet();
    // Every cell through sheetValue: no text the user typed is ever read as a formula.
    this.sheet!.addRow(this.columns.map((c) => sheetValue(c.cell(row[c.field])))).commit();
    this.inSheet += 1;
  }

  /**
   * The totals row under the data (a report's 合计): the label in the first column that has no total,
   * each total under its column, read like any other cell.
   */
  addTotals(label: string, totals: Record<string, unknown>) {
    if (!this.sheet) this.nextSheet();
    const labelAt = this.columns.findIndex((c) => !(c.field in totals));
    this.sheet!.addRow(this.columns.map((c, i) => (i === labelAt ? sheetText(label) : c.field in totals ? sheetValue(c.cell(totals[c.field])) : null))).commit();
  }

  /** Bytes waiting between the sheet and the file: the sheet's buffer, the deflate stream's input, the file stream's. */
  private backlog(): number {
    const sheetStream = (this.sheet as unknown as { stream?: Buffered } | undefined)?.stream;
    const file = (this.wb as unknown as { stream?: Buffered }).stream;
    const own = sheetStream?.buffers?.reduce((n, b) => n + b.length, 0) ?? 0;
    const piped = (sheetStream?.pipes ?? []).reduce((n, p) => n + (p.writableLength ?? p._writableState?.length ?? 0), 0);
    return own + piped + (file?.writableLength ?? 0);
  }

  /** Resolves once the pipeline has caught up with the rows added so far. */
  async drained(): Promise<void> {
    while (this.backlog() > BACKLOG_LIMIT) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }

  async close() {
    if (!this.sheet) this.nextSheet(); // an empty export still has its header row
    this.sheet!.commit();
    await this.wb.commit();
  }
}

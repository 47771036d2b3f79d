// Reads an uploaded .xlsx streaming (exceljs WorkbookReader): the first sheet's rows one at a time,
// so a file of 100,000 rows never sits in memory as a workbook. Other sheets (the template's 可选值)
// are never opened. Entirely empty rows are skipped; the row number is the spreadsheet's own.
import ExcelJS from 'exceljs';
import { StringDecoder } from 'node:string_decoder';
import { Open, type Entry } from 'unzipper';

// exceljs 4.4's streaming reader decodes each zip chunk to text on its own (utils/parse-sax.js), so a
// Chinese character whose three UTF-8 bytes straddle two chunks becomes two U+FFFD: in a file of a
// few thousand rows, some names and labels came out broken ("有限��司") and were refused. Its
// decoder passes strings through untouched, so the sheets and the shared strings are handed to it
// already decoded, by a StringDecoder that carries a split character over to the next chunk.
async function* decoded(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const tail = decoder.end();
  if (tail) yield tail;
}

const sheetNumber = (path: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(path)?.[1] ?? NaN);
/**
 * The worksheets of an .xlsx by their number, whatever order the zip stores them in: sheet1 is the
 * first tab (Excel, WPS and exceljs number them in tab order), and the one imported (row-count.ts
 * counts the same one).
 */
export const worksheetsOf = (files: Entry[]) =>
  files.filter((f) => Number.isInteger(sheetNumber(f.path))).sort((a, b) => sheetNumber(a.path) - sheetNumber(b.path));

type ReaderInternals = {
  input: string;
  _parseRels(entry: NodeJS.ReadableStream): Promise<void>;
  _parseWorkbook(entry: NodeJS.ReadableStream): Promise<void>;
  _parseStyles(entry: NodeJS.ReadableStream): Promise<void>;
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<unknown>;
  parse(): AsyncGenerator<unknown>;
};
// exceljs 4.4 reads the zip in one streaming pass, in the order the parts are stored, and a workbook
// exceljs wrote stores xl/workbook.xml last: on a busy machine that pass sometimes ends before the last
// entry is handed over, and the sheet is then read without the workbook's model ("Cannot read
// properties of undefined (reading 'sheets')": about one upload in a thousand under load, told to the
// user as an unreadable file). The parts are instead opened through the zip's central directory, the
// workbook's own ones first; each worksheet is still read as a stream, row by row.
const internals = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
internals.parse = async function* (this: ReaderInternals) {
  const { files } = await Open.file(this.input);
  const part = (path: string) => files.find((f) => f.path === path);
  const rels = part('xl/_rels/workbook.xml.rels');
  const workbook = part('xl/workbook.xml');
  if (!rels || !workbook) throw new Error('not a workbook: xl/workbook.xml or its relations are missing');
  await this._parseRels(rels.stream());
  await this._parseWorkbook(workbook.stream());
  const styles = part('xl/styles.xml');
  if (styles) await this._parseStyles(styles.stream());
  const sharedStrings = part('xl/sharedStrings.xml')?.stream();
  if (sharedStrings) {
    sharedStrings.setEncoding('utf8');
    yield* this._parseSharedStrings(sharedStrings);
  }
  for (const sheet of worksheetsOf(files)) {
    yield* this._parseWorksheet(decoded(sheet.stream() as AsyncIterable<Buffer>), String(sheetNumber(sheet.path)));
  }
};

export interface SheetRow {
  /** The row number the user sees in the spreadsheet. */
  number: number;
  /** Cell values by column (0 = column A). */
  cells: unknown[];
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export async function* sheetRows(file: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1);
      if (values.every(blank)) continue;
      yield { number: row.number, cells: values };
    }
    return; // the first sheet only: the others are never opened
  }
}

/**
 * The source's items, up to `size` of them requested ahead: while the consumer awaits its own work
 * (a batch's statements on PostgreSQL), the source goes on producing (the sheet goes on being parsed).
 * Holds at most `size` items more than the consumer has taken.
 */
export async function* readAhead<T>(source: AsyncIterable<T>, size: number): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  const queue: Promise<IteratorResult<T>>[] = [];
  try {
    for (;;) {
      while (queue.length < size) {
        const next = it.next();
        // Marked handled: a failure is thrown where it is awaited, in order; one never awaited
        // (the consumer stopped first) must not end the process as an unhandled rejection.
        void next.catch(() => undefined);
        queue.push(next);
      }
      const r = await queue.shift()!;
      if (r.done) return;
      yield r.value;
    }
  } finally {
    await it.return?.();
  }
}

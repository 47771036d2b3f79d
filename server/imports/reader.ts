// Reads an uploaded .xlsx streaming (exceljs WorkbookReader): the first sheet's rows one at a time,
// so a file of 100,000 rows never sits in memory as a workbook. Other sheets (the template's 可选值)
// are passed over. Entirely empty rows are skipped; the row number is the spreadsheet's own.
import ExcelJS from 'exceljs';
import { StringDecoder } from 'node:string_decoder';

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
type ReaderInternals = {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): unknown;
  _parseSharedStrings(entry: { setEncoding?(encoding: string): void }): unknown;
};
const internals = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
const parseWorksheet = internals._parseWorksheet;
const parseSharedStrings = internals._parseSharedStrings;
internals._parseWorksheet = function (this: unknown, iterator, sheetNo) {
  return parseWorksheet.call(this, decoded(iterator), sheetNo);
};
internals._parseSharedStrings = function (this: unknown, entry) {
  entry.setEncoding?.('utf8');
  return parseSharedStrings.call(this, entry);
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

// How many rows the first sheet of an .xlsx declares, counted from its XML without parsing it: the
// `<row` tags of the first worksheet entry (reader.ts worksheetsOf: the sheet the import reads). A
// tenth of a second for 100,000 rows, against seconds for a parse, so that a task knows its size and
// can refuse a file over the limit before anything is written, while the rows themselves are parsed
// once. It is an upper bound: rows holding only blanks or formatting are counted here and skipped by
// the reader. 0 when the sheet writes its tags with a namespace prefix (`<x:row>`) or is not found:
// the caller then counts by parsing.
import { Open } from 'unzipper';
import { worksheetsOf } from './reader.ts';

const TAG = Buffer.from('<row');

/** Occurrences of `<row` followed by a space or `>` (not `<rows…>` or another tag). */
function tagsIn(bytes: Buffer): number {
  let n = 0;
  for (let at = bytes.indexOf(TAG); at >= 0 && at + TAG.length < bytes.length; at = bytes.indexOf(TAG, at + 1)) {
    const next = bytes[at + TAG.length];
    if (next === 0x20 || next === 0x3e || next === 0x09 || next === 0x0a || next === 0x0d) n += 1;
  }
  return n;
}

/** The `<row` tags in a stream of a sheet's bytes, however the stream is cut into chunks. */
export async function rowTags(chunks: AsyncIterable<Buffer>): Promise<number> {
  let n = 0;
  // The last bytes of a chunk are kept, so a tag split between two chunks is seen whole once: a tag
  // with its next byte is 5 bytes, longer than the 4 kept, so it is never counted twice.
  let tail: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const bytes = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    n += tagsIn(bytes);
    tail = bytes.subarray(Math.max(0, bytes.length - TAG.length));
  }
  return n;
}

export async function declaredRows(file: string): Promise<number> {
  const directory = await Open.file(file);
  const [sheet] = worksheetsOf(directory.files);
  return sheet ? rowTags(sheet.stream() as AsyncIterable<Buffer>) : 0;
}

// A page's rows as an .xlsx answered at once (the spec's "blob" calls: the poultry cost list, the fixed
// lines, their schedules): the export centre's source, columns, cell rules and streaming writer, up to
// the spec's export page (100,000 rows); a larger list goes through the export centre.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../http/context.ts';
import { exportColumns } from './cells.ts';
import { exportSource, type SourceContext } from './source.ts';
import { EXPORT_PAGE_SIZE, READ_ROWS } from './runner.ts';
import { XlsxStream } from './xlsx.ts';
import { attachmentHeaders, exportFileName } from './file-name.ts';

export async function blobExport(ctx: SourceContext & { filesDir: string }, user: SessionUser, pageId: string, body: Record<string, unknown>, fallbackTitle: string): Promise<Response> {
  const source = await exportSource(ctx, user, pageId, body);
  const dir = join(ctx.filesDir, 'exports');
  const file = join(dir, `blob-${randomUUID()}.xlsx`);
  try {
    mkdirSync(dir, { recursive: true });
    const title = String(source.page.title ?? fallbackTitle);
    const xlsx = new XlsxStream(file, exportColumns(ctx.registry(), source.page, source.columns), title);
    for (let curPage = 1, done = 0; done < EXPORT_PAGE_SIZE; curPage++) {
      const page = await source.fetch(curPage, READ_ROWS);
      for (const row of page.data) xlsx.add(row);
      done += page.data.length;
      if (page.data.length < READ_ROWS) break;
    }
    if (source.totals) {
      const { label, values } = await source.totals();
      xlsx.addTotals(label, values);
    }
    await xlsx.close();
    const bytes = readFileSync(file);
    return new Response(new Uint8Array(bytes), { status: 200, headers: { ...attachmentHeaders(exportFileName(title, Date.now())), 'content-length': String(bytes.byteLength) } });
  } finally {
    await source.close();
    rmSync(file, { force: true });
  }
}

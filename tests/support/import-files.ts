// Import test helpers: a workbook written like a user fills the template (header row of titles,
// one row per record), sent to /importCenter/create as multipart, and the task polled to its end.
import ExcelJS from 'exceljs';
import type { TestApp } from './test-app.ts';

export async function xlsxOf(header: string[], rows: unknown[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入数据');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

export async function upload(t: TestApp, token: string, query: Record<string, string>, bytes: Uint8Array, name = '车辆.xlsx') {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  const res = await t.app.request(`/api/importCenter/create?${new URLSearchParams(query)}`, { method: 'POST', headers: { token }, body: form });
  return { status: res.status, ...(await res.json()) } as { status: number; code: number; message: string; result: any };
}

export async function finished(caller: { post: (p: string, b?: unknown) => Promise<any> }, id: number, ms = 120_000) {
  for (const until = Date.now() + ms; Date.now() < until;) {
    const r = await caller.post('/importCenter/list', { curPage: 1, pageSize: 50 });
    const task = r.result.data.find((x: any) => x.id === id);
    if (task && task.status !== 3) return task;
    await new Promise((res) => setTimeout(res, 30));
  }
  throw new Error('import did not finish');
}

/** The rows of a downloaded .xlsx's first sheet, header included. */
export async function sheetOf(res: Response): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

// Property: rows imported from the goods template and exported from the goods list read the same —
// labels stay labels, numbers stay numbers. A text that looks like a formula ("+", "=…") is written by
// the export with a leading ' (exports/sheet-value.ts, against formula injection); the exported cells
// are read as the import reads a cell (cellText drops that quote), so the file can be imported again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellText } from '../server/imports/columns.ts';
import { createTestApp } from './support/test-app.ts';
import { finished, sheetOf, upload, xlsxOf } from './support/import-files.ts';

const t = await createTestApp();
const admin = await t.as('admin');
const reg = t.registry.get();
const labels = (dict: string) => reg.dictionaries.get(dict)!.items.filter((i) => !i.disabled).map((i) => i.label);
const HEADER = ['*货品编码', '*货品名称', '*货品类别', '*计量单位', '单位重量(千克)', '单位体积(立方米)', '是否冷链', '状态'];

const text = (max: number) => fc.string({ minLength: 1, maxLength: max, unit: fc.constantFrom(...'货品鲜奶冷冻AaZz09=+-@ _（）#'.split('')) })
  .filter((s) => s.trim() === s && s !== '' && !s.startsWith("'"));
const goodsRow = fc.record({
  name: text(20),
  category: fc.constantFrom(...labels('goodsCategory')),
  unit: fc.constantFrom('箱', '吨', '件', '筐'),
  weight: fc.integer({ min: 0, max: 99_999_999 }).map((n) => n / 1000),
  volume: fc.integer({ min: 0, max: 9_999_999 }).map((n) => n / 10_000),
  cold: fc.constantFrom(...labels('yesNo')),
  status: fc.constantFrom(...labels('enableStatus')),
});

let run = 0;
async function exportedRows(prefix: string) {
  const created = await admin.post('/exportCenter/create', { pageId: 'base/goods-list', goodsCode: prefix, sorts: [{ field: 'goodsCode', order: 'asc' }] });
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    const task = (await admin.post('/exportCenter/list', {})).result.data.find((x: any) => x.id === created.result.id);
    if (task?.status === 1) break;
    await new Promise((r) => setTimeout(r, 30));
  }
  return sheetOf(await t.app.request(`/api/exportCenter/download/${created.result.id}`, { headers: { token: admin.token } }));
}

describe('import then export', () => {
  it('gives the same rows', async () => {
    await fc.assert(fc.asyncProperty(fc.array(goodsRow, { minLength: 1, maxLength: 15 }), async (rows) => {
      const prefix = `PT${String(++run).padStart(3, '0')}`;
      const typed = rows.map((r, i) => [`${prefix}-${String(i).padStart(2, '0')}`, r.name, r.category, r.unit, r.weight, r.volume, r.cold, r.status]);
      const created = await upload(t, admin.token, { resourceId: 'goods', mode: '1', onDuplicate: '2' }, await xlsxOf(HEADER, typed), '货品.xlsx');
      const task = await finished(admin, created.result.id);
      expect(task).toMatchObject({ status: 1, rowsOk: rows.length });
      const [header, ...out] = await exportedRows(prefix);
      const titles = HEADER.map((h) => h.replace(/^\*/, ''));
      const at = titles.map((title) => (header as string[]).indexOf(title));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect(out.map((row) => at.map((i) => cellText(row[i])))).toEqual(typed);
    }), { numRuns: 8, seed: 20261126 });
  }, 300_000);
});

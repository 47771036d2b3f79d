// The development watcher after an editor's atomic save (write a temp file, rename it over the
// schema file): later edits of the same file are still picked up.
import { cpSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdRegistry, type RegistryHolder } from '../server/registry/holder.ts';
import { SCHEMAS_DIR } from '../server/registry/load.ts';

let holder: RegistryHolder | undefined;
afterEach(() => holder?.close());

function titleAfterReload(h: RegistryHolder, change: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error('the watcher did not reload')), 8000);
    let done = false;
    h.onReload((reg) => {
      if (done) return;
      done = true;
      clearTimeout(timeout);
      resolve(reg.reports.get('report/daily-waybills')!.title);
    });
    change();
  });
}

describe('schema watcher', () => {
  it('keeps watching a file replaced by an atomic save', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'huoyun-watch-')), 'schemas');
    cpSync(SCHEMAS_DIR, root, { recursive: true });
    const file = join(root, 'reports', 'daily-waybills.json');
    const original = readFileSync(file, 'utf8');
    const atomicSave = (text: string) => {
      const temp = join(root, 'reports', '.daily-waybills.json.swp');
      writeFileSync(temp, text);
      renameSync(temp, file);
    };
    const h = holdRegistry({ root, watch: true, debounceMs: 50 });
    holder = h;
    expect(await titleAfterReload(h, () => atomicSave(original.replace('"每日运单量"', '"每日运单量一"')))).toBe('每日运单量一');
    // The file now has a new inode: both another atomic save and a plain write must still be seen.
    expect(await titleAfterReload(h, () => atomicSave(original.replace('"每日运单量"', '"每日运单量二"')))).toBe('每日运单量二');
    expect(await titleAfterReload(h, () => writeFileSync(file, original.replace('"每日运单量"', '"每日运单量三"')))).toBe('每日运单量三');
  });

  it('says why a reload failed, with file, place and problem, and keeps the previous schemas', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'huoyun-watch-')), 'schemas');
    cpSync(SCHEMAS_DIR, root, { recursive: true });
    const file = join(root, 'reports', 'daily-waybills.json');
    const h = holdRegistry({ root, watch: true, debounceMs: 50 });
    holder = h;
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(m));
    try {
      writeFileSync(file, readFileSync(file, 'utf8').replace('"type": "line"', '"type": "lines"'));
      await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 8000 });
    } finally {
      spy.mockRestore();
    }
    expect(errors[0]).toContain('文件: schemas/reports/daily-waybills.json');
    expect(errors[0]).toContain('位置: /chart/type');
    expect(errors[0]).toContain('应为以下之一: "line"、"bar"、"pie"');
    expect(h.get().reports.get('report/daily-waybills')!.chart!.type).toBe('line');
  });
});

// npm run gen:catalogue: writes the catalogue of tables and columns a report file may name into
// docs/configurator.md, between its markers, from the drizzle schema (server/reports/catalogue.ts).
// tests/configurator-catalogue.test.ts fails when the page is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueColumns } from '../server/reports/catalogue.ts';
import { loadRegistry } from '../server/registry/load.ts';

export const GUIDE = join(import.meta.dirname, '..', 'docs', 'configurator.md');
export const BEGIN = '<!-- report-catalogue:begin (npm run gen:catalogue writes this part) -->';
export const END = '<!-- report-catalogue:end -->';

/** The catalogue section: one row per table, the resource that edits it, and its columns. */
export function catalogueSection(): string {
  const titles = new Map<string, string>();
  for (const r of loadRegistry().resources.values()) if (!titles.has(r.table)) titles.set(r.table, r.title);
  const rows = catalogueColumns().map(({ table, columns }) => {
    const cols = columns.map((c) => `\`${c.name}\` ${c.type}${c.primary ? ' 主键' : ''}${c.nullable ? ' 可空' : ''}`).join('，');
    return `| \`${table}\` | ${titles.get(table) ?? ''} | ${cols} |`;
  });
  return [BEGIN, '', '| 数据表 | 资源 | 字段（类型；主键；可空） |', '|---|---|---|', ...rows, '', END].join('\n');
}

/** The guide with its catalogue section replaced by the current one. */
export function guideWithCatalogue(text: string): string {
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/configurator.md 缺少标记 ${BEGIN} … ${END}`);
  return text.slice(0, from) + catalogueSection() + text.slice(to + END.length);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const before = readFileSync(GUIDE, 'utf8');
  const after = guideWithCatalogue(before);
  if (after !== before) writeFileSync(GUIDE, after);
  console.log(after === before ? '数据表目录已是最新' : '已更新 docs/configurator.md 的数据表目录');
}

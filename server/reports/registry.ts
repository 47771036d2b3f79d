// How report files join the registry: each is kept as a report and served as a page of kind
// report (so menus route to it by page id), then cross-checked once every file is loaded.
import { SchemaError, type Registry } from '../registry/types.ts';
import { allOperations } from '../registry/references.ts';
import { sourceOf } from '../registry/source.ts';
import { checkReport } from './check.ts';
import { reportPage } from './page.ts';
import type { ReportFile } from './types.ts';

export function placeReport(registry: Registry, doc: ReportFile, rel: string, local: string) {
  if (doc.id !== `report/${local}`) throw new SchemaError(rel, '/id', `报表id应为 report/${local}`);
  if (registry.pages.has(doc.id)) throw new SchemaError(rel, '/id', `页面id重复: ${doc.id}`);
  registry.reports.set(doc.id, doc);
  const page = reportPage(doc);
  sourceOf.set(page, rel);
  registry.pages.set(doc.id, page);
}

/** Throws the first problem, or with `problems` collects every problem of every report. */
export function checkReports(registry: Registry, problems?: SchemaError[]) {
  const ctx = { operations: new Set(allOperations(registry.menus).keys()), dictionaries: registry.dictionaries, resources: registry.resources };
  for (const report of registry.reports.values()) {
    const found = checkReport(sourceOf.get(report) ?? report.id, report, ctx);
    if (found.length && !problems) throw found[0];
    problems?.push(...found);
  }
}

// The answers of grouped count calls, read into one count per tab. The order endpoints answer
// [{status, statusStr, count}] (orderInfo/count with groupByStatus); the waybill endpoints
// {totalRecords, tabs: [{status, statusStr, count}]} (waybill/getWaybillNumberByCondition).
// Pure, so both shapes are tested without rendering.
import type { Scalar } from './list-types.ts';

export const ALL = '__all__';

export interface TabItem {
  id: Scalar;
  label: string;
}

type Entry = Record<string, unknown>;

/** Counts by tab key (the 'all' tab under ALL: totalRecords, else the sum) and the tabs named. */
export function groupedCounts(answer: unknown, field: string): { counts: Record<string, number>; items: TabItem[] } {
  const box = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Entry) : undefined;
  const list = (Array.isArray(answer) ? answer : Array.isArray(box?.tabs) ? box.tabs : []) as Entry[];
  const counts: Record<string, number> = {};
  const items: TabItem[] = [];
  let sum = 0;
  for (const e of list) {
    const id = e[field] ?? e.status;
    if (typeof id !== 'number' && typeof id !== 'string') continue;
    const n = typeof e.count === 'number' ? e.count : 0;
    counts[String(id)] = n;
    sum += n;
    items.push({ id, label: String(e[`${field}Str`] ?? e.statusStr ?? id) });
  }
  counts[ALL] = typeof box?.totalRecords === 'number' ? box.totalRecords : sum;
  return { counts, items };
}

/** The dictionary's tabs in its order, then any the answer named that it lacks. */
export function tabsOf(dictionary: TabItem[] | undefined, answered: TabItem[], only?: readonly Scalar[]): TabItem[] {
  const base = dictionary ?? [];
  const known = new Set(base.map((i) => String(i.id)));
  const all = [...base, ...answered.filter((i) => !known.has(String(i.id)))];
  if (!only) return all;
  // `only`: the statuses this page's users can meet, in the order given (a partner never sees a draft).
  const byId = new Map(all.map((i) => [String(i.id), i]));
  return only.map((id) => byId.get(String(id))).filter((i): i is TabItem => i !== undefined);
}

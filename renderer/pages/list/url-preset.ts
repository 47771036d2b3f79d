// Where a route's list starts when a link says so (the dashboard's numbers link to the list they
// count): `?tab=400` opens that status tab and `?createdAt=<from>,<to>` (epoch ms, either end may
// be empty) fills that date-range condition of the search, so the list shows exactly the rows the
// number counted. Anything the page does not know is ignored.
import { operatorOf } from './search-body.ts';
import type { ListCondition, ListPageSchema, Scalar, SearchValues } from './list-types.ts';

export interface UrlPreset {
  tab?: Scalar;
  search: SearchValues;
}

const MS = /^\d{1,15}$/;
const numberOrText = (v: string): Scalar => (/^-?\d{1,15}$/.test(v) ? Number(v) : v);

/** The preset in `query` (a location's search string), or undefined when it holds none for this page. */
export function urlPreset(page: ListPageSchema, conditions: readonly ListCondition[], query: string): UrlPreset | undefined {
  const params = new URLSearchParams(query);
  const preset: UrlPreset = { search: {} };
  const tab = params.get('tab');
  if (page.tabs && tab) preset.tab = numberOrText(tab);
  for (const cond of conditions) {
    const raw = params.get(cond.field);
    if (raw === null || cond.hidden || operatorOf(page, cond) !== 'range') continue;
    const [from = '', to = ''] = raw.split(',');
    if ((from && !MS.test(from)) || (to && !MS.test(to)) || (!from && !to)) continue;
    preset.search[cond.field] = [from ? Number(from) : null, to ? Number(to) : null];
  }
  return preset.tab !== undefined || Object.keys(preset.search).length ? preset : undefined;
}

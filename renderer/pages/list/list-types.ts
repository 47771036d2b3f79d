// Types the list renderer shares between its pieces. The page contract (page-types.ts) is the
// server's; the few additions here are read defensively because the server may not send them yet.
import type { Condition, PageContext, PageSchema } from '../page-types.ts';

/** How the resource engine compares a search field (schemas/resources/*.json `search`). */
export type Operator = 'eq' | 'like' | 'in' | 'range';

/** The shell passes `routeOf` so actions can open a page at the route the menu gives it. */
export interface ListContext extends PageContext {
  routeOf?: (pageId: string) => string | undefined;
}

/** A condition may name its operator; otherwise it is taken from the page or guessed from the widget. */
export type ListCondition = Condition & { operator?: Operator };

export type ListPageSchema = PageSchema & {
  /** The resource's search operators by field, when the server publishes them with the page. */
  searchOperators?: Record<string, Operator>;
};

export type Row = Record<string, unknown>;

export type Scalar = string | number;
/** One condition's value as the search bar holds it: ranges are [from, to] epoch ms. */
export type SearchValue = Scalar | Scalar[] | [number | null, number | null] | null | undefined;
export type SearchValues = Record<string, SearchValue>;

export interface Sort {
  field: string;
  order: 'asc' | 'desc';
}

export interface ListResult {
  data: Row[];
  totalRecords: number;
  curPage?: number;
  pageSize?: number;
}

export interface Option {
  value: Scalar;
  label: string;
  disabled?: boolean;
}

/** Spec section 9: paging. */
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100, 200, 500, 1000] as const;
/**
 * Spec section 9 reads filter lists 2000 at a time, but the resource engine caps a page at 1000
 * (server/resources/input-schemas.ts MAX_PAGE_SIZE) and answers 100 above it.
 */
export const FILTER_LIST_PAGE_SIZE = 1000;
export const EMPTY_TEXT = '暂无数据';

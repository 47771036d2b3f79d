// Spec section 9: the dropdown's search waits 300 ms after typing; its virtual list has 22 px
// items, renders 50 beyond the visible ones, and stops growing at 220 px once above 9 items.
export const SEARCH_DEBOUNCE_MS = 300;
export const ITEM_HEIGHT = 22;
export const OVERSCAN = 50;
export const MAX_ITEMS_WITHOUT_SCROLL = 9;
export const LIST_HEIGHT = 220;

/** The list's height: every item up to 9, then a fixed 220 px that scrolls. */
export function listHeightOf(count: number): number {
  return count > MAX_ITEMS_WITHOUT_SCROLL ? LIST_HEIGHT : Math.max(count, 1) * ITEM_HEIGHT;
}

export type SelectValue = string | number;

export interface SelectOption {
  value: SelectValue;
  label: string;
  disabled?: boolean;
}

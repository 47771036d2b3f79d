// Which page buttons the pager shows: first, last, and the current page with two either side;
// gaps become '…' buttons that jump five pages (the usual element-style pager).
export type PagerItem = number | 'prev-more' | 'next-more';

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pagerItems(current: number, count: number): PagerItem[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 2, count - 5));
  const to = Math.min(count - 1, Math.max(current + 2, 6));
  const items: PagerItem[] = [1];
  if (from > 2) items.push('prev-more');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < count - 1) items.push('next-more');
  items.push(count);
  return items;
}

export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), count);
}

// Where each dashboard number leads: the list that counts it, opened on the same tab and creation
// period (renderer/pages/list/url-preset.ts), so the list shows exactly the counted rows. A line's
// orders and waybills are its own list pages (their fixed filter is the line's business types);
// a list the user may not open (no route for its page) gives no link.

/** Business line → its order list and waybill list page ids (schemas/menus/transport.json). */
export const LINE_PAGES: Record<string, { orders?: string; waybills?: string }> = {
  finishProduct: { orders: 'transport/order-list', waybills: 'transport/waybill-list' },
  rawMaterial: { orders: 'transport/feedstuffOrder/list', waybills: 'transport/feedstuffWaybill/list' },
  DHN: { orders: 'transport/orderManageDHN/list' },
  JR: { orders: 'transport/orderManageJR/list', waybills: 'transport/waybillListJR/list' },
  yqmj: { orders: 'transport/yqmjOrder/list', waybills: 'transport/yqmjWaybill/list' },
  yqChicks: { orders: 'transport/yqChicksOrder/list', waybills: 'transport/yqChicksWaybill/list' },
  ZM: { orders: 'transport/orderManageZM/list', waybills: 'transport/waybillManageZM/list' },
};

export const VEHICLE_LIST = 'base/vehicle-list';
export const WAYBILL_DETAIL = 'transport/waybill-detail';

export type RouteOf = (pageId: string) => string | undefined;

/** The list of a line's orders or waybills, on `tab` and within `createdAt` when given. */
export function lineListHref(routeOf: RouteOf, line: string, kind: 'orders' | 'waybills', filter: { tab?: number; createdAt?: [number, number] } = {}): string | undefined {
  const pageId = LINE_PAGES[line]?.[kind];
  const route = pageId ? routeOf(pageId) : undefined;
  if (!route) return undefined;
  const query = new URLSearchParams();
  if (filter.tab !== undefined) query.set('tab', String(filter.tab));
  if (filter.createdAt) query.set('createdAt', filter.createdAt.join(','));
  const text = query.toString();
  return text ? `${route}?${text}` : route;
}

export function waybillHref(routeOf: RouteOf, waybillId: number): string | undefined {
  const route = routeOf(WAYBILL_DETAIL);
  return route ? `${route}?waybillId=${waybillId}` : undefined;
}

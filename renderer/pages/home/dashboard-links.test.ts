import { describe, expect, it } from 'vitest';
import { lineListHref, waybillHref } from './dashboard-links.ts';

const routes: Record<string, string> = { 'transport/waybill-list': '/waybill', 'transport/yqmjWaybill/list': '/yqmjWaybill', 'transport/waybill-detail': '/waybillDetails' };
const routeOf = (id: string) => routes[id];

describe('dashboard links', () => {
  it('lead to the line\'s own list, on the tab and creation period counted', () => {
    expect(lineListHref(routeOf, 'finishProduct', 'waybills', { tab: 400 })).toBe('/waybill?tab=400');
    expect(lineListHref(routeOf, 'yqmj', 'waybills', { tab: 100, createdAt: [1, 2] })).toBe('/yqmjWaybill?tab=100&createdAt=1%2C2');
    expect(lineListHref(routeOf, 'finishProduct', 'waybills')).toBe('/waybill');
  });

  it('give no link where no list counts the number or the user cannot open it', () => {
    expect(lineListHref(routeOf, 'DHN', 'waybills', { tab: 400 })).toBeUndefined(); // 大华农 has no waybill list
    expect(lineListHref(routeOf, 'other', 'waybills')).toBeUndefined();
    expect(lineListHref(routeOf, 'rawMaterial', 'waybills')).toBeUndefined(); // not granted: no route
    expect(waybillHref(routeOf, 7)).toBe('/waybillDetails?waybillId=7');
    expect(waybillHref(() => undefined, 7)).toBeUndefined();
  });
});

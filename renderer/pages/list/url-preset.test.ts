import { describe, expect, it } from 'vitest';
import { urlPreset } from './url-preset.ts';
import type { ListCondition, ListPageSchema } from './list-types.ts';

const page = { id: 'transport/waybill-list', kind: 'list', tabs: { field: 'status' } } as unknown as ListPageSchema;
const conditions = [
  { field: 'waybillNo', widget: 'text', operator: 'like' },
  { field: 'createdAt', widget: 'dateRange', operator: 'range' },
] as ListCondition[];

describe('urlPreset', () => {
  it('opens the tab and fills the creation period a link names', () => {
    expect(urlPreset(page, conditions, '?tab=400&createdAt=1764172800000%2C1764259199999')).toEqual({
      tab: 400, search: { createdAt: [1764172800000, 1764259199999] },
    });
    expect(urlPreset(page, conditions, '?createdAt=,1764259199999')).toEqual({ search: { createdAt: [null, 1764259199999] } });
  });

  it('ignores what the page does not know or cannot take', () => {
    expect(urlPreset(page, conditions, '')).toBeUndefined();
    expect(urlPreset(page, conditions, '?waybillNo=YD1&other=1')).toBeUndefined();
    expect(urlPreset(page, conditions, '?createdAt=yesterday')).toBeUndefined();
    expect(urlPreset(page, conditions, '?createdAt=,')).toBeUndefined();
    expect(urlPreset({ ...page, tabs: undefined }, conditions, '?tab=400')).toBeUndefined();
    expect(urlPreset(page, [{ ...conditions[1], hidden: true }], '?createdAt=1,2')).toBeUndefined();
  });
});

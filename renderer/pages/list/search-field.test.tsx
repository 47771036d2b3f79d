// @vitest-environment jsdom
// The search bar's lazy parts: a lookup select reads its list only when first opened, and the
// date-range shortcut menu, created on its first click, opens and works like before.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDictionaryCache } from './dictionary-cache.ts';
import type { ListPageSchema } from './list-types.ts';
import { SearchBar } from './search-bar.tsx';
import { fakeEnv, renderFluent, stubLayout } from './test-kit.tsx';

beforeAll(() => stubLayout());
// A route's list keeps its tab, page and size in session storage (kept-state.ts): each test starts afresh.
afterEach(() => (cleanup(), sessionStorage.clear()));

const LOOKUP = '/customerCarrier/findAllCarrierByPage';
const page: ListPageSchema = {
  id: 'base/vehicle-list',
  title: '车辆管理',
  kind: 'list',
  resource: 'vehicle',
  search: [
    { field: 'carrierId', label: '承运商', widget: 'select', lookup: LOOKUP },
    { field: 'updatedAt', label: '更新时间', widget: 'dateRange' },
  ],
  searchOperators: { carrierId: 'eq', updatedAt: 'range' },
  fields: { carrierId: { title: '承运商', type: 'integer' }, updatedAt: { title: '更新时间', type: 'integer', 'x-time': true } },
};

function setup() {
  const fake = fakeEnv({ [`POST ${LOOKUP}`]: () => ({ data: [{ id: 7, carrierName: '顺丰冷运' }, { id: 8, carrierName: '京东物流' }] }) });
  const onSearch = vi.fn();
  renderFluent(<SearchBar env={fake.env} cache={createDictionaryCache(fake.env)} page={page} conditions={page.search ?? []} onSearch={onSearch} />);
  return { fake, onSearch };
}

describe('SearchBar first render', () => {
  it('reads a lookup select list only when the select first opens, then picks from it', async () => {
    const { fake, onSearch } = setup();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.callsTo(LOOKUP)).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '承运商' }));
    // A browser moves focus into the opened popover; jsdom's focus manager does not (test-kit's openDialog).
    (await screen.findByRole('textbox', { name: '搜索', hidden: true })).focus();
    fireEvent.click(await screen.findByRole('option', { name: '京东物流' }));
    expect(fake.callsTo(LOOKUP)).toHaveLength(1);
    expect(fake.last(LOOKUP)).toEqual({ curPage: 1, pageSize: 1000 });
    await waitFor(() => expect(screen.getByRole('button', { name: '承运商' }).textContent).toContain('京东物流'));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenLastCalledWith({ carrierId: 8, updatedAt: undefined });
  });

  it('opens the date shortcut menu on the first click and again later; a shortcut fills the range', async () => {
    const { onSearch } = setup();
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '更新时间快捷选择' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '最近7天' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const [from, to] = onSearch.mock.lastCall![0].updatedAt as [number, number];
    expect(to - from + 1).toBe(7 * 86_400_000);
    // Opens again from the same button.
    fireEvent.click(screen.getByRole('button', { name: '更新时间快捷选择' }));
    expect(await screen.findByRole('menuitem', { name: '今天' })).toBeTruthy();
  });
});

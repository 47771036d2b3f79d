import { describe, expect, it, vi } from 'vitest';
import { collectTrack, DIALOG_PAGE_SIZE } from './track-loader.ts';

describe('map dialog track loader', () => {
  it('fetches pages of 8000 until the points reach totalRecords', async () => {
    const total = 17_500;
    const fetchPage = vi.fn(async ({ curPage, pageSize }: { curPage: number; pageSize: number }) => ({
      data: Array.from({ length: Math.max(0, Math.min(pageSize, total - (curPage - 1) * pageSize)) }, (_, i) => (curPage - 1) * pageSize + i),
      totalRecords: total,
      startPlaceName: 'A',
    }));
    const r = await collectTrack(fetchPage);
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([1, 2, 3].map((curPage) => ({ curPage, pageSize: DIALOG_PAGE_SIZE })));
    expect(r.data).toHaveLength(total);
    expect(r.data[8000]).toBe(8000);
    expect(r.startPlaceName).toBe('A');
  });

  it('stops on an empty page even if the total claimed more', async () => {
    const fetchPage = vi.fn(async () => ({ data: [], totalRecords: 10 }));
    expect((await collectTrack(fetchPage)).data).toEqual([]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});

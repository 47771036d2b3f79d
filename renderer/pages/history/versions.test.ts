import { describe, expect, it } from 'vitest';
import { changedFields, comparedIndexes, contrastOf, valueAt, type HistoryEntry } from './versions.ts';

// Newest first, as POST /res/<r>/history answers.
const entries: HistoryEntry[] = [
  { id: 3, action: 'update', recordVersion: 3, changedAtStr: '2026-01-03 10:00:00', changes: [{ field: 'remark', before: 'b', after: 'c' }] },
  { id: 2, action: 'update', recordVersion: 2, changedAtStr: '2026-01-02 10:00:00', changes: [{ field: 'enabled', before: 1, after: 0 }] },
  { id: 1, action: 'create', recordVersion: 1, changedAtStr: '2026-01-01 10:00:00', changes: [{ field: 'remark', before: null, after: 'b' }, { field: 'enabled', before: null, after: 1 }] },
];

describe('versions', () => {
  it('rebuilds a field at each version from the changes around it', () => {
    expect(valueAt(entries, 0, 'remark')).toBe('c');
    expect(valueAt(entries, 1, 'remark')).toBe('b');
    expect(valueAt(entries, 2, 'remark')).toBe('b');
    expect(valueAt(entries, 0, 'enabled')).toBe(0);
    expect(valueAt(entries, 2, 'enabled')).toBe(1);
    // Only the newest page loaded: the older value comes from the change's `before`.
    expect(valueAt(entries.slice(0, 1), 0, 'remark')).toBe('c');
    expect(valueAt(entries.slice(0, 2), 1, 'remark')).toBe('b');
  });

  it('lists fields in the order they first changed', () => {
    expect(changedFields(entries).map((f) => f.field)).toEqual(['remark', 'enabled']);
  });

  it('compares the chosen versions, else the newest two, oldest first', () => {
    expect(comparedIndexes(entries, new Set())).toEqual([1, 0]);
    expect(comparedIndexes(entries, new Set([3, 1]))).toEqual([2, 0]);
    expect(comparedIndexes(entries.slice(0, 1), new Set())).toEqual([]);
  });

  it('formats the contrast with dictionaries', () => {
    const ctx = {
      page: { fields: { remark: { title: '备注' }, enabled: { title: '启用', 'x-dictionary': 'yesNo' } } },
      dictionaries: new Map([['yesNo', new Map([['0', '否'], ['1', '是']])]]),
    };
    const c = contrastOf(entries, [2, 0], ctx);
    expect(c.columns).toEqual(['版本 1（2026-01-01 10:00:00）', '版本 3（2026-01-03 10:00:00）']);
    expect(c.rows).toEqual([
      { key: 'remark', label: '备注', values: ['b', 'c'] },
      { key: 'enabled', label: '启用', values: ['是', '否'] },
    ]);
  });
});

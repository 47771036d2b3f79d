import { describe, expect, it } from 'vitest';
import { entriesFromSnapshots } from './versions.ts';

describe('history from whole saved versions', () => {
  const fields = [{ field: 'remark', title: '备注' }, { field: 'totalQuantity', title: '总数量' }];
  it('lists per version what differs from the version before it; version 1 is the creation', () => {
    const rows = [
      { version: 3, userName: '张调度', changedAtStr: '2026-11-22 10:00:00', remark: 'b', totalQuantity: 5 },
      { version: 2, userName: '张调度', changedAtStr: '2026-11-22 09:00:00', remark: 'a', totalQuantity: 5 },
      { version: 1, userName: '王客户', changedAtStr: '2026-11-22 08:00:00', remark: 'a', totalQuantity: 4 },
    ];
    const entries = entriesFromSnapshots(rows, fields);
    expect(entries.map((e) => [e.id, e.action, e.recordVersion])).toEqual([[3, 'update', 3], [2, 'update', 2], [1, 'create', 1]]);
    expect(entries[0].changes).toEqual([{ field: 'remark', title: '备注', before: 'a', after: 'b' }]);
    expect(entries[1].changes).toEqual([{ field: 'totalQuantity', title: '总数量', before: 4, after: 5 }]);
    expect(entries[2].changes.map((c) => c.field)).toEqual(['remark', 'totalQuantity']);
  });
  it('the oldest loaded version of a later page is not called a creation', () => {
    expect(entriesFromSnapshots([{ version: 7, remark: 'x' }], fields)[0].action).toBe('update');
  });
});

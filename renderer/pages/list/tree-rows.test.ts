import { describe, expect, it } from 'vitest';
import { treeOrder } from './tree-rows.ts';

const names = (t: ReturnType<typeof treeOrder>) => t.rows.map((r) => `${'-'.repeat(t.depthOf(r))}${r.name}`);

describe('treeOrder', () => {
  it('puts each row under its parent, siblings in the order given', () => {
    const rows = [
      { id: 3, name: '调度一组', parentId: 2 },
      { id: 1, name: '总部', parentId: null },
      { id: 2, name: '运营部', parentId: 1 },
      { id: 4, name: '财务部', parentId: 1 },
      { id: 5, name: '调度二组', parentId: 2 },
    ];
    expect(names(treeOrder(rows, 'parentId'))).toEqual(['总部', '-运营部', '--调度一组', '--调度二组', '-财务部']);
  });

  it('starts a branch at a row whose parent is not shown, and never loops on a cycle', () => {
    const rows = [
      { id: 7, name: '仓储组', parentId: 99 },
      { id: 8, name: '甲', parentId: 9 },
      { id: 9, name: '乙', parentId: 8 },
    ];
    const t = treeOrder(rows, 'parentId');
    expect(names(t)).toEqual(['仓储组', '甲', '乙']);
  });
});

import { describe, expect, it } from 'vitest';
import type { PageFile, Registry } from '../registry/types.ts';
import { exportColumns } from './cells.ts';

describe('export cells', () => {
  it('write money (integer fen) as a number of yuan the sheet can sum', () => {
    const reg = { dictionaries: new Map() } as unknown as Registry;
    const page = { id: 'base/contract-list', fields: { amount: { title: '合同金额(元)', type: 'integer', 'x-money': true } } } as unknown as PageFile;
    const [amount] = exportColumns(reg, page, [{ field: 'amount' }]);
    expect(amount!.title).toBe('合同金额(元)');
    expect(amount!.cell(123450)).toBe(1234.5);
    expect(amount!.cell(29)).toBe(0.29);
    expect(amount!.cell(0)).toBe(0);
    expect(amount!.cell(null)).toBeNull();
  });
});

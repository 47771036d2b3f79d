import { describe, expect, it } from 'vitest';
import { draftOfStored, EMPTY_FORM, fenceBody, formErrors, type StoredFence } from './fence-form.ts';

const stored: StoredFence = {
  areaId: 7, areaName: '郑州仓', areaCode: 'ZZ01', areaLabel: '仓库', typeId: 1, lonCenter: 113.65, latCenter: 34.75, radius: null,
  areaLonLat: '34.760000,113.640000;34.760000,113.660000;34.740000,113.660000;34.740000,113.640000',
  province: '河南省', city: '郑州市', district: '金水区', position: '某路1号', isDelete: 0, version: 3,
};

describe('the fence form', () => {
  it('asks for the name and code, and a code of letters, digits, _ and - when adding', () => {
    expect(formErrors(EMPTY_FORM, true)).toEqual({ areaName: '围栏名称不能为空', areaCode: '围栏编码不能为空' });
    expect(formErrors({ ...EMPTY_FORM, areaName: '仓', areaCode: '编码 1' }, true).areaCode).toBe('围栏编码只能包含字母、数字、下划线和短横线');
    expect(formErrors({ ...EMPTY_FORM, areaName: '仓', areaCode: 'A1', areaLabel: 'x'.repeat(51) }, true).areaLabel).toBe('围栏标签最多50个字符');
  });

  it('opens a stored rectangle as its two corners, and a circle as its centre and radius', () => {
    expect(draftOfStored(stored)).toEqual({ typeId: 1, points: [[113.64, 34.74], [113.66, 34.76]], radius: 200 });
    expect(draftOfStored({ ...stored, typeId: 3, radius: 500 })).toEqual({ typeId: 3, points: [[113.65, 34.75]], radius: 500 });
  });

  it('sends an update with id and version and without the code; an add with the code', () => {
    const draft = { typeId: 3 as const, points: [[113.65, 34.75] as [number, number]], radius: 300 };
    const form = { ...EMPTY_FORM, areaName: ' 新仓 ', areaCode: 'N1', areaLabel: '门店' };
    const update = fenceBody(draft, form, stored);
    expect(update).toMatchObject({ areaId: 7, version: 3, typeId: 3, radius: 300, lonCenter: 113.65, latCenter: 34.75, areaName: '新仓', areaLabel: '门店' });
    expect(update).not.toHaveProperty('areaCode');
    const add = fenceBody(draft, form, null);
    expect(add).toMatchObject({ areaCode: 'N1', areaName: '新仓' });
    expect(add).not.toHaveProperty('areaId');
  });

  it('sends the picked 所属客户 as its id, and none as null (the server clears it)', () => {
    const draft = { typeId: 3 as const, points: [[113.65, 34.75] as [number, number]], radius: 300 };
    expect(fenceBody(draft, { ...EMPTY_FORM, areaName: '仓', customerId: '12' }, stored).customerId).toBe(12);
    expect(fenceBody(draft, { ...EMPTY_FORM, areaName: '仓', customerId: '' }, stored).customerId).toBeNull();
  });
});

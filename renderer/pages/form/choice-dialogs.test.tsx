// @vitest-environment jsdom
// The order dialogs of spec section 2 that choose before acting: "goods select" (tick goods lines of
// the order, from orderInfo/getGoodsInfoByOrderId, and split them off with the chosen quantities) and
// "confirm business type" (pick one of the line's used business types, then open the add page with
// it preset from the query).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../page-types.ts';
import { initialData, nextHref } from './action-form.ts';
import { FormPage } from './form-page.tsx';
import { fakeEnv, wrap } from './test-env.tsx';

afterEach(cleanup);

const linesSchema = {
  title: '拆分明细', type: 'array', minItems: 1,
  items: { title: '拆分明细', type: 'object', additionalProperties: false, required: ['goodsId', 'quantity'],
    properties: { goodsId: { title: '货物', type: 'integer', minimum: 1 }, quantity: { title: '拆分数量', type: 'number', exclusiveMinimum: 0 } } },
};

const goodsSelect: PageSchema = {
  id: 'transport/order-goods-select', title: '选择货物', kind: 'form',
  api: { before: { method: 'POST', path: '/orderInfo/querySplitOrder', idParam: 'orderId' }, submit: { method: 'POST', path: '/orderInfo/splitOrder', idParam: 'orderId' } },
  form: {
    fields: ['lines'], payload: 'all', summary: [{ field: 'orderNo', title: '订单号' }],
    uiSchema: { lines: { 'ui:widget': 'recordPicks', 'ui:options': {
      list: { path: '/orderInfo/getGoodsInfoByOrderId', idParam: 'orderId' }, where: 'remainingQuantity',
      columns: [{ field: 'goodsName', title: '货物名称' }, { field: 'remainingQuantity', title: '剩余数量' }],
      pick: { goodsId: 'goodsId', quantity: 'remainingQuantity' }, key: 'goodsId', edit: 'quantity' } } },
  },
  formSchema: { type: 'object', properties: { lines: linesSchema as never }, required: ['lines'] },
};

const goods = [
  { goodsId: 4, goodsName: '冷冻鸡肉', quantity: 10, remainingQuantity: 6 },
  { goodsId: 5, goodsName: '鸡翅', quantity: 3, remainingQuantity: 0 },
  { goodsId: 6, goodsName: '鸡腿', quantity: 8, remainingQuantity: 8 },
];

describe('goods select', () => {
  it('lists the goods left to split, sends only the ticked lines with their edited quantities', async () => {
    const onDone = vi.fn();
    const env = fakeEnv({
      '/orderInfo/querySplitOrder': { orderId: 7, orderNo: 'DD7', version: 3, goods: [] },
      '/orderInfo/getGoodsInfoByOrderId': goods,
      '/orderInfo/splitOrder': { partId: 1 },
    });
    render(wrap(<FormPage page={goodsSelect} env={env} context={{ id: '7', inDialog: true, onDone }} />));
    await waitFor(() => expect(env.api.get).toHaveBeenCalledWith('/orderInfo/getGoodsInfoByOrderId', { orderId: '7' }));
    const table = await screen.findByRole('table', { name: '拆分明细' });
    // A line with nothing left is not offered.
    expect(within(table).queryByText('鸡翅')).toBeNull();
    expect(within(table).getByText('冷冻鸡肉')).toBeTruthy();
    // Nothing ticked: the route's own rule (at least one line) stops the save.
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('拆分明细：至少1项')).toBeTruthy();
    expect(env.api.post).not.toHaveBeenCalledWith('/orderInfo/splitOrder', expect.anything());
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 鸡腿' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 冷冻鸡肉' }));
    // A ticked line starts with what is left and may be changed.
    const qty = within(table).getByRole('spinbutton', { name: '冷冻鸡肉 拆分数量' }) as HTMLInputElement;
    expect(qty.value).toBe('6');
    fireEvent.change(qty, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    // Lines in the order's own order, whatever order they were ticked in.
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/orderInfo/splitOrder', { orderId: 7, version: 3, lines: [{ goodsId: 4, quantity: 2.5 }, { goodsId: 6, quantity: 8 }] }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
  });

  it('unticking a line takes it out of what is sent', async () => {
    const env = fakeEnv({
      '/orderInfo/querySplitOrder': { orderId: 7, orderNo: 'DD7', version: 3, goods: [] },
      '/orderInfo/getGoodsInfoByOrderId': goods,
      '/orderInfo/splitOrder': {},
    });
    render(wrap(<FormPage page={goodsSelect} env={env} context={{ id: '7', inDialog: true, onDone: vi.fn() }} />));
    const table = await screen.findByRole('table', { name: '拆分明细' });
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 鸡腿' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 冷冻鸡肉' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 鸡腿' }));
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/orderInfo/splitOrder', { orderId: 7, version: 3, lines: [{ goodsId: 4, quantity: 6 }] }));
  });
});

const confirmType: PageSchema = {
  id: 'transport/orderManageDHN/confirm-business-type', title: '确认业务类型', kind: 'form',
  api: { submit: { method: 'POST', path: '/orderInfo/save' } },
  form: {
    fields: ['businessType'],
    uiSchema: { businessType: { 'ui:widget': 'recordOptions', 'ui:options': { list: { path: '/flowBusinessType/getUsedBusinessTypeList', query: { type: 9 } }, value: 'id', label: 'label' } } },
    next: { page: 'transport/order-add', carry: ['businessType'] },
  },
  formSchema: { type: 'object', properties: { businessType: { title: '业务类型', type: 'integer', minimum: 0, maximum: 19 } as never }, required: ['businessType'] },
};

describe('confirm business type', () => {
  it("offers the line's used business types and opens the add page with the chosen one, saving nothing", async () => {
    const onDone = vi.fn();
    const env = fakeEnv({ '/flowBusinessType/getUsedBusinessTypeList': [{ id: 9, label: '大华农销售' }, { id: 11, label: '大华农调拨' }] });
    render(wrap(<FormPage page={confirmType} env={env} context={{ inDialog: true, onDone, routeOf: (id) => (id === 'transport/order-add' ? '/orderAdd' : undefined) }} />));
    await waitFor(() => expect(env.api.get).toHaveBeenCalledWith('/flowBusinessType/getUsedBusinessTypeList', { type: '9' }));
    const select = (await screen.findByRole('combobox', { name: '业务类型' })) as HTMLSelectElement;
    await screen.findByRole('option', { name: '大华农调拨', hidden: true });
    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(env.navigate).toHaveBeenCalledWith('/orderAdd?businessType=11'));
    expect(env.api.post).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('the add page starts with the business type its route carries', () => {
    const add: PageSchema = { id: 'transport/order-add', title: '新增订单', kind: 'form', form: { fields: ['businessType'], initial: { businessType: { query: 'businessType' } } } };
    expect(initialData(add, undefined, {}, new URLSearchParams('businessType=11'))).toEqual({ businessType: 11 });
    expect(initialData(add, undefined, {}, new URLSearchParams(''))).toEqual({});
    expect(nextHref('/orderAdd', ['businessType'], {})).toBe('/orderAdd');
  });
});

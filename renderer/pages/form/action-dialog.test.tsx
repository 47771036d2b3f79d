// @vitest-environment jsdom
// Action dialogs (waybill and order workflow): the before call fills the form, submit sends
// {id, version, ...fields} pruned to the route's schema, success closes with 'changed'.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../page-types.ts';
import { actionPayload, beforeBody, initialData, prune } from './action-form.ts';
import { FormPage } from './form-page.tsx';
import { fakeEnv, wrap } from './test-env.tsx';

afterEach(cleanup);

const goodsSchema = {
  title: '装货明细', type: 'array', minItems: 1,
  items: { title: '装货明细', type: 'object', additionalProperties: false, required: ['goodsId', 'quantity'],
    properties: { goodsId: { title: '货物', type: 'integer', minimum: 1 }, quantity: { title: '数量', type: 'number', minimum: 0 } } },
};

const confirmLoad: PageSchema = {
  id: 'transport/waybill-affirm-shipment', title: '确认装货', kind: 'form',
  api: { before: { method: 'POST', path: '/waybillAction/getGoodsInfoBeforeLoad' }, submit: { method: 'POST', path: '/waybillAction/confirmLoad' } },
  form: {
    fields: ['goods'], payload: 'all',
    summary: [{ field: 'waybillNo', title: '运单号' }],
    initial: { goods: { from: 'goods', pick: { goodsId: 'goodsId', quantity: 'quantity' } } },
    uiSchema: { goods: { items: { goodsId: { 'ui:widget': 'recordOptions', 'ui:options': { from: 'goods', value: 'goodsId', label: 'goodsName' } } } } },
  },
  formSchema: { type: 'object', properties: { goods: goodsSchema as never }, required: ['goods'] },
};

const before = { id: 31, version: 6, waybillNo: 'YD1', goods: [{ goodsId: 4, goodsName: '饲料', quantity: 12, loadedQuantity: null, orderNo: 'DD1' }] };

describe('action dialogs', () => {
  it('fill from the before call and send {id, version, fields} pruned to the schema, then close as changed', async () => {
    const onDone = vi.fn();
    const env = fakeEnv({ '/waybillAction/getGoodsInfoBeforeLoad': before, '/waybillAction/confirmLoad': { id: 31, version: 7 } });
    render(wrap(<FormPage page={confirmLoad} env={env} context={{ id: '31', inDialog: true, onDone }} />));
    // The before call is sent with the id as a number (the route declares an integer).
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/waybillAction/getGoodsInfoBeforeLoad', { id: 31 }));
    // The record it acts on is shown above the fields.
    expect(await screen.findByText('运单号：')).toBeTruthy();
    expect(screen.getByText('YD1')).toBeTruthy();
    // The goods line shows the goods by name (picked from the before answer).
    expect(await screen.findByRole('option', { name: '饲料', hidden: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/waybillAction/confirmLoad', { id: 31, version: 6, goods: [{ goodsId: 4, quantity: 12 }] }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(env.notify.success).toHaveBeenCalledWith('操作成功');
  });

  it('sends the record id under the call idParam (split: orderId)', async () => {
    const page: PageSchema = { ...confirmLoad, api: { before: { method: 'POST', path: '/b', idParam: 'orderId' }, submit: { method: 'POST', path: '/s', idParam: 'orderId' } } };
    const env = fakeEnv({ '/b': before, '/s': {} });
    render(wrap(<FormPage page={page} env={env} context={{ id: '8', inDialog: true, onDone: vi.fn() }} />));
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/b', { orderId: 8 }));
    fireEvent.click(await screen.findByRole('button', { name: '保 存' }));
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/s', { orderId: 8, version: 6, goods: [{ goodsId: 4, quantity: 12 }] }));
  });
});

describe('action form rules', () => {
  it('maps paths, lists (with where) and fixed values', () => {
    const page = {
      ...confirmLoad,
      form: {
        fields: ['goods', 'signedQuantity', 'passed'],
        initial: {
          goods: { from: 'goods', where: 'open', pick: { goodsId: 'goodsId', quantity: 'left' } },
          signedQuantity: 'totals.delivered',
          passed: { value: true },
        },
      },
    } as PageSchema;
    const record = { goods: [{ goodsId: 1, left: 2, open: true }, { goodsId: 2, left: 0, open: false }], totals: { delivered: 9 } };
    expect(initialData(page, record, {})).toEqual({ goods: [{ goodsId: 1, quantity: 2 }], signedQuantity: 9, passed: true });
    expect(initialData(page, undefined, {})).toEqual({ passed: true });
  });

  it('fills a field from the first of several paths that has a value (a share, else the plan proposal, else the sign-off)', () => {
    const page = { ...confirmLoad, form: { fields: ['lostQuantity'], initial: { lostQuantity: { first: ['share.lostQuantity', 'proposal.lostQuantity', 'lostQuantity'] } } } } as PageSchema;
    expect(initialData(page, { share: null, proposal: { lostQuantity: 2 }, lostQuantity: 3 }, {})).toEqual({ lostQuantity: 2 });
    expect(initialData(page, { share: { lostQuantity: 1.5 }, proposal: { lostQuantity: 2 }, lostQuantity: 3 }, {})).toEqual({ lostQuantity: 1.5 });
    expect(initialData(page, { share: null, proposal: null, lostQuantity: 3 }, {})).toEqual({ lostQuantity: 3 });
  });

  it('prunes objects to the declared properties, and leaves empty fields out of the payload', () => {
    expect(prune([{ goodsId: 1, quantity: 2, goodsName: 'x' }], goodsSchema as never)).toEqual([{ goodsId: 1, quantity: 2 }]);
    expect(actionPayload(confirmLoad, { goods: [], other: 1 }, ['goods', 'remark'], '5', { version: 2 })).toEqual({ id: 5, version: 2, goods: [] });
    expect(actionPayload(confirmLoad, { remark: '' }, ['remark'], '5', undefined)).toEqual({ id: 5 });
  });
});

describe('settings dialogs (a recordless before call)', () => {
  const retention: PageSchema = {
    id: 'system/log-retention', title: '日志保留设置', kind: 'form',
    api: { before: { method: 'GET', path: '/log/retention/get', recordless: true }, submit: { method: 'POST', path: '/log/retention/save' } },
    form: { fields: ['operationLogRetentionDays', 'interfaceLogRetentionDays'], payload: 'all' },
    formSchema: {
      type: 'object', required: ['operationLogRetentionDays', 'interfaceLogRetentionDays'],
      properties: {
        operationLogRetentionDays: { title: '操作日志保留天数', type: 'integer', minimum: 1, maximum: 3650 },
        interfaceLogRetentionDays: { title: '接口调用日志保留天数', type: 'integer', minimum: 1, maximum: 3650 },
      },
    },
  };

  it('open from a toolbar without a record id, load the settings and save every field', async () => {
    const onDone = vi.fn();
    const env = fakeEnv({ '/log/retention/get': { operationLogRetentionDays: 180, interfaceLogRetentionDays: 90 }, '/log/retention/save': (b: unknown) => b });
    render(wrap(<FormPage page={retention} env={env} context={{ inDialog: true, onDone }} />));
    await waitFor(() => expect(env.api.get).toHaveBeenCalledWith('/log/retention/get', {}));
    const days = (await screen.findByLabelText(/操作日志保留天数/)) as HTMLInputElement;
    expect(days.value).toBe('180');
    fireEvent.change(days, { target: { value: '365' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/log/retention/save', { operationLogRetentionDays: 365, interfaceLogRetentionDays: 90 }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
  });

  it('send back no version of a settings record that counts its saves, and the address keys the before call names', () => {
    const perType: PageSchema = { ...retention, api: { ...retention.api, before: { ...retention.api!.before!, query: ['businessType'] } } };
    expect(actionPayload(perType, { operationLogRetentionDays: 30 }, retention.form!.fields!, undefined, { version: 4 })).toEqual({ operationLogRetentionDays: 30 });
    const locked: PageSchema = { ...retention, formSchema: { ...retention.formSchema!, properties: { ...retention.formSchema!.properties, version: { title: '版本', type: 'integer' } } } };
    expect(actionPayload(locked, {}, [], undefined, { version: 4 })).toEqual({ version: 4 });
    expect(beforeBody(perType, undefined, 'GET', new URLSearchParams('businessType=3&other=1'))).toEqual({ businessType: '3' });
    expect(beforeBody(perType, undefined, 'GET', new URLSearchParams(''))).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { addPayload, buildFormModel, formDataFrom, initialLabels, labelFieldOf, updatePayload } from './form-model.ts';
import { vehiclePage } from './test-page.ts';

describe('form model', () => {
  it('keeps the form field order, columns and picks a widget per schema', () => {
    const page = vehiclePage();
    page.form!.fields = ['remark', 'vehicleNo', 'carrierId', 'status', 'loadWeight'];
    page.form!.uiSchema = { remark: { 'ui:widget': 'text' } };
    const m = buildFormModel(page);
    expect(m.fields).toEqual(['remark', 'vehicleNo', 'carrierId', 'status', 'loadWeight']);
    expect(Object.keys(m.schema.properties!)).toEqual(m.fields);
    expect(m.uiSchema['ui:order']).toEqual([...m.fields, '*']);
    expect(m.columns).toBe(2);
    expect(m.uiSchema.carrierId['ui:widget']).toBe('reference');
    expect(m.uiSchema.carrierId['ui:options']).toMatchObject({ list: '/res/carrier/list', labelKey: 'carrierName' });
    expect(m.uiSchema.status['ui:widget']).toBe('dictionary');
    expect(m.uiSchema.loadWeight['ui:widget']).toBe('number');
    expect(m.uiSchema.remark['ui:widget']).toBe('text'); // the page's uiSchema wins
    expect(m.uiSchema.remark['ui:emptyValue']).toBeNull(); // nullable: cleared means null
    expect(m.uiSchema.vehicleNo['ui:emptyValue']).toBeUndefined(); // required: cleared means missing
  });

  it('chooses time, password, tiers and long text widgets', () => {
    const page = vehiclePage();
    page.form!.fields = ['at', 'pwd', 'tiers', 'note'];
    page.formSchema!.properties = {
      at: { title: '时间', type: 'integer', 'x-time': true },
      pwd: { title: '密码', type: 'string', 'x-password': true },
      tiers: { title: '阶梯', type: 'array', 'x-tiered': true },
      note: { title: '说明', type: 'string', maxLength: 500 },
    };
    const ui = buildFormModel(page).uiSchema;
    expect(ui.at['ui:widget']).toBe('dateTime');
    expect(ui.pwd['ui:widget']).toBe('password');
    expect(ui.tiers['ui:field']).toBe('tieredRange');
    expect(ui.tiers['ui:options'].wide).toBe(true);
    expect(ui.note['ui:widget']).toBe('textarea');
  });

  it('names the label a detail carries for a reference', () => {
    expect(labelFieldOf('carrierId')).toBe('carrierName');
    expect(initialLabels(vehiclePage('update'), { carrierId: 2, carrierName: '顺丰物流' })).toEqual({ carrierId: '顺丰物流' });
    // A page file's picker names its label field itself (an order's customer and fences).
    const order = vehiclePage('update');
    order.form!.uiSchema = { customerId: { 'ui:widget': 'reference', 'ui:options': { labelField: 'customerName' } }, shipperAreaId: { 'ui:widget': 'keyedReference', 'ui:options': { labelField: 'shipperAreaName' } }, remark: { 'ui:widget': 'textarea' } };
    expect(initialLabels(order, { customerId: 1, customerName: '石家庄金丰医药', shipperAreaId: 149, shipperAreaName: '青岛市北中转场', carrierId: 2, carrierName: '顺丰物流', remark: 'x' }))
      .toEqual({ carrierId: '顺丰物流', customerId: '石家庄金丰医药', shipperAreaId: '青岛市北中转场' });
  });

  it('sends only the form fields on add, and id, version and the changes on update', () => {
    const fields = ['vehicleNo', 'carrierId', 'remark'];
    expect(addPayload({ vehicleNo: '京A12345', remark: null, other: 1 }, fields)).toEqual({ vehicleNo: '京A12345' });
    const record = { id: 7, version: 3, vehicleNo: '京A12345', carrierId: 2, remark: 'a', carrierName: '顺丰' };
    const initial = formDataFrom(record, fields);
    expect(initial).toEqual({ vehicleNo: '京A12345', carrierId: 2, remark: 'a' });
    expect(updatePayload(initial, { ...initial }, fields, 7, 3)).toEqual({ id: 7, version: 3 });
    expect(updatePayload(initial, { ...initial, carrierId: 5, remark: null }, fields, 7, 3)).toEqual({ id: 7, version: 3, carrierId: 5, remark: null });
    expect(updatePayload({ remark: undefined }, { remark: null }, ['remark'], 1, 1)).toEqual({ id: 1, version: 1 });
  });
});

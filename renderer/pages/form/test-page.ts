// A vehicle form page as GET /api/ui/pages serves it (shapes of server/routes/ui.ts), for the tests.
import type { PageSchema } from '../page-types.ts';

export function vehiclePage(kind: 'add' | 'update' = 'add'): PageSchema {
  const properties = {
    vehicleNo: { title: '车牌号', type: 'string', maxLength: 10, format: 'plateNo', minLength: 1 },
    carrierId: { title: '承运商', type: 'integer', minimum: 1 },
    status: { title: '状态', type: ['integer', 'null'], enum: [0, 1], 'x-dictionary': 'enableStatus' },
    loadWeight: { title: '载重(吨)', type: ['number', 'null'], minimum: 0, 'x-number': { intDigits: 4, decimals: 2, allowNegative: false } },
    remark: { title: '备注', type: ['string', 'null'], maxLength: 200 },
  };
  return {
    id: `base/vehicle-${kind}`,
    title: kind === 'add' ? '新增车辆' : '修改车辆',
    kind: 'form',
    resource: 'vehicle',
    form: { fields: ['vehicleNo', 'carrierId', 'status', 'loadWeight', 'remark'], columns: 2 },
    api: kind === 'add'
      ? { submit: { method: 'POST', path: '/res/vehicle/save' } }
      : { before: { method: 'GET', path: '/res/vehicle/detail' }, submit: { method: 'POST', path: '/res/vehicle/update' } },
    fields: properties,
    references: { carrierId: { resource: 'carrier', label: 'carrierName', list: '/res/carrier/list' } },
    formSchema: { type: 'object', properties, required: ['vehicleNo', 'carrierId'] },
  };
}

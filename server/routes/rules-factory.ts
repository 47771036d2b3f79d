// The factory shipment settings' own call (docs/api.md "Factory shipment setting"): the 30-day preview. The list,
// save, update, delete, detail and history are the resource's aliases (schemas/resources/factoryShipmentSetting.json).
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { failure } from '../http/envelope.ts';
import type { Registry } from '../registry/types.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { saveSchema } from '../resources/input-schemas.ts';
import { one } from '../resources/statements.ts';
import { previewFactorySetting } from '../domain/rules/preview/factory-preview.ts';
import { checkFactorySetting, factoryShipmentType } from '../domain/rules/types/factory-shipment.ts';

const ID = { title: '设置', type: ['integer', 'null'], minimum: 1, maximum: 9_007_199_254_740_991 };

export function factoryShipmentRoutes(conn: Conn, registry: () => Registry) {
  const res = registry().resources.get(factoryShipmentType.resource)!;
  const writers = [...res.permissions.save, ...res.permissions.update];
  return [
    route<{ id?: number | null; rule: Record<string, unknown> }>({
      method: 'POST', path: '/factoryShipmentSetting/preview', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: ID, rule: { ...saveSchema(res), title: '设置内容' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        checkFactorySetting(body.rule);
        if (!(await one(conn, 'SELECT 1 AS x FROM areas WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.rule.areaId, user.corpId))) {
          throw failure(NOT_FOUND);
        }
        if (body.id && !(await one(conn, 'SELECT 1 AS x FROM factory_shipment_settings WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.id, user.corpId))) throw failure(NOT_FOUND);
        return previewFactorySetting(conn, user.corpId, body.rule);
      },
    }),
  ];
}

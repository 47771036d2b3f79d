// The access inspection rules' own call (docs/api.md "Access inspection"): the 30-day preview. The list, count,
// save, update, delete, detail and history are the resource's aliases (schemas/resources/accessInspectionRule.json),
// through the resource engine, so the versions and history are kept as for any rule.
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { failure } from '../http/envelope.ts';
import type { Registry } from '../registry/types.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { saveSchema } from '../resources/input-schemas.ts';
import { one } from '../resources/statements.ts';
import { checkConditions } from '../domain/rules/conditions.ts';
import type { Condition } from '../domain/rules/rule-type.ts';
import { previewAccessRule } from '../domain/rules/preview/access-preview.ts';
import { accessInspectionRuleType, checkAccessRequirements } from '../domain/rules/types/access-inspection.ts';

const ID = { title: '规则', type: ['integer', 'null'], minimum: 1, maximum: 9_007_199_254_740_991 };

export function accessRuleRoutes(conn: Conn, registry: () => Registry) {
  const res = registry().resources.get(accessInspectionRuleType.resource)!;
  const writers = [...res.permissions.save, ...res.permissions.update];
  return [
    route<{ id?: number | null; rule: Record<string, unknown> }>({
      method: 'POST', path: '/accessInspection/preview', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: ID, rule: { ...saveSchema(res), title: '规则内容' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        checkConditions(accessInspectionRuleType, body.rule.conditions as Condition[] | undefined);
        checkAccessRequirements(body.rule);
        if (body.id && !(await one(conn, 'SELECT 1 AS x FROM access_inspection_rules WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.id, user.corpId))) throw failure(NOT_FOUND);
        return previewAccessRule(conn, user.corpId, body.rule, body.id ?? null);
      },
    }),
  ];
}

// The waybill rules' own calls (docs/api.md "Waybill rules"): validateRuleName and the 30-day
// preview. The list, save, update, delete, history and detail are the resource's calls and aliases
// (schemas/resources/waybillRule.json); the sweep that acts on the rules is in server/jobs.
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { failure } from '../http/envelope.ts';
import type { Registry } from '../registry/types.ts';
import { saveSchema } from '../resources/input-schemas.ts';
import { one } from '../resources/statements.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { checkConditions } from '../domain/rules/conditions.ts';
import type { Condition } from '../domain/rules/rule-type.ts';
import { waybillRuleType } from '../domain/rules/types/waybill-rule.ts';
import { previewWaybillRule } from '../domain/rules/preview/waybill-rule-preview.ts';

const ID = { title: '规则', type: 'integer', minimum: 1 };
const idText = (title: string) => ({ title, type: 'string', pattern: '^[1-9][0-9]{0,15}$' });

export function waybillRuleRoutes(conn: Conn, registry: () => Registry) {
  const res = registry().resources.get(waybillRuleType.resource)!;
  const writers = [...new Set([...res.permissions.save, ...res.permissions.update])];
  const saveInput = saveSchema(res);
  return [
    route<{ ruleName: string; id?: string }>({
      method: 'GET', path: '/waybillRule/validateRuleName', access: { anyOf: [...res.permissions.list, ...writers] },
      input: { type: 'object', additionalProperties: false, required: ['ruleName'], properties: { ruleName: { title: '规则名称', type: 'string', minLength: 1, maxLength: 50 }, id: idText('规则') } },
      // true: the name is free (no other live rule of the corporation has it).
      handler: async ({ user, body }) => !(await one(conn, 'SELECT 1 AS x FROM waybill_rules WHERE corp_id = ? AND rule_name = ? AND is_deleted = 0 AND id <> ?',
        user.corpId, body.ruleName.trim(), Number(body.id ?? 0))),
    }),
    route<{ id?: number | null; rule: Record<string, unknown> }>({
      method: 'POST', path: '/waybillRule/preview', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: ID, rule: { ...saveInput, title: '规则' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        checkConditions(waybillRuleType, body.rule.conditions as Condition[] | undefined);
        if (body.id && !(await one(conn, 'SELECT 1 FROM waybill_rules WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.id, user.corpId))) throw failure(NOT_FOUND);
        return previewWaybillRule(conn, user.corpId, body.rule, body.id ?? null);
      },
    }),
  ];
}

// The rule engine's calls (docs/rules.md): the operators and each type's condition fields for the
// condition editor, and the previews over past data. The rules themselves are resources
// (schemas/resources/<type>Rule.json) with the spec's paths as aliases; their versions are kept by
// the hooks of server/domain/rules/versions.ts.
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { failure } from '../http/envelope.ts';
import type { Registry } from '../registry/types.ts';
import { saveSchema } from '../resources/input-schemas.ts';
import { all, one } from '../resources/statements.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { OPERATORS } from '../domain/rules/operators.ts';
import { RULE_TYPES } from '../domain/rules/types/index.ts';
import { checkConditions } from '../domain/rules/conditions.ts';
import { temperatureRuleType } from '../domain/rules/types/temperature.ts';
import { previewTemperatureRule } from '../domain/rules/preview/temperature-preview.ts';
import type { Condition } from '../domain/rules/rule-type.ts';

const ID = { title: '规则', type: 'integer', minimum: 1 };

/** The condition fields of a type, each with the operators its kind allows. */
function conditionDefinitions(typeKey: string) {
  const type = RULE_TYPES.get(typeKey)!;
  return type.fields.map((f) => ({ ...f, operators: OPERATORS.filter((o) => o.kinds.includes(f.kind)).map((o) => o.key) }));
}

export function ruleRoutes(conn: Conn, registry: () => Registry) {
  const temperature = registry().resources.get(temperatureRuleType.resource)!;
  const writers = [...temperature.permissions.save, ...temperature.permissions.update];
  return [
    route({
      method: 'GET', path: '/delegate/listOperator', access: { session: true }, input: { type: 'object', additionalProperties: false },
      handler: () => OPERATORS.map(({ key, label, arity, kinds }) => ({ key, label, arity, kinds })),
    }),
    route<{ ruleType?: string }>({
      method: 'GET', path: '/delegate/listConditionDefine', access: { session: true },
      input: { type: 'object', additionalProperties: false, properties: { ruleType: { title: '规则类型', enum: [...RULE_TYPES.keys()] } } },
      handler: ({ body }) => conditionDefinitions(body.ruleType ?? 'delegate'),
    }),
    route<{ id?: number; rule: Record<string, unknown> }>({
      method: 'POST', path: '/temperatureRule/preview', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: ID, rule: { ...saveSchema(temperature), title: '规则内容' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        checkConditions(temperatureRuleType, body.rule.conditions as Condition[] | undefined);
        if (body.id && !(await one(conn, 'SELECT 1 FROM temperature_rules WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.id, user.corpId))) throw failure(NOT_FOUND);
        return previewTemperatureRule(conn, user.corpId, body.rule, body.id ?? null);
      },
    }),
    route<{ id: string }>({
      method: 'GET', path: '/temperatureRule/queryCustomerInfo', access: { anyOf: [...temperature.permissions.list, ...writers] },
      input: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { title: '客户', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        const customer = await one<{ id: number; customerName: string }>(conn,
          'SELECT id, customer_name AS "customerName" FROM customers WHERE id = ? AND corp_id = ? AND is_deleted = 0', Number(body.id), user.corpId);
        if (!customer) throw failure(NOT_FOUND);
        // The customer's own rules, so the form can say what a new one would sit beside.
        const rules = await all(conn,
          `SELECT id, rule_name AS "ruleName", temp_min AS "tempMin", temp_max AS "tempMax", status FROM temperature_rules
           WHERE corp_id = ? AND customer_id = ? AND is_deleted = 0 ORDER BY id`, user.corpId, customer.id);
        return { customerId: customer.id, customerName: customer.customerName, rules };
      },
    }),
  ];
}

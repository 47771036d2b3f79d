// The delegate rules' calls beyond the resource's aliases (docs/api.md "Rules"): save (a new rule, or
// with id and version a change: the spec has one call for both), unique (is a name free), find (the
// rule and carrier an order would go to now) and the preview over the last 30 days' orders.
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { failure, forbidden } from '../http/envelope.ts';
import { validateOrThrow } from '../http/validate.ts';
import type { Registry } from '../registry/types.ts';
import { ResourceEngine } from '../resources/engine.ts';
import { saveSchema, updateSchema } from '../resources/input-schemas.ts';
import { one } from '../resources/statements.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { save, update } from '../resources/writes.ts';
import { checkConditions } from '../domain/rules/conditions.ts';
import type { Condition } from '../domain/rules/rule-type.ts';
import { delegationFor } from '../domain/rules/delegate-order.ts';
import { delegateRuleType } from '../domain/rules/types/delegate.ts';
import { previewDelegateRule } from '../domain/rules/preview/delegate-preview.ts';
import { domainHooks } from './domain.ts';

const ID = { title: '规则', type: 'integer', minimum: 1 };

export function delegateRuleRoutes(conn: Conn, registry: () => Registry) {
  const res = registry().resources.get(delegateRuleType.resource)!;
  const engine = new ResourceEngine(conn, registry, domainHooks(conn, registry));
  const forNew = saveSchema(res);
  const forChange = updateSchema(res);
  // Either shape, checked for what it names; the handler then holds it to the one it is.
  const either = { ...forChange, required: [] };
  const writers = [...res.permissions.save, ...res.permissions.update];
  const readers = [...res.permissions.list, ...writers];
  const exists = (id: number, corpId: number) => one(conn, 'SELECT 1 FROM delegate_rules WHERE id = ? AND corp_id = ? AND is_deleted = 0', id, corpId);
  return [
    route<Record<string, unknown>>({
      method: 'POST', path: '/delegate/rule/save', access: { anyOf: writers }, input: either,
      handler: ({ user, body }) => {
        const changing = body.id !== undefined && body.id !== null;
        if (!user.operationIds.has(changing ? res.permissions.update[0] : res.permissions.save[0])) throw forbidden();
        return changing ? update(engine, res.id, user, validateOrThrow(forChange, body)) : save(engine, res.id, user, validateOrThrow(forNew, body));
      },
    }),
    route<{ ruleName: string; id?: number | null }>({
      method: 'POST', path: '/delegate/rule/unique', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['ruleName'], properties: { ruleName: { title: '规则名称', type: 'string', minLength: 1, maxLength: 50 }, id: { ...ID, type: ['integer', 'null'] } } },
      // true when no other live rule of the corporation has the name.
      handler: async ({ user, body }) => !(await one(conn, 'SELECT 1 FROM delegate_rules WHERE corp_id = ? AND is_deleted = 0 AND rule_name = ? AND id <> ?', user.corpId, body.ruleName, body.id ?? 0)),
    }),
    route<{ orderId: number }>({
      method: 'POST', path: '/delegate/rule/find', access: { anyOf: readers },
      input: { type: 'object', additionalProperties: false, required: ['orderId'], properties: { orderId: { title: '订单ID', type: 'integer', minimum: 1 } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        if (!(await one(conn, 'SELECT 1 FROM orders WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.orderId, user.corpId))) throw failure(NOT_FOUND);
        const found = await delegationFor(conn, user.corpId, body.orderId, Date.now());
        return found && { ruleId: found.rule.id, ruleName: found.rule.ruleName, carrierId: found.carrier.id, carrierName: found.carrier.name };
      },
    }),
    route<{ id?: number; rule: Record<string, unknown> }>({
      method: 'POST', path: '/delegate/rule/preview', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: ID, rule: { ...forNew, title: '规则内容' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        checkConditions(delegateRuleType, body.rule.conditions as Condition[] | undefined);
        if (body.id && !(await exists(body.id, user.corpId))) throw failure(NOT_FOUND);
        return previewDelegateRule(conn, user.corpId, body.rule, body.id ?? null);
      },
    }),
  ];
}

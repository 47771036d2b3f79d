// The departure rules' own calls (docs/api.md "Departure rules"): saveOrUpdateRule (one path, through
// the resource engine's save and update, so the versions and the history are kept as for any rule),
// validateRuleName, checkRule (the check the waybill actions run, asked beforehand) and the preview.
// The list, delete, history and detail are the resource's aliases (schemas/resources/departureRule.json).
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { failure, forbidden, invalid } from '../http/envelope.ts';
import type { Registry } from '../registry/types.ts';
import { saveSchema, updateSchema } from '../resources/input-schemas.ts';
import { one } from '../resources/statements.ts';
import { NOT_FOUND, ResourceEngine } from '../resources/engine.ts';
import { save, update } from '../resources/writes.ts';
import { validateOrThrow } from '../http/validate.ts';
import { checkConditions } from '../domain/rules/conditions.ts';
import type { Condition } from '../domain/rules/rule-type.ts';
import { checkDeparture, unmetConditions } from '../domain/rules/departure-check.ts';
import { checkRequirements, departureRuleType, type DepartureActionCode } from '../domain/rules/types/departure.ts';
import { previewDepartureRule } from '../domain/rules/preview/departure-preview.ts';
import { loadWaybill } from '../domain/waybills/scope.ts';
import { domainHooks } from './domain.ts';

const ID = { title: '规则', type: 'integer', minimum: 1 };
const idText = (title: string) => ({ title, type: 'string', pattern: '^[1-9][0-9]{0,15}$' });

export function departureRuleRoutes(conn: Conn, registry: () => Registry) {
  const res = registry().resources.get(departureRuleType.resource)!;
  const engine = new ResourceEngine(conn, registry, domainHooks(conn, registry));
  const writers = [...new Set([...res.permissions.save, ...res.permissions.update])];
  const saveInput = saveSchema(res);
  // One body for both: every field optional here; a new rule is then held to the save's schema.
  const both = updateSchema(res);
  const saveOrUpdateInput = { ...both, required: [] };
  return [
    route<Record<string, unknown> & { id?: number; version?: number }>({
      method: 'POST', path: '/departureRule/saveOrUpdateRule', access: { anyOf: writers }, input: saveOrUpdateInput,
      handler: ({ user, body }) => {
        const { id, version, ...fields } = body;
        if (id === undefined || id === null) {
          if (version !== undefined && version !== null) throw invalid('版本：新增规则不能提供版本', { field: 'version' });
          if (!res.permissions.save.some((op) => user.operationIds.has(op))) throw forbidden();
          return save(engine, res.id, user, validateOrThrow(saveInput, fields));
        }
        if (version === undefined || version === null) throw invalid('版本：修改规则时须提供版本', { field: 'version' });
        if (!res.permissions.update.some((op) => user.operationIds.has(op))) throw forbidden();
        return update(engine, res.id, user, body);
      },
    }),
    route<{ ruleName: string; id?: string }>({
      method: 'GET', path: '/departureRule/validateRuleName', access: { anyOf: [...res.permissions.list, ...writers] },
      input: { type: 'object', additionalProperties: false, required: ['ruleName'], properties: { ruleName: { title: '规则名称', type: 'string', minLength: 1, maxLength: 50 }, id: idText('规则') } },
      // true: the name is free (no other live rule of the corporation has it).
      handler: async ({ user, body }) => !(await one(conn, 'SELECT 1 AS x FROM departure_rules WHERE corp_id = ? AND rule_name = ? AND is_deleted = 0 AND id <> ?',
        user.corpId, body.ruleName.trim(), Number(body.id ?? 0))),
    }),
    route<{ waybillId: number; action: DepartureActionCode; time?: number }>({
      method: 'POST', path: '/departureRule/checkRule', access: { anyOf: ['waybillArrive3', 'waybillLeave3', ...res.permissions.list, ...writers] },
      input: {
        type: 'object', additionalProperties: false, required: ['waybillId', 'action'],
        properties: {
          waybillId: { title: '运单', type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 },
          action: { title: '发车动作', type: 'integer', enum: [1, 2], 'x-dictionary': 'departureAction' },
          time: { title: '时间', type: 'integer', minimum: 0, maximum: 253402300799999 },
        },
      },
      handler: async ({ user, body }) => {
        // The waybill in the user's scope: a partner asks only about its own.
        const w = await loadWaybill(conn, user, body.waybillId);
        const now = Date.now();
        if (body.time !== undefined && body.time > now) throw invalid('时间：不能晚于当前时间', { field: 'time' });
        const v = await checkDeparture(conn, user.corpId, w.id, body.action, body.time ?? now, now);
        return {
          pass: v.pass, ruleId: v.rule?.id ?? null, ruleName: v.rule?.ruleName ?? null, message: v.rule?.message ?? null,
          unmet: v.rule ? unmetConditions(v.rule, v.facts!) : [], facts: v.facts,
        };
      },
    }),
    route<{ id?: number | null; rule: Record<string, unknown> }>({
      method: 'POST', path: '/departureRule/preview', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: { ...ID, type: ['integer', 'null'] }, rule: { ...saveInput, title: '规则' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        checkConditions(departureRuleType, body.rule.conditions as Condition[] | undefined);
        checkRequirements(body.rule.conditions as Condition[] | undefined);
        if (body.id && !(await one(conn, 'SELECT 1 FROM departure_rules WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.id, user.corpId))) throw failure(NOT_FOUND);
        return previewDepartureRule(conn, user.corpId, body.rule, body.id ?? null);
      },
    }),
  ];
}

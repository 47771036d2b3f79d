// The loss plans' own call (docs/api.md "Loss plans"): the preview over the last 30 days' sign-offs with
// a loss. List, save, update, delete, history and detail are the resource's aliases under /lossPlan/*
// (schemas/resources/lossPlanRule.json); the plan's figures for one waybill come with
// carrierLossShare/detail (its `proposal`).
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
import { lossPlanRuleType } from '../domain/rules/types/loss-plan.ts';
import { previewLossPlan } from '../domain/rules/preview/loss-plan-preview.ts';

const ID = { title: '方案', type: 'integer', minimum: 1 };

export function lossPlanRoutes(conn: Conn, registry: () => Registry) {
  const res = registry().resources.get(lossPlanRuleType.resource)!;
  const writers = [...new Set([...res.permissions.save, ...res.permissions.update])];
  return [
    route<{ id?: number | null; rule: Record<string, unknown> }>({
      method: 'POST', path: '/lossPlan/preview', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: { ...ID, type: ['integer', 'null'] }, rule: { ...saveSchema(res), title: '方案' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        checkConditions(lossPlanRuleType, body.rule.conditions as Condition[] | undefined);
        if (body.id && !(await one(conn, 'SELECT 1 FROM loss_plan_rules WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.id, user.corpId))) throw failure(NOT_FOUND);
        return previewLossPlan(conn, user.corpId, body.rule, body.id ?? null);
      },
    }),
  ];
}

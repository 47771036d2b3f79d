// Routes and resource hooks of the hand-written domain (so far: users, roles, organisations; a store's calibration).
import type { Conn } from '../db/connection.ts';
import { Outcome, route } from '../http/route.ts';
import { Code, failure } from '../http/envelope.ts';
import { unlockAccount } from '../domain/auth/throttle.ts';
import { UNLOCK_OP } from '../domain/users/rights-guard.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { one } from '../resources/statements.ts';
import type { Registry } from '../registry/types.ts';
import type { SessionStore } from '../domain/auth/sessions.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { roleHooks, userHooks } from '../domain/users/hooks.ts';
import { departmentHooks } from '../domain/users/departments.ts';
import { storeLocationHooks } from '../domain/stores/calibration.ts';
import { contractHooks } from '../domain/settlement/contract-hooks.ts';
import { rateRuleHooks } from '../domain/settlement/rate-rule-hooks.ts';
import { allowanceHooks } from '../domain/settlement/allowances/allowances.ts';
import { ruleVersionHooks } from '../domain/rules/versions.ts';
import type { Condition } from '../domain/rules/rule-type.ts';
import { temperatureRuleType } from '../domain/rules/types/temperature.ts';
import { checkRequirements, departureRuleType } from '../domain/rules/types/departure.ts';
import { delegateRuleType } from '../domain/rules/types/delegate.ts';
import { delegateRuleHooks } from '../domain/rules/delegate-hooks.ts';
import { lossPlanRuleType } from '../domain/rules/types/loss-plan.ts';

import { progressRemindRuleType } from '../domain/rules/types/progress-remind.ts';
import { remindRuleHooks } from '../domain/rules/progress-remind.ts';

import { checkRuleType } from '../domain/rules/types/check.ts';
import { checkRuleHooks } from '../domain/rules/check-hooks.ts';

import { prescriptionRuleHooks } from '../domain/rules/prescription-hooks.ts';
import { prescriptionRuleType } from '../domain/rules/types/prescription.ts';
import { stowageRuleType } from '../domain/rules/types/stowage.ts';
import { stowageRuleHooks } from '../domain/rules/stowage-hooks.ts';

import { fixedLineHooks, schedulingHooks } from '../domain/fixed-lines/hooks.ts';
import { waybillRuleType } from '../domain/rules/types/waybill-rule.ts';
import { accessInspectionRuleType } from '../domain/rules/types/access-inspection.ts';
import { accessRuleHooks } from '../domain/rules/access-hooks.ts';
import { factoryShipmentType } from '../domain/rules/types/factory-shipment.ts';
import { factoryShipmentHooks } from '../domain/rules/factory-hooks.ts';

import { temperatureContactHooks } from '../notify/contact-hooks.ts';
import { organizationTree, roleOperationTree, saveRoleOperations } from '../domain/users/roles.ts';

export function domainHooks(conn: Conn, registry: () => Registry): Record<string, ResourceHooks> {
  return {
    user: userHooks(conn), role: roleHooks(conn), department: departmentHooks(conn), storeLocation: storeLocationHooks,
    contract: contractHooks(conn), contractRateRule: rateRuleHooks(conn), waybillAllowance: allowanceHooks(conn),
    temperatureRule: ruleVersionHooks(conn, registry, temperatureRuleType, temperatureContactHooks(conn)),
    departureRule: ruleVersionHooks(conn, registry, departureRuleType, {
      beforeInsert: async (_ctx, record) => checkRequirements(record.conditions as Condition[] | undefined),
      beforeUpdate: async (_ctx, changes) => checkRequirements(changes.conditions as Condition[] | undefined),
    }),
    delegateRule: ruleVersionHooks(conn, registry, delegateRuleType, delegateRuleHooks(conn)),
    lossPlanRule: ruleVersionHooks(conn, registry, lossPlanRuleType),

    progressRemindRule: ruleVersionHooks(conn, registry, progressRemindRuleType, remindRuleHooks(conn)),

    checkRule: ruleVersionHooks(conn, registry, checkRuleType, checkRuleHooks),

    prescriptionRule: ruleVersionHooks(conn, registry, prescriptionRuleType, prescriptionRuleHooks),
    fixedLine: fixedLineHooks(conn), fixedLineScheduling: schedulingHooks(conn),

    waybillRule: ruleVersionHooks(conn, registry, waybillRuleType),

    accessInspectionRule: ruleVersionHooks(conn, registry, accessInspectionRuleType, accessRuleHooks(conn)),
    factoryShipmentSetting: ruleVersionHooks(conn, registry, factoryShipmentType, factoryShipmentHooks),
    stowageRule: ruleVersionHooks(conn, registry, stowageRuleType, stowageRuleHooks(conn)),
  };
}

export function domainRoutes(conn: Conn, _registry: () => Registry, sessions: SessionStore) {
  return [
    route({
      method: 'GET', path: '/e6Organization/findOrganizationTree', access: { session: true }, input: { type: 'object' },
      handler: ({ user }) => organizationTree(conn, user),
    }),
    route({
      method: 'GET', path: '/role/getOperationTree', access: { anyOf: ['rolePermission3'] },
      input: { type: 'object', required: ['roleId'], properties: { roleId: { title: '角色', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
      handler: ({ user, body }) => roleOperationTree(conn, user, Number(body.roleId)),
    }),
    route<{ id: number }>({
      method: 'POST', path: '/user/unlock', access: { anyOf: [UNLOCK_OP] },
      input: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { title: '用户', type: 'integer', minimum: 1 }, version: { title: '版本', type: 'integer', minimum: 0 } } },
      handler: async ({ user, body }) => {
        const target = await one<{ userName: string }>(conn, 'SELECT user_name AS userName FROM users WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.id, user.corpId);
        if (!target || user.userType !== 0) throw failure(NOT_FOUND);
        const cleared = await unlockAccount(conn, target.userName);
        return new Outcome(Code.SUCCESS, cleared > 0 ? '账号已解锁' : '该账号没有登录限制', null);
      },
    }),
    route<{ roleId: number; operationIds: string[] }>({
      method: 'POST', path: '/role/saveOperations', access: { anyOf: ['rolePermission3'] },
      input: {
        type: 'object', additionalProperties: false, required: ['roleId', 'operationIds'],
        properties: {
          roleId: { title: '角色', type: 'integer', minimum: 1 },
          operationIds: { title: '操作权限', type: 'array', maxItems: 2000, items: { type: 'string', maxLength: 64 } },
        },
      },
      handler: async ({ user, body }) => {
        await saveRoleOperations(conn, user, body.roleId, body.operationIds);
        await sessions.invalidate();
        return null;
      },
    }),
  ];
}

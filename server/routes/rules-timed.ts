// The timed rules' calls (docs/api.md "Automatic sign-off and progress reminders"): the corporation's
// 自动签收 setting (signInTimeSetting/*) and the 进度提醒 conditions and reminders
// (configProcessRemindSet/*), with their 30-day previews. The reminders' list, save, update and delete
// are the resource's own calls (schemas/resources/progressRemindRule.json); the sweeps that act on both
// are in server/jobs.
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import type { Registry } from '../registry/types.ts';
import { autoSignInput, readAutoSign, saveAutoSign, type AutoSignSetting } from '../domain/rules/auto-sign.ts';
import { previewAutoSign } from '../domain/rules/preview/auto-sign-preview.ts';
import { previewProgressRemind } from '../domain/rules/preview/progress-remind-preview.ts';
import { ruleConditions } from '../domain/rules/progress-remind.ts';
import { FIRST_CLASSIFY_ID, progressRemindRuleType } from '../domain/rules/types/progress-remind.ts';
import { saveSchema } from '../resources/input-schemas.ts';
import { ResourceEngine } from '../resources/engine.ts';
import { domainHooks } from './domain.ts';
import { checkConditions } from '../domain/rules/conditions.ts';
import type { Condition } from '../domain/rules/rule-type.ts';

export const AUTO_SIGN_OP = 'signInTimeSetting3';

const classify = (title: string) => ({ title, type: 'string', pattern: '^[1-9][0-9]{0,3}$' });

export function timedRuleRoutes(conn: Conn, registry: () => Registry) {
  const res = registry().resources.get(progressRemindRuleType.resource)!;
  const engine = new ResourceEngine(conn, registry, domainHooks(conn, registry));
  const readers = [...res.permissions.list, ...res.permissions.save, ...res.permissions.update];
  return [
    route<{ firstClassifyId: string }>({
      method: 'GET', path: '/configProcessRemindSet/getRuleConditions', access: { anyOf: readers },
      input: { type: 'object', additionalProperties: false, required: ['firstClassifyId'], properties: { firstClassifyId: classify('一级分类') } },
      // One first class (1 运输进度) today; another answers no conditions.
      handler: ({ body }) => (Number(body.firstClassifyId) === FIRST_CLASSIFY_ID ? ruleConditions() : []),
    }),
    route<{ classifyId: string }>({
      method: 'GET', path: '/configProcessRemindSet/getByClassifyId', access: { anyOf: readers },
      input: { type: 'object', additionalProperties: false, required: ['classifyId'], properties: { classifyId: classify('提醒类别') } },
      handler: ({ user, body }) => engine.list(res.id, user, { curPage: 1, pageSize: 100, classifyId: [Number(body.classifyId)] } as never),
    }),
    route<{ id?: number; rule: Record<string, unknown> }>({
      method: 'POST', path: '/configProcessRemindSet/preview', access: { anyOf: [...res.permissions.save, ...res.permissions.update] },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: { title: '提醒', type: 'integer', minimum: 1 }, rule: saveSchema(res) } },
      handler: ({ user, body }) => {
        staffOnly(user);
        checkConditions(progressRemindRuleType, body.rule.conditions as Condition[] | undefined);
        return previewProgressRemind(conn, user.corpId, body.id ?? null, body.rule, Date.now());
      },
    }),
    route({
      method: 'GET', path: '/signInTimeSetting/getSignInTimeSetting', access: { anyOf: [AUTO_SIGN_OP] }, input: { type: 'object', additionalProperties: false },
      handler: ({ user }) => {
        staffOnly(user);
        return readAutoSign(conn, user.corpId);
      },
    }),
    route<AutoSignSetting>({
      method: 'POST', path: '/signInTimeSetting/addOrUpdate', access: { anyOf: [AUTO_SIGN_OP] }, input: autoSignInput,
      handler: ({ user, body }) => {
        staffOnly(user);
        return saveAutoSign(conn, user, body, Date.now());
      },
    }),
    route<{ rule: AutoSignSetting }>({
      method: 'POST', path: '/signInTimeSetting/preview', access: { anyOf: [AUTO_SIGN_OP] },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { rule: { ...autoSignInput, title: '设置' } } },
      handler: ({ user, body }) => {
        staffOnly(user);
        return previewAutoSign(conn, user.corpId, body.rule, Date.now());
      },
    }),
  ];
}

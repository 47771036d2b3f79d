// The check rules' calls (docs/api.md "Check rules"): check/rule/update (a new rule, or with id and version a
// change: through the resource engine's save and update, so the versions and history are kept as for any
// rule), check/rule/active (启用/停用), check/rule/detail?ruleId=, the preview; and the waybill's side:
// waybill/check/flag (answer a check), waybill/check/node (what it awaits, what was answered) and
// check/question (the questions of the rule in force). The list, count, delete and history are the
// resource's aliases (schemas/resources/checkRule.json).
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { failure, forbidden, invalid } from '../http/envelope.ts';
import { validateOrThrow } from '../http/validate.ts';
import type { Registry } from '../registry/types.ts';
import { NOT_FOUND, ResourceEngine } from '../resources/engine.ts';
import { saveSchema, updateSchema } from '../resources/input-schemas.ts';
import { one } from '../resources/statements.ts';
import { save, update } from '../resources/writes.ts';
import { checkConditions } from '../domain/rules/conditions.ts';
import type { Condition } from '../domain/rules/rule-type.ts';
import { checkQuestions, MAX_TEXT_ANSWER } from '../domain/rules/check-questions.ts';
import { checkNode, checkQuestionsFor, flagCheck, type FlagBody } from '../domain/rules/check-answers.ts';
import { previewCheckRule } from '../domain/rules/preview/check-preview.ts';
import { checkRuleType, type CheckQuestion } from '../domain/rules/types/check.ts';
import { domainHooks } from './domain.ts';

const ID = { title: '规则', type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 };
const idText = (title: string) => ({ title, type: 'string', pattern: '^[1-9][0-9]{0,15}$' });
const CHECK_TYPE = { title: '检查类型', type: 'integer', enum: [1, 2, 3], 'x-dictionary': 'checkType' };
/** Who answers a waybill's checks, and who may read them beside those who read the waybill. */
const CHECKERS = ['waybillCheck3'];
const WAYBILL_READERS = ['waybill3', 'waybillDetail3', 'orderDetail3', ...CHECKERS];

export function checkRuleRoutes(conn: Conn, registry: () => Registry) {
  const res = registry().resources.get(checkRuleType.resource)!;
  const engine = new ResourceEngine(conn, registry, domainHooks(conn, registry));
  const forNew = saveSchema(res);
  const forChange = updateSchema(res);
  const either = { ...forChange, required: [] };
  const writers = [...res.permissions.save, ...res.permissions.update];
  const readers = [...res.permissions.list, ...writers];
  const exists = (id: number, corpId: number) => one(conn, 'SELECT 1 AS x FROM check_rules WHERE id = ? AND corp_id = ? AND is_deleted = 0', id, corpId);
  return [
    route<Record<string, unknown>>({
      method: 'POST', path: '/check/rule/update', access: { anyOf: writers }, input: either,
      handler: ({ user, body }) => {
        const changing = body.id !== undefined && body.id !== null;
        if (!user.operationIds.has(changing ? res.permissions.update[0] : res.permissions.save[0])) throw forbidden();
        return changing ? update(engine, res.id, user, validateOrThrow(forChange, body)) : save(engine, res.id, user, validateOrThrow(forNew, body));
      },
    }),
    route<{ id: number; status: number; version: number }>({
      method: 'POST', path: '/check/rule/active', access: { anyOf: res.permissions.update },
      input: {
        type: 'object', additionalProperties: false, required: ['id', 'status', 'version'],
        properties: { id: ID, status: { title: '状态', type: 'integer', enum: [0, 1], 'x-dictionary': 'enableStatus' }, version: { title: '版本', type: 'integer', minimum: 0 } },
      },
      handler: ({ user, body }) => update(engine, res.id, user, { id: body.id, version: body.version, status: body.status }),
    }),
    // The spec asks with ruleId; id is taken too, as every other detail call of the console takes it.
    route<{ ruleId?: string; id?: string }>({
      method: 'GET', path: '/check/rule/detail', access: { anyOf: readers },
      input: { type: 'object', additionalProperties: false, properties: { ruleId: idText('规则ID'), id: idText('ID') } },
      handler: ({ user, body }) => {
        const id = body.ruleId ?? body.id;
        if (id === undefined) throw invalid('规则ID：不能为空', { field: 'ruleId' });
        return engine.detail(res.id, user, Number(id));
      },
    }),
    route<{ id?: number | null; rule: Record<string, unknown> }>({
      method: 'POST', path: '/check/rule/preview', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: { ...ID, type: ['integer', 'null'] }, rule: { ...forNew, title: '规则内容' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        checkConditions(checkRuleType, body.rule.conditions as Condition[] | undefined);
        checkQuestions(body.rule.questions as CheckQuestion[]);
        if (body.id && !(await exists(body.id, user.corpId))) throw failure(NOT_FOUND);
        return previewCheckRule(conn, user.corpId, body.rule, body.id ?? null);
      },
    }),
    route<FlagBody>({
      method: 'POST', path: '/waybill/check/flag', access: { anyOf: CHECKERS },
      input: {
        type: 'object', additionalProperties: false, required: ['waybillId', 'checkType', 'answers'],
        properties: {
          waybillId: { ...ID, title: '运单' },
          checkType: CHECK_TYPE,
          answers: {
            title: '答案', type: 'array', minItems: 1, maxItems: 30,
            items: {
              type: 'object', additionalProperties: false, required: ['seq'],
              properties: {
                seq: { title: '题号', type: 'integer', minimum: 1, maximum: 30 },
                answer: { title: '答案', type: ['number', 'string', 'null'], maxLength: MAX_TEXT_ANSWER, minimum: -1_000_000, maximum: 1_000_000 },
              },
            },
          },
        },
      },
      handler: ({ user, body }) => flagCheck(conn, user, body),
    }),
    route<{ waybillId: string }>({
      method: 'GET', path: '/waybill/check/node', access: { anyOf: WAYBILL_READERS },
      input: { type: 'object', additionalProperties: false, required: ['waybillId'], properties: { waybillId: idText('运单') } },
      handler: ({ user, body }) => checkNode(conn, registry(), user, Number(body.waybillId)),
    }),
    route<{ waybillId: string; checkType: string }>({
      method: 'GET', path: '/check/question', access: { anyOf: WAYBILL_READERS },
      input: {
        type: 'object', additionalProperties: false, required: ['waybillId', 'checkType'],
        properties: { waybillId: idText('运单'), checkType: { title: '检查类型', type: 'string', enum: ['1', '2', '3'] } },
      },
      handler: ({ user, body }) => checkQuestionsFor(conn, user, Number(body.waybillId), Number(body.checkType)),
    }),
  ];
}

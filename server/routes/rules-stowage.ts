// The stowage rules' own calls (docs/api.md "Stowage rules"): saveOrUpdate (one path for a new rule
// and a change), checkName, detail/{id} and the 30-day preview; the list, remove and history are the
// resource's aliases (schemas/resources/stowageRule.json). And auto-stowage on the stowage screen:
// a run on demand, the proposals, and the dispatcher's 采纳 / 不采纳 / 结束 (orders/stowage/auto-*.ts).
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { failure, forbidden, invalid } from '../http/envelope.ts';
import { validateOrThrow } from '../http/validate.ts';
import type { Registry } from '../registry/types.ts';
import { NOT_FOUND, ResourceEngine } from '../resources/engine.ts';
import { DEFAULT_PAGE_SIZE, saveSchema, updateSchema } from '../resources/input-schemas.ts';
import { one } from '../resources/statements.ts';
import { save, update } from '../resources/writes.ts';
import { checkConditions } from '../domain/rules/conditions.ts';
import type { Condition } from '../domain/rules/rule-type.ts';
import { checkSchedule, stowageRuleType } from '../domain/rules/types/stowage.ts';
import { previewStowageRule } from '../domain/rules/preview/stowage-preview.ts';
import { endRun, runOnDemand } from '../domain/orders/stowage/auto-run.ts';
import { adoptProposal, rejectProposal, type ProposalRef } from '../domain/orders/stowage/auto-adopt.ts';
import { listProposals, type ProposalListInput } from '../domain/orders/stowage/auto-list.ts';
import { domainHooks } from './domain.ts';

const ID = { title: '规则', type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 };
const idText = (title: string) => ({ title, type: 'string', pattern: '^[1-9][0-9]{0,15}$' });
// The stowage operation of the order page, or the 智能配载结果 page's own.
const STOWAGE = ['orderStowage3', 'orderStowageAuto3'];
const STATUS_FILTER = { title: '生成状态', type: 'array', maxItems: 6, items: { type: 'integer', enum: [1, 2, 3, 4, 5, 6] } };
const PROPOSAL_REF = {
  type: 'object', additionalProperties: false, required: ['id', 'version'],
  properties: { id: { ...ID, title: '配载方案' }, version: { title: '版本', type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
};

export function stowageRuleRoutes(conn: Conn, registry: () => Registry) {
  const res = registry().resources.get(stowageRuleType.resource)!;
  const engine = new ResourceEngine(conn, registry, domainHooks(conn, registry));
  const writers = [...new Set([...res.permissions.save, ...res.permissions.update])];
  const readers = [...res.permissions.list, ...writers];
  const saveInput = saveSchema(res);
  const saveOrUpdateInput = { ...updateSchema(res), required: [] };
  return [
    route<Record<string, unknown> & { id?: number; version?: number }>({
      method: 'POST', path: '/stowageRule/saveOrUpdate', access: { anyOf: writers }, input: saveOrUpdateInput,
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
      method: 'GET', path: '/stowageRule/checkName', access: { anyOf: readers },
      input: { type: 'object', additionalProperties: false, required: ['ruleName'], properties: { ruleName: { title: '规则名称', type: 'string', minLength: 1, maxLength: 50 }, id: idText('规则') } },
      // true: the name is free (no other live rule of the corporation has it).
      handler: async ({ user, body }) => !(await one(conn, 'SELECT 1 AS x FROM stowage_rules WHERE corp_id = ? AND rule_name = ? AND is_deleted = 0 AND id <> ?',
        user.corpId, body.ruleName.trim(), Number(body.id ?? 0))),
    }),
    route({
      method: 'GET', path: '/stowageRule/detail/:id', access: { anyOf: readers }, input: { type: 'object', additionalProperties: false },
      handler: ({ user, params }) => {
        if (!/^[1-9][0-9]{0,15}$/.test(params.id)) throw invalid('规则：规则ID格式不正确', { field: 'id' });
        return engine.detail(res.id, user, Number(params.id));
      },
    }),
    route<{ id?: number | null; rule: Record<string, unknown> }>({
      method: 'POST', path: '/stowageRule/preview', access: { anyOf: writers },
      input: { type: 'object', additionalProperties: false, required: ['rule'], properties: { id: { ...ID, type: ['integer', 'null'] }, rule: { ...saveInput, title: '规则' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        checkConditions(stowageRuleType, body.rule.conditions as Condition[] | undefined);
        checkSchedule(body.rule);
        if (body.id && !(await one(conn, 'SELECT 1 FROM stowage_rules WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.id, user.corpId))) throw failure(NOT_FOUND);
        return previewStowageRule(conn, user.corpId, body.rule, body.id ?? null);
      },
    }),
    route({
      method: 'POST', path: '/orderStowageTask/autoStowage', access: { anyOf: STOWAGE },
      // The page's toolbar sends its filter along; a run takes every stowable order whatever the list shows.
      input: { type: 'object', additionalProperties: false, properties: { status: STATUS_FILTER, sorts: { title: '排序', type: 'array', maxItems: 10 } } },
      handler: ({ user }) => runOnDemand(conn, user),
    }),
    route<ProposalListInput>({
      method: 'POST', path: '/orderStowageTask/autoStowageList', access: { anyOf: STOWAGE },
      input: {
        type: 'object', additionalProperties: false,
        properties: {
          curPage: { title: '页码', type: 'integer', minimum: 1, maximum: 100_000 },
          pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: 1000, default: DEFAULT_PAGE_SIZE },
          status: STATUS_FILTER,
          runId: { ...ID, title: '配载批次' },
        },
      },
      handler: ({ user, body }) => listProposals(conn, registry(), user, body),
    }),
    route<ProposalRef>({
      method: 'POST', path: '/orderStowageTask/adoptProposal', access: { anyOf: STOWAGE }, input: PROPOSAL_REF,
      handler: ({ user, body }) => adoptProposal(conn, user, body),
    }),
    route<ProposalRef>({
      method: 'POST', path: '/orderStowageTask/rejectProposal', access: { anyOf: STOWAGE }, input: PROPOSAL_REF,
      handler: ({ user, body }) => rejectProposal(conn, user, body),
    }),
    // 结束本批 on a pending proposal's row: the run it belongs to ends.
    route<ProposalRef>({
      method: 'POST', path: '/orderStowageTask/endAutoStowage', access: { anyOf: STOWAGE }, input: PROPOSAL_REF,
      handler: ({ user, body }) => endRun(conn, user, body),
    }),
  ];
}

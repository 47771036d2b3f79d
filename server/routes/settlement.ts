// The settlement centre's calls beyond the generic resource routes (docs/api.md "Settlement"):
// a contract's 终止 and 复制合同, and the fee items' drop-down (spec section 7, finance).
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { ResourceEngine } from '../resources/engine.ts';
import { scopeWhere } from '../resources/scope.ts';
import { all } from '../resources/statements.ts';
import { domainHooks } from './domain.ts';
import { copyContract, terminateContract, type CopyInput, type TerminateInput } from '../domain/settlement/contract-actions.ts';

const MAX_ID = Number.MAX_SAFE_INTEGER;
const DATE = (title: string) => ({ title, type: 'integer', minimum: 0, maximum: 4102444800000, 'x-time': true });

export const TERMINATE_OP = 'contractTerminate3';
export const COPY_OP = 'contractCopy3';
/** Who may list the fee items for a drop-down: their own list, and whoever edits a rate rule's 附加费. */
export const FEE_ITEM_OPTIONS = ['feeItem3', 'contractRateRuleAdd3', 'contractRateRuleUpdate3'];

export const terminateInput = {
  type: 'object', additionalProperties: false, required: ['id', 'version', 'reason'],
  properties: {
    id: { title: '合同', type: 'integer', minimum: 1, maximum: MAX_ID },
    version: { title: '版本号', type: 'integer', minimum: 1, maximum: MAX_ID },
    reason: { title: '终止原因', type: 'string', maxLength: 200, pattern: '\\S', errorMessage: { pattern: '终止原因不能为空' } },
  },
};

export const copyInput = {
  type: 'object', additionalProperties: false, required: ['id', 'contractNo', 'validFrom', 'validUntil'],
  properties: {
    id: { title: '合同', type: 'integer', minimum: 1, maximum: MAX_ID },
    // The dialog sends the version it read; a copy changes nothing of the source.
    version: { title: '版本号', type: 'integer', minimum: 1, maximum: MAX_ID },
    contractNo: { title: '新合同编号', type: 'string', minLength: 1, maxLength: 30, pattern: '\\S', errorMessage: { pattern: '新合同编号不能为空' } },
    contractName: { title: '合同名称', type: ['string', 'null'], maxLength: 100 },
    signedAt: { ...DATE('签订日期'), type: ['integer', 'null'] },
    validFrom: DATE('生效日期'),
    validUntil: DATE('到期日期'),
  },
  'x-checks': [{ field: 'validUntil', atLeast: 'validFrom', message: '到期日期不能早于生效日期' }],
};

export function settlementRoutes(conn: Conn, registry: () => Registry) {
  const engine = new ResourceEngine(conn, registry, domainHooks(conn, registry));
  return [
    route<TerminateInput>({
      method: 'POST', path: '/contract/terminate', access: { anyOf: [TERMINATE_OP] }, input: terminateInput,
      handler: ({ user, body }) => terminateContract(engine, user, body),
    }),
    route<CopyInput>({
      method: 'POST', path: '/contract/copyContract', access: { anyOf: [COPY_OP] }, input: copyInput,
      handler: ({ user, body }) => copyContract(engine, user, body),
    }),
    route<{ feeKind?: number | null }>({
      method: 'POST', path: '/feeItem/getAllFeeItemDropBox', access: { anyOf: FEE_ITEM_OPTIONS },
      input: { type: 'object', additionalProperties: false, properties: { feeKind: { title: '费用类别', type: ['integer', 'null'], enum: [1, 2, 3, null] } } },
      handler: ({ user, body }) => {
        const w = scopeWhere(registry().resources.get('feeItem')!, user, 't');
        const kind = body.feeKind ?? null;
        // Only enabled items (status 0 启用) are offered; a rule keeps naming an item disabled later.
        return all<{ id: number; label: string; feeCode: string; feeKind: number }>(conn,
          `SELECT t.id AS id, t.fee_name AS label, t.fee_code AS "feeCode", t.fee_kind AS "feeKind" FROM fee_items t
            WHERE ${w.sql.join(' AND ')} AND t.status = 0${kind === null ? '' : ' AND t.fee_kind = ?'} ORDER BY t.fee_code, t.id`,
          ...w.params, ...(kind === null ? [] : [kind]));
      },
    }),
  ];
}

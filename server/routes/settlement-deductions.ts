// Deductions and subsidies (docs/api.md "Deductions and subsidies"): 货损分摊 under the spec's
// carrierLossShare/* paths (page, saveOrUpdate, delete, pageHistory, detail), the allowance rules'
// drop-down (allowanceInfo/ruleDropBox) and an allowance's 确认 (allowanceInfo/confirm).
import type { Conn } from '../resources/statements.ts';
import { route, type RouteDef } from '../http/route.ts';
import { invalid } from '../http/envelope.ts';
import type { Registry } from '../registry/types.ts';
import { cancelLossShare, lossShareDetail, lossShareHistory, lossSharePage, saveLossShare, type LossShareInput } from '../domain/settlement/deductions/loss-share.ts';
import { lossPlanProposal } from '../domain/rules/loss-plan-apply.ts';
import { confirmAllowance, ruleDropBox } from '../domain/settlement/allowances/allowances.ts';
import { idOf, quantity, text, VERSION } from './waybill-inputs.ts';

/** Money: whole fen, not negative; a form takes yuan (x-money). */
const money = (title: string) => ({ title, type: 'integer', minimum: 0, maximum: 99_999_999_999, 'x-money': true });
const paging = {
  curPage: { title: '页码', type: 'integer', minimum: 1, maximum: 1_000_000 },
  pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: 500 },
};
const idQuery = (title: string) => ({ title, type: 'string', pattern: '^[1-9][0-9]{0,15}$' });

/** Who reads the shares (a carrier user its own), who makes and cancels them (staff). */
const READ = ['carrierLossShare3', 'carrierLossShareRecord3', 'carrierLossShareSave3', 'carrierLossShareCancel3'];
export const ALLOWANCE_RULE_OPTIONS = ['allowanceRule3', 'allowanceAdd3', 'allowanceUpdate3', 'driverAllowance3', 'deliveryAllowance3'];

export function settlementDeductionRoutes(conn: Conn, _registry: () => Registry): RouteDef[] {
  return [
    route({
      method: 'POST', path: '/carrierLossShare/page', access: { anyOf: READ },
      input: { type: 'object', additionalProperties: false, properties: { ...paging, waybillNo: text('运单号', 32), carrierId: idOf('承运商') } },
      handler: ({ user, body }) => lossSharePage(conn, user, body),
    }),
    route<LossShareInput>({
      method: 'POST', path: '/carrierLossShare/saveOrUpdate', access: { anyOf: ['carrierLossShareSave3'] },
      input: {
        type: 'object', additionalProperties: false, required: ['unitValue', 'carrierAmount'],
        properties: {
          // Named in the user's words: the 货损分摊 dialog of a waybill row carries the share it changes as a hidden field.
          id: idOf('货损分摊记录'), version: VERSION, waybillId: idOf('运单ID'), waybillNo: text('运单号', 32),
          lostQuantity: { ...quantity('货损数量'), type: ['number', 'null'] },
          unitValue: money('货物单价(元)'), carrierAmount: money('承运商承担(元)'), reason: { ...text('分摊原因', 200), type: ['string', 'null'] },
        },
      },
      handler: ({ user, body }) => {
        if ((body.id === undefined) !== (body.version === undefined)) throw invalid('版本号：修改分摊时须同时提供货损分摊记录和版本号', { field: 'version' });
        // The waybill by its id (from a waybill's row) or by its number (typed in the 新增 dialog).
        if (body.waybillId === undefined && !body.waybillNo?.trim()) throw invalid('运单号：请填写运单号', { field: 'waybillNo' });
        if (body.waybillId !== undefined && body.waybillNo !== undefined) throw invalid('运单号：运单ID和运单号只能填写一个', { field: 'waybillNo' });
        return saveLossShare(conn, user, body);
      },
    }),
    route<{ id: number; version: number }>({
      method: 'POST', path: '/carrierLossShare/delete', access: { anyOf: ['carrierLossShareCancel3'] },
      input: { type: 'object', additionalProperties: false, required: ['id', 'version'], properties: { id: idOf('货损分摊ID'), version: VERSION } },
      handler: ({ user, body }) => cancelLossShare(conn, user, body),
    }),
    route({
      method: 'POST', path: '/carrierLossShare/pageHistory', access: { anyOf: READ },
      input: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: idOf('货损分摊ID'), ...paging } },
      handler: ({ user, body }) => lossShareHistory(conn, user, body as { id: number }),
    }),
    route({
      method: 'GET', path: '/carrierLossShare/detail', access: { anyOf: READ },
      input: { type: 'object', additionalProperties: false, properties: { id: idQuery('货损分摊ID'), waybillId: idQuery('运单ID') } },
      handler: async ({ user, body }) => {
        if (body.id === undefined && body.waybillId === undefined) throw invalid('运单ID：请提供货损分摊ID或运单ID', { field: 'waybillId' });
        const detail = await lossShareDetail(conn, user, { id: body.id === undefined ? undefined : Number(body.id), waybillId: body.waybillId === undefined ? undefined : Number(body.waybillId) });
        // Not shared yet: the loss plan's figures fill the dialog (docs/rules.md "Loss plans").
        return { ...detail, proposal: detail.share ? null : await lossPlanProposal(conn, user, detail.waybillId) };
      },
    }),
    route<{ kind?: number | null }>({
      method: 'POST', path: '/allowanceInfo/ruleDropBox', access: { anyOf: ALLOWANCE_RULE_OPTIONS },
      input: { type: 'object', additionalProperties: false, properties: { kind: { title: '补贴对象', type: ['integer', 'null'], enum: [1, 2, null] } } },
      handler: ({ user, body }) => ruleDropBox(conn, user, body.kind ?? null),
    }),
    route<{ id: number; version: number }>({
      method: 'POST', path: '/allowanceInfo/confirm', access: { anyOf: ['allowanceConfirm3'] },
      input: { type: 'object', additionalProperties: false, required: ['id', 'version'], properties: { id: idOf('补贴ID'), version: VERSION } },
      handler: ({ user, body }) => confirmAllowance(conn, user, body),
    }),
  ];
}

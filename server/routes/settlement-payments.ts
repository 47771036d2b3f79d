// 运费支付 (docs/settlement.md "Payments", docs/api.md "Payments"): the payments of completed waybills to
// their carriers, the list with status tabs, and the machine's steps (server/domain/settlement/payments).
// A carrier user reaches only its own carrier's payments (scope in SQL); customers none.
import type { Conn } from '../resources/statements.ts';
import { route, type RouteDef } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { runPaymentAction } from '../domain/settlement/payments/actions.ts';
import { generatePayments, paymentCounts, paymentDetail, paymentList } from '../domain/settlement/payments/reads.ts';
import type { PaymentAction } from '../domain/settlement/payments/machine.ts';
import { idOf, requiredText, text, VERSION } from './waybill-inputs.ts';

const { curPage, pageSize } = pagingProperties([]);

export const PAYMENT_OPS = {
  read: 'payment3',
  generate: 'paymentGenerate3',
  certify: 'paymentCertify3',
  account: 'paymentAccount3',
  sign: 'paymentSign3',
  apply: 'paymentApply3',
  check: 'paymentCheck3',
  evidence: 'paymentEvidence3',
  submit: 'paymentSubmit3',
} as const;

const listInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage, pageSize,
    status: { title: '支付运单状态', type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7] },
    processStatus: { title: '支付处理状态', type: 'integer', enum: [1, 2, 3] },
    carrierId: idOf('承运商'), waybillNo: text('运单号', 32), groupByStatus: { title: '按状态分组', type: 'boolean' },
  },
};

const actionInput = (extra: Record<string, object> = {}, required: string[] = []) => ({
  type: 'object', additionalProperties: false, required: ['id', 'version', ...required], properties: { id: idOf('支付单ID'), version: VERSION, ...extra },
});

const account = {
  payeeName: requiredText('收款人', 50),
  bankName: requiredText('开户银行', 50),
  bankAccount: { title: '银行账号', type: 'string', maxLength: 30, pattern: '^[0-9]{8,30}$', errorMessage: { pattern: '银行账号：请输入8至30位数字' } },
};

export function settlementPaymentRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  const action = (path: string, act: PaymentAction, op: string, input: object) => route({
    method: 'POST', path, access: { anyOf: [op] }, input,
    handler: ({ user, body }) => runPaymentAction(conn, registry(), user, act, body),
  });
  return [
    route({
      method: 'POST', path: '/payment/getPaymentList', access: { anyOf: [PAYMENT_OPS.read] }, input: listInput,
      handler: ({ user, body }) => paymentList(conn, registry(), user, body),
    }),
    route({
      method: 'POST', path: '/payment/getPaymentCount', access: { anyOf: [PAYMENT_OPS.read] }, input: listInput,
      handler: ({ user, body }) => paymentCounts(conn, registry(), user, body),
    }),
    route({
      method: 'GET', path: '/payment/getPaymentDetail', access: { anyOf: [PAYMENT_OPS.read] },
      input: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { title: '支付单ID', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
      handler: ({ user, body }) => paymentDetail(conn, registry(), user, Number(body.id)),
    }),
    route({
      method: 'POST', path: '/payment/generate', access: { anyOf: [PAYMENT_OPS.generate] },
      input: { type: 'object', additionalProperties: false, properties: { waybillId: idOf('运单ID') } },
      handler: ({ user, body }) => generatePayments(conn, user, body.waybillId as number | undefined),
    }),
    action('/payment/certify', 'certify', PAYMENT_OPS.certify, actionInput()),
    action('/payment/saveAccount', 'account', PAYMENT_OPS.account, actionInput(account, ['payeeName', 'bankName', 'bankAccount'])),
    action('/payment/sign', 'sign', PAYMENT_OPS.sign, actionInput({ agreed: { title: '同意运输服务协议', type: 'boolean' } }, ['agreed'])),
    action('/payment/apply', 'apply', PAYMENT_OPS.apply, actionInput()),
    action('/payment/complianceCheck', 'check', PAYMENT_OPS.check, actionInput()),
    action('/payment/supplyEvidence', 'evidence', PAYMENT_OPS.evidence, actionInput({ evidence: requiredText('佐证说明', 500) }, ['evidence'])),
    action('/payment/retry', 'retry', PAYMENT_OPS.submit, actionInput()),
    action('/payment/query', 'query', PAYMENT_OPS.submit, actionInput()),
  ];
}

// Every person-driven action of waybill-machine.ts as one transition each: what the machine needs
// from the dialog, what the action checks and writes besides the state (node times, quantities in
// the event, receipt files, the evaluation). transition.ts runs them in one transaction.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import type { WaybillAction } from '../workflow/waybill-machine.ts';
import { checkQuantities, goodsOfWaybill, type GoodsQuantity } from './goods.ts';
import { nodeTransition, type NodeActionBody } from './nodes.ts';
import { all, insert, milli, run, type Conn } from './sql.ts';
import { runTransition, type Transition } from './transition.ts';
import { unreadableFile } from '../files/access.ts';
import { checkAnswers, storeAnswers, type Answer } from '../evaluation/answers.ts';
import { createTripAllowances } from '../settlement/allowances/allowances.ts';
import { applyLossPlan } from '../rules/loss-plan-apply.ts';
import { requireReceipt, requireSignRemark } from '../settings/business-personal.ts';

export interface ActionBody {
  id: number;
  version: number;
  [field: string]: unknown;
}

type Spec = Omit<Transition, 'action' | 'id' | 'version'>;
type Builder = (conn: Conn, user: SessionUser, body: any) => Spec;

/** The dialog's fields, kept on the event as they were sent (without the id and version). */
const dialogOf = ({ id: _id, version: _v, ...rest }: ActionBody) => rest;
const keep: Builder = (_s, _u, body: ActionBody) => ({ prepare: async () => ({ payload: Object.keys(dialogOf(body)).length ? dialogOf(body) : undefined }) });

const goodsAction = (kind: 'load' | 'delivery'): Builder => (conn, _u, body: { goods: GoodsQuantity[] }) => ({
  prepare: async (w) => ({ payload: { goods: checkQuantities(await goodsOfWaybill(conn, w.id), body.goods, kind) } }),
});

const review: Builder = (_s, _u, body: ActionBody & { passed: boolean; opinion?: string }) => ({
  input: async () => ({ passed: body.passed }),
  prepare: async () => {
    if (!body.passed && !body.opinion?.trim()) throw invalid('审核意见：不通过时审核意见不能为空', { field: 'opinion' });
    return { payload: dialogOf(body) };
  },
});

const BUILDERS: Record<string, Builder> = {
  receive: keep,
  refuse: keep,
  startLoad: keep,
  abnormalEnd: keep,
  // 业务个性化设置 结束运单前是否必须上传回单 may hold 手动结束 until the receipt is in.
  manualEnd: (conn, _u, body: ActionBody) => ({
    prepare: async (w) => {
      await requireReceipt(conn, w.corpId, w.id);
      return { payload: Object.keys(dialogOf(body)).length ? dialogOf(body) : undefined };
    },
  }),
  arriveWaybillNode: (conn, _u, body: NodeActionBody) => nodeTransition(conn, 'arrive', body),
  leaveWaybillNode: (conn, _u, body: NodeActionBody) => nodeTransition(conn, 'leave', body),
  confirmLoad: goodsAction('load'),
  confirmDelivery: goodsAction('delivery'),
  signOrder: (conn, user, body: ActionBody & { signedQuantity: number; deliveredQuantity: number; abnormal?: boolean }) => ({
    input: async () => ({ signedQuantity: body.signedQuantity, deliveredQuantity: body.deliveredQuantity, abnormal: body.abnormal === true }),
    prepare: async (w) => {
      if (milli(body.signedQuantity) > milli(body.deliveredQuantity)) throw invalid('签收数量：不能超过交货数量', { field: 'signedQuantity' });
      await requireSignRemark(conn, w.corpId, body.abnormal === true || milli(body.signedQuantity) < milli(body.deliveredQuantity), body.remark);
      // Signed off = completed (500): the driver's and delivery man's allowances of the trip are due now,
      // and a loss is shared when an automatic loss plan covers it (docs/rules.md "Loss plans").
      return {
        payload: dialogOf(body),
        effects: async (now) => {
          await createTripAllowances(conn, user.corpId, w.id, now);
          await applyLossPlan(conn, user, w.id, body, now);
        },
      };
    },
  }),
  receipt: (conn, user, body: ActionBody & { fileIds: string[] }) => ({
    prepare: async (w) => {
      const ids = [...new Set(body.fileIds)];
      const found = await all<{ id: string }>(conn, `SELECT id FROM files WHERE corp_id = ? AND id IN (${ids.map(() => '?').join(', ')})`, user.corpId, ...ids);
      // A partner names only files it may read (files/access.ts): naming one would open it to the partner.
      if (found.length !== ids.length || (await unreadableFile(conn, user, ids))) throw failure('回单文件不存在或无权访问，请重新上传');
      return {
        payload: { fileIds: ids },
        // A receipt sent back by review is replaced by the new upload: the current set is what gets reviewed.
        effects: async () => {
          await run(conn, 'DELETE FROM waybill_receipts WHERE waybill_id = ?', w.id);
          for (const fileId of ids) await run(conn, 'INSERT INTO waybill_receipts (waybill_id, file_id, corp_id) VALUES (?, ?, ?)', w.id, fileId, user.corpId);
        },
      };
    },
  }),
  receiptReview: review,
  receiptReReview: review,
  evaluate: (conn, user, body: ActionBody & { score: number; content?: string; answers?: Answer[] }) => ({
    prepare: async (w) => {
      // The questions of the service comment setting in force for the waybill's business type (evaluation/).
      const { setting, rows } = await checkAnswers(conn, user.corpId, w.businessType, body.answers);
      return {
        payload: dialogOf(body),
        effects: async (now) => {
          const evaluationId = await insert(
            conn, 'INSERT INTO waybill_evaluations (corp_id, waybill_id, score, content, user_id, at, setting_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
            user.corpId, w.id, body.score, body.content ?? null, user.userId, now, setting.settingId,
          );
          if (setting.settingId !== null) await storeAnswers(conn, user.corpId, evaluationId, w.id, setting.settingId, rows);
        },
      };
    },
  }),
};

export const PERSON_ACTIONS = Object.keys(BUILDERS) as WaybillAction[];

export function performAction(conn: Conn, reg: Registry, user: SessionUser, action: WaybillAction, body: ActionBody) {
  const spec = BUILDERS[action](conn, user, body);
  return runTransition(conn, reg, user, { action, id: body.id, version: body.version, ...spec });
}

// orderInfo/copyOrder (the order dialog "copy"; the spec lists no path for it): new orders with the
// same customer, business type, places, times, remark and goods lines as the source, each with a new
// order number, at version 1, status 2 待调度, with its first saved version (then delegated by the
// delegate rule in force, as every new order). All copies in one
// transaction: either every copy exists or none does.
import type { SessionUser } from '../../http/context.ts';
import { failure, forbidden } from '../../http/envelope.ts';
import { findOrder, NOT_FOUND, STALE } from './access.ts';
import { goodsOf } from './details.ts';
import { applyDelegateRule, checkReferences, create, recordVersion, type SaveInput } from './save.ts';
import { tx, type Conn } from './sql.ts';
import { requireArriveTime } from '../settings/business-personal.ts';

export const MAX_COPIES = 50;

/** `version`, when the dialog sends it, must still be the source's: the copy is of what the user saw. */
export async function copyOrder(conn: Conn, user: SessionUser, input: { id: number; version?: number; count?: number }) {
  // Carriers receive orders, they never place them (as in orderInfo/save).
  if (user.userType === 2) throw forbidden();
  const now = Date.now();
  return tx(conn, async () => {
    const source = await findOrder(conn, user, input.id);
    if (!source) throw failure(NOT_FOUND);
    if (input.version !== undefined && input.version !== source.version) throw failure(STALE);
    const copy: SaveInput = {
      customerId: source.customerId, businessType: source.businessType, shipperAreaId: source.shipperAreaId, receiverAreaId: source.receiverAreaId,
      requiredLoadTime: source.requiredLoadTime ?? undefined, requiredArriveTime: source.requiredArriveTime ?? undefined, remark: source.remark ?? undefined,
      // New lines, so the goods-line rule applies afresh: a catalogue goods disabled since, or a hand
      // line where the corporation no longer allows them, stops the copy (save.ts writeGoods).
      goods: (await goodsOf(conn, source.id)).map((g) => ({
        goodsInfoId: g.goodsInfoId ?? undefined,
        goodsName: g.goodsName, goodsCode: g.goodsCode ?? undefined, quantity: g.quantity, weight: g.weight ?? undefined, volume: g.volume ?? undefined, unit: g.unit,
      })),
    };
    // A place or customer deleted since the source was saved cannot be copied onto a new order.
    await checkReferences(conn, user, copy, source.customerId);
    // 业务个性化设置 holds copies to the rule new orders keep (a source saved before the switch has no time to copy).
    await requireArriveTime(conn, user.corpId, copy.requiredArriveTime, '要求到达时间：原订单未填写要求到达时间，请修改后再复制');
    const orders = [];
    for (let i = 0; i < (input.count ?? 1); i++) {
      const id = await create(conn, user, copy, source.customerId, now);
      const order = await recordVersion(conn, user, id, now);
      orders.push({ id, orderNo: order.orderNo, version: await applyDelegateRule(conn, user, order, now) });
    }
    return { sourceId: source.id, orders };
  });
}

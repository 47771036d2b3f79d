// The waybillAction calls that are not transitions of the machine: assign a department, delegate
// to a carrier, and the gate checks (checks.ts). Each is one transaction at the version the user
// read, writes the waybill's new version, an event on the timeline and a version in the history;
// the machine's state never changes here. Also the reads that fill their dialogs.
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import type { Registry } from '../../registry/types.ts';
import { formatTime } from '../../resources/time.ts';
import { applyWaybillAction, isFinished, Step, WaybillStatus } from '../workflow/waybill-machine.ts';
import { askedQuestions, settingForEdit, settingInForce } from '../evaluation/setting.ts';
import { actionableNodes } from './before.ts';
import { CHECK_NAMES, checkPoint, checksNow } from './checks.ts';
import { goodsOfWaybill } from './goods.ts';
import { recordWaybillVersion } from './history.ts';
import { stateLabels } from './labels.ts';
import { nodesOf } from './nodes.ts';
import { loadWaybill, lockWaybill, type WaybillRow } from './scope.ts';
import { one, tx, type Conn } from './sql.ts';
import { bumpWaybill, recordEvent } from './transition.ts';

interface Write {
  set?: Record<string, unknown>;
  nodeId?: number | null;
  payload: unknown;
}

function writeOnce(conn: Conn, reg: Registry, user: SessionUser, body: { id: number; version: number }, action: string, decide: (w: WaybillRow) => Promise<Write>) {
  return tx(conn, async () => {
    const now = Date.now();
    const w = await lockWaybill(conn, user, body.id, body.version);
    const write = await decide(w);
    const version = await bumpWaybill(conn, user, w, now, write.set ?? {});
    await recordEvent(conn, user, w.id, action, w, w, write.nodeId ?? null, write.payload, now);
    await recordWaybillVersion(conn, user, w.id, action, now);
    return { id: w.id, version, status: w.status, step: w.step, signStatus: w.signStatus, ...stateLabels(reg, w) };
  });
}

/** The department responsible for the waybill; kept on its timeline (the latest one counts). */
export function assignDepartment(conn: Conn, reg: Registry, user: SessionUser, body: { id: number; version: number; orgId: number }) {
  return writeOnce(conn, reg, user, body, 'assignDepartment', async (w) => {
    if (isFinished(w)) throw failure('运单已结束，不能分配部门');
    const org = await one<{ orgName: string }>(conn, 'SELECT org_name AS orgName FROM departments WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.orgId, user.corpId);
    if (!org) throw invalid('部门：部门不存在或无权访问', { field: 'orgId' });
    return { payload: { orgId: body.orgId, orgName: org.orgName } };
  });
}

/** The current department: the latest assignDepartment on the timeline. */
export async function departmentOf(conn: Conn, waybillId: number): Promise<{ orgId: number; orgName: string } | null> {
  const row = await one<{ payload: string }>(conn, "SELECT payload FROM waybill_events WHERE waybill_id = ? AND action = 'assignDepartment' ORDER BY at DESC, id DESC LIMIT 1", waybillId);
  return row ? JSON.parse(row.payload) : null;
}

/**
 * Gives a waybill to a carrier, who then assigns its own vehicle: only while no vehicle is on it
 * (100 待派车 or 1 司机拒单, at step 2). Staff only: a carrier does not hand its waybills on.
 */
export function delegateWaybill(conn: Conn, reg: Registry, user: SessionUser, body: { id: number; version: number; carrierId: number }) {
  return writeOnce(conn, reg, user, body, 'delegateWaybill', async (w) => {
    if (user.userType !== 0) throw failure('只有本企业用户可以委托运单');
    const open = (w.status === WaybillStatus.AWAITING_VEHICLE || w.status === WaybillStatus.DRIVER_REFUSED) && w.step === Step.AWAITING_VEHICLE;
    if (!open) throw failure('运单当前状态不能委托，请刷新后重试');
    const carrier = await one<{ carrierName: string }>(conn, 'SELECT carrier_name AS carrierName FROM carriers WHERE id = ? AND corp_id = ? AND is_deleted = 0', body.carrierId, user.corpId);
    if (!carrier) throw invalid('承运商：承运商不存在或无权访问', { field: 'carrierId' });
    return {
      set: { carrier_id: body.carrierId, vehicle_id: null, driver_id: null },
      payload: { carrierId: body.carrierId, carrierName: carrier.carrierName, previousCarrierId: w.carrierId },
    };
  });
}

export interface CheckBody {
  id: number;
  version: number;
  checkType: number;
  passed: boolean;
  nodeId?: number;
  remark?: string;
}

/** A gate check where the vehicle is now (checks.ts); refused at any other moment or node. */
export function checkWaybill(conn: Conn, reg: Registry, user: SessionUser, body: CheckBody) {
  return writeOnce(conn, reg, user, body, 'check', async (w) => {
    const point = checkPoint(w, body.checkType);
    if (!point) throw failure(`运单当前状态不能${CHECK_NAMES[body.checkType]}，请刷新后重试`);
    const node = (await nodesOf(conn, w.id)).find((n) => n.nodeType === point)!;
    if (body.nodeId !== undefined && body.nodeId !== node.id) throw failure(`${CHECK_NAMES[body.checkType]}只能在${node.areaName}进行`);
    if (!body.passed && !body.remark?.trim()) throw invalid('检查说明：检查不通过时请填写说明', { field: 'remark' });
    return {
      nodeId: node.id,
      payload: { checkType: body.checkType, checkTypeStr: CHECK_NAMES[body.checkType], passed: body.passed, remark: body.remark ?? null },
    };
  });
}

/** The actions getNodeListByAction answers for, with the operation each needs. */
export const NODE_ACTIONS: Record<string, string> = { arriveWaybillNode: 'waybillArrive3', leaveWaybillNode: 'waybillLeave3', check: 'waybillCheck3' };

/** waybillAction/getNodeListByAction: the nodes `action` may act on now (and for checks, which checks). */
export async function nodesByAction(conn: Conn, reg: Registry, user: SessionUser, id: number, action: string) {
  if (action === 'check') {
    const w = await loadWaybill(conn, user, id);
    const open = checksNow(w);
    return (await nodesOf(conn, id))
      .filter((n) => open.some((c) => c.node === n.nodeType))
      .map((n) => ({ ...n, checkTypes: open.filter((c) => c.node === n.nodeType).map((c) => ({ checkType: c.checkType, checkTypeStr: CHECK_NAMES[c.checkType] })) }));
  }
  const flag = action === 'arriveWaybillNode' ? 'canArrive' : 'canLeave';
  return (await actionableNodes(conn, reg, user, id)).nodes.filter((n) => n[flag]);
}

/** waybillAction/getLeaveNodeInfoList: the nodes that may be left now, with how long the vehicle has stood there and what it carries. */
export async function leaveNodeInfo(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const { nodes, ...head } = await actionableNodes(conn, reg, user, id);
  const now = Date.now();
  const goods = await goodsOfWaybill(conn, id);
  return {
    ...head,
    goods,
    nodes: nodes.filter((n) => n.canLeave).map((n) => ({
      ...n,
      stayMinutes: n.actualArriveTime === null ? null : Math.floor((now - n.actualArriveTime) / 60_000),
      requiredLeaveTimeStr: formatTime(n.requiredLeaveTime),
    })),
  };
}

/** waybillAction/getEvaluateSetting: what the evaluation dialog asks (the evaluate action's own bounds). */
export const EVALUATE_SETTING = {
  minScore: 1,
  maxScore: 5,
  contentMaxLength: 256,
  levels: [{ score: 1, label: '很差' }, { score: 2, label: '较差' }, { score: 3, label: '一般' }, { score: 4, label: '满意' }, { score: 5, label: '非常满意' }],
};

/** With a waybill: also the questions of the service comment setting in force for its business type (evaluation/setting.ts). */
export async function evaluateSetting(conn: Conn, user: SessionUser, id: number | undefined) {
  if (id === undefined) return { ...EVALUATE_SETTING, evaluable: null, ...(await askedNow(conn, user.corpId, null)) };
  const w = await loadWaybill(conn, user, id);
  return { ...EVALUATE_SETTING, evaluable: applyWaybillAction(w, 'evaluate').ok, ...(await askedNow(conn, user.corpId, w.businessType)) };
}

async function askedNow(conn: Conn, corpId: number, businessType: number | null) {
  const s = businessType === null ? await settingForEdit(conn, corpId, null) : await settingInForce(conn, corpId, businessType);
  return { settingVersion: s.version, questions: askedQuestions(s).map(({ key, title, kind, required }) => ({ key, title, kind, required })) };
}

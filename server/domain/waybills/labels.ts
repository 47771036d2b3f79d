// Catalogue labels of a waybill from schemas/dictionaries (the one source of the Chinese names):
// status (waybillStatus), step (carriageContractOrderStatus) and sign-off (signStatus).
import type { Registry } from '../../registry/types.ts';
import { ACTION_NAMES, type WaybillAction } from '../workflow/waybill-machine.ts';
import { labelOf } from '../../registry/labels.ts';

export const DICTIONARY = {
  status: 'waybillStatus',
  step: 'carriageContractOrderStatus',
  signStatus: 'signStatus',
  nodeStatus: 'nodeStatus',
  arriveLeaveState: 'arriveLeaveState',
} as const;

/** getWaybillStatusList?statusType=: 1 waybill status, 2 carriage step, 3 sign-off. */
export const STATUS_TYPES: Record<string, string> = { '1': DICTIONARY.status, '2': DICTIONARY.step, '3': DICTIONARY.signStatus };

export { labelOf };

export function statusList(reg: Registry, statusType: string) {
  return (reg.dictionaries.get(STATUS_TYPES[statusType])?.items ?? []).map(({ id, label }) => ({ id, label }));
}

/** statusStr, stepStr and signStatusStr beside the three catalogues. */
export function stateLabels(reg: Registry, w: { status: number; step: number; signStatus: number }) {
  return {
    statusStr: labelOf(reg, DICTIONARY.status, w.status),
    stepStr: labelOf(reg, DICTIONARY.step, w.step),
    signStatusStr: labelOf(reg, DICTIONARY.signStatus, w.signStatus),
  };
}

/** Actions that are not transitions of the machine but still leave an event (driver changes). */
const OTHER_ACTION_NAMES: Record<string, string> = {
  assignDriver: '指派司机', add: '新增运单', update: '修改运单', generate: '订单生成运单', copy: '复制运单', editWaybillName: '修改运单名称',
  delete: '删除运单', assignDepartment: '分配部门', delegateWaybill: '委托运单', check: '运单检查', transferUnload: '转运卸货', transferIn: '转运装车', fixedLine: '固定线路生成运单',
};

export const actionName = (action: string) => ACTION_NAMES[action as WaybillAction] ?? OTHER_ACTION_NAMES[action] ?? action;

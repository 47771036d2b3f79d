// The shapes the two timelines read, as the spec (section 3) names them and the server sends them
// (docs/api.md: waybill/getNodeListByIdVO, businessStateHistory/getOrderMonitorList). Everything the
// server may leave out is optional: a node without a reading simply shows fewer lines.

/** One alarm period on a node or a leg: shown as '[waybill] start ~ end type[how late]'. */
export interface AlarmRange {
  /** The order monitor names the waybill an alarm belongs to (an order may travel on several). */
  waybillNo?: string | null;
  startTimeStr?: string | null;
  endTimeStr?: string | null;
  alarmTypeStr?: string | null;
  /** With alarmTypeStr '晚点': how late, e.g. '1小时5分钟'. */
  lateTimeStr?: string | null;
}

/** A sensor reading at the node (spec: temperature entries name, value). */
export interface TemperatureEntry {
  name?: string | null;
  value?: number | string | null;
}

/** The vehicle as seen at the node (spec: timeline node vehicle and waybill node vehicle). */
export interface NodeVehicle {
  vehicleNo?: string | null;
  timeStr?: string | null;
  speed?: number | string | null;
  /** A single reading, when the source has no per-channel entries. */
  temp?: number | string | null;
  temperature?: number | string | null;
  placeName?: string | null;
  status?: number | null;
}

export interface WaybillNode {
  id?: number;
  seq?: number;
  nodeType?: string;
  nodeStatus?: number | null;
  nodeStatusStr?: string | null;
  waybillNodeName?: string | null;
  customAreaAddress?: string | null;
  requiredArriveTimeStr?: string | null;
  actualArriveTimeStr?: string | null;
  requiredLeaveTimeStr?: string | null;
  actualLeaveTimeStr?: string | null;
  /** 1 on time, 2 early, 3 late. */
  arriveState?: number | null;
  leaveState?: number | null;
  arriveLateTimeStr?: string | null;
  leaveLateTimeStr?: string | null;
  temperature?: TemperatureEntry[] | null;
  pointAlarm?: AlarmRange[] | null;
  lineAlarm?: AlarmRange[] | null;
  vehicle?: NodeVehicle | null;
}

export interface OrderFlowNode {
  flowNodeName?: string | null;
  /** 1 or 3 done (check), 2 in progress (active dot), anything else not reached. */
  flowNodeStatus?: number | null;
  flowNodeStatusStr?: string | null;
  arriveTimeStr?: string | null;
  lineAlarm?: AlarmRange[] | null;
  vehicle?: NodeVehicle | null;
}

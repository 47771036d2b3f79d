// The waybill timeline (spec sections 2-4, 9): one node per route area in order, its icon by
// nodeStatus 0-4, actual and required arrive/leave times with early/late colours, and a hover
// popover with the vehicle's reading at the node. Fed by GET /waybill/getNodeListByIdVO.
import { TimelineAxis, type TimelineItem } from '../timeline-axis.tsx';
import { NodeLabel } from './node-label.tsx';
import { NodePopover } from './node-popover.tsx';
import { nodeVariant } from './status-icons.tsx';
import { TimedState } from './timed-state.tsx';
import { TimelineFrame } from './timeline-frame.tsx';
import type { WaybillNode } from './timeline-types.ts';
import { useNodeList } from './use-node-list.ts';

/** Spec section 9: waybill axis node width. Four time lines of 16 px sit under the axis. */
export const WAYBILL_NODE_WIDTH = 150;
const TIMES_HEIGHT = 68;

export function waybillItem(node: WaybillNode, i: number): TimelineItem {
  const variant = nodeVariant(node.nodeStatus);
  const name = node.waybillNodeName ?? '';
  return {
    key: node.id ?? i,
    color: variant.color,
    content: (
      <NodePopover
        facts={{
          title: name,
          vehicle: node.vehicle,
          time: node.actualLeaveTimeStr || node.actualArriveTimeStr,
          place: node.customAreaAddress,
          temperature: node.temperature,
          alarms: [node.pointAlarm, node.lineAlarm],
        }}
      >
        <NodeLabel variant={variant} statusLabel={node.nodeStatusStr || name} name={name} />
      </NodePopover>
    ),
    reverse: (
      <div>
        <TimedState kind="到达" actual={node.actualArriveTimeStr} required={node.requiredArriveTimeStr} state={node.arriveState} lateTimeStr={node.arriveLateTimeStr} />
        <TimedState kind="离开" actual={node.actualLeaveTimeStr} required={node.requiredLeaveTimeStr} state={node.leaveState} lateTimeStr={node.leaveLateTimeStr} />
      </div>
    ),
  };
}

export function WaybillTimeline({ waybillId }: { waybillId: number | string }) {
  const state = useNodeList<WaybillNode>('/waybill/getNodeListByIdVO', { id: waybillId });
  return (
    <TimelineFrame state={state}>
      {(nodes) => (
        <TimelineAxis aria-label="运单时间轴" items={nodes.map(waybillItem)} itemWidth={WAYBILL_NODE_WIDTH} reverseHeight={TIMES_HEIGHT} />
      )}
    </TimelineFrame>
  );
}

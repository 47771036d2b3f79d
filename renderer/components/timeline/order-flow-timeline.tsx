// The order flow timeline (spec sections 3, 4, 9): the order's flow nodes in order, a check for a
// node done (status 1 or 3), an active dot for the current one (2), the time it was reached, and a
// hover popover with the alarm periods on the leg. Fed by GET /businessStateHistory/getOrderMonitorList.
import { TimelineAxis, type TimelineItem } from '../timeline-axis.tsx';
import { NodeLabel } from './node-label.tsx';
import { NodePopover } from './node-popover.tsx';
import { FLOW_FALLBACK_LABEL, flowVariant } from './status-icons.tsx';
import { shortTime } from './timed-state.tsx';
import { TimelineFrame } from './timeline-frame.tsx';
import type { OrderFlowNode } from './timeline-types.ts';
import { useNodeList } from './use-node-list.ts';

/** Spec section 9: order axis node width. */
export const ORDER_NODE_WIDTH = 84;

export function orderFlowItem(node: OrderFlowNode, i: number): TimelineItem {
  const variant = flowVariant(node.flowNodeStatus);
  const name = node.flowNodeName ?? '';
  return {
    key: i,
    color: variant.color,
    content: (
      <NodePopover facts={{ title: name, vehicle: node.vehicle, time: node.arriveTimeStr, alarms: [node.lineAlarm] }}>
        <NodeLabel variant={variant} statusLabel={node.flowNodeStatusStr || FLOW_FALLBACK_LABEL[variant.name]} name={name} />
      </NodePopover>
    ),
    time: node.arriveTimeStr ? <span title={node.arriveTimeStr}>{shortTime(node.arriveTimeStr)}</span> : undefined,
  };
}

export function OrderFlowTimeline({ orderId }: { orderId: number | string }) {
  const state = useNodeList<OrderFlowNode>('/businessStateHistory/getOrderMonitorList', { orderId });
  return (
    <TimelineFrame state={state}>
      {(nodes) => <TimelineAxis aria-label="订单流程" items={nodes.map(orderFlowItem)} itemWidth={ORDER_NODE_WIDTH} />}
    </TimelineFrame>
  );
}

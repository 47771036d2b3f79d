// The two timelines the order and waybill detail pages show (loaded lazily by those pages).
export { WaybillTimeline } from './waybill-timeline.tsx';
export { OrderFlowTimeline } from './order-flow-timeline.tsx';

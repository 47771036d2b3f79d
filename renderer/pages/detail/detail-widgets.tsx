// Named detail widgets a detail page's section may show (`sections: [{title, widget}]`), each given
// the record's id. They load on demand, so a detail page without them carries none of their code.
// An unknown name is shown as an error naming it and the page; nothing fails silently.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type DetailWidgetName = 'waybillTimeline' | 'orderFlowTimeline' | 'waybillFees' | 'orderFees';
type WidgetComponent = ComponentType<{ recordId: string }> | LazyExoticComponent<ComponentType<{ recordId: string }>>;

const timelines = () => import('../../components/timeline/index.tsx');
const fees = () => import('../../components/fees/index.tsx');

export function createDetailWidgets(): Record<DetailWidgetName, WidgetComponent> {
  return {
    waybillTimeline: lazy(() => timelines().then((m) => ({ default: ({ recordId }: { recordId: string }) => <m.WaybillTimeline waybillId={recordId} /> }))),
    orderFlowTimeline: lazy(() => timelines().then((m) => ({ default: ({ recordId }: { recordId: string }) => <m.OrderFlowTimeline orderId={recordId} /> }))),
    waybillFees: lazy(() => fees().then((m) => ({ default: ({ recordId }: { recordId: string }) => <m.WaybillFees waybillId={recordId} /> }))),
    orderFees: lazy(() => fees().then((m) => ({ default: ({ recordId }: { recordId: string }) => <m.OrderFees orderId={recordId} /> }))),
  };
}

// Named detail widgets a detail page's section may show (`sections: [{title, widget}]`), each given
// the record's id. They load on demand, so a detail page without them carries none of their code.
// An unknown name is shown as an error naming it and the page; nothing fails silently.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type DetailWidgetName = 'waybillTimeline' | 'orderFlowTimeline';
type WidgetComponent = ComponentType<{ recordId: string }> | LazyExoticComponent<ComponentType<{ recordId: string }>>;

export function createDetailWidgets(): Partial<Record<DetailWidgetName, WidgetComponent>> {
  return {};
}

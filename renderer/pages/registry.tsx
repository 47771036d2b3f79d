// One registry maps a page kind to its renderer, built by a function (no import side effects).
// Renderers load on demand, so the first screen after login carries no forms, tables or charts.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKind, PageRendererProps } from './page-types.ts';

export type PageRenderer = ComponentType<PageRendererProps> | LazyExoticComponent<ComponentType<PageRendererProps>>;
export type PageRegistry = Partial<Record<PageKind, PageRenderer>>;

export function createPageRegistry(): PageRegistry {
  return {
    list: lazy(() => import('./list/list-page.tsx').then((m) => ({ default: m.ListPage }))),
    form: lazy(() => import('./form/form-page.tsx').then((m) => ({ default: m.FormPage }))),
    detail: lazy(() => import('./detail/detail-page.tsx').then((m) => ({ default: m.DetailPage }))),
    history: lazy(() => import('./history/history-page.tsx').then((m) => ({ default: m.HistoryPage }))),
    widget: lazy(() => import('./widget/widget-page.tsx').then((m) => ({ default: m.WidgetPage }))),
    report: lazy(() => import('./report/report-page.tsx').then((m) => ({ default: m.ReportPage }))),
  };
}

/** The renderer of a kind, or undefined: the host then shows an error naming the kind and page. */
export function rendererFor(registry: PageRegistry, kind: string): PageRenderer | undefined {
  return Object.hasOwn(registry, kind) ? registry[kind as PageKind] : undefined;
}

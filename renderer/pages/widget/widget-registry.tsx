// Hand-written widgets a `kind: widget` page can name. Built by a function (no import side effects)
// and loaded on demand, so a widget's code only travels when its page opens.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageRendererProps } from '../page-types.ts';

export type WidgetComponent = ComponentType<PageRendererProps> | LazyExoticComponent<ComponentType<PageRendererProps>>;
export type WidgetRegistry = Record<string, WidgetComponent>;

export function createWidgetRegistry(): WidgetRegistry {
  return {
    rolePermission: lazy(() => import('./role-permission/role-permission.tsx').then((m) => ({ default: m.RolePermission }))),
    logisticsMap: lazy(() => import('../logistics-map/logistics-map.tsx').then((m) => ({ default: m.LogisticsMap }))),
    trackPlayback: lazy(() => import('../track-playback/track-playback.tsx').then((m) => ({ default: m.TrackPlayback }))),
    departmentTree: lazy(() => import('./department-tree/department-tree.tsx').then((m) => ({ default: m.DepartmentTree }))),
    uploadCenter: lazy(() => import('./upload-center/upload-center.tsx').then((m) => ({ default: m.UploadCenter }))),
    fenceEdit: lazy(() => import('./fence-edit/fence-edit-page.tsx').then((m) => ({ default: m.FenceEditPage }))),
    fixedLineNavigation: lazy(() => import('../fixed-line-navigation/fixed-line-navigation.tsx').then((m) => ({ default: m.FixedLineNavigation }))),
    terminalCredentialIssue: lazy(() => import('./terminal-credential/terminal-credential-issue.tsx').then((m) => ({ default: m.TerminalCredentialIssue }))),
  };
}

/** The widget named `name`, or undefined; never a property inherited from Object. */
export function widgetFor(registry: WidgetRegistry, name: string | undefined): WidgetComponent | undefined {
  return name && Object.hasOwn(registry, name) ? registry[name] : undefined;
}

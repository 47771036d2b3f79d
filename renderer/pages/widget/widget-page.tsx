// Widget pages: the page file names a hand-written widget; this renders it with the page, env and
// context like any other renderer. A name missing from the registry is an error on screen, naming
// the widget and the page, never a blank area.
import { Spinner } from '@fluentui/react-components';
import { Suspense } from 'react';
import { LOADING_TEXT, PageError } from '../page-host.tsx';
import type { PageRendererProps } from '../page-types.ts';
import { createWidgetRegistry, widgetFor, type WidgetRegistry } from './widget-registry.tsx';

let defaultRegistry: WidgetRegistry | undefined;
// One registry for the app's lifetime: lazy components must stay the same objects between renders.
const defaultWidgets = () => (defaultRegistry ??= createWidgetRegistry());

export function WidgetPage({ page, env, context, registry }: PageRendererProps & { registry?: WidgetRegistry }) {
  const Widget = widgetFor(registry ?? defaultWidgets(), page.widget);
  if (!Widget) {
    return <PageError title="未知的组件" detail={`页面 ${page.id} 的组件 ${page.widget ?? '（未配置）'} 没有注册`} />;
  }
  return (
    <Suspense fallback={<Spinner size="small" label={LOADING_TEXT} />}>
      <Widget page={page} env={env} context={context} />
    </Suspense>
  );
}

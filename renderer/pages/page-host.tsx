// Loads a page schema for the current user and renders it with the renderer of its kind.
// An unknown kind, a missing page or a failed load is shown as an error naming the page; nothing
// fails silently.
import { MessageBar, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useEnv } from '../env/env-context.tsx';
import { rendererFor, type PageRegistry } from './registry.tsx';
import type { PageContext, PageSchema } from './page-types.ts';
import { LOADING_TEXT } from './loading-text.ts';

export { LOADING_TEXT };

export function PageError({ title, detail }: { title: string; detail: string }) {
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>
        {/* The colon keeps title and reason apart when read aloud or copied ("详情加载失败：记录不存在…"). */}
        <MessageBarTitle>{title}：</MessageBarTitle>
        {detail}
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * A routed page whose id travels under its own name (spec section 2: order pages take orderId,
 * waybill pages waybillId) reads it from the address; ?id= (row actions) still works.
 */
export function withRouteId(context: PageContext, page: PageSchema): PageContext {
  if (context.id || context.inDialog || !page.idParam || typeof window === 'undefined') return context;
  const id = new URLSearchParams(window.location.search).get(page.idParam);
  return id ? { ...context, id } : context;
}

export function PageHost({ pageId, registry, context = {} }: { pageId: string; registry: PageRegistry; context?: PageContext }) {
  const env = useEnv();
  const [state, setState] = useState<{ page?: PageSchema; error?: string }>({});

  useEffect(() => {
    let live = true;
    setState({});
    env.api
      .get<PageSchema>(`/ui/pages/${pageId}`, undefined, { silent: true })
      .then((page) => live && setState({ page }))
      .catch((err: Error) => live && setState({ error: err.message }));
    return () => {
      live = false;
    };
  }, [env, pageId]);

  const ctx = useMemo(() => (state.page ? withRouteId(context, state.page) : context), [context, state.page]);

  if (state.error) return <PageError title={`页面加载失败：${pageId}`} detail={state.error} />;
  if (!state.page) return <Spinner label={LOADING_TEXT} />;
  const Renderer = rendererFor(registry, state.page.kind);
  if (!Renderer) return <PageError title="未知的页面类型" detail={`页面 ${pageId} 的类型 ${state.page.kind} 没有对应的渲染器`} />;
  return (
    <Suspense fallback={<Spinner label={LOADING_TEXT} />}>
      <Renderer page={state.page} env={env} context={ctx} />
    </Suspense>
  );
}

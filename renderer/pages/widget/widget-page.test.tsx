// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, renderFluent } from '../detail/fake-env.tsx';
import type { PageSchema } from '../page-types.ts';
import { WidgetPage } from './widget-page.tsx';
import { createWidgetRegistry, widgetFor } from './widget-registry.tsx';

// page-host imports the lazy registry of every kind; this test needs only PageError from it.
vi.mock('../registry.tsx', () => ({ rendererFor: () => undefined }));

afterEach(cleanup);

const page = (widget?: string): PageSchema => ({ id: 'system/role-permission', title: '权限设置', kind: 'widget', widget });

describe('WidgetPage', () => {
  it('names the unknown widget and the page', () => {
    const { env } = fakeEnv({});
    renderFluent(<WidgetPage page={page('fenceEditor')} env={env} context={{}} />);
    expect(screen.getByRole('alert').textContent).toContain('未知的组件');
    expect(screen.getByRole('alert').textContent).toContain('页面 system/role-permission 的组件 fenceEditor 没有注册');
  });

  it('says so when the page names no widget', () => {
    const { env } = fakeEnv({});
    renderFluent(<WidgetPage page={page()} env={env} context={{}} />);
    expect(screen.getByRole('alert').textContent).toContain('（未配置）');
  });

  it('renders a registered widget with the page, env and context', () => {
    const { env } = fakeEnv({});
    const registry = { hello: ({ page: p, context }: { page: PageSchema; context: { id?: string } }) => <p>{`${p.title}:${context.id}`}</p> };
    renderFluent(<WidgetPage page={page('hello')} env={env} context={{ id: '7' }} registry={registry} />);
    expect(screen.getByText('权限设置:7')).toBeTruthy();
  });

  it('registers rolePermission and nothing inherited', () => {
    const registry = createWidgetRegistry();
    expect(widgetFor(registry, 'rolePermission')).toBeTruthy();
    expect(widgetFor(registry, 'toString')).toBeUndefined();
  });
});

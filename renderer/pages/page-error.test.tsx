// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderFluent } from './detail/fake-env.tsx';
import { PageError } from './page-host.tsx';

// page-host imports the lazy registry of every kind; this test needs only PageError from it.
vi.mock('./registry.tsx', () => ({ rendererFor: () => undefined }));

afterEach(cleanup);

describe('PageError', () => {
  it('keeps the title and the reason apart: 详情加载失败：记录不存在或无权访问', () => {
    renderFluent(<PageError title="详情加载失败" detail="记录不存在或无权访问" />);
    expect(screen.getByRole('alert').textContent).toBe('详情加载失败：记录不存在或无权访问');
  });
});

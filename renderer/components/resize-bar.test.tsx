// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResizeBar } from './resize-bar.tsx';

afterEach(cleanup);

describe('ResizeBar', () => {
  it('reports the new height when dragged', () => {
    const onResize = vi.fn();
    render(<ResizeBar height={200} min={100} max={400} onResize={onResize} />);
    const bar = screen.getByRole('separator', { name: '拖拽' });
    expect(bar.textContent).toBe('拖拽');
    fireEvent.pointerDown(bar, { clientY: 500, pointerId: 1 });
    fireEvent.pointerMove(bar, { clientY: 450, pointerId: 1 });
    expect(onResize).toHaveBeenLastCalledWith(250);
    fireEvent.pointerMove(bar, { clientY: 100, pointerId: 1 });
    expect(onResize).toHaveBeenLastCalledWith(400);
    fireEvent.pointerUp(bar, { pointerId: 1 });
    fireEvent.pointerMove(bar, { clientY: 0, pointerId: 1 });
    expect(onResize).toHaveBeenCalledTimes(2);
  });
});

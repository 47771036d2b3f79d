// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnchorPanel } from './anchor-panel.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const sections = [
  { key: 'a', title: '基本信息', content: <p>甲</p> },
  { key: 'b', title: '联系方式', content: <p>乙</p> },
];

/** jsdom has no layout: place section `b` at the top edge of the scroll box, as scrolling there would. */
function scrollToSecond(container: HTMLElement) {
  const box = container.querySelector('section')!.parentElement!;
  const second = screen.getByRole('region', { name: '联系方式' });
  second.getBoundingClientRect = () => ({ top: 0 }) as DOMRect;
  screen.getByRole('region', { name: '基本信息' }).getBoundingClientRect = () => ({ top: -300 }) as DOMRect;
  box.getBoundingClientRect = () => ({ top: 0 }) as DOMRect;
  Object.defineProperty(box, 'scrollHeight', { value: 2000 });
  Object.defineProperty(box, 'clientHeight', { value: 200 });
  fireEvent.scroll(box);
}

const current = () => screen.getByRole('navigation').querySelector('[aria-current="location"]')?.textContent;

describe('AnchorPanel', () => {
  it('follows the scroll after the 100 ms debounce', () => {
    const { container } = render(<AnchorPanel sections={sections} />);
    expect(current()).toBe('基本信息');
    scrollToSecond(container);
    act(() => vi.advanceTimersByTime(99));
    expect(current()).toBe('基本信息');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('联系方式');
  });

  it('holds the clicked tag for 1000 ms whatever the scroll passes', () => {
    const { container } = render(<AnchorPanel sections={sections} />);
    fireEvent.click(screen.getByRole('button', { name: '联系方式' }));
    expect(current()).toBe('联系方式');
    fireEvent.click(screen.getByRole('button', { name: '基本信息' }));
    scrollToSecond(container);
    act(() => vi.advanceTimersByTime(500));
    expect(current()).toBe('基本信息');
    act(() => vi.advanceTimersByTime(600));
    scrollToSecond(container);
    act(() => vi.advanceTimersByTime(100));
    expect(current()).toBe('联系方式');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventGallery } from './event-gallery.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const files = [
  { src: '/f/1.jpg', name: '1.jpg' },
  { src: '/f/a.pdf', name: 'a.pdf' },
  { src: '/f/2.png', name: '2.png' },
  { src: '/f/3.png', name: '3.png' },
  { src: '/f/4.png', name: '4.png' },
  { src: '/f/5.png', name: '5.png' },
];

describe('EventGallery', () => {
  it('pages through the images only, and sends a pdf to a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<EventGallery files={files} />);
    fireEvent.click(screen.getByRole('button', { name: 'a.pdf' }));
    expect(open).toHaveBeenCalledWith('/f/a.pdf', '_blank', 'noopener');
    fireEvent.click(screen.getByRole('img', { name: '2.png' }));
    expect(await screen.findByText('2/5')).toBeTruthy();
  });

  it('folds a long list behind the arrow', () => {
    render(<EventGallery files={files} />);
    const arrow = screen.getByRole('button', { name: '展开所有文件' });
    fireEvent.click(arrow);
    expect(screen.getByRole('button', { name: '折叠文件' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('has no arrow for a short list', () => {
    render(<EventGallery files={files.slice(0, 3)} />);
    expect(screen.queryByRole('button', { name: '展开所有文件' })).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageBadge } from './image-badge.tsx';

afterEach(cleanup);

describe('ImageBadge', () => {
  it('shows the count and pages through the images', async () => {
    render(<ImageBadge images={['/f/1.jpg', '/f/2.jpg', '/f/3.jpg']} />);
    expect(screen.getByText('3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    await screen.findByText('1/3');
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(screen.getByText('2/3')).toBeTruthy();
  });
});

// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { addTag, closeOthers, closeTag, LAST_TAG_MESSAGE, PINNED_TAG_MESSAGE, readTags, refreshPath, withPinned, writeTags, type Tag } from './tag-model.ts';
import { createTagScroller, type ScrollTimers } from './tag-scroll.ts';

const tag = (path: string, search = ''): Tag => ({ path, fullPath: `${path}${search}`, title: path });
const a = tag('/a');
const b = tag('/b');
const c = tag('/c');

describe('tag rules', () => {
  it('adds a tag per path and refreshes the query of a revisited one', () => {
    expect(addTag([a], b)).toEqual([a, b]);
    expect(addTag([a, b], tag('/a', '?id=2'))).toEqual([tag('/a', '?id=2'), b]);
    const same = [a, b];
    expect(addTag(same, a)).toBe(same);
  });

  it('refuses to close the last tag', () => {
    expect(closeTag([a], '/a', '/a')).toEqual({ refused: true, message: LAST_TAG_MESSAGE });
    expect(LAST_TAG_MESSAGE).toBe('至少保留一个标签页!');
  });

  it('closing the active tag moves to its right neighbour, or the left one at the end', () => {
    expect(closeTag([a, b, c], '/b', '/b')).toEqual({ refused: false, tags: [a, c], next: '/c' });
    expect(closeTag([a, b, c], '/c', '/c')).toEqual({ refused: false, tags: [a, b], next: '/b' });
    expect(closeTag([a, b, c], '/a', '/c')).toEqual({ refused: false, tags: [b, c] });
  });

  it('close others keeps one tag and goes there when it was not active', () => {
    expect(closeOthers([a, b, c], '/b', '/b')).toEqual({ refused: false, tags: [b], next: undefined });
    expect(closeOthers([a, b, tag('/c', '?id=1')], '/c', '/a')).toEqual({ refused: false, tags: [tag('/c', '?id=1')], next: '/c?id=1' });
  });

  it('the pinned tag (首页) comes first, once, and is never closed', () => {
    const home: Tag = { path: '/home', fullPath: '/home', title: '首页' };
    expect(withPinned([a, b], home)).toEqual([home, a, b]);
    expect(withPinned([a, home, b], home)).toEqual([home, a, b]);
    const kept = [home, a];
    expect(withPinned(kept, home)).toBe(kept);
    expect(closeTag([home, a], '/home', '/home', '/home')).toEqual({ refused: true, message: PINNED_TAG_MESSAGE });
    expect(PINNED_TAG_MESSAGE).toBe('首页不能关闭');
    expect(closeTag([home, a], '/a', '/a', '/home')).toEqual({ refused: false, tags: [home], next: '/home' });
    expect(closeOthers([home, a, b, c], '/b', '/c', '/home')).toEqual({ refused: false, tags: [home, b], next: '/b' });
  });

  it('refresh reroutes through /redirect with the full path', () => {
    expect(refreshPath(tag('/vehicle/update', '?id=5'))).toBe('/redirect/vehicle/update?id=5');
  });

  it('tags are stored per user and a corrupt entry starts over', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    writeTags(storage, 7, [a, b]);
    expect(readTags(storage, 7)).toEqual([a, b]);
    expect(readTags(storage, 8)).toEqual([]);
    store.set('huoyun.tags.7', '{oops');
    expect(readTags(storage, 7)).toEqual([]);
  });
});

describe('tag strip scrolling', () => {
  function fakeTimers() {
    vi.useFakeTimers();
    const timers: ScrollTimers = {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as number),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (id) => clearInterval(id as number),
    };
    return timers;
  }

  it('a click steps 80 px', () => {
    const moves: number[] = [];
    const s = createTagScroller((dx) => moves.push(dx), fakeTimers());
    s.press(1);
    vi.advanceTimersByTime(20);
    s.release();
    s.click(1);
    s.click(-1); // keyboard activation: no press before it
    expect(moves).toEqual([80, -80]);
    vi.useRealTimers();
  });

  it('holding steps 4 px every 10 ms after 30 ms, and the click that ends the hold does not step', () => {
    const moves: number[] = [];
    const s = createTagScroller((dx) => moves.push(dx), fakeTimers());
    s.press(-1);
    vi.advanceTimersByTime(30);
    expect(moves).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(moves).toEqual([-4, -4, -4, -4, -4]);
    s.release();
    s.click(-1);
    vi.advanceTimersByTime(100);
    expect(moves).toHaveLength(5);
    vi.useRealTimers();
  });
});

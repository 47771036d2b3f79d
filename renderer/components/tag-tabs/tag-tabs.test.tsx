// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from './tag-model.ts';
import { TagTabs } from './tag-tabs.tsx';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const tag = (path: string, title: string, search = ''): Tag => ({ path, fullPath: `${path}${search}`, title });

/** A tiny router stand-in: navigating changes the current tag like the shell does. */
function setup(initial: Tag, known: Tag[]) {
  const navigate = vi.fn();
  const warn = vi.fn();
  let go: (t: Tag) => void = () => undefined;
  function Harness() {
    const [current, setCurrent] = useState<Tag>(initial);
    go = setCurrent;
    navigate.mockImplementation((to: string) => {
      const next = known.find((t) => t.fullPath === to);
      if (next) setCurrent(next);
    });
    return <TagTabs userId={7} current={current} navigate={navigate} warn={warn} pinned={home} />;
  }
  render(
    <FluentProvider theme={webLightTheme}>
      <Harness />
    </FluentProvider>,
  );
  return { navigate, warn, visit: (t: Tag) => act(() => go(t)) };
}

const home = tag('/home', '首页');
const vehicle = tag('/vehicle', '车辆管理');
const driver = tag('/driver', '司机管理', '?status=1');
const titles = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('tag tabs', () => {
  it('every visited page opens one tag; the active one is selected', () => {
    const t = setup(home, [home, vehicle, driver]);
    t.visit(vehicle);
    t.visit(home);
    expect(titles()).toEqual(['首页', '车辆管理']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('首页');
  });

  it('clicking a tag switches to its full path', () => {
    const t = setup(home, [home, vehicle, driver]);
    t.visit(driver);
    t.visit(home);
    fireEvent.click(screen.getByRole('button', { name: '司机管理' }));
    expect(t.navigate).toHaveBeenCalledWith('/driver?status=1');
  });

  it('首页 is always the first tag and cannot be closed: no close button, no 关闭 in its menu', async () => {
    const t = setup(vehicle, [home, vehicle]);
    expect(titles()).toEqual(['首页', '车辆管理']);
    expect(screen.queryByRole('button', { name: '关闭 首页' })).toBeNull();
    expect(screen.getByRole('button', { name: '关闭 车辆管理' })).toBeTruthy();
    fireEvent.contextMenu(screen.getByRole('tab', { name: /首页/ }));
    await screen.findByRole('menuitem', { name: '关闭其他' });
    expect(screen.queryByRole('menuitem', { name: '关闭' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: '关闭其他' }));
    expect(titles()).toEqual(['首页']);
    expect(t.navigate).toHaveBeenLastCalledWith('/home');
  });

  it('closing the active tag goes to its neighbour', () => {
    const t = setup(home, [home, vehicle]);
    t.visit(vehicle);
    fireEvent.click(screen.getByRole('button', { name: '关闭 车辆管理' }));
    expect(t.navigate).toHaveBeenCalledWith('/home');
    expect(titles()).toEqual(['首页']);
  });

  it('关闭其他 keeps that tag and 首页; 刷新 reroutes through /redirect', async () => {
    const t = setup(home, [home, vehicle, driver]);
    t.visit(vehicle);
    t.visit(driver);
    fireEvent.contextMenu(screen.getByRole('tab', { name: /车辆管理/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '关闭其他' }));
    expect(titles()).toEqual(['首页', '车辆管理']);
    expect(t.navigate).toHaveBeenLastCalledWith('/vehicle');

    fireEvent.contextMenu(screen.getByRole('tab', { name: /车辆管理/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '刷新' }));
    expect(t.navigate).toHaveBeenLastCalledWith('/redirect/vehicle', { replace: true });
  });

  it('tags survive a reload of the same user within the browser tab', () => {
    const t = setup(home, [home, vehicle]);
    t.visit(vehicle);
    cleanup();
    setup(home, [home]);
    expect(titles()).toEqual(['首页', '车辆管理']);
    expect(JSON.parse(sessionStorage.getItem('huoyun.tags.7') ?? '[]')).toHaveLength(2);
  });
});

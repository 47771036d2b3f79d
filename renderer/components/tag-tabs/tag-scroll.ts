// Scrolling the tag strip with its arrow buttons (spec section 9): a click moves 80 px; holding the
// button moves 4 px every 10 ms once it has been held for 30 ms, for a smooth glide.

export const CLICK_STEP_PX = 80;
export const HOLD_STEP_PX = 4;
export const HOLD_INTERVAL_MS = 10;
export const HOLD_DELAY_MS = 30;

export interface ScrollTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

const browserTimers: ScrollTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

/**
 * One controller per strip. `scrollBy(dx)` moves the strip; press/release come from pointer events,
 * `click` from the button's click (also fired by the keyboard), which steps unless a hold just ran.
 */
export function createTagScroller(scrollBy: (dx: number) => void, timers: ScrollTimers = browserTimers) {
  let delay: unknown;
  let repeat: unknown;
  let held = false;

  const stop = () => {
    if (delay !== undefined) timers.clearTimeout(delay);
    if (repeat !== undefined) timers.clearInterval(repeat);
    delay = repeat = undefined;
  };

  return {
    press(direction: -1 | 1) {
      stop();
      held = false;
      delay = timers.setTimeout(() => {
        delay = undefined;
        held = true;
        repeat = timers.setInterval(() => scrollBy(direction * HOLD_STEP_PX), HOLD_INTERVAL_MS);
      }, HOLD_DELAY_MS);
    },
    release: stop,
    click(direction: -1 | 1) {
      if (held) {
        held = false;
        return;
      }
      scrollBy(direction * CLICK_STEP_PX);
    },
    dispose: stop,
  };
}

export type TagScroller = ReturnType<typeof createTagScroller>;

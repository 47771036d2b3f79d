import { describe, expect, it } from 'vitest';
import { initialReplay, intervalOf, QUERY_FIRST, REPLAY_DONE, replayStep, STILL_LOADING, type ReplayEvent, type ReplayState } from './replay-machine.ts';

const run = (events: ReplayEvent[], from: ReplayState = initialReplay) => {
  let state = from;
  const messages: string[] = [];
  for (const e of events) {
    const r = replayStep(state, e);
    state = r.state;
    if (r.message) messages.push(r.message);
  }
  return { state, messages };
};

describe('replay state machine', () => {
  it('asks for a query first when no track is loaded, and to wait while loading', () => {
    expect(run([{ type: 'play' }]).messages).toEqual([QUERY_FIRST]);
    const loading = run([{ type: 'load', total: 10, loading: true }, { type: 'play' }]);
    expect(loading.messages).toEqual([STILL_LOADING]);
    expect(loading.state.status).toBe('stop');
  });

  it('plays to the last point, then stops at progress 100 saying 回放完成', () => {
    const ticks: ReplayEvent[] = Array.from({ length: 20 }, () => ({ type: 'tick' }));
    const { state, messages } = run([{ type: 'load', total: 5, loading: false }, { type: 'play' }, ...ticks]);
    expect(state).toMatchObject({ status: 'stop', index: 4, progress: 100 });
    expect(messages).toEqual([REPLAY_DONE]);
  });

  it('pauses and continues from the same point; play after a stop starts over', () => {
    const paused = run([{ type: 'load', total: 11, loading: false }, { type: 'play' }, { type: 'tick' }, { type: 'tick' }, { type: 'pause' }, { type: 'tick' }]);
    expect(paused.state).toMatchObject({ status: 'pause', index: 2, progress: 20 });
    const resumed = run([{ type: 'play' }, { type: 'tick' }], paused.state);
    expect(resumed.state).toMatchObject({ status: 'play', index: 3, progress: 30 });
    const stopped = run([{ type: 'stop' }], resumed.state);
    expect(stopped.state).toMatchObject({ status: 'stop', index: 0, progress: 0 });
  });

  it('seeking pauses a running replay and jumps proportionally', () => {
    const { state } = run([{ type: 'load', total: 101, loading: false }, { type: 'play' }, { type: 'seek', progress: 40 }]);
    expect(state).toMatchObject({ status: 'pause', index: 40, progress: 40 });
  });

  it('accepts only the listed speeds; the timer step is 250 ms divided by the speed', () => {
    expect(run([{ type: 'speed', speed: 32 }]).state.speed).toBe(32);
    expect(run([{ type: 'speed', speed: 3 }]).state.speed).toBe(1);
    expect(intervalOf(32)).toBeCloseTo(7.8125);
    expect(intervalOf(0.5)).toBe(500);
  });

  it('clicking a track point moves the play marker and the progress', () => {
    const { state } = run([{ type: 'load', total: 5, loading: false }, { type: 'jump', index: 2 }]);
    expect(state).toMatchObject({ index: 2, progress: 50 });
  });

  it('advances several steps in one frame and still ends at the last point', () => {
    const { state, messages } = run([{ type: 'load', total: 101, loading: false }, { type: 'play' }, { type: 'advance', steps: 30 }]);
    expect(state).toMatchObject({ index: 30, progress: 30 });
    const end = run([{ type: 'advance', steps: 500 }], state);
    expect(end.state).toMatchObject({ status: 'stop', index: 100, progress: 100 });
    expect([...messages, ...end.messages]).toEqual([REPLAY_DONE]);
  });
});

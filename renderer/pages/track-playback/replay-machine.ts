// The replay state machine (spec section 4): play status stop / play / pause / empty, the play index,
// progress 0-100 and the speed. Pure: the page drives it with a timer of STEP_MS / speed.
export const REPLAY_SPEEDS = [0.5, 1, 2, 4, 8, 16, 32] as const;
export const STEP_MS = 250;
export const REPLAY_DONE = '回放完成';
export const STILL_LOADING = '轨迹数据还未加载完成，请稍候';
export const QUERY_FIRST = '请先查询轨迹';

export type PlayStatus = 'empty' | 'stop' | 'play' | 'pause';

export interface ReplayState {
  status: PlayStatus;
  index: number;
  progress: number;
  speed: number;
  /** Points of the track being replayed. */
  total: number;
  loading: boolean;
}

export type ReplayEvent =
  | { type: 'load'; total: number; loading: boolean }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'stop' }
  | { type: 'tick' }
  /** Several steps at once: the page advances once per animation frame by the steps that elapsed. */
  | { type: 'advance'; steps: number }
  | { type: 'speed'; speed: number }
  | { type: 'seek'; progress: number }
  | { type: 'jump'; index: number };

export interface ReplayResult {
  state: ReplayState;
  /** A message the page shows (info toast) for this step, if any. */
  message?: string;
}

export const initialReplay: ReplayState = { status: 'empty', index: 0, progress: 0, speed: 1, total: 0, loading: false };

export const intervalOf = (speed: number) => STEP_MS / speed;

const progressOf = (index: number, total: number) => (total <= 1 ? (index > 0 ? 100 : 0) : Math.round((index / (total - 1)) * 10000) / 100);

export function replayStep(state: ReplayState, event: ReplayEvent): ReplayResult {
  switch (event.type) {
    case 'load':
      return { state: { ...state, total: event.total, loading: event.loading, status: event.total > 0 || event.loading ? (state.status === 'empty' ? 'stop' : state.status) : 'empty' } };
    case 'play': {
      if (state.loading) return { state, message: STILL_LOADING };
      if (state.total === 0) return { state, message: QUERY_FIRST };
      // Continue after a pause; otherwise start again from the first point.
      if (state.status === 'pause') return { state: { ...state, status: 'play' } };
      return { state: { ...state, status: 'play', index: 0, progress: 0 } };
    }
    case 'pause':
      return { state: state.status === 'play' ? { ...state, status: 'pause' } : state };
    case 'stop':
      return { state: { ...state, status: state.total ? 'stop' : 'empty', index: 0, progress: 0 } };
    case 'tick':
      return replayStep(state, { type: 'advance', steps: 1 });
    case 'advance': {
      if (state.status !== 'play' || event.steps < 1) return { state };
      const index = state.index + Math.floor(event.steps);
      if (index >= state.total - 1) {
        return { state: { ...state, status: 'stop', index: Math.max(0, state.total - 1), progress: 100 }, message: REPLAY_DONE };
      }
      return { state: { ...state, index, progress: progressOf(index, state.total) } };
    }
    case 'speed':
      return { state: REPLAY_SPEEDS.includes(event.speed as (typeof REPLAY_SPEEDS)[number]) ? { ...state, speed: event.speed } : state };
    case 'seek': {
      // Dragging the progress bar pauses and jumps proportionally.
      if (state.total === 0) return { state, message: QUERY_FIRST };
      const progress = Math.min(100, Math.max(0, event.progress));
      const index = Math.round((progress / 100) * (state.total - 1));
      return { state: { ...state, status: state.status === 'play' ? 'pause' : state.status, index, progress } };
    }
    case 'jump': {
      if (state.total === 0) return { state };
      const index = Math.min(state.total - 1, Math.max(0, Math.round(event.index)));
      return { state: { ...state, index, progress: progressOf(index, state.total) } };
    }
  }
}

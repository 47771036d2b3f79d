// The replay bar (spec section 2): progress slider (tooltip '拖动可快速跳转', disabled while playing),
// play/continue, pause, stop, the speed selector, the settings popover with the bottom info toggles,
// and 返回全部 only when one track of several is being replayed.
import { Button, Checkbox, Popover, PopoverSurface, PopoverTrigger, Select, Slider, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, PauseRegular, PlayRegular, SettingsRegular, StopRegular } from '@fluentui/react-icons';
import { REPLAY_SPEEDS, type ReplayState } from './replay-machine.ts';

export const INFO_TOGGLES = [
  ['date', '日期'],
  ['time', '时间'],
  ['mileage', '里程'],
  ['speed', '速度'],
  ['via', '途经点'],
  ['stopDuration', '停留时长'],
] as const;
export type InfoToggle = (typeof INFO_TOGGLES)[number][0];
export const SLIDER_TIP = '拖动可快速跳转';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`, backgroundColor: tokens.colorNeutralBackground1, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, contain: 'content' },
  slider: { flexGrow: 1, minWidth: '120px' },
  progress: { width: '56px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  popover: { width: '260px', display: 'grid', gridTemplateColumns: '1fr 1fr' },
});

export interface ReplayBarProps {
  state: ReplayState;
  onPlay(): void;
  onPause(): void;
  onStop(): void;
  onSpeed(speed: number): void;
  onSeek(progress: number): void;
  info: ReadonlySet<InfoToggle>;
  onInfo(next: Set<InfoToggle>): void;
  /** Shown only when replaying one track in multi mode. */
  onBackToAll?: () => void;
}

export function ReplayBar({ state, onPlay, onPause, onStop, onSpeed, onSeek, info, onInfo, onBackToAll }: ReplayBarProps) {
  const styles = useStyles();
  const playing = state.status === 'play';
  return (
    <div className={styles.bar} role="toolbar" aria-label="轨迹回放">
      {playing ? (
        <Button size="small" icon={<PauseRegular />} onClick={onPause}>暂停</Button>
      ) : (
        <Button size="small" appearance="primary" icon={<PlayRegular />} onClick={onPlay}>{state.status === 'pause' ? '继续' : '播放'}</Button>
      )}
      <Button size="small" icon={<StopRegular />} onClick={onStop} disabled={state.status === 'empty'}>停止</Button>
      <Tooltip content={SLIDER_TIP} relationship="description">
        <Slider
          className={styles.slider}
          aria-label="回放进度条"
          min={0}
          max={100}
          step={0.01}
          value={state.progress}
          disabled={playing || state.total === 0}
          onChange={(_, d) => onSeek(d.value)}
        />
      </Tooltip>
      <span className={styles.progress} role="status" aria-label="回放进度">{`${Math.round(state.progress)}%`}</span>
      <Select size="small" aria-label="回放速度" value={String(state.speed)} onChange={(_, d) => onSpeed(Number(d.value))}>
        {REPLAY_SPEEDS.map((s) => <option key={s} value={String(s)}>{`${s}x`}</option>)}
      </Select>
      <Popover withArrow>
        <PopoverTrigger disableButtonEnhancement>
          <Button size="small" icon={<SettingsRegular />} aria-label="设置" />
        </PopoverTrigger>
        <PopoverSurface className={styles.popover} aria-label="底部信息">
          {INFO_TOGGLES.map(([key, label]) => (
            <Checkbox key={key} label={label} checked={info.has(key)} onChange={(_, d) => {
              const next = new Set(info);
              if (d.checked) next.add(key);
              else next.delete(key);
              onInfo(next);
            }} />
          ))}
        </PopoverSurface>
      </Popover>
      {onBackToAll ? <Button size="small" icon={<ArrowUndoRegular />} onClick={onBackToAll}>返回全部</Button> : null}
    </div>
  );
}

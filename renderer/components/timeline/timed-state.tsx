// An arrive or leave time on a waybill node: the actual time coloured by its state (2 early green,
// 3 late red with the '晚点' tooltip and how late), and the required time beneath it.
import { makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { ClockAlarmRegular } from '@fluentui/react-icons';
import { EARLY_COLOR, LATE_COLOR } from './status-icons.tsx';

/** The server's arriveState / leaveState (docs/api.md): 1 on time, 2 early, 3 late. */
export const EARLY = 2;
export const LATE = 3;

export const stateColor = (state: number | null | undefined): string | undefined =>
  state === EARLY ? EARLY_COLOR : state === LATE ? LATE_COLOR : undefined;

/** 'YYYY-MM-DD HH:mm:ss' shortened to 'MM-DD HH:mm' to fit the 150 px node; the full time is its title. */
export const shortTime = (str: string) => (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(str) ? str.slice(5, 16) : str);

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', columnGap: '4px', whiteSpace: 'nowrap', lineHeight: '16px' },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase100, flexShrink: 0 },
  time: { fontSize: tokens.fontSizeBase200 },
  late: { color: LATE_COLOR, fontSize: '12px', cursor: 'help', display: 'inline-flex' },
});

export interface TimedStateProps {
  /** '到达' or '离开'. */
  kind: string;
  actual?: string | null;
  required?: string | null;
  state?: number | null;
  lateTimeStr?: string | null;
}

export function TimedState({ kind, actual, required, state, lateTimeStr }: TimedStateProps) {
  const styles = useStyles();
  if (!actual && !required) return null;
  const late = state === LATE;
  return (
    <>
      {actual && (
        <div className={styles.row}>
          <span className={styles.label}>实际{kind}</span>
          <span className={styles.time} title={actual} data-state={state ?? undefined} style={{ color: stateColor(state) }}>
            {shortTime(actual)}
          </span>
          {late && (
            <Tooltip content={`晚点${lateTimeStr ?? ''}`} relationship="label" withArrow>
              <span className={styles.late} tabIndex={0}>
                <ClockAlarmRegular />
              </span>
            </Tooltip>
          )}
        </div>
      )}
      {required && (
        <div className={styles.row}>
          <span className={styles.label}>要求{kind}</span>
          <span className={styles.time} title={required}>{shortTime(required)}</span>
        </div>
      )}
    </>
  );
}

// The hover popover of a timeline node (spec section 2): vehicle number, time, speed, temperature,
// place and the alarm time ranges, 260 px wide (section 9). Lines without a reading are left out,
// so the popover never shows a label with nothing behind it.
import { makeStyles, Popover, PopoverSurface, PopoverTrigger, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { AlarmRange, NodeVehicle, TemperatureEntry } from './timeline-types.ts';

export const POPOVER_WIDTH = 260;

export interface PopoverFacts {
  title: string;
  vehicle?: NodeVehicle | null;
  /** The node's own time when the vehicle reading carries none. */
  time?: string | null;
  place?: string | null;
  temperature?: TemperatureEntry[] | null;
  alarms?: (AlarmRange[] | null | undefined)[];
}

const present = (v: unknown): v is string | number => v !== null && v !== undefined && v !== '';

export const alarmRangeText = (a: AlarmRange) =>
  [a.waybillNo, [a.startTimeStr, a.endTimeStr].filter(present).join(' ~ '), `${a.alarmTypeStr ?? ''}${a.lateTimeStr ?? ''}`]
    .filter(present)
    .join(' ');

/** The popover's lines as [label, values], in the spec's order, only those with something to show. */
export function popoverLines(f: PopoverFacts): [string, string[]][] {
  const v = f.vehicle ?? {};
  const temps = (f.temperature ?? []).filter((t) => present(t.value)).map((t) => `${t.name ? `${t.name} ` : ''}${t.value}℃`);
  const single = v.temp ?? v.temperature;
  if (!temps.length && present(single)) temps.push(`${single}℃`);
  const alarms = f.alarms?.flatMap((list) => list ?? []).map(alarmRangeText).filter(Boolean) ?? [];
  const lines: [string, string[]][] = [
    ['车牌号', [v.vehicleNo].filter(present).map(String)],
    ['时间', [v.timeStr || f.time].filter(present).map(String)],
    ['速度', present(v.speed) ? [`${v.speed} km/h`] : []],
    ['温度', temps],
    ['位置', [v.placeName || f.place].filter(present).map(String)],
    ['报警时段', alarms],
  ];
  return lines.filter(([, values]) => values.length > 0);
}

const useStyles = makeStyles({
  surface: { boxSizing: 'border-box', padding: tokens.spacingVerticalS },
  title: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS },
  list: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalS, rowGap: '2px', margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  values: { margin: 0, wordBreak: 'break-all' },
  empty: { color: tokens.colorNeutralForeground3 },
});

export function NodePopover({ facts, children }: { facts: PopoverFacts; children: ReactElement }) {
  const styles = useStyles();
  const lines = popoverLines(facts);
  return (
    <Popover openOnHover withArrow size="small" positioning="below">
      <PopoverTrigger disableButtonEnhancement>{children}</PopoverTrigger>
      <PopoverSurface className={styles.surface} style={{ width: POPOVER_WIDTH }} aria-label={facts.title}>
        <div className={styles.title}>{facts.title}</div>
        {lines.length ? (
          <dl className={styles.list}>
            {lines.map(([label, values]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt className={styles.term}>{label}</dt>
                <dd className={styles.values}>
                  {values.map((value, i) => (
                    <div key={i}>{value}</div>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <div className={styles.empty}>暂无数据</div>
        )}
      </PopoverSurface>
    </Popover>
  );
}

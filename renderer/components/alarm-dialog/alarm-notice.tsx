// The top bar's alarm icon (spec sections 2 and 4): a popover listing the latest alarms
// (alarmResult/getTopAlarmInfo, polled every 180000 ms) with 处理 (opens the handling dialog) and
// 忽略 (the list refreshes after); empty: '暂无报警信息'.
import { Button, CounterBadge, Link, Popover, PopoverSurface, PopoverTrigger, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useEnv } from '../../env/env-context.tsx';
import { ignoreAlarm, type AlarmRef } from './alarm-calls.ts';
import { AlarmDialog } from './alarm-dialog.tsx';

export const ALARM_POLL_MS = 180_000;
export const NO_ALARMS = '暂无报警信息';

interface AlarmItem extends AlarmRef {
  vehicleName: string;
  beginTimeStr: string;
  lastAlarmTypeName: string;
}

const useStyles = makeStyles({
  wrap: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-2px', right: '-4px', pointerEvents: 'none' },
  surface: { width: '360px', maxHeight: '420px', overflowY: 'auto', padding: tokens.spacingHorizontalS },
  item: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, padding: '4px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  text: { flexGrow: 1, minWidth: 0, fontSize: tokens.fontSizeBase200 },
});

export interface AlarmNoticeProps {
  label?: string;
  to?: string;
  /** A count the shell's polling already has; otherwise the popover's own summary count. */
  count?: number;
}

export function AlarmNotice({ label = '业务报警', to = '/businessAlarmReport', count: polled }: AlarmNoticeProps) {
  const styles = useStyles();
  const { api, navigate } = useEnv();
  const [items, setItems] = useState<AlarmItem[]>([]);
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);
  const [handling, setHandling] = useState<AlarmRef | null>(null);

  const refresh = useCallback(() => {
    api.get<{ alarmCount: number; alarmList: AlarmItem[] }>('/alarmResult/getTopAlarmInfo', undefined, { silent: true }).then((r) => {
      setItems(r.alarmList ?? []);
      setCount(r.alarmCount ?? 0);
    }, () => undefined);
  }, [api]);

  useEffect(() => {
    refresh();
    const t = setInterval(refresh, ALARM_POLL_MS);
    return () => clearInterval(t);
  }, [refresh]);

  return (
    <span className={styles.wrap}>
      <Popover open={open} onOpenChange={(_, d) => { setOpen(d.open); if (d.open) refresh(); }} positioning="below-end" withArrow>
        <PopoverTrigger disableButtonEnhancement>
          <Tooltip content={label} relationship="label" withArrow>
            <Button appearance="subtle" size="small" icon={<AlertRegular />} />
          </Tooltip>
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} role="dialog" aria-label="报警信息">
          {items.length === 0 ? <div>{NO_ALARMS}</div> : items.map((a) => (
            <div key={`${a.firstAlarmType}-${a.id}`} className={styles.item} role="listitem" aria-label={`${a.vehicleName} ${a.lastAlarmTypeName}`}>
              <div className={styles.text}><strong>{a.vehicleName}</strong> {a.lastAlarmTypeName}<br />{a.beginTimeStr}</div>
              <Button size="small" appearance="primary" onClick={() => { setOpen(false); setHandling({ id: a.id, firstAlarmType: a.firstAlarmType }); }}>处理</Button>
              <Button size="small" onClick={() => void ignoreAlarm(api, a).then(refresh, () => undefined)}>忽略</Button>
            </div>
          ))}
          <div style={{ textAlign: 'right', paddingTop: 6 }}><Link onClick={() => { setOpen(false); navigate(to); }}>查看全部</Link></div>
        </PopoverSurface>
      </Popover>
      {(polled ?? count) ? <CounterBadge className={styles.badge} count={polled ?? count} size="small" overflowCount={99} /> : null}
      <AlarmDialog alarm={handling} mode={2} onClose={() => setHandling(null)} onSaved={refresh} />
    </span>
  );
}

// The notice icons of the top bar (spec sections 2 and 6): alarm, message, export and import, each shown only
// to users holding its operation. With none of them the area is hidden and nothing polls. A latest
// message brought by the poll shows in the popover under the message icon (message-popover.tsx).
import { Button, CounterBadge, makeStyles, Tooltip } from '@fluentui/react-components';
import { AlertRegular, ArrowDownloadRegular, ArrowUploadRegular, MailRegular, type FluentIcon } from '@fluentui/react-icons';
import { useCallback, useMemo, useState } from 'react';
import { useEnv } from '../env/env-context.tsx';
import { NOTICE_SOURCES, useNoticePolling, type NoticeSource } from './notice-polling.ts';
import { unreadText } from '../pages/message-center/message-source.ts';
import { AUTO_HIDE_MODE, MessagePopover, type LatestMessage } from './message-popover.tsx';
import { AlarmNotice } from '../components/alarm-dialog/alarm-notice.tsx';

export interface NoticeItem {
  operationId: string;
  label: string;
  to: string;
  Icon: FluentIcon;
}

/** The alarm icon opens the latest alarms with 处理 / 忽略 (renderer/components/alarm-dialog). */
const ALARM_OPERATION = 'BusinessAlarmReport3';
/** Its 查看全部 opens the paged alarm list (报警列表) for users who may open it, else the alarm statistics. */
const ALARM_LIST_OPERATION = 'alarmList3';
export const ALARM_LIST_ROUTE = '/alarmList';

export const NOTICE_ITEMS: readonly NoticeItem[] = [
  { operationId: 'BusinessAlarmReport3', label: '业务报警', to: '/businessAlarmReport', Icon: AlertRegular },
  { operationId: 'messageCenter3', label: '消息中心', to: '/messageCenter', Icon: MailRegular },
  { operationId: 'exportCenter3', label: '导出中心', to: '/exportCenter', Icon: ArrowDownloadRegular },
  { operationId: 'importCenter3', label: '导入中心', to: '/importCenter', Icon: ArrowUploadRegular },
];

const useStyles = makeStyles({
  area: { display: 'flex', alignItems: 'center' },
  icon: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-2px', right: '-4px', pointerEvents: 'none' },
});

export interface NoticeAreaProps {
  /** Every operation the user holds. */
  operationIds: ReadonlySet<string>;
  userId: number | string;
  /** Polling sources; the registered ones unless a test brings its own. */
  sources?: readonly NoticeSource[];
  /** msgLayerDisplayMode of the corporation's settings (1, the default: the popover hides after 3000 ms). */
  messageMode?: number;
}

export function NoticeArea({ operationIds, userId, sources = NOTICE_SOURCES, messageMode = AUTO_HIDE_MODE }: NoticeAreaProps) {
  const styles = useStyles();
  const { api, navigate } = useEnv();
  const items = useMemo(() => NOTICE_ITEMS.filter((i) => operationIds.has(i.operationId)), [operationIds]);
  // Only sources whose icon the user sees poll; memoised so the polling effect is not restarted.
  const active = useMemo(() => sources.filter((s) => operationIds.has(s.operationId)), [sources, operationIds]);
  const [latest, setLatest] = useState<LatestMessage>();
  const onLatest = useCallback((operationId: string, m: LatestMessage) => operationId === 'messageCenter3' && setLatest(m), []);
  const closeLatest = useCallback(() => setLatest(undefined), []);
  const counts = useNoticePolling(api, userId, active, onLatest);

  if (items.length === 0) return null;
  return (
    <div className={styles.area} role="group" aria-label="通知">
      {items.map(({ operationId, label, to, Icon }) => {
        const count = counts[operationId];
        return (
          <span key={operationId} className={styles.icon}>
            {operationId === ALARM_OPERATION ? <AlarmNotice label={label} to={operationIds.has(ALARM_LIST_OPERATION) ? ALARM_LIST_ROUTE : to} count={count} /> : (
              <>
                <Tooltip content={operationId === 'messageCenter3' && count !== undefined ? `${label}（${unreadText(count)}）` : label} relationship="label" withArrow>
                  <Button appearance="subtle" size="small" icon={<Icon />} onClick={() => navigate(to)} />
                </Tooltip>
                {count ? <CounterBadge className={styles.badge} count={count} size="small" overflowCount={99} /> : null}
              </>
            )}
            {operationId === 'messageCenter3' && latest && <MessagePopover message={latest} mode={messageMode} onClose={closeLatest} onOpen={navigate} />}
          </span>
        );
      })}
    </div>
  );
}

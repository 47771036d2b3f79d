// One card per card key of the user's rules. Numbers link to the list that counts them (dashboard-links.ts);
// charts come from the lazily loaded dashboard-charts.tsx, the map from transit-map.tsx once its card is in view.
import { Link, makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { lazy, Suspense, type ReactNode } from 'react';
import { CHART_HEIGHT, Empty, Figure, Note, Panel } from './panels.tsx';
import { WhenVisible } from './when-visible.tsx';
import { lineListHref, VEHICLE_LIST, type RouteOf } from './dashboard-links.ts';
import type { DashboardData } from './use-dashboard.ts';
import type { TodayCounts } from './dashboard-types.ts';

const Charts = () => import('./dashboard-charts.tsx');
const StatusBars = lazy(() => Charts().then((m) => ({ default: m.StatusBars })));
const AlarmPie = lazy(() => Charts().then((m) => ({ default: m.AlarmPie })));
const VolumeLines = lazy(() => Charts().then((m) => ({ default: m.VolumeLines })));
const TransitMap = lazy(() => import('./transit-map.tsx'));

const useStyles = makeStyles({
  lines: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXXS },
  split: { display: 'grid', gridTemplateColumns: 'minmax(120px, 1fr) 3fr', columnGap: tokens.spacingHorizontalL, alignItems: 'start' },
  side: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  number: { textAlign: 'right' },
  // An empty day keeps the chart's place, so the dashboard's layout (and what lies below the first screen) does not depend on the hour.
  chartPlace: { minHeight: `${CHART_HEIGHT}px` },
});

/** The statuses the delivering card shows, as its columns (the open ones of a waybill). */
const OPEN_STATUSES: [number, string][] = [[100, '待派车'], [200, '待司机接单'], [300, '待运输'], [400, '运输中']];

export interface CardContext {
  data: DashboardData;
  routeOf: RouteOf;
  navigate: (href: string) => void;
  waybillHrefOf: (waybillId: number) => string | undefined;
  volumeDays: number;
  setVolumeDays: (days: number) => void;
}

const loading = <Spinner size="tiny" label="加载中..." />;
const lazyPart = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;

function LineLinks({ counts, kind, ctx, createdAt }: { counts: TodayCounts; kind: 'orders' | 'waybills'; ctx: CardContext; createdAt: [number, number] }) {
  const styles = useStyles();
  return (
    <div className={styles.side}>
      {counts.byLine.map((l) => {
        const href = lineListHref(ctx.routeOf, l.businessLine, kind, { createdAt });
        return (
          <span key={l.businessLine}>
            {l.businessLineName}：{href ? <Link href={href} onClick={(e) => (e.preventDefault(), ctx.navigate(href))}>{l.total}</Link> : l.total}
          </span>
        );
      })}
    </div>
  );
}

function TodayCard({ title, kind, ctx }: { title: string; kind: 'orders' | 'waybills'; ctx: CardContext }) {
  const styles = useStyles();
  const today = ctx.data.today;
  const counts = today?.[kind];
  const unit = kind === 'orders' ? '订单数' : '运单数';
  return (
    <Panel title={title} span={2} extra={today && <Note>{today.day} 创建</Note>}>
      {!counts ? loading : (
        <div className={styles.split}>
          <div className={styles.side}>
            <Figure value={counts.total} label={`${title}总数`} navigate={ctx.navigate} />
            <LineLinks counts={counts} kind={kind} ctx={ctx} createdAt={today!.createdAt} />
          </div>
          {counts.total === 0 ? <div className={styles.chartPlace}><Empty>今日暂无{kind === 'orders' ? '订单' : '运单'}</Empty></div> : lazyPart(
            <StatusBars counts={counts} unit={unit} label={`${title}按状态`} onPick={(line, status) => {
              const href = lineListHref(ctx.routeOf, line, kind, { tab: status, createdAt: today!.createdAt });
              if (href) ctx.navigate(href);
            }} />,
          )}
        </div>
      )}
    </Panel>
  );
}

function percent(rate: number | null) {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

export function renderCard(cardKey: string, title: string, ctx: CardContext): ReactNode {
  const { data } = ctx;
  switch (cardKey) {
    case 'todayOrders':
      return <TodayCard title={title} kind="orders" ctx={ctx} />;
    case 'todayWaybills':
      return <TodayCard title={title} kind="waybills" ctx={ctx} />;
    case 'onTimeRate': {
      const r = data.today?.onTime;
      return (
        <Panel title={title}>
          {!r ? loading : (
            <>
              <Figure value={percent(r.rate)} label={title} navigate={ctx.navigate} />
              <Note>近{r.days}天创建的运单到达卸货地：准时 {r.onTime} 单，晚到 {r.late} 单</Note>
            </>
          )}
        </Panel>
      );
    }
    case 'vehiclesOnline': {
      const v = data.today?.vehicles;
      const list = ctx.routeOf(VEHICLE_LIST);
      return (
        <Panel title={title}>
          {!v ? loading : (
            <>
              <Figure value={v.online} label="在线车辆数" navigate={ctx.navigate} />
              <Note>
                共 {list ? <Link href={list} aria-label="车辆总数" onClick={(e) => (e.preventDefault(), ctx.navigate(list))}>{v.total}</Link> : v.total} 辆，
                {v.onlineMinutes} 分钟内有定位即为在线
              </Note>
            </>
          )}
        </Panel>
      );
    }
    case 'openAlarms':
      return <AlarmCard title={title} ctx={ctx} />;
    case 'businessVolume': {
      const v = data.volume;
      const days = [7, 30].map((d) => (
        <Link key={d} disabled={ctx.volumeDays === d} onClick={() => ctx.setVolumeDays(d)} style={{ marginLeft: 8 }}>近{d}天</Link>
      ));
      return (
        <Panel title={title} span={2} extra={<span>{days}</span>}>
          {!v ? loading : v.total === 0 ? <Empty>近{v.days}天暂无运单</Empty> : lazyPart(<VolumeLines volume={v} label={`近${v.days}天各业务线运单数`} />)}
        </Panel>
      );
    }
    case 'deliveringAmount':
      return <DeliveringCard title={title} ctx={ctx} />;
    case 'transitMap': {
      const m = data.map;
      return (
        <Panel title={title} span={4} extra={m && <Note>运输中 {m.total} 单{m.unplaced ? `，其中 ${m.unplaced} 单车辆暂无定位` : ''}{m.truncated ? '（仅显示最近更新的部分）' : ''}</Note>}>
          {!m ? loading : <WhenVisible placeholder={loading}>{lazyPart(<TransitMap map={m} hrefOf={ctx.waybillHrefOf} navigate={ctx.navigate} />)}</WhenVisible>}
        </Panel>
      );
    }
    default:
      return null;
  }
}

function AlarmCard({ title, ctx }: { title: string; ctx: CardContext }) {
  const styles = useStyles();
  const a = ctx.data.today?.alarms;
  return (
    <Panel title={title} span={2}>
      {!a ? loading : (
        <div className={styles.split}>
          <Figure value={a.total} label="未处理报警数" navigate={ctx.navigate} />
          {a.total === 0 ? <Empty>暂无报警信息</Empty> : lazyPart(<AlarmPie byType={a.byType} label="未处理报警按类型" />)}
        </div>
      )}
    </Panel>
  );
}

function DeliveringCard({ title, ctx }: { title: string; ctx: CardContext }) {
  const styles = useStyles();
  const rows = ctx.data.delivering;
  return (
    <Panel title={title} span={2}>
      {!rows ? loading : (
        <Table size="extra-small" aria-label={title}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>业务线</TableHeaderCell>
              {OPEN_STATUSES.map(([, name]) => <TableHeaderCell key={name} className={styles.number}>{name}</TableHeaderCell>)}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.businessLine}>
                <TableCell>{r.businessLineName}</TableCell>
                {OPEN_STATUSES.map(([status, name]) => {
                  const n = r.byStatus.find((s) => s.status === status)?.count ?? 0;
                  const href = n > 0 ? lineListHref(ctx.routeOf, r.businessLine, 'waybills', { tab: status }) : undefined;
                  return (
                    <TableCell key={status} className={styles.number}>
                      {href ? <Link href={href} aria-label={`${r.businessLineName}${name}`} onClick={(e) => (e.preventDefault(), ctx.navigate(href))}>{n}</Link> : n}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
}

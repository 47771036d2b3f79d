// The bottom area of the playback page (spec section 2): tabs with their visibility rules (door only
// if the vehicle detects doors, cold machine only if it has one, charts only for what it collects),
// the alarm tab with sub-counts by type, flash photos and active-safety events on monitor pages, and
// minimise / window / drag-resize / export.
import { Button, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowMaximizeRegular, ArrowMinimizeRegular, WindowNewRegular } from '@fluentui/react-icons';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { ResizeBar } from '../../components/resize-bar.tsx';
import { alarmCounts, type Row, type TabData, type VehicleSensors } from './track-data.ts';
import { VirtualTable, type TableColumn } from './virtual-table.tsx';
import { positionText, usePlaceNames, type PlaceLookup } from './track-places.ts';

const SensorChart = lazy(() => import('./sensor-chart.tsx').then((m) => ({ default: m.SensorChart })));

export const TABLE_HEIGHT = 200;
export const TAB_BAR_HEIGHT = 38;

export type TabKey = 'points' | 'stops' | 'areas' | 'doors' | 'cold' | 'alarms' | 'flash' | 'safety' | 'temperature' | 'humidity' | 'oil';
/** Tables whose rows have a place on the map (a click shows it there). */
export type FocusKind = 'stops' | 'doors' | 'alarms' | 'flash' | 'safety';

const col = (field: string, title: string, width?: number): TableColumn => ({ field, title, width });
const POINT_COLUMNS = [col('sn', '序号', 64), col('gpsTime', '定位时间', 150), col('speed', '速度(km/h)', 90), col('direction', '方向', 60), col('curOdom', '里程(km)', 80), col('statusStr', '状态', 140), col('trackPlace', '所在区域', 140), col('position', '位置', 320)];
const coordinates = (r: Row) => (r.lon === null || r.lon === undefined ? '' : `经度 ${r.lon}，纬度 ${r.lat}`);
const STOP_COLUMNS = [col('beginTimeStr', '开始时间', 150), col('endTimeStr', '结束时间', 150), col('durationStr', '停留时长', 100), col('areaName', '所在区域', 140), col('stopPlaceName', '停车地点', 260)];
const AREA_COLUMNS = [col('areaName', '区域名称', 160), col('inGpsTime', '进入时间', 150), col('outGpsTime', '离开时间', 150), col('duration', '停留时长', 100)];
const DOOR_COLUMNS = [col('doorNumber', '门号', 60), col('bTimeStr', '开门时间', 150), col('eTimeStr', '关门时间', 150), col('duration', '时长', 100), col('areaName', '所在区域', 140), col('bPlaceName', '开门地点', 240)];
const COLD_COLUMNS = [col('bTimeStr', '开机时间', 150), col('eTimeStr', '关机时间', 150), col('duration', '时长', 100), col('areaName', '所在区域', 140), col('bPlaceName', '开机地点', 220), col('ePlaceName', '关机地点', 220)];
const FLASH_COLUMNS = [col('picTimeView', '抓拍时间', 150), col('routeView', '通道', 70), col('eventTypeName', '抓拍类型', 110), col('speed', '速度(km/h)', 90), col('areaName', '所在区域', 140), col('placeName', '地点', 260)];
const SAFETY_COLUMNS = [col('gpsTimeView', '报警时间', 150), col('eventTypeName', '事件类型', 110), col('eventLevelView', '报警级别', 80), col('driverName', '司机', 90), col('speed', '速度(km/h)', 90), col('placeName', '地点', 260)];
const ALARM_COLUMNS = [col('lastAlarmTypeName', '报警类型', 110), col('statusStr', '报警状态', 80), col('beginTimeStr', '开始时间', 150), col('endTimeStr', '结束时间', 150), col('theLastTime', '持续时长', 90), col('alarmContent', '报警内容', 240), col('beginPlaceName', '开始地点', 240)];

const useStyles = makeStyles({
  docked: { display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground1, flexShrink: 0 },
  floating: { position: 'absolute', left: '16px', right: '16px', bottom: '16px', zIndex: 5, display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow16, borderRadius: tokens.borderRadiusMedium },
  tabs: { display: 'flex', alignItems: 'center', height: `${TAB_BAR_HEIGHT}px`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingRight: tokens.spacingHorizontalS },
  tabList: { flexGrow: 1, overflow: 'hidden' },
  body: { position: 'relative', overflow: 'hidden' },
  counts: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, padding: '0 8px', lineHeight: '22px' },
});

function hasSeries(s: Record<string, unknown[]>) {
  return Object.values(s).some((v) => v.length > 0);
}

/** The tabs a vehicle and its data allow, in the spec's order; monitor pages add flash photos and active-safety events. */
export function visibleTabs(sensors: VehicleSensors | null, data: TabData | null, monitor = false): [TabKey, string][] {
  const tabs: [TabKey, string][] = [['points', '轨迹点'], ['stops', '停车'], ['areas', '区域']];
  if (sensors?.detectDoor) tabs.push(['doors', '开关门']);
  if (sensors?.coldMachine) tabs.push(['cold', '冷机']);
  tabs.push(['alarms', `报警(${data?.alarms.length ?? 0})`]);
  if (monitor) tabs.push(['flash', '抓拍'], ['safety', '主动安全']);
  if (sensors?.gatherTemperature && data && hasSeries(data.temperature)) tabs.push(['temperature', '温度']);
  if (sensors?.gatherHumidity && data && hasSeries(data.humidity)) tabs.push(['humidity', '湿度']);
  if (sensors?.oilControl && data && hasSeries(data.oil)) tabs.push(['oil', '油量']);
  return tabs;
}

export interface BottomPanelProps {
  points: readonly Row[];
  current: number;
  sensors: VehicleSensors | null;
  data: TabData | null;
  /** A monitor page (spec section 2): the flash photo and active-safety tabs are shown. */
  monitor?: boolean;
  onPointClick(index: number): void;
  /** A row with a place was clicked: flash and safety rows also open their photos. */
  onRowFocus(kind: FocusKind, row: Row, index: number): void;
  onExport(): void;
  /** Names the track points' places (the 位置 column); without it the column shows coordinates. */
  lookupPlaces?: PlaceLookup;
}

export const BottomPanel = memo(function BottomPanel({ points, current, sensors, data, monitor = false, onPointClick, onRowFocus, onExport, lookupPlaces }: BottomPanelProps) {
  const styles = useStyles();
  const [tab, setTab] = useState<TabKey>('points');
  const [height, setHeight] = useState(TABLE_HEIGHT);
  const [minimised, setMinimised] = useState(false);
  const [floating, setFloating] = useState(false);
  const tabs = useMemo(() => visibleTabs(sensors, data, monitor), [sensors, data, monitor]);
  const counts = useMemo(() => alarmCounts(data?.alarms ?? []), [data]);
  const shown = tabs.some(([k]) => k === tab) ? tab : 'points';
  const places = usePlaceNames(points, lookupPlaces);
  const pointColumns = useMemo(() => POINT_COLUMNS.map((c) => (c.field === 'position' ? { ...c, text: (r: Row) => positionText(r, places.known), tip: coordinates } : c)), [places.known]);

  const body = () => {
    switch (shown) {
      case 'points': return <VirtualTable label="轨迹点" columns={pointColumns} rows={points} current={current} onRowClick={onPointClick} onRange={places.onRange} />;
      case 'stops': return <VirtualTable label="停车" columns={STOP_COLUMNS} rows={data?.stops ?? []} onRowClick={(i) => onRowFocus('stops', data!.stops[i], i)} />;
      case 'areas': return <VirtualTable label="区域" columns={AREA_COLUMNS} rows={data?.areas ?? []} />;
      case 'doors': return <VirtualTable label="开关门" columns={DOOR_COLUMNS} rows={data?.doors ?? []} onRowClick={(i) => onRowFocus('doors', data!.doors[i], i)} />;
      case 'cold': return <VirtualTable label="冷机" columns={COLD_COLUMNS} rows={data?.cold ?? []} />;
      case 'alarms':
        return (
          <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
            <div className={styles.counts} aria-label="报警分类统计">{counts.map(([name, n]) => `${name} ${n}`).join('　') || '暂无报警信息'}</div>
            <div style={{ flexGrow: 1, minHeight: 0 }}><VirtualTable label="报警" columns={ALARM_COLUMNS} rows={data?.alarms ?? []} onRowClick={(i) => onRowFocus('alarms', data!.alarms[i], i)} /></div>
          </div>
        );
      case 'flash': return <VirtualTable label="抓拍" columns={FLASH_COLUMNS} rows={data?.flash ?? []} onRowClick={(i) => onRowFocus('flash', data!.flash[i], i)} />;
      case 'safety': return <VirtualTable label="主动安全" columns={SAFETY_COLUMNS} rows={data?.safety ?? []} onRowClick={(i) => onRowFocus('safety', data!.safety[i], i)} />;
      case 'temperature':
      case 'humidity':
      case 'oil':
        return <Suspense fallback={null}><SensorChart kind={shown} series={data![shown]} limits={shown === 'temperature' ? data!.temperatureRange : null} /></Suspense>;
    }
  };

  return (
    <section className={floating ? styles.floating : styles.docked} aria-label="轨迹明细">
      {!minimised ? <ResizeBar height={height} onResize={setHeight} min={80} max={600} /> : null}
      <div className={styles.tabs}>
        <TabList className={styles.tabList} size="small" selectedValue={shown} onTabSelect={(_, d) => setTab(d.value as TabKey)}>
          {tabs.map(([k, label]) => <Tab key={k} value={k}>{label}</Tab>)}
        </TabList>
        <Button size="small" appearance="subtle" icon={<ArrowDownloadRegular />} onClick={onExport}>导出</Button>
        <Button size="small" appearance="subtle" icon={<WindowNewRegular />} onClick={() => setFloating((f) => !f)}>{floating ? '停靠' : '窗口化'}</Button>
        <Button size="small" appearance="subtle" icon={minimised ? <ArrowMaximizeRegular /> : <ArrowMinimizeRegular />} onClick={() => setMinimised((m) => !m)}>{minimised ? '还原' : '最小化'}</Button>
      </div>
      {!minimised ? <div className={styles.body} style={{ height }}>{body()}</div> : null}
    </section>
  );
});

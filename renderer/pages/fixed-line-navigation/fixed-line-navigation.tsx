// 电子路书 (rules/fixed-line-navigation, and rules/fixed-line-waybill-navigation for a waybill made from a
// line): the line's stops on the map — numbered markers joined in order, the fences' shapes — beside a
// table of the stops with their planned times, stays and leg distances. Without an id the page offers
// the lines to choose from; a line without stops or places says so instead of showing a blank map.
import { Combobox, Option, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { MapView } from '../../map/map-view.tsx';
import type { PageRendererProps } from '../page-types.ts';
import { LOADING_TEXT } from '../loading-text.ts';
import { legText, roadBookFences, roadBookLine, roadBookPoints, type RoadBook } from './road-book.ts';

/** The page that is opened with a waybill's id (the line's waybills list) rather than a line's. */
export const WAYBILL_PAGE = 'rules/fixed-line-waybill-navigation';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, height: 'calc(100vh - 130px)', minHeight: '520px' },
  bar: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  body: { display: 'flex', columnGap: tokens.spacingHorizontalM, flexGrow: 1, minHeight: 0 },
  map: { position: 'relative', flexGrow: 1, minWidth: '360px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  side: { width: '520px', overflowY: 'auto' },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalL },
});

interface LineChoice {
  id: number;
  lineName: string;
}

export function FixedLineNavigation({ page, env, context }: PageRendererProps) {
  const styles = useStyles();
  const byWaybill = page.id === WAYBILL_PAGE;
  const [lineId, setLineId] = useState<number | undefined>(!byWaybill && context.id ? Number(context.id) : undefined);
  const [lines, setLines] = useState<LineChoice[]>([]);
  const [book, setBook] = useState<RoadBook | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (byWaybill) return;
    let live = true;
    env.api.post<LineChoice[]>('/fixed/getFixedLineInfoDropBox', {}).then((r) => live && setLines(r ?? [])).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [env, byWaybill]);

  const body = byWaybill ? (context.id ? { waybillId: Number(context.id) } : null) : lineId ? { lineId } : null;
  const bodyKey = JSON.stringify(body);
  useEffect(() => {
    if (!body) return setBook(null);
    let live = true;
    setLoading(true);
    env.api.post<RoadBook>('/fixed/fixedLineNavigation', body)
      .then((r) => live && setBook(r))
      .catch(() => live && setBook(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the body is read through its key
  }, [env, bodyKey]);

  const fences = useMemo(() => (book ? roadBookFences(book) : []), [book]);
  const points = useMemo(() => (book ? roadBookPoints(book) : []), [book]);
  const route = useMemo(() => (book ? roadBookLine(book) : []), [book]);
  const chosen = lines.find((l) => l.id === lineId);

  return (
    <div className={styles.page}>
      {!context.inDialog && <Text size={400} weight="semibold">{page.title}</Text>}
      <div className={styles.bar}>
        {!byWaybill && (
          <Combobox size="small" aria-label="固定线路" placeholder="请选择固定线路" value={chosen?.lineName ?? book?.lineName ?? ''} selectedOptions={lineId ? [String(lineId)] : []}
            onOptionSelect={(_, d) => d.optionValue && setLineId(Number(d.optionValue))}>
            {lines.length === 0 ? <Option disabled value="">暂无数据</Option> : lines.map((l) => <Option key={l.id} value={String(l.id)}>{l.lineName}</Option>)}
          </Combobox>
        )}
        {book && <Text>线路：{book.lineName}</Text>}
        {book?.waybillNo && <Text>运单号：{book.waybillNo}</Text>}
        {book?.runDayStr && <Text>班次日期：{book.runDayStr}</Text>}
        {book && <Text>站点：{book.stops.length}个</Text>}
        {book && <Text>总里程：{book.totalKm}公里</Text>}
        {loading && <Spinner size="tiny" label={LOADING_TEXT} />}
      </div>
      {!book ? (
        <div className={styles.empty}>{loading ? LOADING_TEXT : byWaybill ? '该运单不是固定线路生成的运单' : '请选择固定线路查看电子路书'}</div>
      ) : points.length === 0 ? (
        <div className={styles.empty}>该线路的站点没有位置信息，无法在地图上显示</div>
      ) : (
        <div className={styles.body}>
          <div className={styles.map}>
            <MapView fences={fences} points={points} lines={route} fitKey={`${book.lineId}-${book.waybillId ?? ''}`} ariaLabel="电子路书地图" style={{ position: 'absolute', inset: 0 }} />
          </div>
          <div className={styles.side}>
            <Table size="small" aria-label="线路站点">
              <TableHeader>
                <TableRow>
                  {['序号', '停靠类型', '电子围栏', book.waybillId ? '计划到达' : '计划到达（出发后）', '停留', '距上站'].map((h) => <TableHeaderCell key={h}>{h}</TableHeaderCell>)}
                </TableRow>
              </TableHeader>
              <TableBody>
                {book.stops.map((s) => (
                  <TableRow key={s.seq}>
                    <TableCell>{s.seq}</TableCell>
                    <TableCell>{s.stopTypeStr}</TableCell>
                    <TableCell>{s.areaName}</TableCell>
                    <TableCell>{s.plannedArriveTimeStr ?? s.arriveOffsetStr}</TableCell>
                    <TableCell>{s.stayMinutes}分钟</TableCell>
                    <TableCell>{legText(s)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </div>
      )}
    </div>
  );
}

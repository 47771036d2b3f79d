// The alarm detail and handling dialog (spec section 2): '报警详情' read-only or '报警处理' editable.
// Type 1 shows the period; type 2 the begin and end times apart and a carousel of on-site photos and
// videos numbered 'n/total'. Editing: a 3-row opinion (≤ 256, with a counter), Cancel and Save.
import { Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Spinner, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useEnv } from '../../env/env-context.tsx';
import { handleAlarm, loadAlarm, OPINION_MAX, opinionError, type AlarmRef } from './alarm-calls.ts';

// The map travels only when the user asks to see the place.
const MapDialog = lazy(() => import('../map-dialog/map-dialog.tsx').then((m) => ({ default: m.MapDialog })));

export type AlarmDialogMode = 1 | 2;
export const ALARM_TITLES: Record<AlarmDialogMode, string> = { 1: '报警详情', 2: '报警处理' };

interface Media {
  type: number;
  url: string;
}

export interface AlarmDetail {
  id: number;
  waybillNo?: string;
  vehicleName?: string;
  carrierName?: string;
  mainDriverInfo?: string;
  handleStatus?: number;
  handleStatusStr?: string;
  status?: number;
  statusStr?: string;
  lastAlarmTypeName?: string;
  firstAlarmType: number;
  alarmType?: number;
  beginTimeStr?: string;
  endTimeStr?: string;
  theLastTime?: string;
  beginPlaceName?: string;
  endPlaceName?: string;
  alarmContent?: string;
  imgContent?: string[];
  attachmentList?: Media[];
  handleRemark?: string;
  handleUserName?: string;
  handleTimeStr?: string;
  bLon?: number | null;
  bLat?: number | null;
}

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: '96px 1fr 96px 1fr', rowGap: tokens.spacingVerticalS, columnGap: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase300 },
  label: { color: tokens.colorNeutralForeground3, textAlign: 'right' },
  wide: { gridColumn: '2 / 5' },
  flags: { display: 'flex', columnGap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalS },
  carousel: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalM },
  media: { width: '320px', height: '180px', objectFit: 'contain', backgroundColor: tokens.colorNeutralBackground3 },
  counter: { textAlign: 'right', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

/** The photos and videos of a type 2 alarm: the attachments, else the image list. */
export function mediaOf(d: Pick<AlarmDetail, 'imgContent' | 'attachmentList'>): Media[] {
  if (d.attachmentList?.length) return d.attachmentList;
  return (d.imgContent ?? []).map((url) => ({ type: 0, url }));
}

function Carousel({ media }: { media: Media[] }) {
  const styles = useStyles();
  const [i, setI] = useState(0);
  if (media.length === 0) return null;
  const m = media[i];
  return (
    <div className={styles.carousel} role="group" aria-label="现场照片/视频">
      <Button size="small" icon={<ChevronLeftRegular />} aria-label="上一个" disabled={i === 0} onClick={() => setI(i - 1)} />
      {m.type === 1 ? <video className={styles.media} src={m.url} controls /> : <img className={styles.media} src={m.url} alt={`现场照片 ${i + 1}`} />}
      <Button size="small" icon={<ChevronRightRegular />} aria-label="下一个" disabled={i === media.length - 1} onClick={() => setI(i + 1)} />
      <span aria-label="序号">{`${i + 1}/${media.length}`}</span>
    </div>
  );
}

export interface AlarmDialogProps {
  alarm: AlarmRef | null;
  mode: AlarmDialogMode;
  onClose(): void;
  /** After a successful save: the list refreshes. */
  onSaved?(): void;
}

export function AlarmDialog({ alarm, mode, onClose, onSaved }: AlarmDialogProps) {
  const styles = useStyles();
  const { api, notify } = useEnv();
  const [detail, setDetail] = useState<AlarmDetail | null>(null);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [showMap, setShowMap] = useState(false);

  useEffect(() => {
    setDetail(null);
    setRemark('');
    setError(undefined);
    if (!alarm) return;
    let live = true;
    loadAlarm<AlarmDetail>(api, alarm).then((d) => live && setDetail(d), () => live && onClose());
    return () => {
      live = false;
    };
  }, [alarm, api]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async () => {
    const problem = opinionError(remark);
    setError(problem);
    if (problem || !alarm) return;
    setSaving(true);
    try {
      await handleAlarm(api, alarm, remark, { onSuccessMessage: (m) => notify.success(m || '处理成功') });
      onClose();
      onSaved?.();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setSaving(false);
    }
  };

  const row = (label: string, value: unknown, wide = false) => (
    <>
      <span className={styles.label}>{label}</span>
      <span className={wide ? styles.wide : undefined}>{value === null || value === undefined || value === '' ? '-' : String(value)}</span>
    </>
  );
  const d = detail;
  return (
    <Dialog open={!!alarm} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface style={{ maxWidth: 640 }}>
        <DialogBody>
          <DialogTitle>{ALARM_TITLES[mode]}</DialogTitle>
          <DialogContent>
            {!d ? <Spinner size="small" label="加载中..." /> : (
              <>
                <div className={styles.flags}>
                  <Badge appearance="tint" color={d.handleStatus === 0 ? 'danger' : 'success'}>{d.handleStatusStr}</Badge>
                  <Badge appearance="tint" color={d.status === 1 ? 'warning' : 'informative'}>{d.statusStr}</Badge>
                  <strong>{d.lastAlarmTypeName}</strong>
                </div>
                <div className={styles.grid}>
                  {row('运单号', d.waybillNo)}
                  {row('车牌号', d.vehicleName)}
                  {row('承运商', d.carrierName)}
                  {row('主驾驶', d.mainDriverInfo)}
                  {d.alarmType === 2 ? <>{row('开始时间', d.beginTimeStr)}{row('结束时间', d.endTimeStr)}</> : row('报警时段', `${d.beginTimeStr ?? ''} 至 ${d.endTimeStr ?? ''}`, true)}
                  {row('持续时长', d.theLastTime, true)}
                  {row('开始地点', d.beginPlaceName, true)}
                  {row('结束地点', d.endPlaceName, true)}
                  {row('报警内容', d.alarmContent, true)}
                  {mode === 1 ? <>{row('处理意见', d.handleRemark, true)}{row('处理人', d.handleUserName)}{row('处理时间', d.handleTimeStr)}</> : null}
                </div>
                {d.alarmType === 2 ? <Carousel media={mediaOf(d)} /> : null}
                {mode === 2 ? (
                  <Field label="处理意见" required validationMessage={error} style={{ marginTop: tokens.spacingVerticalM }}>
                    <Textarea rows={3} maxLength={OPINION_MAX} value={remark} onChange={(_, v) => {
                      setRemark(v.value);
                      if (error) setError(opinionError(v.value));
                    }} />
                  </Field>
                ) : null}
                {mode === 2 ? <div className={styles.counter} aria-label="字数">{`${remark.length}/${OPINION_MAX}`}</div> : null}
              </>
            )}
          </DialogContent>
          <DialogActions>
            {d?.bLon != null && d.bLat != null ? <Button size="small" onClick={() => setShowMap(true)}>查看位置</Button> : null}
            {showMap && d ? (
              <Suspense fallback={null}>
                <MapDialog visible onVisibleChange={setShowMap} marker={{ lng84: d.bLon, lat84: d.bLat, infoWindowTitle: d.lastAlarmTypeName, infoWindow: d.beginPlaceName, label: d.vehicleName }} />
              </Suspense>
            ) : null}
            {mode === 2 ? (
              <>
                <Button size="small" onClick={onClose}>取消</Button>
                <Button size="small" appearance="primary" disabled={!d || saving} onClick={() => void save()}>保存</Button>
              </>
            ) : <Button size="small" appearance="primary" onClick={onClose}>关闭</Button>}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

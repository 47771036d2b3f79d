// The fence edit layer's panel (spec section 4): refused for a deleted fence; redraw as 标点, 矩形 or
// 多边形 by clicking the map; the centre marker drags the shape; 坐标校准 opens the calibration dialog;
// 保存 sends electronic/updateAreaByOrderOrWaybill, shows the server's message and closes the layer.
import { Button, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import type { LngLat } from '../../map/geometry.ts';
import { CalibrationDialog } from './calibration-dialog.tsx';
import { calibrate, FENCE_TYPES, saveBody, startDraft, type FenceDraft, type FenceType } from './fence-edit.ts';
import type { WaybillFence } from './track-data.ts';

const useStyles = makeStyles({
  panel: { position: 'absolute', top: '8px', right: '8px', zIndex: 4, width: '260px', padding: tokens.spacingHorizontalM, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow8, borderRadius: tokens.borderRadiusMedium, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  actions: { display: 'flex', columnGap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export function draftOf(f: WaybillFence): FenceDraft {
  const typeId = f.typeId as FenceType;
  if (typeId === 3) return { typeId, points: [f.centre], radius: f.radius };
  if (typeId === 1) {
    const xs = f.ring.map((p) => p[0]);
    const ys = f.ring.map((p) => p[1]);
    return { typeId, points: [[Math.min(...xs), Math.min(...ys)], [Math.max(...xs), Math.max(...ys)]], radius: f.radius };
  }
  return { typeId, points: f.ring.slice(0, -1), radius: f.radius };
}

export interface FenceEditorProps {
  env: Env;
  fence: WaybillFence;
  waybillId: string;
  draft: FenceDraft;
  onDraft(d: FenceDraft): void;
  onClose(saved: boolean): void;
}

export function FenceEditor({ env, fence, waybillId, draft, onDraft, onClose }: FenceEditorProps) {
  const styles = useStyles();
  const [calibrating, setCalibrating] = useState(false);
  const [saving, setSaving] = useState(false);
  const centre: LngLat = draft.typeId === 3 ? draft.points[0] ?? fence.centre : fence.centre;
  const save = async () => {
    const body = saveBody(draft, { areaId: fence.areaId, waybillId });
    if (!body) return env.notify.info('请先在地图上绘制围栏');
    setSaving(true);
    try {
      await env.api.post('/electronic/updateAreaByOrderOrWaybill', body, { onSuccessMessage: (m) => env.notify.success(m || '保存成功') });
      onClose(true);
    } catch {
      setSaving(false);
    }
  };
  return (
    <div className={styles.panel} role="dialog" aria-label={`编辑围栏 ${fence.name}`}>
      <strong>{`编辑围栏：${fence.name}`}</strong>
      <RadioGroup layout="horizontal" value={String(draft.typeId)} aria-label="围栏形状" onChange={(_, d) => onDraft(startDraft(Number(d.value) as FenceType, fence.centre, fence.radius))}>
        {FENCE_TYPES.map(([id, label]) => <Radio key={id} value={String(id)} label={label} />)}
      </RadioGroup>
      <span className={styles.hint}>{draft.typeId === 3 ? '点击地图放置中心点' : draft.typeId === 1 ? '点击地图两次确定矩形对角' : '依次点击地图添加多边形顶点'}；拖动红色中心点可移动围栏</span>
      <div className={styles.actions}>
        <Button size="small" onClick={() => setCalibrating(true)}>坐标校准</Button>
        <Button size="small" appearance="primary" disabled={saving} onClick={() => void save()}>保存</Button>
        <Button size="small" onClick={() => onClose(false)}>取消</Button>
      </div>
      {calibrating ? (
        <CalibrationDialog open typeId={draft.typeId} centre={centre} radius={draft.radius} onCancel={() => setCalibrating(false)}
          onPreview={(c, r) => onDraft(calibrate(draft, c, r))}
          onApply={(c, r) => {
            onDraft(calibrate(draft, c, r));
            setCalibrating(false);
          }} />
      ) : null}
    </div>
  );
}

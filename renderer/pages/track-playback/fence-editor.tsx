// The fence edit layer's panel (spec section 4, issue 13): refused for a deleted fence; the map opens
// centred on the fence, which is at once editable (fence-draw.ts: drag it, drag a vertex, add or
// delete vertices); a shape choice or 重新绘制 draws it anew as 标点(圆形), 矩形 or 多边形; 撤销 removes
// the last vertex while drawing and otherwise gives back the shape before the last change; the radius
// of a circle is a field (default 200, at most 2000); 坐标校准 opens the calibration dialog; 保存
// checks the draft and hands it to the page's `onSave` (track playback sends
// electronic/updateAreaByOrderOrWaybill; 电子围栏管理 its add or update with the form's fields).
import { Button, Field, Input, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { Map as MlMap } from 'maplibre-gl';
import type { Env } from '../../env/env-context.tsx';
import type { Datum } from '../../map/providers.ts';
import type { LngLat } from '../../map/geometry.ts';
import { RADIUS_DEFAULT } from '../../map/constants.ts';
import { CalibrationDialog } from './calibration-dialog.tsx';
import { calibrate, centreOfDraft, draftProblem, draftSummary, EDIT_DEBOUNCE_MS, FENCE_TYPES, radiusError, type FenceDraft, type FenceType } from './fence-edit.ts';
import type { FenceDrawing } from './fence-draw.ts';
import type { WaybillFence } from './track-data.ts';

const useStyles = makeStyles({
  panel: { position: 'absolute', top: '8px', left: '8px', zIndex: 4, width: '300px', padding: tokens.spacingHorizontalM, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow8, borderRadius: tokens.borderRadiusMedium, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  actions: { display: 'flex', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  summary: { fontSize: tokens.fontSizeBase200 },
  refusal: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

/** Room around the fence when the editor centres the map on it: the panel sits on the left. */
const FIT_PADDING = { top: 48, bottom: 48, left: 340, right: 72 };
const FIT_MAX_ZOOM = 17;

export function draftOf(f: WaybillFence): FenceDraft {
  const typeId = f.typeId as FenceType;
  if (typeId === 3) return { typeId, points: [f.centre], radius: f.radius };
  if (typeId === 1) {
    const xs = f.ring.map((p) => p[0]);
    const ys = f.ring.map((p) => p[1]);
    return { typeId, points: [[Math.min(...xs), Math.min(...ys)], [Math.max(...xs), Math.max(...ys)]], radius: f.radius };
  }
  // The stored ring may be open or closed: a closing point repeats the first, a last vertex does not.
  const [first, last] = [f.ring[0], f.ring[f.ring.length - 1]];
  const closed = f.ring.length > 1 && first[0] === last[0] && first[1] === last[1];
  return { typeId, points: closed ? f.ring.slice(0, -1) : [...f.ring], radius: f.radius };
}

function hintOf(typeId: FenceType, drawing: boolean): string {
  if (drawing) {
    if (typeId === 3) return '点击地图确定圆心，移动鼠标后再次点击确定半径；在圆心处再点一次则使用下方的半径';
    if (typeId === 1) return '点击地图确定矩形的一个角，移动鼠标后再次点击确定对角';
    return '依次点击地图添加顶点，点击第一个或最后一个顶点（或双击）完成；撤销去掉上一个顶点';
  }
  if (typeId === 3) return '拖动圆形或红色中心点可移动围栏，半径在下方修改';
  if (typeId === 1) return '拖动矩形或红色中心点可移动围栏，拖动角点可改变大小';
  return '拖动顶点调整形状，拖动边上的小点增加顶点，右键点击顶点删除；拖动多边形或红色中心点可移动围栏';
}

export interface FenceEditorProps {
  env: Env;
  /** The fence's name (the panel's title) and its centre (where the calibration dialog starts without a shape). */
  fence: Pick<WaybillFence, 'name' | 'centre'>;
  /** Saves a checked draft; resolves true when saved (the layer then closes), false when refused. */
  onSave(draft: FenceDraft): Promise<boolean>;
  /** Shown instead of 编辑围栏：<name> (a new fence has no name yet). */
  title?: string;
  /** No 取消 button: the page around the editor has its own. */
  noCancel?: boolean;
  /** The closest zoom the map opens at (default 17); lower keeps the surroundings in view. */
  fitMaxZoom?: number;
  /** The map to draw on (null until it is loaded, or while the map type changes). */
  map: { map: MlMap; datum: Datum } | null;
  draft: FenceDraft;
  /** How many changes 撤销 can give back. */
  undoable: number;
  /** A change of the shape (recorded for undo). */
  onDraft(d: FenceDraft): void;
  onUndo(): void;
  /** Drawing a new shape started or ended (the centre handle hides meanwhile). */
  onDrawingChange(drawing: boolean): void;
  onClose(saved: boolean): void;
}

export function FenceEditor({ env, fence, onSave, title, noCancel, fitMaxZoom = FIT_MAX_ZOOM, map, draft, undoable, onDraft, onUndo, onDrawingChange, onClose }: FenceEditorProps) {
  const styles = useStyles();
  const [calibrating, setCalibrating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [drawingType, setDrawingType] = useState<FenceType | null>(null);
  const [refusal, setRefusal] = useState('');
  const [radiusText, setRadiusText] = useState(String(draft.radius));
  const drawing = useRef<FenceDrawing | null>(null);
  /** The draft the drawing itself reported: already on the map, not shown again (except a circle, redrawn exactly). */
  const fromDrawing = useRef<FenceDraft | null>(null);
  const latest = useRef({ draft, onDraft, onDrawingChange });
  latest.current = { draft, onDraft, onDrawingChange };
  const [instance, setInstance] = useState(0);

  // The drawing layer on the map, loaded with the editor (terra-draw stays out of the page's code).
  useEffect(() => {
    if (!map) return;
    let live = true;
    let made: FenceDrawing | null = null;
    void import('./fence-draw.ts').then(({ FenceDrawing }) => {
      if (!live) return;
      made = new FenceDrawing(map.map, map.datum, {
        onDraft: (d) => {
          setRefusal('');
          fromDrawing.current = d;
          latest.current.onDraft(d);
        },
        onRefused: setRefusal,
        onDrawingChange: (on) => {
          if (!on) setDrawingType(null);
          latest.current.onDrawingChange(on);
        },
      });
      drawing.current = made;
      made.show(latest.current.draft);
      // Open centred on the fence.
      const b = made.bounds();
      if (b) map.map.fitBounds(b, { padding: FIT_PADDING, maxZoom: fitMaxZoom, duration: 0 });
      setInstance((n) => n + 1);
    });
    return () => {
      live = false;
      made?.destroy();
      drawing.current = null;
    };
  }, [map]); // eslint-disable-line react-hooks/exhaustive-deps

  // A draft from elsewhere (undo, calibration, the radius field, the centre handle) is drawn again.
  useEffect(() => {
    const d = drawing.current;
    if (!d) return;
    if (fromDrawing.current !== draft || draft.typeId === 3) d.show(draft);
    fromDrawing.current = null;
    setRadiusText(String(draft.radius));
  }, [draft, instance]);

  // The radius field applies after a pause in typing (spec: coordinate edits debounced 500 ms).
  const radiusMessage = radiusError(radiusText);
  useEffect(() => {
    if (draft.typeId !== 3 || radiusMessage || Number(radiusText) === draft.radius) return;
    const t = setTimeout(() => onDraft({ ...latest.current.draft, radius: Number(radiusText) }), EDIT_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [radiusText]); // eslint-disable-line react-hooks/exhaustive-deps

  const startDrawing = (typeId: FenceType) => {
    const d = drawing.current;
    if (!d) return;
    setRefusal('');
    setDrawingType(typeId);
    d.start(typeId, radiusMessage ? draft.radius || RADIUS_DEFAULT : Number(radiusText));
  };
  const stopDrawing = () => {
    drawing.current?.show(draft);
    setDrawingType(null);
  };
  const undo = () => {
    setRefusal('');
    const d = drawing.current;
    if (d?.isDrawing) {
      // The last vertex; with none left, drawing stops and the shape before it comes back.
      if (!d.undoVertex()) stopDrawing();
      return;
    }
    onUndo();
  };
  const undoRef = useRef(undo);
  undoRef.current = undo;
  const stopRef = useRef(stopDrawing);
  stopRef.current = stopDrawing;

  // Ctrl+Z undoes, Escape stops drawing (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.closest?.('input, textarea, [role="dialog"][aria-modal="true"]')) return;
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        undoRef.current();
      } else if (e.key === 'Escape' && drawing.current?.isDrawing) {
        stopRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const save = async () => {
    if (drawingType !== null) return env.notify.info('请先完成绘制');
    const problem = draftProblem(draft);
    if (problem) return env.notify.error(problem);
    if (!centreOfDraft(draft)) return env.notify.info('请先在地图上绘制围栏');
    setSaving(true);
    const saved = await onSave(draft).catch(() => false);
    if (saved) onClose(true);
    else setSaving(false);
  };

  const shownType = drawingType ?? draft.typeId;
  const centre: LngLat = centreOfDraft(draft) ?? fence.centre;
  const ready = instance > 0;
  return (
    <div className={styles.panel} role="dialog" aria-label={title ?? `编辑围栏 ${fence.name}`}>
      <strong>{title ?? `编辑围栏：${fence.name}`}</strong>
      <RadioGroup layout="horizontal" value={String(shownType)} aria-label="围栏形状" disabled={!ready}
        onChange={(_, d) => startDrawing(Number(d.value) as FenceType)}>
        {FENCE_TYPES.map(([id, label]) => <Radio key={id} value={String(id)} label={label} />)}
      </RadioGroup>
      <span className={styles.hint}>{ready ? hintOf(shownType, drawingType !== null) : '地图加载中…'}</span>
      {drawingType === null ? <span className={styles.summary} aria-label="围栏大小">{draftSummary(draft)}</span> : null}
      {shownType === 3 ? (
        <Field label="半径(米)" required validationMessage={radiusMessage} size="small">
          <Input size="small" value={radiusText} onChange={(_, d) => setRadiusText(d.value)} />
        </Field>
      ) : null}
      {refusal ? <span className={styles.refusal} role="alert">{`${refusal}，可以换个位置，或撤销`}</span> : null}
      <div className={styles.actions}>
        <Button size="small" disabled={!ready} onClick={() => startDrawing(shownType)}>重新绘制</Button>
        <Button size="small" disabled={!ready || (drawingType === null && undoable === 0)} onClick={undo}>撤销</Button>
        <Button size="small" disabled={drawingType !== null} onClick={() => setCalibrating(true)}>坐标校准</Button>
        <Button size="small" appearance="primary" disabled={saving || drawingType !== null} onClick={() => void save()}>保存</Button>
        {noCancel ? null : <Button size="small" onClick={() => onClose(false)}>取消</Button>}
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

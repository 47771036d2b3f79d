// The track playback page (spec sections 2 and 4), a widget page opened from the waybill list and
// detail with ?id=<waybillId> (several ids separated by commas replay several tracks). The map with
// the multi-track legend, the replay bar, the bottom tabs, the fence edit layer and the photo preview.
import { makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type MouseEvent } from 'react';
import type { PageRendererProps } from '../page-types.ts';
import { INACTIVE_COLOUR, PREDICTED_COLOUR, trackColour } from '../../map/constants.ts';
import type { LngLat } from '../../map/geometry.ts';
import type { MapFence, MapLine, MapPoint } from '../../map/map-model.ts';
import { MapView } from '../../map/map-view.tsx';
import { mapTypeOf, type MapType } from '../../map/providers.ts';
import { planRoute } from '../../map/route-planner.ts';
import { BottomPanel, type FocusKind } from './bottom-panel.tsx';
import { PlaybackTopBar } from './playback-top-bar.tsx';
import { PhotoPreview } from '../../components/photo-preview/photo-preview.tsx';
import { flashInfo, mediaPoints, previewOfInfo, previewOfRow, safetyInfo, type PreviewTarget } from './media-layer.ts';
import { centreOfDraft, draftAreaKm2, FENCE_DELETED, dragCentre, pushHistory, saveBody, SHAPE_NAMES, type FenceDraft, type FenceType } from './fence-edit.ts';
import { draftOf, FenceEditor } from './fence-editor.tsx';
import type { Map as MlMap } from 'maplibre-gl';
import type { Datum } from '../../map/providers.ts';
import { INFO_TOGGLES, ReplayBar, type InfoToggle } from './replay-bar.tsx';
import { initialReplay, intervalOf, replayStep, type ReplayEvent, type ReplayState } from './replay-machine.ts';
import { loadBundle, loadFences, loadTabs, NO_TRACK, NO_TRACK_YET, noTrackDataOf, type Row, type TabData, type TrackBundle, type WaybillFence } from './track-data.ts';

const MAP_TYPE_KEY = 'huoyun.mapType';
const NO_FENCES: WaybillFence[] = [];

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', height: 'calc(100vh - 120px)', minHeight: '480px', position: 'relative' },
  map: { position: 'relative', flexGrow: 1, minHeight: '200px' },
  info: { display: 'flex', columnGap: tokens.spacingHorizontalM, padding: `2px ${tokens.spacingHorizontalM}`, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2, minHeight: '20px', contain: 'content' },
});

type Reducer = { state: ReplayState; message?: string; seq: number };
function reduce(r: Reducer, e: ReplayEvent): Reducer {
  const out = replayStep(r.state, e);
  return { state: out.state, message: out.message, seq: out.message ? r.seq + 1 : r.seq };
}

function storedMapType(): MapType {
  try {
    return mapTypeOf(localStorage.getItem(MAP_TYPE_KEY));
  } catch {
    return mapTypeOf(undefined);
  }
}

export function TrackPlayback({ env, context, page }: PageRendererProps) {
  const styles = useStyles();
  // Spec section 2: monitor pages also have flash shots and active-safety events.
  const monitor = page.id.startsWith('monitor/');
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const ids = useMemo(() => (context.id ?? '').split(',').map((s) => s.trim()).filter(Boolean), [context.id]);
  const [bundles, setBundles] = useState<TrackBundle[]>([]);
  const [loading, setLoading] = useState(true);
  const [tabs, setTabs] = useState<TabData | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [predictedOn, setPredictedOn] = useState(true);
  const [predicted, setPredicted] = useState<LngLat[]>([]);
  const [single, setSingle] = useState<number>(0);
  const [soloMode, setSoloMode] = useState(false);
  const [mapType, setMapType] = useState<MapType>(storedMapType);
  const [info, setInfo] = useState<Set<InfoToggle>>(() => new Set(INFO_TOGGLES.map(([k]) => k)));
  const [focus, setFocus] = useState<MapPoint | null>(null);
  // The fence being edited: its draft and the drafts before each change (撤销 gives them back).
  const [editing, setEditing] = useState<{ fence: WaybillFence; draft: FenceDraft; history: FenceDraft[]; drawing: boolean } | null>(null);
  const [drawMap, setDrawMap] = useState<{ map: MlMap; datum: Datum } | null>(null);
  const [{ state, message, seq }, dispatch] = useReducer(reduce, { state: initialReplay, seq: 0 });
  const shownMessage = useRef(0);

  // Load every waybill's track; tables follow for the replayed one.
  useEffect(() => {
    let live = true;
    setLoading(true);
    if (ids.length === 0) {
      env.notify.info(NO_TRACK);
      setLoading(false);
      return;
    }
    dispatch({ type: 'load', total: 0, loading: true });
    Promise.all(ids.map((id) => loadBundle(env.api, id).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))))))
      .then((list) => {
        if (!live) return;
        const got = list.filter((b): b is TrackBundle => !(b instanceof Error));
        // A waybill the user cannot read (another tenant's, deleted, mistyped id): the server's message, once.
        const refused = new Set(list.filter((b): b is Error => b instanceof Error).map((e) => e.message));
        for (const m of refused) env.notify.error(m);
        for (const b of got) if (b.track.rows.length === 0) env.notify.info(got.length > 1 ? noTrackDataOf(b.vehicleNo) : b.dataTerminalId ? NO_TRACK_YET : NO_TRACK);
        if (got.length === 0 && refused.size === 0) env.notify.info(NO_TRACK);
        setBundles(got);
        setActive(Object.fromEntries(got.map((b) => [b.waybillId, true])));
        const first = got.findIndex((b) => b.track.rows.length > 0);
        setSingle(Math.max(0, first));
        dispatch({ type: 'load', total: first >= 0 ? got[first].track.rows.length : 0, loading: false });
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [env, ids]);

  const current = bundles[single];

  useEffect(() => {
    if (!current || current.track.rows.length === 0) return;
    let live = true;
    void loadTabs(env.api, current, { monitor }).then((t) => live && setTabs(t));
    return () => {
      live = false;
    };
  }, [env, current, monitor]);

  // The predicted route of an unfinished trip: from the last point through the fences not yet reached.
  useEffect(() => {
    if (!current || current.track.rows.length === 0) return setPredicted([]);
    const n = current.track.rows.length - 1;
    const end = current.fences.find((f) => f.nodeType === 'end');
    const last: LngLat = [current.track.lng[n], current.track.lat[n]];
    if (!end || Math.hypot(end.centre[0] - last[0], end.centre[1] - last[1]) < 0.01) return setPredicted([]);
    void planRoute([last, end.centre]).then((r) => setPredicted(r.code === 1 ? r.lngLat : []));
  }, [current]);

  // Messages of the state machine, each once.
  useEffect(() => {
    if (message && seq !== shownMessage.current) {
      shownMessage.current = seq;
      env.notify.info(message);
    }
  }, [message, seq, env]);

  // The replay clock: one step every 250 ms / speed, applied once per animation frame (at 32× a
  // step is 7.8 ms, so a frame may carry two) so the page renders once per frame, not per step.
  useEffect(() => {
    if (state.status !== 'play') return;
    const interval = intervalOf(state.speed);
    let last = performance.now();
    let owed = 0;
    let frame = requestAnimationFrame(function step(now) {
      owed += (now - last) / interval;
      last = now;
      if (owed >= 1) {
        const steps = Math.floor(owed);
        owed -= steps;
        dispatch({ type: 'advance', steps });
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [state.status, state.speed]);

  const selectTrack = useCallback((i: number) => {
    setSingle(i);
    setTabs(null);
    dispatch({ type: 'stop' });
    dispatch({ type: 'load', total: bundles[i]?.track.rows.length ?? 0, loading: false });
  }, [bundles]);

  const lines = useMemo<MapLine[]>(() => {
    const out: MapLine[] = bundles.map((b, i) => {
      const on = active[b.waybillId] !== false && (!soloMode || i === single);
      const coords: LngLat[] = Array.from(b.track.lng, (x, k) => [x, b.track.lat[k]]);
      return { id: b.waybillId, coords, colour: on ? trackColour(i) : INACTIVE_COLOUR, alarm: on ? Array.from(b.track.alarm, Boolean) : undefined };
    });
    if (predicted.length > 1) out.push({ id: 'predicted', coords: predicted, colour: predictedOn ? PREDICTED_COLOUR : '#d6d6d6', dashed: true });
    return out;
  }, [bundles, active, soloMode, single, predicted, predictedOn]);

  const fences = useMemo<MapFence[]>(() => {
    // The fence being edited is drawn by the editor's own layer.
    return (current?.fences ?? []).filter((f) => f.id !== editing?.fence.id).map((f) => ({ id: f.id, ring: f.ring, name: f.name }));
  }, [current, editing?.fence.id]);

  const points = useMemo<MapPoint[]>(() => {
    const out: MapPoint[] = [];
    for (const f of current?.fences ?? []) {
      const kind = f.nodeType === 'start' ? 'start' : f.nodeType === 'end' ? 'end' : 'via';
      if (f.id === editing?.fence.id) continue;
      const shape = SHAPE_NAMES[f.typeId as FenceType] ?? '-';
      const area = `${draftAreaKm2(draftOf(f)).toFixed(3)}平方公里`;
      out.push({ id: `fence-${f.id}`, lngLat: f.centre, kind, label: f.name, info: { title: f.name, rows: [['类型', kind === 'start' ? '起点' : kind === 'end' ? '终点' : '途经点'], ['形状', shape], ['半径', f.typeId === 3 ? `${f.radius}米` : '-'], ['面积', area]] } });
    }
    for (const [i, s] of (tabs?.stops ?? []).entries()) out.push({ id: `stop-${i}`, lngLat: [Number(s.blon), Number(s.blat)], kind: 'stop', label: `停车 ${s.durationStr}`, info: stopInfo(s) });
    for (const [i, d] of (tabs?.doors ?? []).entries()) out.push({ id: `door-${i}`, lngLat: [Number(d.blon), Number(d.blat)], kind: 'door', label: `门${d.doorNumber}`, info: doorInfo(d) });
    for (const [i, a] of (tabs?.alarms ?? []).entries()) if (a.bLon != null) out.push({ id: `alarm-${i}`, lngLat: [Number(a.bLon), Number(a.bLat)], kind: 'alarm', label: String(a.lastAlarmTypeName), info: alarmInfo(a) });
    out.push(...mediaPoints(tabs));
    if (focus) out.push(focus);
    return out;
  }, [current, tabs, focus, editing?.fence.id]);

  const editingFence = editing !== null;
  const car = useMemo(() => {
    const t = current?.track;
    // While a fence is edited the car (often parked on that fence) would sit on what the user clicks.
    if (!t || t.rows.length === 0 || editingFence) return null;
    const i = Math.min(state.index, t.rows.length - 1);
    return { lngLat: [t.lng[i], t.lat[i]] as LngLat, direction: t.direction[i] };
  }, [current, state.index, editingFence]);

  const onRowFocus = useCallback((kind: FocusKind, r: Row, index: number) => {
    const media = kind === 'flash' || kind === 'safety';
    const lng = Number(kind === 'alarms' ? r.bLon : media ? r.lon : r.blon);
    const lat = Number(kind === 'alarms' ? r.bLat : media ? r.lat : r.blat);
    if (media) setPreview(previewOfRow(tabs, kind, index));
    if (r.lon === null || !Number.isFinite(lng) || !Number.isFinite(lat)) return;
    const info = kind === 'stops' ? stopInfo(r) : kind === 'doors' ? doorInfo(r) : kind === 'alarms' ? alarmInfo(r) : kind === 'flash' ? flashInfo(r) : safetyInfo(r);
    const pointKind = kind === 'stops' ? 'stop' : kind === 'doors' ? 'door' : kind === 'flash' ? 'point' : 'alarm';
    setFocus({ id: 'focus', lngLat: [lng, lat], kind: pointKind, label: info.title, info });
  }, [tabs]);

  // The map's info windows are plain text: a click inside a flash photo's or an event's window opens its pictures.
  const onMapAreaClick = useCallback((e: MouseEvent) => {
    const popup = (e.target as HTMLElement).closest?.('[role="dialog"][aria-label]');
    const target = popup ? previewOfInfo(tabs, popup.getAttribute('aria-label')) : null;
    if (target) setPreview(target);
  }, [tabs]);

  const onExport = useCallback(() => {
    if (!current) return env.notify.info(NO_TRACK);
    void downloadTrack(current.waybillId).catch((e: Error) => env.notify.error(e.message));
  }, [current, env]);

  const changeDraft = useCallback((change: (d: FenceDraft) => FenceDraft) => setEditing((e) => {
    if (!e) return e;
    const draft = change(e.draft);
    return draft === e.draft ? e : { ...e, draft, history: pushHistory(e.history, e.draft) };
  }), []);
  const onMapReady = useCallback((map: MlMap | null, datum: Datum) => setDrawMap(map ? { map, datum } : null), []);
  const startEdit = useCallback((f: WaybillFence) => {
    if (f.isDelete) return env.notify.error(FENCE_DELETED);
    setEditing({ fence: f, draft: draftOf(f), history: [], drawing: false });
  }, [env]);
  // The top bar's actions, stable so that a replay frame does not render the bar again.
  const toggleTrack = useCallback((id: string) => setActive((a) => ({ ...a, [id]: a[id] === false })), []);
  const togglePredicted = useCallback(() => setPredictedOn((p) => !p), []);
  const replayOne = useCallback((i: number) => {
    selectTrack(i);
    setSoloMode(true);
  }, [selectTrack]);
  const chooseMapType = useCallback((t: MapType) => {
    setMapType(t);
    try { localStorage.setItem(MAP_TYPE_KEY, t); } catch { /* private mode: not kept */ }
  }, []);
  const onPointClick = useCallback((index: number) => dispatch({ type: 'jump', index }), []);
  const lookupPlaces = useCallback((points: [number, number][]) => env.api.post<string[]>('/waybill/getTrackPlaceNames', { points }, { silent: true }), [env]);

  const current0 = current?.track.rows[state.index] as Row | undefined;
  const fitKey = `${bundles.map((b) => b.waybillId).join()}-${mapType}`;

  return (
    <div className={styles.page}>
      <PlaybackTopBar title={current ? `${current.vehicleNo} ${current.startPlaceName} → ${current.endPlaceName}` : '轨迹回放'}
        bundles={bundles} active={active} onToggle={toggleTrack} predicted={predicted.length > 1 ? predictedOn : null} onTogglePredicted={togglePredicted}
        onReplayOne={replayOne} fences={current?.fences ?? NO_FENCES} onEditFence={startEdit} mapType={mapType} onMapType={chooseMapType} loading={loading} />
      <div className={styles.map} onClick={onMapAreaClick}>
        <MapView mapType={mapType} lines={lines} fences={fences} points={points} car={car} fitKey={fitKey} ariaLabel="轨迹地图"
          handle={editing && !editing.drawing ? (() => { const c = centreOfDraft(editing.draft); return c ? { lngLat: c, onDragEnd: (at: LngLat) => changeDraft((d) => dragCentre(d, at)) } : null; })() : null}
          onMapReady={onMapReady}
          onLineClick={(id, at) => {
            // While a fence is edited, clicks on the map are the editor's.
            if (editing || id !== current?.waybillId || !current) return;
            const t = current.track;
            let best = 0, bd = Infinity;
            for (let i = 0; i < t.lng.length; i++) { const d = (t.lng[i] - at[0]) ** 2 + (t.lat[i] - at[1]) ** 2; if (d < bd) { bd = d; best = i; } }
            dispatch({ type: 'jump', index: best });
          }} />
        {editing && current ? (
          <FenceEditor env={env} fence={editing.fence} draft={editing.draft}
            onSave={async (draft) => {
              await env.api.post('/electronic/updateAreaByOrderOrWaybill', saveBody(draft, { areaId: editing.fence.areaId, waybillId: current.waybillId }),
                { onSuccessMessage: (m) => env.notify.success(m || '保存成功') });
              return true;
            }} map={drawMap} undoable={editing.history.length}
            onDraft={(draft) => changeDraft(() => draft)}
            onUndo={() => setEditing((e) => e && e.history.length ? { ...e, draft: e.history[e.history.length - 1], history: e.history.slice(0, -1) } : e)}
            onDrawingChange={(drawing) => setEditing((e) => e && { ...e, drawing })}
            onClose={(saved) => {
              setEditing(null);
              // Saved: read the waybill's fences again so the map shows what the server keeps.
              if (saved) void loadFences(env.api, current.waybillId).then((fences) => setBundles((bs) => bs.map((b) => (b.waybillId === current.waybillId ? { ...b, fences } : b))), (e: Error) => env.notify.error(e.message));
            }} />
        ) : null}
      </div>
      <ReplayBar state={state} info={info} onInfo={setInfo}
        onPlay={() => dispatch({ type: 'play' })} onPause={() => dispatch({ type: 'pause' })} onStop={() => dispatch({ type: 'stop' })}
        onSpeed={(speed) => dispatch({ type: 'speed', speed })} onSeek={(progress) => dispatch({ type: 'seek', progress })}
        onBackToAll={bundles.length > 1 && soloMode ? () => setSoloMode(false) : undefined} />
      <div className={styles.info} aria-label="当前点信息">
        {current0 ? <>
          {info.has('date') ? <span>{String(current0.gpsTime).slice(0, 10)}</span> : null}
          {info.has('time') ? <span>{String(current0.gpsTime).slice(11)}</span> : null}
          {info.has('mileage') ? <span>{`里程 ${current0.curOdom} km`}</span> : null}
          {info.has('speed') ? <span>{`速度 ${current0.speed} km/h`}</span> : null}
          {info.has('via') && current0.trackPlace ? <span>{`途经 ${current0.trackPlace}`}</span> : null}
          {info.has('stopDuration') ? <span>{stopAt(tabs?.stops, Number(current0.gpsTimeMillisecond))}</span> : null}
        </> : null}
      </div>
      <BottomPanel points={current?.track.rows ?? []} current={state.index} sensors={current?.sensors ?? null} data={tabs} monitor={monitor}
        onPointClick={onPointClick} onRowFocus={onRowFocus} onExport={onExport} lookupPlaces={lookupPlaces} />
      <PhotoPreview photos={preview?.photos ?? []} index={preview ? preview.index : -1}
        onIndexChange={(index) => setPreview((p) => p && { ...p, index })} onClose={() => setPreview(null)} />
    </div>
  );
}

function stopAt(stops: Row[] | undefined, t: number): string {
  const s = stops?.find((x) => Number(x.beginTime) <= t && t <= Number(x.endTime));
  return s ? `停留 ${s.durationStr}` : '';
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const stopInfo = (s: Row) => ({ title: '停车', rows: [['开始时间', text(s.beginTimeStr)], ['结束时间', text(s.endTimeStr)], ['停留时长', text(s.durationStr)], ['地点', text(s.stopPlaceName)]] as [string, string][] });
const doorInfo = (d: Row) => ({ title: `门${text(d.doorNumber)}开门`, rows: [['开门时间', text(d.bTimeStr)], ['关门时间', text(d.eTimeStr)], ['时长', text(d.duration)], ['地点', text(d.bPlaceName)]] as [string, string][] });
const alarmInfo = (a: Row) => ({ title: text(a.lastAlarmTypeName) || '报警', rows: [['开始时间', text(a.beginTimeStr)], ['结束时间', text(a.endTimeStr)], ['持续时长', text(a.theLastTime)], ['报警内容', text(a.alarmContent)], ['地点', text(a.beginPlaceName)]] as [string, string][] });

/** The server's track export (an .xlsx attachment), saved like the export centre's downloads. */
async function downloadTrack(waybillId: string) {
  const { downloadAttachment } = await import('../export-center/download-file.ts');
  await downloadAttachment(`/waybill/exportTrackList?waybillId=${encodeURIComponent(waybillId)}&curPage=1&pageSize=100000`);
}

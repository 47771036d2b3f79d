// 物流地图 (spec "Car monitor: logistics map"; issue 17): every vehicle of the user's scope on the
// map, clustered when zoomed out, coloured by state and turned by direction; the live stream moves
// them in place (a canvas over the map, redrawn on the next animation frame: fleet-layer.ts). Clicking a
// vehicle opens its info window with the way to track playback; zoomed in, the start/via/end fences
// of the waybills in view and their predicted lines. Filters: plate and state (the legend's entries).
//
// For tests and the benchmark the map's container carries data-fleet-shown (vehicles on the map)
// and data-fleet-batches (stream batches applied), and its `fleetOverlay` holds the markers; the
// batch work is measured as 'fleet-batch' performance entries.
import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Map as MlMap, Popup } from 'maplibre-gl';
import type { PageRendererProps } from '../page-types.ts';
import { MapView } from '../../map/map-view.tsx';
import { PREDICTED_COLOUR, FIT_MAX_ZOOM, POPUP_WIDTH } from '../../map/constants.ts';
import { boundsOf, type LngLat } from '../../map/geometry.ts';
import type { MapFence, MapLine, MapPoint } from '../../map/map-model.ts';
import { toDisplay, type Datum } from '../../map/providers.ts';
import { FLEET_STATES, FleetStore, NO_FILTER, placed, STATE_STYLE, type FleetFilter, type FleetState, type FleetVehicle } from './fleet-model.ts';
import { FleetOverlay } from './fleet-layer.ts';
import { openFleetStream } from './fleet-stream.ts';
import { infoNode, type VehicleInfo } from './fleet-info.ts';
import { predictedLine, routeFences, routePoints, ROUTE_ZOOM, ROUTES_IN_VIEW, type WaybillRoute } from './fleet-routes.ts';

/** The snapshot is read again this often: vehicles gone silent turn offline, new waybills and alarms show. */
const REFRESH_MS = 60_000;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', height: 'calc(100vh - 120px)', minHeight: '480px' },
  bar: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalM, padding: `${tokens.spacingVerticalXS} 0`, flexWrap: 'wrap' },
  legendItem: { display: 'inline-flex', alignItems: 'center', columnGap: '4px', cursor: 'pointer', border: `1px solid transparent`, background: 'none', padding: '2px 8px', borderRadius: tokens.borderRadiusMedium },
  pressed: { border: `1px solid ${tokens.colorNeutralStroke1}`, backgroundColor: tokens.colorNeutralBackground1Selected },
  dot: { width: '12px', height: '12px', borderRadius: '50%', display: 'inline-block' },
  map: { position: 'relative', flexGrow: 1, minHeight: '300px' },
});

type Counts = Record<FleetState, number>;
const NO_COUNTS: Counts = { alarming: 0, moving: 0, parked: 0, offline: 0 };

export function LogisticsMap({ env }: PageRendererProps) {
  const styles = useStyles();
  const store = useMemo(() => new FleetStore(), []);
  const [counts, setCounts] = useState<Counts>(NO_COUNTS);
  const [total, setTotal] = useState(0);
  const [filter, setFilter] = useState<FleetFilter>(NO_FILTER);
  const [drawn, setDrawn] = useState<{ map: MlMap; datum: Datum } | null>(null);
  const [loaded, setLoaded] = useState(0);
  const [inView, setInView] = useState<number[]>([]);
  const [routes, setRoutes] = useState<ReadonlyMap<number, WaybillRoute>>(new Map());
  const [predicted, setPredicted] = useState<MapLine[]>([]);
  const overlay = useRef<FleetOverlay | null>(null);
  const popup = useRef<Popup | null>(null);
  const batches = useRef(0);
  const fitted = useRef(false);

  const showCounts = useCallback(() => {
    setCounts(store.counts());
    setTotal(store.vehicles.size);
  }, [store]);

  // Changes reach the overlay at once (it redraws on the next animation frame, the map not at all).
  const draw = useCallback(() => {
    if (!drawn || !overlay.current) return;
    overlay.current.apply(store.diff(drawn.datum));
    drawn.map.getContainer().setAttribute('data-fleet-shown', String([...store.vehicles.values()].filter(placed).length));
  }, [drawn, store]);

  // The snapshot, at once and then every REFRESH_MS.
  useEffect(() => {
    let live = true;
    const load = () => env.api.get<{ vehicles: FleetVehicle[] }>('/fleetMap/vehicles').then((s) => {
      if (!live) return;
      store.load(s.vehicles);
      showCounts();
      setLoaded((n) => n + 1);
    }, () => undefined);
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [env, store, showCounts]);

  // The live stream: a batch moves the store and the overlay's markers at once, the drawing on the next frame.
  const drawRef = useRef(draw);
  drawRef.current = draw;
  const drawnRef = useRef(drawn);
  drawnRef.current = drawn;
  useEffect(() => {
    return openFleetStream({
      onOpen: () => undefined,
      onPositions: (batch) => {
        const t0 = performance.now();
        store.apply(batch);
        drawRef.current();
        batches.current++;
        drawnRef.current?.map.getContainer().setAttribute('data-fleet-batches', String(batches.current));
        performance.measure('fleet-batch', { start: t0, end: performance.now() });
        showCounts();
      },
      // Ended by the server (the session ended): the API client's answer signs the user out.
      onClosed: () => void env.api.get('/fleetMap/vehicles').catch(() => undefined),
    });
  }, [env, store, showCounts]);

  // A new map (first load, or another provider): the fleet's layers on it, and the first fit.
  const onMapReady = useCallback((map: MlMap | null, datum: Datum) => setDrawn(map ? { map, datum } : null), []);
  const openInfo = useCallback(async (vehicleId: number) => {
    if (!drawn) return;
    const [{ maplibregl }, info] = await Promise.all([import('../../map/maplibre-loader.ts'), env.api.post<VehicleInfo>('/fleetMap/vehicleInfo', { vehicleId })]);
    if (!placed(info)) return;
    popup.current?.remove();
    popup.current = new maplibregl.Popup({ maxWidth: `${POPUP_WIDTH}px`, offset: 18 })
      .setLngLat(toDisplay(drawn.datum, info.lon, info.lat))
      .setDOMContent(infoNode(info, (waybillId) => env.navigate(`/trackPlayback?id=${waybillId}`)))
      .addTo(drawn.map);
  }, [drawn, env]);
  const openInfoRef = useRef(openInfo);
  openInfoRef.current = openInfo;
  useEffect(() => {
    if (!drawn) return;
    const layer = new FleetOverlay(drawn.map, store.features(drawn.datum), { onVehicleClick: (id) => void openInfoRef.current(id) });
    overlay.current = layer;
    drawn.map.getContainer().setAttribute('data-fleet-batches', String(batches.current));
    fitted.current = false;
    return () => {
      popup.current?.remove();
      layer.remove();
      if (overlay.current === layer) overlay.current = null;
    };
  }, [drawn, store]);

  // After each snapshot: the map catches up; the first one also fits the view to the fleet.
  useEffect(() => {
    if (!drawn || loaded === 0) return;
    draw();
    if (fitted.current) return;
    const b = boundsOf([...store.vehicles.values()].filter(placed).map((v) => toDisplay(drawn.datum, v.lon, v.lat)));
    if (!b) return;
    fitted.current = true;
    drawn.map.fitBounds([[b.west, b.south], [b.east, b.north]], { padding: 40, maxZoom: FIT_MAX_ZOOM - 6, duration: 0 });
  }, [drawn, loaded, draw, store]);

  useEffect(() => {
    store.setFilter(filter);
    draw();
  }, [filter, store, draw]);

  // Which waybills are in view (their vehicles within the view, clustered or not), zoomed in far enough: their routes are drawn.
  useEffect(() => {
    if (!drawn) return;
    const { map } = drawn;
    const look = () => {
      if (map.getZoom() < ROUTE_ZOOM || !overlay.current) return setInView((v) => (v.length ? [] : v));
      const ids = new Set<number>();
      for (const id of overlay.current.inView()) {
        const w = store.vehicles.get(id)?.waybillId;
        if (w != null && ids.size < ROUTES_IN_VIEW) ids.add(w);
      }
      const next = [...ids].sort((a, b) => a - b);
      setInView((v) => (v.join() === next.join() ? v : next));
    };
    // After a move, and after each snapshot (the overlay's redraws never make the map idle again).
    look();
    map.on('moveend', look);
    map.on('idle', look);
    return () => {
      map.off('moveend', look);
      map.off('idle', look);
    };
  }, [drawn, store, loaded]);

  useEffect(() => {
    const missing = inView.filter((id) => !routes.has(id));
    if (missing.length === 0) return;
    let live = true;
    void env.api.post<WaybillRoute[]>('/fleetMap/waybillRoutes', { waybillIds: missing }, { silent: true }).then((list) => {
      if (!live) return;
      setRoutes((old) => {
        const next = new Map(old);
        for (const id of missing) next.set(id, list.find((r) => r.waybillId === id) ?? { waybillId: id, nodes: [] });
        return next;
      });
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [env, inView, routes]);

  const shownRoutes = useMemo(() => inView.map((id) => routes.get(id)).filter((r): r is WaybillRoute => !!r && r.nodes.length > 0), [inView, routes]);
  const waybillNoOf = useCallback((waybillId: number) => [...store.vehicles.values()].find((v) => v.waybillId === waybillId)?.waybillNo ?? '', [store]);
  const fences = useMemo<MapFence[]>(() => shownRoutes.flatMap(routeFences), [shownRoutes]);
  const points = useMemo<MapPoint[]>(() => shownRoutes.flatMap((r) => routePoints(r, waybillNoOf(r.waybillId))), [shownRoutes, waybillNoOf]);
  useEffect(() => {
    let live = true;
    const vehicleOf = (waybillId: number) => [...store.vehicles.values()].find((v) => v.waybillId === waybillId);
    void Promise.all(shownRoutes.map(async (r) => {
      const v = vehicleOf(r.waybillId);
      const coords = v && placed(v) ? await predictedLine([v.lon, v.lat] as LngLat, r) : [];
      return { id: `predicted-${r.waybillId}`, coords, colour: PREDICTED_COLOUR, dashed: true } satisfies MapLine;
    })).then((lines) => live && setPredicted(lines.filter((l) => l.coords.length > 1)));
    return () => {
      live = false;
    };
  }, [shownRoutes, store]);

  const toggleState = (s: FleetState) => setFilter((f) => {
    const states = new Set(f.states);
    if (states.has(s)) states.delete(s);
    else states.add(s);
    return { ...f, states };
  });

  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <Input size="small" aria-label="车牌号" placeholder="车牌号" value={filter.plate} onChange={(_, d) => setFilter((f) => ({ ...f, plate: d.value.slice(0, 20) }))} />
        <span aria-label="车辆总数">{`车辆 ${total}`}</span>
        <div role="group" aria-label="图例" style={{ display: 'flex', flexWrap: 'wrap' }}>
          {FLEET_STATES.map((s) => (
            <button key={s} type="button" className={`${styles.legendItem} ${filter.states.has(s) ? styles.pressed : ''}`} aria-pressed={filter.states.has(s)}
              title={`只看${STATE_STYLE[s].label}车辆`} onClick={() => toggleState(s)}>
              <span className={styles.dot} style={{ background: STATE_STYLE[s].colour }} />
              {`${STATE_STYLE[s].label} ${counts[s]}`}
            </button>
          ))}
          {predicted.length > 0 ? <span className={styles.legendItem}><span style={{ width: 18, borderTop: `3px dashed ${PREDICTED_COLOUR}` }} />预测路线</span> : null}
        </div>
      </div>
      <div className={styles.map}>
        <MapView fences={fences} points={points} lines={predicted} onMapReady={onMapReady} ariaLabel="物流地图" />
      </div>
    </div>
  );
}

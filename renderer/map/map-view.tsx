// The map widget (spec sections 2 and 9): a maplibre-gl map of the chosen provider with track lines,
// fences, point markers with info windows and the moving car. The library loads on demand. A tile
// error switches to the offline style by itself, so the data stays readable without network.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { Map as MlMap, Marker, GeoJSONSource } from 'maplibre-gl';
import { ALARM_COLOUR, CAR_MARKER_SIZE, FENCE_MARKER_SIZE, FIT_MAX_ZOOM, FIT_PADDING, LINE_WIDTH, POPUP_WIDTH, SINGLE_MARKER_ZOOM } from './constants.ts';
import { boundsOf, directionIndex, type LngLat } from './geometry.ts';
import { POINT_STYLE, type CarPosition, type InfoWindow, type MapFence, type MapLine, type MapPoint } from './map-model.ts';
import { fromDisplay, styleOf, toDisplay, type MapType } from './providers.ts';

type Lib = typeof import('maplibre-gl');

export interface MapViewProps {
  mapType: MapType;
  lines?: readonly MapLine[];
  fences?: readonly MapFence[];
  points?: readonly MapPoint[];
  car?: CarPosition | null;
  /** Changing this key fits the view to every line, fence and point. */
  fitKey?: string | number;
  initialZoom?: number;
  onLineClick?: (lineId: string, at: LngLat) => void;
  onMapClick?: (at: LngLat) => void;
  /** The fence edit layer's centre marker: dragging it reports where it was dropped. */
  handle?: { lngLat: LngLat; onDragEnd: (at: LngLat) => void } | null;
  /** The provider in use changed (a tile error fell back to the offline style). */
  onMapTypeChange?: (type: MapType) => void;
  style?: CSSProperties;
  ariaLabel?: string;
}

const EMPTY: never[] = [];

function popupNode(info: InfoWindow): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', info.title);
  const title = document.createElement('strong');
  title.textContent = info.title;
  root.appendChild(title);
  for (const [k, v] of info.rows) {
    const row = document.createElement('div');
    row.textContent = `${k}：${v}`;
    root.appendChild(row);
  }
  return root;
}

function pointNode(p: MapPoint): HTMLElement {
  const el = document.createElement('div');
  const s = POINT_STYLE[p.kind];
  el.className = 'huoyun-map-point';
  el.title = p.label ?? s.text;
  el.setAttribute('aria-label', p.label ?? s.text);
  Object.assign(el.style, {
    width: `${FENCE_MARKER_SIZE}px`, height: `${FENCE_MARKER_SIZE}px`, borderRadius: '50%', background: s.colour, color: '#fff',
    font: '12px/24px sans-serif', textAlign: 'center', cursor: p.info ? 'pointer' : 'default', border: '2px solid #fff', boxSizing: 'border-box',
  });
  el.textContent = s.text;
  return el;
}

/** The 8-direction arrow (spec section 9): the icon turns in steps of 45°. */
export function carNode(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'huoyun-map-car';
  el.setAttribute('aria-label', '车辆');
  el.innerHTML = `<svg width="${CAR_MARKER_SIZE}" height="${CAR_MARKER_SIZE}" viewBox="0 0 34 34"><circle cx="17" cy="17" r="15" fill="#1f7cff" stroke="#fff" stroke-width="2"/><path d="M17 6 L25 25 L17 20 L9 25 Z" fill="#fff"/></svg>`;
  return el;
}

export function MapView(props: MapViewProps) {
  const { mapType, lines = EMPTY, fences = EMPTY, points = EMPTY, car, fitKey, initialZoom = SINGLE_MARKER_ZOOM, style, ariaLabel = '地图' } = props;
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MlMap | null>(null);
  const libRef = useRef<Lib | null>(null);
  const markers = useRef<Marker[]>([]);
  const carMarker = useRef<Marker | null>(null);
  const handleMarker = useRef<Marker | null>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const [active, setActive] = useState<MapType>(mapType);
  const [ready, setReady] = useState(0);

  useEffect(() => setActive(mapType), [mapType]);

  // Create the map for the active provider.
  useEffect(() => {
    let cancelled = false;
    let map: MlMap | null = null;
    void import('./maplibre-loader.ts').then(({ maplibregl }) => {
      if (cancelled || !box.current) return;
      libRef.current = maplibregl;
      map = new maplibregl.Map({ container: box.current, style: styleOf(active), center: toDisplay(active, 116.397, 39.909), zoom: 4, attributionControl: false });
      mapRef.current = map;
      map.on('error', (ev) => {
        const e = ev as unknown as { sourceId?: string; error?: { message?: string } };
        // Tiles that cannot load: switch to the offline style rather than show a blank map.
        if (active !== 'offline' && (e.sourceId === 'base' || /tile|fetch|network|load/i.test(String(e.error?.message)))) {
          setActive('offline');
          handlers.current.onMapTypeChange?.('offline');
        }
      });
      map.on('load', () => {
        if (cancelled || !map) return;
        map.addSource('fences', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
        map.addLayer({ id: 'fence-fill', type: 'fill', source: 'fences', paint: { 'fill-color': '#1f7cff', 'fill-opacity': 0.15 } });
        map.addLayer({ id: 'fence-line', type: 'line', source: 'fences', paint: { 'line-color': '#1f7cff', 'line-width': 2 } });
        map.addSource('lines', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
        map.addLayer({ id: 'track-solid', type: 'line', source: 'lines', filter: ['!=', ['get', 'dashed'], true], layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': ['get', 'colour'], 'line-width': LINE_WIDTH, 'line-opacity': 1 } });
        map.addLayer({ id: 'track-dashed', type: 'line', source: 'lines', filter: ['==', ['get', 'dashed'], true], paint: { 'line-color': ['get', 'colour'], 'line-width': LINE_WIDTH, 'line-dasharray': [2, 1.5] } });
        map.on('click', (ev) => {
          const hit = map!.queryRenderedFeatures(ev.point, { layers: ['track-solid', 'track-dashed'] })[0];
          const at = fromDisplay(active, ev.lngLat.lng, ev.lngLat.lat);
          if (hit) handlers.current.onLineClick?.(String(hit.properties?.lineId), at);
          else handlers.current.onMapClick?.(at);
        });
        box.current?.setAttribute('data-map-ready', active);
        setReady((n) => n + 1);
      });
    });
    return () => {
      cancelled = true;
      box.current?.removeAttribute('data-map-ready');
      markers.current.forEach((m) => m.remove());
      markers.current = [];
      carMarker.current = null;
      handleMarker.current = null;
      map?.remove();
      mapRef.current = null;
    };
  }, [active, ariaLabel]);

  // Lines and fences.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    const features: GeoJSON.Feature[] = [];
    for (const line of lines) {
      const coords = line.coords.map((p) => toDisplay(active, p[0], p[1]));
      features.push({ type: 'Feature', properties: { lineId: line.id, colour: line.colour, dashed: !!line.dashed }, geometry: { type: 'LineString', coordinates: coords } });
      // Alarm stretches in red over the line.
      if (line.alarm) {
        let run: [number, number][] = [];
        const flush = () => {
          if (run.length > 1) features.push({ type: 'Feature', properties: { lineId: line.id, colour: ALARM_COLOUR, dashed: false }, geometry: { type: 'LineString', coordinates: run } });
          run = [];
        };
        for (let i = 0; i < coords.length; i++) (line.alarm[i] ? run.push(coords[i]) : flush());
        flush();
      }
    }
    (map.getSource('lines') as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features });
    (map.getSource('fences') as GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: fences.filter((f) => f.ring.length >= 3).map((f) => ({ type: 'Feature', properties: { id: f.id, name: f.name ?? '' }, geometry: { type: 'Polygon', coordinates: [f.ring.map((p) => toDisplay(active, p[0], p[1]))] } })),
    });
  }, [lines, fences, ready, active]);

  // Point markers with their info windows.
  useEffect(() => {
    const map = mapRef.current;
    const lib = libRef.current;
    if (!map || !lib || !ready) return;
    markers.current.forEach((m) => m.remove());
    markers.current = points.map((p) => {
      const marker = new lib.Marker({ element: pointNode(p) }).setLngLat(toDisplay(active, p.lngLat[0], p.lngLat[1]));
      if (p.info) marker.setPopup(new lib.Popup({ maxWidth: `${POPUP_WIDTH}px`, offset: 14 }).setDOMContent(popupNode(p.info)));
      return marker.addTo(map);
    });
  }, [points, ready, active]);

  // The moving car: only its position and arrow change per frame.
  useEffect(() => {
    const map = mapRef.current;
    const lib = libRef.current;
    if (!map || !lib || !ready) return;
    if (!car) {
      carMarker.current?.remove();
      carMarker.current = null;
      return;
    }
    if (!carMarker.current) carMarker.current = new lib.Marker({ element: carNode(), rotationAlignment: 'map' }).setLngLat(toDisplay(active, car.lngLat[0], car.lngLat[1])).addTo(map);
    carMarker.current.setLngLat(toDisplay(active, car.lngLat[0], car.lngLat[1]));
    carMarker.current.setRotation(directionIndex(car.direction) * 45);
  }, [car, ready, active]);

  // The edit layer's draggable centre.
  const handle = props.handle;
  useEffect(() => {
    const map = mapRef.current;
    const lib = libRef.current;
    if (!map || !lib || !ready) return;
    if (!handle) {
      handleMarker.current?.remove();
      handleMarker.current = null;
      return;
    }
    if (!handleMarker.current) {
      const m = new lib.Marker({ draggable: true, color: '#e5262a' });
      m.getElement().setAttribute('aria-label', '围栏中心');
      m.on('dragend', () => {
        const p = m.getLngLat();
        handlers.current.handle?.onDragEnd(fromDisplay(active, p.lng, p.lat));
      });
      handleMarker.current = m.setLngLat(toDisplay(active, handle.lngLat[0], handle.lngLat[1])).addTo(map);
    }
    handleMarker.current.setLngLat(toDisplay(active, handle.lngLat[0], handle.lngLat[1]));
  }, [handle?.lngLat[0], handle?.lngLat[1], !handle, ready, active]); // eslint-disable-line react-hooks/exhaustive-deps

  // Fit view: max zoom 18, padding 10; a single point at zoom 13.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    const all: LngLat[] = [];
    for (const l of lines) for (const p of l.coords) all.push(toDisplay(active, p[0], p[1]));
    for (const f of fences) for (const p of f.ring) all.push(toDisplay(active, p[0], p[1]));
    for (const p of points) all.push(toDisplay(active, p.lngLat[0], p.lngLat[1]));
    const b = boundsOf(all);
    if (!b) return;
    if (b.west === b.east && b.south === b.north) map.jumpTo({ center: [b.west, b.south], zoom: initialZoom });
    else map.fitBounds([[b.west, b.south], [b.east, b.north]], { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey, ready, active]);

  return <div ref={box} role="region" aria-label={ariaLabel} data-map-type={active} style={{ position: 'relative', width: '100%', height: '100%', ...style }} />;
}

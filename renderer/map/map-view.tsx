// The map widget (spec sections 2 and 9): a maplibre-gl map of the chosen source with track lines,
// fences, point markers with info windows and the moving car, zoom buttons and a button back to the
// data. The library loads on demand. A tile error switches to the offline basemap by itself, so the
// data stays readable without network.
//
// For tests and support, the container element carries the maplibre map as the non-enumerable
// property `maplibreMap` (a browser journey calls queryRenderedFeatures on it); it grants nothing the
// page's own script could not already do.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { Map as MlMap, Marker, GeoJSONSource } from 'maplibre-gl';
import { ALARM_COLOUR, CAR_MARKER_SIZE, FENCE_MARKER_SIZE, FIT_MAX_ZOOM, FIT_PADDING, LINE_WIDTH, POPUP_WIDTH, SINGLE_MARKER_ZOOM } from './constants.ts';
import { boundsOf, directionIndex, type LngLat } from './geometry.ts';
import { POINT_STYLE, type CarPosition, type InfoWindow, type MapFence, type MapLine, type MapPoint } from './map-model.ts';
import { fromDisplay, OFFLINE_SOURCE, styleOf, toDisplay, type Datum, type MapType } from './providers.ts';
import { loadPlaces, resolveSource, useMapSources } from './map-sources.ts';
import { PLACES_SOURCE } from './offline-style.ts';
import { fitPadding, MAP_LOCALE, recenterControl } from './map-controls.ts';

type Lib = typeof import('maplibre-gl');

export interface MapViewProps {
  /** The source's id; one the server does not offer (or none) means its default source. */
  mapType?: MapType;
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
  /** The maplibre map once loaded, and null before it goes away, with its datum: the fence editor draws on it. */
  onMapReady?: (map: MlMap | null, datum: Datum) => void;
  /** The provider in use changed (a tile error fell back to the offline style). */
  onMapTypeChange?: (type: MapType) => void;
  style?: CSSProperties;
  ariaLabel?: string;
}

const EMPTY: never[] = [];
/** A single point on the offline basemap: close enough for county names, far enough for some of them. */
const OFFLINE_POINT_ZOOM = 10;

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
  if (info.action) {
    const { label, onClick } = info.action;
    const link = document.createElement('button');
    link.type = 'button';
    link.textContent = label;
    Object.assign(link.style, { border: 'none', background: 'none', padding: '4px 0 0', color: '#0f6cbd', cursor: 'pointer', font: 'inherit' });
    link.addEventListener('click', onClick);
    root.appendChild(link);
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
  el.textContent = p.text ?? s.text;
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
  const { lines = EMPTY, fences = EMPTY, points = EMPTY, car, fitKey, initialZoom = SINGLE_MARKER_ZOOM, style, ariaLabel = '地图' } = props;
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MlMap | null>(null);
  const libRef = useRef<Lib | null>(null);
  const markers = useRef<Marker[]>([]);
  const carMarker = useRef<Marker | null>(null);
  const handleMarker = useRef<Marker | null>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const offered = useMapSources();
  const wanted = resolveSource(props.mapType, offered);
  // The source in use: the wanted one, until its tiles fail and the offline basemap takes over.
  const [failed, setFailed] = useState<MapType | null>(null);
  const source = failed === wanted.id ? OFFLINE_SOURCE : wanted;
  const active = source.id;
  const datum = source.datum;
  const [ready, setReady] = useState(0);
  const fitRef = useRef<() => void>(() => {});

  // Create the map for the active source.
  useEffect(() => {
    let cancelled = false;
    let announced = false;
    let map: MlMap | null = null;
    const container = box.current;
    // Wait for the server's list of sources, so a configured default is not preceded by another map.
    if (!offered.settled) return;
    void import('./maplibre-loader.ts').then(({ maplibregl }) => {
      if (cancelled || !container) return;
      libRef.current = maplibregl;
      map = new maplibregl.Map({
        container, style: styleOf(source, window.location.origin), center: toDisplay(datum, 104.2, 35.9), zoom: 3,
        attributionControl: { compact: true }, locale: MAP_LOCALE, maxZoom: FIT_MAX_ZOOM,
      });
      mapRef.current = map;
      Object.defineProperty(container, 'maplibreMap', { value: map, configurable: true });
      map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
      map.addControl(recenterControl(() => fitRef.current()), 'top-right');
      map.on('error', (ev) => {
        const e = ev as unknown as { sourceId?: string; error?: { message?: string } };
        // Tiles that cannot load: switch to the offline basemap rather than show a blank map.
        if (source.layers.length > 0 && (/^base/.test(String(e.sourceId)) || /tile|fetch|network|load/i.test(String(e.error?.message)))) {
          setFailed(source.id);
          handlers.current.onMapTypeChange?.(OFFLINE_SOURCE.id);
        }
      });
      // The style, not its tiles: the data is drawn at once, while the basemap's tiles still load.
      map.once('style.load', () => {
        if (cancelled || !map) return;
        map.addSource('fences', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
        map.addLayer({ id: 'fence-fill', type: 'fill', source: 'fences', paint: { 'fill-color': '#1f7cff', 'fill-opacity': 0.15 } });
        map.addLayer({ id: 'fence-line', type: 'line', source: 'fences', paint: { 'line-color': '#1f7cff', 'line-width': 2 } });
        map.addSource('lines', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
        map.addLayer({ id: 'track-solid', type: 'line', source: 'lines', filter: ['!=', ['get', 'dashed'], true], layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': ['get', 'colour'], 'line-width': LINE_WIDTH, 'line-opacity': 1 } });
        map.addLayer({ id: 'track-dashed', type: 'line', source: 'lines', filter: ['==', ['get', 'dashed'], true], paint: { 'line-color': ['get', 'colour'], 'line-width': LINE_WIDTH, 'line-dasharray': [2, 1.5] } });
        map.on('click', (ev) => {
          const hit = map!.queryRenderedFeatures(ev.point, { layers: ['track-solid', 'track-dashed'] })[0];
          const at = fromDisplay(datum, ev.lngLat.lng, ev.lngLat.lat);
          if (hit) handlers.current.onLineClick?.(String(hit.properties?.lineId), at);
          else handlers.current.onMapClick?.(at);
        });
        container.setAttribute('data-map-ready', active);
        setReady((n) => n + 1);
        announced = true;
        handlers.current.onMapReady?.(map, datum);
        // The offline basemap names the places of our own fences (those this user may see).
        if (map.getSource(PLACES_SOURCE)) void loadPlaces().then((fc) => {
          if (!cancelled) (map?.getSource(PLACES_SOURCE) as GeoJSONSource | undefined)?.setData(fc);
        });
      });
    });
    return () => {
      cancelled = true;
      container?.removeAttribute('data-map-ready');
      if (container) delete (container as unknown as { maplibreMap?: unknown }).maplibreMap;
      markers.current.forEach((m) => m.remove());
      markers.current = [];
      carMarker.current = null;
      handleMarker.current = null;
      if (announced) handlers.current.onMapReady?.(null, datum);
      map?.remove();
      mapRef.current = null;
    };
  }, [active, offered.settled, ariaLabel]); // eslint-disable-line react-hooks/exhaustive-deps

  // Lines and fences.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    const features: GeoJSON.Feature[] = [];
    for (const line of lines) {
      const coords = line.coords.map((p) => toDisplay(datum, p[0], p[1]));
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
      features: fences.filter((f) => f.ring.length >= 3).map((f) => ({ type: 'Feature', properties: { id: f.id, name: f.name ?? '' }, geometry: { type: 'Polygon', coordinates: [f.ring.map((p) => toDisplay(datum, p[0], p[1]))] } })),
    });
  }, [lines, fences, ready, active]);

  // Point markers with their info windows.
  useEffect(() => {
    const map = mapRef.current;
    const lib = libRef.current;
    if (!map || !lib || !ready) return;
    markers.current.forEach((m) => m.remove());
    markers.current = points.map((p) => {
      const marker = new lib.Marker({ element: pointNode(p) }).setLngLat(toDisplay(datum, p.lngLat[0], p.lngLat[1]));
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
    if (!carMarker.current) carMarker.current = new lib.Marker({ element: carNode(), rotationAlignment: 'map' }).setLngLat(toDisplay(datum, car.lngLat[0], car.lngLat[1])).addTo(map);
    carMarker.current.setLngLat(toDisplay(datum, car.lngLat[0], car.lngLat[1]));
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
        handlers.current.handle?.onDragEnd(fromDisplay(datum, p.lng, p.lat));
      });
      handleMarker.current = m.setLngLat(toDisplay(datum, handle.lngLat[0], handle.lngLat[1])).addTo(map);
    }
    handleMarker.current.setLngLat(toDisplay(datum, handle.lngLat[0], handle.lngLat[1]));
  }, [handle?.lngLat[0], handle?.lngLat[1], !handle, ready, active]); // eslint-disable-line react-hooks/exhaustive-deps

  // Fit view to every line, fence and point, with room for the markers and the controls (max zoom
  // 18; a single point at its zoom). The recenter button runs the same fit on the data of the moment.
  fitRef.current = () => {
    const map = mapRef.current;
    if (!map) return;
    const all: LngLat[] = [];
    for (const l of lines) for (const p of l.coords) all.push(toDisplay(datum, p[0], p[1]));
    for (const f of fences) for (const p of f.ring) all.push(toDisplay(datum, p[0], p[1]));
    for (const p of points) all.push(toDisplay(datum, p.lngLat[0], p.lngLat[1]));
    const b = boundsOf(all);
    if (!b) return;
    // The container may have been laid out after the map was made: measure before fitting.
    map.resize();
    const { clientWidth, clientHeight } = map.getContainer();
    // Our basemap has no streets: a single point is shown among its county's neighbours, not on blank
    // land. A vector archive with streets (deeper zooms) may come closer.
    const pointZoom = source.layers.length === 0 ? Math.min(initialZoom, Math.max(OFFLINE_POINT_ZOOM, source.vector?.maxzoom ?? 0)) : initialZoom;
    if (b.west === b.east && b.south === b.north) map.jumpTo({ center: [b.west, b.south], zoom: pointZoom });
    else map.fitBounds([[b.west, b.south], [b.east, b.north]], { padding: fitPadding(clientWidth, clientHeight, FIT_PADDING), maxZoom: FIT_MAX_ZOOM, duration: 0 });
  };
  useEffect(() => {
    if (ready) fitRef.current();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey, ready, active]);

  return <div ref={box} role="region" aria-label={ariaLabel} data-map-type={active} style={{ position: 'relative', width: '100%', height: '100%', ...style }} />;
}

// The map sources the server offers (GET /api/map/sources, from its settings: README "Settings") and
// the places layer of our own fences (GET /api/map/places). Both are read once per page load and
// shared by every map; until the answer comes, and when it cannot come, the offline basemap alone
// is offered, which needs nothing beyond our own server.
import { useEffect, useState } from 'react';
import { OFFLINE_SOURCE, type MapSourceInfo } from './providers.ts';

export interface MapSources {
  sources: readonly MapSourceInfo[];
  defaultId: string;
}

const FALLBACK: MapSources = { sources: [OFFLINE_SOURCE], defaultId: OFFLINE_SOURCE.id };
/** Fence names change rarely: a minute's cache spares a request per map. */
const PLACES_TTL_MS = 60_000;

async function getJson<T>(path: string): Promise<T | null> {
  try {
    const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { code: number; result: T };
    return body.code === 1 ? body.result : null;
  } catch {
    return null;
  }
}

let sourcesPromise: Promise<MapSources> | null = null;
let known: MapSources = FALLBACK;

export function loadMapSources(): Promise<MapSources> {
  sourcesPromise ??= getJson<MapSources>('/api/map/sources').then((r) => {
    if (r && Array.isArray(r.sources) && r.sources.length) known = { sources: r.sources, defaultId: r.defaultId };
    else sourcesPromise = null; // not logged in yet, or offline: ask again next time
    return known;
  });
  return sourcesPromise;
}

/** The source a stored or chosen id stands for: itself when offered, otherwise the default. */
export function resolveSource(id: string | null | undefined, all: MapSources = known): MapSourceInfo {
  return all.sources.find((s) => s.id === id) ?? all.sources.find((s) => s.id === all.defaultId) ?? OFFLINE_SOURCE;
}

/** The offered sources for a switcher; `settled` once the server has answered (or could not). */
export function useMapSources(): MapSources & { settled: boolean } {
  const [value, setValue] = useState(() => ({ ...known, settled: known !== FALLBACK }));
  useEffect(() => {
    let live = true;
    void loadMapSources().then((v) => live && setValue({ ...v, settled: true }));
    return () => {
      live = false;
    };
  }, []);
  return value;
}

let places: { at: number; promise: Promise<GeoJSON.FeatureCollection> } | null = null;

/** The fence places the user may see (the server scopes them); none when the user may see no fences. */
export function loadPlaces(now = Date.now()): Promise<GeoJSON.FeatureCollection> {
  if (!places || now - places.at > PLACES_TTL_MS) {
    places = { at: now, promise: getJson<GeoJSON.FeatureCollection>('/api/map/places').then((r) => r ?? { type: 'FeatureCollection', features: [] }) };
  }
  return places.promise;
}

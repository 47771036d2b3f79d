// The 位置 of the track table (issue 13): the track pages carry coordinates for points outside every
// fence, so the rows in view ask the server's offline geocoder (waybill/getTrackPlaceNames) for their
// place names, a batch at a time once scrolling pauses; names are kept per coordinate for the page's life.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Row } from './track-data.ts';

export const PLACE_BATCH = 200;
export const PLACE_PAUSE_MS = 150;

export type PlaceLookup = (points: [number, number][]) => Promise<string[]>;

/** The key of a row's coordinates, as the track page prints them. */
export const placeKey = (r: Row) => `${r.lon},${r.lat}`;

/** Rows in [first, last) outside every fence whose place is neither known nor asked for yet, at most one batch. */
export function keysToFetch(rows: readonly Row[], first: number, last: number, known: ReadonlyMap<string, string>, pending: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (let i = Math.max(0, first); i < Math.min(rows.length, last) && out.size < PLACE_BATCH; i++) {
    const r = rows[i];
    if (r.trackPlace || r.lon === null || r.lon === undefined) continue;
    const k = placeKey(r);
    if (!known.has(k) && !pending.has(k)) out.add(k);
  }
  return [...out];
}

/** What the 位置 cell shows: the fence's name inside one, else the place name once known, else the coordinates. */
export function positionText(r: Row, known: ReadonlyMap<string, string>): string {
  if (r.trackPlace) return String(r.position ?? r.trackPlace);
  return known.get(placeKey(r)) || String(r.position ?? '');
}

export function usePlaceNames(rows: readonly Row[], lookup: PlaceLookup | undefined) {
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(() => new Map());
  const pending = useRef(new Set<string>());
  const range = useRef<[number, number]>([0, 0]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const knownRef = useRef(known);
  knownRef.current = known;

  const fetchRange = useCallback(() => {
    if (!lookup) return;
    const keys = keysToFetch(rows, range.current[0], range.current[1], knownRef.current, pending.current);
    if (!keys.length) return;
    keys.forEach((k) => pending.current.add(k));
    const points = keys.map((k) => k.split(',').map(Number) as [number, number]);
    lookup(points).then(
      (names) => setKnown((m) => {
        const next = new Map(m);
        keys.forEach((k, i) => next.set(k, names[i] ?? ''));
        return next;
      }),
      // Not named this time: the coordinates stay, and a later scroll asks again.
      () => undefined,
    ).finally(() => keys.forEach((k) => pending.current.delete(k)));
  }, [rows, lookup]);

  const onRange = useCallback((first: number, last: number) => {
    if (range.current[0] === first && range.current[1] === last) return;
    range.current = [first, last];
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(fetchRange, PLACE_PAUSE_MS);
  }, [fetchRange]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  // A new track: ask for the rows in view again.
  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(fetchRange, PLACE_PAUSE_MS);
  }, [fetchRange]);

  return useMemo(() => ({ known, onRange }), [known, onRange]);
}

// The only module that imports maplibre-gl; pages reach it through a dynamic import so the map's
// code (≈ 250 kB gzip) never travels with the first screen. The worker must be set explicitly under
// Vite, or maplibre looks for it beside a bundle that has none.
/// <reference types="vite/client" />
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };

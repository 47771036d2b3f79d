// The fleet on a maplibre map: one GeoJSON source of every shown vehicle, clustered when zoomed out
// (the cluster turns red when it holds an alarming vehicle), each vehicle a 34 px disc in its
// state's colour with a white arrow turned by its direction (spec section 9: car marker 34 px, 8
// directions). The stream's batches reach the source as diffs (updateData): only the vehicles that
// moved cross to the map's worker, not the whole fleet.
import type { ExpressionSpecification, GeoJSONSource, Map as MlMap } from 'maplibre-gl';
import { CAR_MARKER_SIZE } from '../../map/constants.ts';
import { MAP_FONT } from '../../map/offline-style.ts';
import { STATE_STYLE, type FleetDiff, type FleetFeature, type FleetState } from './fleet-model.ts';

export const FLEET_SOURCE = 'fleet';
export const VEHICLE_LAYER = 'fleet-vehicle';
export const CLUSTER_LAYER = 'fleet-cluster';
const ARROW_LAYER = 'fleet-arrow';
const ARROW_IMAGE = 'fleet-arrow';
/** Above this zoom every vehicle stands alone: a city's depots are apart by then. */
export const CLUSTER_MAX_ZOOM = 10;
const CLUSTER_RADIUS = 50;
const PIXEL_RATIO = 2;

const stateColour = ['match', ['get', 'state'], ...Object.entries(STATE_STYLE).flatMap(([s, v]) => [s, v.colour]), STATE_STYLE.offline.colour] as unknown as ExpressionSpecification;

/** The white arrow of carNode (map-view.tsx), drawn once at twice the size for sharp screens. */
function arrowImage(): ImageData {
  const size = CAR_MARKER_SIZE * PIXEL_RATIO;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const g = canvas.getContext('2d')!;
  g.scale(PIXEL_RATIO, PIXEL_RATIO);
  g.fillStyle = '#ffffff';
  g.fill(new Path2D('M17 6 L25 25 L17 20 L9 25 Z'));
  return g.getImageData(0, 0, size, size);
}

const collection = (features: FleetFeature[]): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features });

export interface FleetLayerEvents {
  onVehicleClick: (vehicleId: number) => void;
}

/** Adds the source and its layers to a map whose style has loaded. */
export function addFleetLayers(map: MlMap, features: FleetFeature[], events: FleetLayerEvents) {
  if (!map.hasImage(ARROW_IMAGE)) map.addImage(ARROW_IMAGE, arrowImage(), { pixelRatio: PIXEL_RATIO });
  map.addSource(FLEET_SOURCE, {
    type: 'geojson', data: collection(features), cluster: true, clusterMaxZoom: CLUSTER_MAX_ZOOM, clusterRadius: CLUSTER_RADIUS,
    clusterProperties: { alarming: ['+', ['case', ['==', ['get', 'state'], 'alarming' satisfies FleetState], 1, 0]] },
  });
  const cluster: ExpressionSpecification = ['has', 'point_count'];
  map.addLayer({
    id: CLUSTER_LAYER, type: 'circle', source: FLEET_SOURCE, filter: cluster,
    paint: {
      'circle-color': ['case', ['>', ['get', 'alarming'], 0], STATE_STYLE.alarming.colour, '#1f7cff'],
      'circle-opacity': 0.85, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2,
      'circle-radius': ['step', ['get', 'point_count'], 16, 100, 20, 1000, 26],
    },
  });
  map.addLayer({
    id: 'fleet-cluster-count', type: 'symbol', source: FLEET_SOURCE, filter: cluster,
    layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': MAP_FONT, 'text-size': 12, 'text-allow-overlap': true },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: VEHICLE_LAYER, type: 'circle', source: FLEET_SOURCE, filter: ['!', cluster],
    paint: { 'circle-radius': CAR_MARKER_SIZE / 2 - 2, 'circle-color': stateColour, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  });
  map.addLayer({
    id: ARROW_LAYER, type: 'symbol', source: FLEET_SOURCE, filter: ['!', cluster],
    layout: { 'icon-image': ARROW_IMAGE, 'icon-rotate': ['get', 'rotation'], 'icon-rotation-alignment': 'map', 'icon-allow-overlap': true, 'icon-ignore-placement': true },
  });
  map.on('click', CLUSTER_LAYER, (ev) => {
    const f = ev.features?.[0];
    if (!f) return;
    const source = map.getSource(FLEET_SOURCE) as GeoJSONSource;
    void source.getClusterExpansionZoom(Number(f.properties.cluster_id)).then((zoom) => {
      map.easeTo({ center: (f.geometry as GeoJSON.Point).coordinates as [number, number], zoom });
    });
  });
  map.on('click', VEHICLE_LAYER, (ev) => {
    const f = ev.features?.[0];
    if (f?.id !== undefined) events.onVehicleClick(Number(f.id));
  });
  for (const layer of [CLUSTER_LAYER, VEHICLE_LAYER]) {
    map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
  }
}

/** Sends the changes of a batch to the source; nothing when nothing changed. */
export function applyFleetDiff(map: MlMap, diff: FleetDiff): void {
  if (diff.add.length === 0 && diff.update.length === 0 && diff.remove.length === 0) return;
  const source = map.getSource(FLEET_SOURCE) as GeoJSONSource | undefined;
  void source?.updateData({
    add: diff.add,
    remove: diff.remove,
    update: diff.update.map((f) => ({
      id: f.id!, newGeometry: f.geometry,
      addOrUpdateProperties: [{ key: 'state', value: f.properties.state }, { key: 'rotation', value: f.properties.rotation }],
    })),
  });
}
